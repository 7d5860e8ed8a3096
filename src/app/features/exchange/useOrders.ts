/**
 * The signed-in user's spot orders for the exchange screen: the open ones and the latest closed
 * ones, read over HTTP at first and again when the private channel (through the hub) says an
 * order changed, and right after this tab placed or cancelled one. Another tab's order shows
 * here as soon as its event arrives.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { activeOrdersCall, ordersCall, type OrderViewData } from '../../../shared/api/exchange';
import { callApi } from '../../api/client';
import { followAccount } from './marketFeed';

/** Closed orders the screen's history tab shows (the full list is /Exchange/ExchangeCoinOrder). */
export const HISTORY_ROWS = 20;

export interface OrdersState {
  open: OrderViewData[] | null;
  history: OrderViewData[] | null;
  refresh: () => void;
}

/** `onChange` runs when the user's balances may have changed (a fill, a cancel, a balance event). */
export function useOrders(signedIn: boolean, onChange?: () => void): OrdersState {
  const [open, setOpen] = useState<OrderViewData[] | null>(null);
  const [history, setHistory] = useState<OrderViewData[] | null>(null);
  const seen = useRef<string>('');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const refresh = useCallback(() => {
    void Promise.all([callApi(activeOrdersCall, {}, { silentAll: true }), callApi(ordersCall, { body: { status: 'closed', offset: 0, limit: HISTORY_ROWS } }, { silentAll: true })])
      .then(([active, closed]) => {
        if (active) setOpen(active);
        if (closed) {
          setHistory(closed.list);
          // Something filled or was cancelled since the last read: balances changed.
          const key = closed.list.map((order) => `${order.id}:${order.updatedAt}`).join(',');
          if (seen.current !== '' && key !== seen.current) onChangeRef.current?.();
          seen.current = key;
        }
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!signedIn) return undefined;
    refresh();
    const stop = followAccount({
      order: refresh,
      balance: () => onChangeRef.current?.(),
      stale: refresh,
    });
    return () => {
      stop();
      seen.current = '';
    };
  }, [signedIn, refresh]);

  return signedIn ? { open, history, refresh } : { open: null, history: null, refresh };
}
