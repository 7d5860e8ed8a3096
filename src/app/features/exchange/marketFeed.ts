/**
 * Where the exchange screen's live book, trades and order events come from: the hub's one
 * socket (ARCHITECTURE.md, "Realtime"; src/workers/hub.ts). The tab asks the hub to watch a market
 * and listens to its pushes: the hub keeps the book from the market channel's deltas (resynced
 * from full_quote on a gap and after a reconnect, polled while the socket is down) and
 * forwards trades, and the user's order and balance events from the private channel.
 *
 * Order events come only over the socket: while the hub reports it down, the screen reads its
 * open orders again on a short timer (refreshOrdersWhileSocketDown).
 */
import type { Trade } from '../../../shared/api/market';
import type { BookSnapshot, RealtimeOrder } from '../../../shared/realtime';
import { getHub } from '../../api/hub';
import { hubStore } from '../../state/hub-store';

/** How often the open orders are read again while the hub's socket is down. */
export const ORDERS_FALLBACK_REFRESH_MS = 3_000;

export interface MarketHandlers {
  book(book: BookSnapshot): void;
  /** New trades, oldest first; the receiver merges by id. */
  trades(trades: Trade[]): void;
}

/** Follows a symbol's book and trades through the hub; returns the function that stops. */
export function followMarket(symbolId: number, handlers: MarketHandlers): () => void {
  const stopListening = hubStore.onRealtime((message) => {
    if (message.kind === 'book' && message.book.symbolId === symbolId) handlers.book(message.book);
    else if (message.kind === 'trades' && message.symbolId === symbolId) handlers.trades(message.trades);
  });
  const stopWatching = getHub().watch({ kind: 'market', symbolId });
  return () => {
    stopWatching();
    stopListening();
  };
}

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
