/**
 * A table of spot orders (spec 2, Exchange CurrentOrder and HistoricalOrders, and the
 * /Exchange/ExchangeCoinOrder page): time, pair, side, type, price, amount, filled, average,
 * fee, status, and a cancel button for open orders. It is the kit's table: phones get one card
 * per order, and the table's place says when the orders are loading or there are none.
 */
import { useLingui } from '@lingui/react';
import { useLingui as useMacroLingui } from '@lingui/react/macro';
import { useRef, useState, type ReactNode } from 'react';
import { cancelOrderCall, type OrderViewData } from '../../../shared/api/exchange';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { showToast } from '../../state/hub-store';
import { trimZeros } from '../../../shared/decimal';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { orderAmountText, SIDE_LABELS, STATUS_LABELS, symbolName, TYPE_LABELS } from './orderLabels';

const STATUS_TONES: Record<OrderViewData['status'], BadgeTone> = { open: 'info', filled: 'success', cancelled: 'neutral' };

export interface OrdersTableProps {
  orders: readonly OrderViewData[];
  /** Open orders get a cancel button; the list is read again after a cancel. */
  onCancelled?: () => void;
  testId: string;
  /** What the table's place says when there are no orders (text, or a sentence with a link). */
  emptyText: ReactNode;
  /** The orders are still being read. */
  loading?: boolean;
}

export function OrdersTable({ orders, onCancelled, testId, emptyText, loading = false }: OrdersTableProps) {
  const { _ } = useLingui();
  const { t } = useMacroLingui();
  const language = useLanguage();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const busy = useRef(false);

  const cancel = async (order: OrderViewData) => {
    if (busy.current) return;
    busy.current = true;
    setCancelling(order.id);
    try {
      const result = await callApi(cancelOrderCall, { query: { id: order.id } });
      if (result) showToast(t`Order cancelled`, ERROR_TOAST_MS, 'success');
      onCancelled?.();
    } catch {
      // The refusal was toasted (spec 8); the list is read again either way.
      onCancelled?.();
    } finally {
      busy.current = false;
      setCancelling(null);
    }
  };

  const columns: DataColumn<OrderViewData>[] = [
    { key: 'time', label: t`Time`, cell: (order) => formatDate(order.createdAt, language, { withTime: true }) },
    { key: 'pair', label: t`Pair`, cell: (order) => symbolName(order.symbol) },
    {
      key: 'side',
      label: t`Side`,
      cell: (order) => (
        <Badge tone={order.side} data-side={order.side}>
          {_(SIDE_LABELS[order.side])}
        </Badge>
      ),
    },
    { key: 'type', label: t`Type`, cell: (order) => _(TYPE_LABELS[order.type]) },
    { key: 'price', label: t`Price`, align: 'end', cell: (order) => (order.price === null ? t({ message: 'Market', context: 'order price' }) : trimZeros(order.price)) },
    { key: 'amount', label: t`Amount`, align: 'end', cell: (order) => orderAmountText(order) },
    { key: 'filled', label: t`Filled`, align: 'end', cell: (order) => <span data-testid="order-filled">{trimZeros(order.filledQuantity)}</span> },
    { key: 'average', label: t`Average`, align: 'end', cell: (order) => (order.averagePrice === null ? '—' : trimZeros(order.averagePrice)) },
    { key: 'fee', label: t`Fee`, align: 'end', cell: (order) => `${trimZeros(order.fee)} ${order.feeCurrency}` },
    {
      key: 'status',
      label: t`Status`,
      cell: (order) => (
        <Badge tone={STATUS_TONES[order.status]} data-testid="order-status">
          {_(STATUS_LABELS[order.status])}
        </Badge>
      ),
    },
  ];
  if (onCancelled) {
    columns.push({
      key: 'action',
      label: t`Action`,
      header: <span className="visually-hidden">{t`Action`}</span>,
      align: 'end',
      cell: (order) =>
        order.status === 'open' ? (
          <Button variant="secondary" size="small" data-testid="order-cancel" disabled={cancelling === order.id} onClick={() => void cancel(order)}>
            {cancelling === order.id ? t`Cancelling…` : t`Cancel`}
          </Button>
        ) : null,
    });
  }

  return (
    <DataTable
      columns={columns}
      rows={orders}
      rowKey={(order) => order.id}
      caption={t`My orders`}
      state={loading ? 'loading' : 'ready'}
      empty={<span data-testid={`${testId}-empty`}>{emptyText}</span>}
      rowProps={(order) => ({ 'data-testid': 'order-row', 'data-order-id': order.id, 'data-status': order.status, 'data-side': order.side })}
      testId={testId}
    />
  );
}
