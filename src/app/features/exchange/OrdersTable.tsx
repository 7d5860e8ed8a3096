/**
 * A table of spot orders (spec 2, Exchange CurrentOrder and HistoricalOrders, and the
 * /Exchange/ExchangeCoinOrder page): time, pair, side, type, price, amount, filled, average,
 * fee, status, and a cancel button for open orders, with "Cancel all" above them. It is the kit's
 * table: phones get one card per order, a long list comes a page at a time, and the table's place
 * says when the orders are loading or there are none. A cancelled order's row goes away with the
 * button that had the focus, so the focus moves to the cancel button now in its place (or the
 * table): a keyboard user cancels one order after another without starting over from the top.
 */
import { useLingui } from '@lingui/react';
import { useLingui as useMacroLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cancelAllOrdersCall, cancelOrderCall, type OrderViewData } from '../../../shared/api/exchange';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { showToast } from '../../state/hub-store';
import { trimZeros } from '../../../shared/decimal';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import styles from './exchange.module.css';
import { orderAmountText, orderFilledText, SIDE_LABELS, STATUS_LABELS, symbolName, TYPE_LABELS } from './orderLabels';

/** Orders a page of a long list shows: two hundred open orders are not one 10,000 px page. */
export const ORDERS_TABLE_PAGE_SIZE = 20;

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
  /** Offers "Cancel all" for the open orders of one market (its symbol name, BTC_USDT) or of every market (no symbol). */
  cancelAll?: { symbol?: string };
}

export function OrdersTable({ orders, onCancelled, testId, emptyText, loading = false, cancelAll: cancelAllScope }: OrdersTableProps) {
  const { _ } = useLingui();
  const { t } = useMacroLingui();
  const language = useLanguage();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const busy = useRef(false);
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(orders.length / ORDERS_TABLE_PAGE_SIZE));
  // A list that shrank (orders filled or cancelled) keeps the reader on its last page.
  const shownPage = Math.min(page, pageCount);
  const shown = orders.slice((shownPage - 1) * ORDERS_TABLE_PAGE_SIZE, shownPage * ORDERS_TABLE_PAGE_SIZE);
  const openCount = orders.filter((order) => order.status === 'open').length;
  const holder = useRef<HTMLDivElement>(null);
  /**
   * The orders being cancelled while the focus was in the table (one, or all of them): once they
   * are gone from the list, the focus goes to the cancel button now at `index`, or the table.
   */
  const refocus = useRef<{ ids: ReadonlySet<number>; index: number } | null>(null);
  const focusAfter = (ids: number[], index: number, fromDialog = false) => {
    // A confirmation dialog holds the focus elsewhere, but it came from this table and goes back to it.
    if (fromDialog || holder.current?.contains(document.activeElement)) refocus.current = { ids: new Set(ids), index };
  };

  useEffect(() => {
    const wanted = refocus.current;
    const element = holder.current;
    if (!wanted || !element || shown.some((order) => order.status === 'open' && wanted.ids.has(order.id))) return;
    refocus.current = null;
    const buttons = element.querySelectorAll<HTMLButtonElement>('[data-testid="order-cancel"]');
    (buttons[Math.min(wanted.index, buttons.length - 1)] ?? element).focus();
  }, [shown]);

  const cancel = async (order: OrderViewData, index: number) => {
    if (busy.current) return;
    busy.current = true;
    focusAfter([order.id], index);
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
    { key: 'filled', label: t`Filled`, align: 'end', cell: (order) => <span data-testid="order-filled">{orderFilledText(order)}</span> },
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
          <Button
            variant="secondary"
            size="small"
            data-testid="order-cancel"
            aria-disabled={cancelling === order.id || undefined}
            onClick={() => void cancel(order, shown.filter((row) => row.status === 'open').indexOf(order))}
          >
            {cancelling === order.id ? t`Cancelling…` : t`Cancel`}
          </Button>
        ) : null,
    });
  }

  const table = (
    <DataTable
      columns={columns}
      rows={shown}
      rowKey={(order) => order.id}
      caption={t`My orders`}
      state={loading ? 'loading' : 'ready'}
      empty={<span data-testid={`${testId}-empty`}>{emptyText}</span>}
      rowProps={(order) => ({ 'data-testid': 'order-row', 'data-order-id': order.id, 'data-status': order.status, 'data-side': order.side })}
      testId={testId}
      paging={pageCount > 1 ? { page: shownPage, pageCount, onPage: setPage, testIds: { previous: `${testId}-previous`, page: `${testId}-page`, next: `${testId}-next` } } : undefined}
    />
  );
  return (
    // Where the focus goes when the last order on the page is cancelled; not a stop of the tab order.
    <div ref={holder} tabIndex={-1} className={styles.ordersHolder}>
      {onCancelled && cancelAllScope && openCount >= 2 ? (
        <div className={styles.ordersToolbar}>
          <CancelAll
            symbol={cancelAllScope.symbol}
            count={openCount}
            onStart={() => focusAfter(orders.filter((order) => order.status === 'open').map((order) => order.id), 0, true)}
            onDone={onCancelled}
          />
        </div>
      ) : null}
      {table}
    </div>
  );
}

/** "Cancel all" with its confirmation: every open order of the market (or of every market), in one call. */
function CancelAll({ symbol, count, onStart, onDone }: { symbol: string | undefined; count: number; onStart: () => void; onDone: () => void }) {
  const { t } = useMacroLingui();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const pair = symbol === undefined ? null : symbolName(symbol);
  const confirm = async () => {
    onStart();
    setBusy(true);
    try {
      const result = await callApi(cancelAllOrdersCall, { query: { symbol } });
      if (result) showToast(t`Orders cancelled: ${result.cancelled}`, ERROR_TOAST_MS, 'success');
    } finally {
      setBusy(false);
      // Read again whatever happened: some orders may have filled or been cancelled meanwhile.
      onDone();
    }
  };
  return (
    <>
      <Button variant="secondary" size="small" onClick={() => setOpen(true)} data-testid="orders-cancel-all">
        {t`Cancel all`}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t`Cancel all open orders?`}
        description={
          pair === null
            ? t`Your ${count} open orders on every market will be cancelled and their funds released.`
            : t`Your ${count} open orders on ${pair} will be cancelled and their funds released.`
        }
        confirmLabel={t`Cancel all`}
        cancelLabel={t`Keep them`}
        confirmVariant="danger"
        onConfirm={confirm}
        busy={busy}
        testId="cancel-all-dialog"
      />
    </>
  );
}
