/**
 * A market's live book and trades for the screens that show them (the exchange page; the Boption
 * page's latest trades of the pair its index comes from): the tab asks the hub to watch the market
 * and listens to its pushes. The hub keeps the book from the market channel's deltas (resynced
 * from full_quote on a gap and after a reconnect, polled while the socket is down) and forwards
 * the trades (src/workers/feeds/markets.ts).
 */
import { useEffect, useState } from 'react';
import { recentCall, RECENT_TRADES_DEFAULT, type Trade } from '../../shared/api/market';
import type { BookSnapshot } from '../../shared/realtime';
import { callApi } from '../api/client';
import { getHub } from '../api/hub';
import { hubStore } from './hub-store';

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

/** Trades newest first: the new ones in front of the known, by id, at most `max`. */
export function mergeTrades(known: readonly Trade[], incoming: readonly Trade[], max = RECENT_TRADES_DEFAULT): Trade[] {
  const byId = new Map<number, Trade>();
  for (const trade of [...incoming, ...known]) if (!byId.has(trade.id)) byId.set(trade.id, trade);
  return [...byId.values()].sort((a, b) => b.time - a.time || b.id - a.id).slice(0, max);
}

/**
 * A market's latest trades, newest first: read once (/quotation/recent), then kept from the hub's
 * pushes while the component is mounted. Null watches nothing.
 */
export function useLatestTrades(symbolId: number | null): Trade[] {
  const [state, setState] = useState<{ symbolId: number | null; trades: Trade[] }>({ symbolId, trades: [] });
  useEffect(() => {
    if (symbolId === null) return undefined;
    let active = true;
    const merge = (incoming: readonly Trade[]) => {
      if (active) setState((current) => ({ symbolId, trades: mergeTrades(current.symbolId === symbolId ? current.trades : [], incoming) }));
    };
    callApi(recentCall, { query: { id: symbolId, limit: RECENT_TRADES_DEFAULT } }, { silentAll: true }).then(
      (trades) => merge(trades || []),
      () => undefined,
    );
    const stop = followMarket(symbolId, { book: () => undefined, trades: merge });
    return () => {
      active = false;
      stop();
    };
  }, [symbolId]);
  return state.symbolId === symbolId ? state.trades : [];
}
