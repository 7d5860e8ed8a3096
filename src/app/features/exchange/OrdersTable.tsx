/**
 * A table of spot orders (spec 2, Exchange CurrentOrder and HistoricalOrders, and the
 * /Exchange/ExchangeCoinOrder page): time, pair, side, type, price, amount, filled, average,
 * fee, status, and a cancel button for open orders. Phones get one card per order.
 */
import { useLingui } from '@lingui/react';
import { useLingui as useMacroLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { cancelOrderCall, type OrderViewData } from '../../../shared/api/exchange';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { showToast } from '../../state/hub-store';
import { trimZeros } from '../../../shared/decimal';
import { orderAmountText, SIDE_LABELS, STATUS_LABELS, symbolName, TYPE_LABELS } from './orderLabels';
import styles from './exchange.module.css';

export function OrdersTable({ orders, onCancelled, testId, emptyText }: { orders: readonly OrderViewData[]; onCancelled?: () => void; testId: string; emptyText: string }) {
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

  if (orders.length === 0) {
    return (
      <p className={styles.muted} data-testid={`${testId}-empty`}>
        {emptyText}
      </p>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <table className={styles.ordersTable} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Pair`}</th>
            <th scope="col">{t`Side`}</th>
            <th scope="col">{t`Type`}</th>
            <th scope="col">{t`Price`}</th>
            <th scope="col">{t`Amount`}</th>
            <th scope="col">{t`Filled`}</th>
            <th scope="col">{t`Average`}</th>
            <th scope="col">{t`Fee`}</th>
            <th scope="col">{t`Status`}</th>
            {onCancelled ? <th scope="col"><span className={styles.visuallyHidden}>{t`Action`}</span></th> : null}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-testid="order-row" data-order-id={order.id} data-status={order.status} data-side={order.side}>
              <td data-label={t`Time`}>{formatDate(order.createdAt, language, { withTime: true })}</td>
              <td data-label={t`Pair`}>{symbolName(order.symbol)}</td>
              <td data-label={t`Side`} className={styles.sideCell} data-side={order.side}>
                {_(SIDE_LABELS[order.side])}
              </td>
              <td data-label={t`Type`}>{_(TYPE_LABELS[order.type])}</td>
              <td data-label={t`Price`}>{order.price === null ? t({ message: 'Market', context: 'order price' }) : trimZeros(order.price)}</td>
              <td data-label={t`Amount`}>{orderAmountText(order)}</td>
              <td data-label={t`Filled`} data-testid="order-filled">{trimZeros(order.filledQuantity)}</td>
              <td data-label={t`Average`}>{order.averagePrice === null ? '—' : trimZeros(order.averagePrice)}</td>
              <td data-label={t`Fee`}>{`${trimZeros(order.fee)} ${order.feeCurrency}`}</td>
              <td data-label={t`Status`} data-testid="order-status">{_(STATUS_LABELS[order.status])}</td>
              {onCancelled ? (
                <td>
                  {order.status === 'open' ? (
                    <button type="button" className={styles.cancelButton} data-testid="order-cancel" disabled={cancelling === order.id} onClick={() => void cancel(order)}>
                      {cancelling === order.id ? t`Cancelling…` : t`Cancel`}
                    </button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
