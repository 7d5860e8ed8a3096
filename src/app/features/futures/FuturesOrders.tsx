/**
 * /Futures/FuturesContractOrder (spec 2, the orders menu's futures entry): the signed-in user's
 * closed and cancelled positions (futures/orders, scope history), newest first, with filters by
 * contract, side, close reason and the days they were created on, and paging. Every filter is
 * the server's, so a page is one call.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FUTURES_CLOSE_REASONS, FUTURES_SIDES, futuresOrdersCall, type FuturesCloseReason, type FuturesPosition, type FuturesSide } from '../../../shared/api/futures';
import { FUTURES_USDT_BASE } from '../../../shared/constants';
import { trimZeros, unitsOf } from '../../../shared/decimal';
import { formatDate } from '../../../shared/format';
import { formatUnits } from '../../../shared/money';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { useSessionStatus } from '../../state/hub';
import { ButtonLink } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { FilterSelect, PairFilter } from '../../ui/FilterSelect';
import { FormField, inputClassName } from '../../ui/FormField';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { loginPath } from '../../ui/paths';
import { useFilteredPages } from '../../ui/useFilteredPages';
import { CLOSE_REASON_LABELS, SIDE_LABELS, STATUS_LABELS } from './labels';
import { ContractCell, sizeAndMarginColumns } from './Summary';
import { FUTURES_MARGIN_SCALE } from './positionMath';
import { useFuturesSymbols } from './useFutures';
import layout from '../../layout/TradingPage.module.css';
import styles from './futures.module.css';

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryFilters {
  symbol: string;
  side: FuturesSide | '';
  closeReason: FuturesCloseReason | '';
  /** Days as the date inputs give them (YYYY-MM-DD), in the browser's time zone; '' for no bound. */
  from: string;
  to: string;
}

/** A day's start (or, for `to`, the next day's start) in the browser's time zone, in ms; undefined without a day. */
export function dayBoundMs(day: string, end: boolean): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const moment = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (end ? 1 : 0)).getTime();
  return Number.isFinite(moment) && moment >= 0 ? moment : undefined;
}

/** The query of one page of the history for these filters. */
export function historyQuery(filters: HistoryFilters, page: number) {
  return {
    scope: 'history' as const,
    offset: page * HISTORY_PAGE_SIZE,
    limit: HISTORY_PAGE_SIZE,
    symbol: filters.symbol || undefined,
    side: filters.side || undefined,
    closeReason: filters.closeReason || undefined,
    from: dayBoundMs(filters.from, false),
    to: dayBoundMs(filters.to, true),
  };
}

/** Realised PnL less both fees: what the position left the user with. */
function netPnl(position: FuturesPosition): string | null {
  if (position.realizedPnl === null) return null;
  const parts = [position.realizedPnl, position.openFee, position.closeFee ?? '0'].map((text) => unitsOf(text, FUTURES_MARGIN_SCALE));
  const [pnl, openFee, closeFee] = parts;
  if (pnl == null || openFee == null || closeFee == null) return null;
  return trimZeros(formatUnits(pnl - openFee - closeFee, FUTURES_MARGIN_SCALE));
}

export function FuturesOrders() {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const language = useLanguage();
  const status = useSessionStatus();
  const symbols = useFuturesSymbols();
  const { filters, change, page, setPage, result: answer, loading } = useFilteredPages<HistoryFilters, { total: number; list: FuturesPosition[] }>(
    { symbol: '', side: '', closeReason: '', from: '', to: '' },
    (current, index) => callApi(futuresOrdersCall, { query: historyQuery(current, index) }),
    { enabled: status === 'signedIn', empty: { total: 0, list: [] } },
  );

  if (status === 'signedOut') {
    return (
      <Panel data-testid="orders-signed-out">
        <p>
          <Trans>
            <PageLink to={loginPath('/Futures/FuturesContractOrder')}>Log in</PageLink> to see your positions.
          </Trans>
        </p>
      </Panel>
    );
  }

  const columns: DataColumn<FuturesPosition>[] = [
    {
      key: 'contract',
      label: t`Contract`,
      cell: (position) => <ContractCell position={position} />,
    },
    {
      key: 'outcome',
      label: t`Outcome`,
      cell: (position) => {
        const reason = position.status === 'closed' ? position.closeReason : null;
        return (
          <span data-testid="futures-history-outcome" data-outcome={reason ?? position.status}>
            {reason ? _(CLOSE_REASON_LABELS[reason]) : _(STATUS_LABELS[position.status])}
          </span>
        );
      },
    },
    {
      key: 'entry',
      label: t`Entry price`,
      align: 'end',
      cell: (position) => position.entryPrice ?? position.triggerPrice ?? '—',
    },
    {
      key: 'close',
      label: t`Close price`,
      align: 'end',
      cell: (position) => position.closePrice ?? '—',
    },
    ...sizeAndMarginColumns({ size: t`Size`, margin: t`Margin` }),
    {
      key: 'pnl',
      label: t`PnL after fees`,
      align: 'end',
      cell: (position) => {
        const net = netPnl(position);
        return net === null ? '—' : <span className={styles.pnl} data-direction={net.startsWith('-') ? 'down' : 'up'}>{`${net} ${FUTURES_USDT_BASE}`}</span>;
      },
    },
    {
      key: 'opened',
      label: t`Created`,
      hideOnPhone: true,
      cell: (position) => formatDate(position.createdAt, language, { withTime: true }),
    },
    {
      key: 'closed',
      label: t`Closed`,
      cell: (position) => (position.closedAt ? formatDate(position.closedAt, language, { withTime: true }) : '—'),
    },
  ];
  const pageNumber = page + 1;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / HISTORY_PAGE_SIZE)) : 1;
  return (
    <div className={layout.ordersPage} data-testid="futures-history">
      <div className={layout.filters}>
        <PairFilter symbols={symbols} value={filters.symbol} onChange={(symbol) => change({ symbol })} testId="futures-filter-symbol" />
        <FilterSelect
          label={t`Side`}
          value={filters.side}
          options={[{ value: '' as const, label: t`Long and short` }, ...FUTURES_SIDES.map((side) => ({ value: side, label: _(SIDE_LABELS[side]) }))]}
          onChange={(side) => change({ side })}
          testId="futures-filter-side"
        />
        <FilterSelect
          label={t`Close reason`}
          value={filters.closeReason}
          options={[{ value: '' as const, label: t`Every reason` }, ...FUTURES_CLOSE_REASONS.map((reason) => ({ value: reason, label: _(CLOSE_REASON_LABELS[reason]) }))]}
          onChange={(closeReason) => change({ closeReason })}
          testId="futures-filter-reason"
        />
        <FormField label={t`From`}>
          {(control) => <input {...control} type="date" className={inputClassName} value={filters.from} data-testid="futures-filter-from" onChange={(event) => change({ from: event.target.value })} />}
        </FormField>
        <FormField label={t`To`}>
          {(control) => <input {...control} type="date" className={inputClassName} value={filters.to} data-testid="futures-filter-to" onChange={(event) => change({ to: event.target.value })} />}
        </FormField>
        <ButtonLink to="/futures" variant="secondary">
          {t`Back to trading`}
        </ButtonLink>
      </div>
      <Panel flush aria-busy={loading || undefined} data-testid="futures-history-results" data-loading={loading ? 'true' : 'false'}>
        <DataTable
          columns={columns}
          rows={answer?.list ?? []}
          rowKey={(position) => position.id}
          caption={t`Position history`}
          state={answer === null ? 'loading' : 'ready'}
          empty={t`No positions match these filters.`}
          rowProps={(position) => ({
            'data-testid': 'futures-history-row',
            'data-id': position.id,
          })}
          paging={{ page: pageNumber, pageCount: pages, onPage: (next) => setPage(next - 1) }}
        />
      </Panel>
    </div>
  );
}
