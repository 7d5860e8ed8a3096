/**
 * Where the exchange screen's order events come from: the hub's one socket (ARCHITECTURE.md,
 * "Realtime"; src/workers/hub.ts) forwards the user's order and balance events from the private
 * channel (the market's book and trades: state/market.ts).
 *
 * Order events come only over the socket: while the hub reports it down, the screen reads its
 * open orders again on a short timer (refreshOrdersWhileSocketDown).
 */
import type { RealtimeOrder } from '../../../shared/realtime';
import { hubStore } from '../../state/hub-store';

/** How often the open orders are read again while the hub's socket is down. */
export const ORDERS_FALLBACK_REFRESH_MS = 3_000;

export interface AccountHandlers {
  /** One of the user's orders changed (placed, filled, cancelled), in this tab or another. */
  order(order: RealtimeOrder): void;
  /** The user's balances changed. */
  balance(): void;
  /** The socket was down: the orders may have changed unseen. */
  stale(): void;
}

/** Follows the signed-in user's order and balance events; returns the function that stops. */
export function followAccount(handlers: AccountHandlers): () => void {
  const stopListening = hubStore.onRealtime((message) => {
    if (message.kind === 'order') handlers.order(message.order);
    else if (message.kind === 'balance') handlers.balance();
  });
  const stopRefreshing = refreshOrdersWhileSocketDown(handlers.stale);
  return () => {
    stopListening();
    stopRefreshing();
  };
}

/** While the hub's socket is down (and once when it comes back), `stale` runs every ORDERS_FALLBACK_REFRESH_MS. */
export function refreshOrdersWhileSocketDown(stale: () => void): () => void {
  let wasDown = false;
  const timer = setInterval(() => {
    const connected = hubStore.getSnapshot().status?.socketConnected ?? false;
    if (!connected || wasDown) stale();
    wasDown = !connected;
  }, ORDERS_FALLBACK_REFRESH_MS);
  return () => clearInterval(timer);
}
