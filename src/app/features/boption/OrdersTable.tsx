/**
 * A table of binary options (spec 2, Boption CurrentOrder, HistoricalOrders and OrderList, and
 * /Boption/BoptionCoinOrder): time, pair, direction, period, stake, open price, then for a running
 * option the time left and what a win would pay, for a settled one the settle price, the payout
 * and the profit, and the status. It is the kit's table: phones get one card per option.
 */
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { BoptionOrder } from '../../../shared/api/boption';
import { formatDate, formatBalance } from '../../../shared/format';
import { scaleOfAmount } from '../../../shared/decimal';
import { useLanguage } from '../../i18n/useLanguage';
import { useSymbols } from '../../state/hub';
import { Badge } from '../../ui/Badge';
import { Countdown } from '../../ui/Countdown';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { PageLink } from '../../ui/PageLink';
import { loginPath } from '../../ui/paths';
import { periodText, winPayout } from './boptionRules';
import { DIRECTION_LABELS, DIRECTION_TONES, STATUS_LABELS, STATUS_TONES } from './labels';
import styles from './boption.module.css';

export interface OrdersTableProps {
  orders: readonly BoptionOrder[];
  /** The currency staked and paid (the config's; USDT). */
  currency: string;
  testId: string;
  /** What the table's place says when there are no options (text, or a sentence with a link). */
  emptyText: ReactNode;
  loading?: boolean;
  /** Pages below the rows, when the screen reads a page at a time. */
  paging?: { page: number; pageCount: number; onPage: (page: number) => void };
}

export function OrdersTable({ orders, currency, testId, emptyText, loading = false, paging }: OrdersTableProps) {
  const { _ } = useLingui();
  const { t } = useMacroLingui();
  const language = useLanguage();
  const names = new Map(useSymbols().map((symbol) => [symbol.id, symbol.name]));
  const money = (amount: string | null) => (amount === null ? '—' : formatBalance(amount, currency));
  const columns: DataColumn<BoptionOrder>[] = [
    { key: 'time', label: t`Time`, cell: (order) => formatDate(order.openedAt, language, { withTime: true }) },
    { key: 'pair', label: t`Pair`, cell: (order) => names.get(order.symbolId) ?? order.symbol },
    {
      key: 'direction',
      label: t`Direction`,
      cell: (order) => <Badge tone={DIRECTION_TONES[order.direction]}>{_(DIRECTION_LABELS[order.direction])}</Badge>,
    },
    { key: 'period', label: t`Period`, cell: (order) => periodText(order.periodSeconds, language) },
    { key: 'stake', label: t`Stake (${currency})`, align: 'end', cell: (order) => money(order.stake) },
    { key: 'open', label: t`Open price`, align: 'end', cell: (order) => order.openPrice },
    {
      key: 'settle',
      label: t`Settle price`,
      align: 'end',
      cell: (order) => (order.status === 'open' ? <Countdown until={order.expiresAt} testId="option-countdown" /> : (order.settlePrice ?? '—')),
    },
    {
      key: 'payout',
      label: t`Payout (${currency})`,
      align: 'end',
      cell: (order) => (order.status === 'open' ? money(winPayout(order.stake, order.payoutRate, scaleOfAmount(order.stake))?.payout ?? null) : money(order.payout)),
    },
    {
      key: 'profit',
      label: t`Profit (${currency})`,
      align: 'end',
      cell: (order) =>
        order.profit === null ? (
          '—'
        ) : (
          <span className={styles.profit} data-sign={order.profit.startsWith('-') ? 'down' : Number(order.profit) > 0 ? 'up' : 'even'}>
            {order.profit.startsWith('-') || Number(order.profit) === 0 ? '' : '+'}
            {money(order.profit)}
          </span>
        ),
    },
    { key: 'status', label: t`Status`, cell: (order) => <Badge tone={STATUS_TONES[order.status]}>{_(STATUS_LABELS[order.status])}</Badge> },
  ];
  return (
    <DataTable
      columns={columns}
      rows={orders}
      rowKey={(order) => order.id}
      caption={t`Binary options`}
      state={loading ? 'loading' : 'ready'}
      empty={emptyText}
      paging={paging}
      testId={testId}
      rowProps={(order) => ({ 'data-testid': 'option-row', 'data-id': order.id, 'data-status': order.status })}
    />
  );
}

/** A visitor's empty table, with the sign-in that brings them back to `from`. */
export function VisitorOrders({ from, testId }: { from: string; testId: string }) {
  return (
    <OrdersTable
      orders={[]}
      currency=""
      testId={testId}
      emptyText={
        <Trans>
          <PageLink to={loginPath(from)}>Log in</PageLink> to see your options.
        </Trans>
      }
    />
  );
}
