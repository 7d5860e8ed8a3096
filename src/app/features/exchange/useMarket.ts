/**
 * One symbol's live market for the exchange screen: the order book, the latest trades and the
 * quote. The first paint comes from the tab's own HTTP calls (full_quote, recent); the quote
 * is the hub's (useQuotes); the live book and trades come from the hub (state/market.ts).
 */
import { useEffect, useState } from 'react';
import { fullQuoteCall, recentCall, RECENT_TRADES_DEFAULT, type Quote, type Trade } from '../../../shared/api/market';
import type { BookSnapshot } from '../../../shared/realtime';
import { callApi } from '../../api/client';
import { drawSoon } from '../../state/drawSoon';
import { useQuotes } from '../../state/hub';
import { followMarket, mergeTrades } from '../../state/market';

export interface MarketState {
  symbolId: number;
  book: BookSnapshot | null;
  /** Newest first, at most RECENT_TRADES_DEFAULT. */
  trades: Trade[];
  /** The snapshot's quote until the hub's arrives. */
  quote: Quote | null;
  failed: boolean;
  /** Whether the book is the hub's (kept live) rather than this tab's first HTTP read. */
  bookFromHub: boolean;
}

function emptyMarket(symbolId: number): MarketState {
  return { symbolId, book: null, trades: [], quote: null, failed: false, bookFromHub: false };
}

function newerBook(known: BookSnapshot | null, read: BookSnapshot): BookSnapshot {
  return known && known.sequence > read.sequence ? known : read;
}

export function useMarket(symbolId: number | null): MarketState {
  const [state, setMarketState] = useState<MarketState>(emptyMarket(symbolId ?? 0));
  const hubQuotes = useQuotes(symbolId === null ? [] : [symbolId]);

  useEffect(() => {
    if (symbolId === null) return undefined;
    let active = true;
    // Reads and the hub's book and trades are drawn in the task after the one that brought them, a
    // busy market's updates of one turn together, so typing an order or a tap goes first
    // (drawSoon); an update still waiting when the symbol changes is dropped.
    const setState = (update: (current: MarketState) => MarketState) =>
      drawSoon(() => {
        if (active) setMarketState(update);
      });
    void Promise.all([callApi(fullQuoteCall, { query: { id: symbolId } }), callApi(recentCall, { query: { id: symbolId, limit: RECENT_TRADES_DEFAULT } })])
      .then(([snapshot, trades]) => {
        if (!active) return;
        setState((current) => ({
          ...current,
          // The hub's book, once it came, is newer than this read can know.
          book: current.bookFromHub ? current.book : snapshot ? newerBook(current.book, snapshot.depth) : current.book,
          quote: current.quote ?? (snapshot ? snapshot.quote : null),
          trades: mergeTrades(current.trades, trades || []),
        }));
      })
      .catch(() => {
        if (active) setState((current) => ({ ...current, failed: true }));
      });
    const stop = followMarket(symbolId, {
      book: (book) => {
        // The first HTTP read may be newer than the hub's first copy; from then on the hub's book leads.
        if (active) setState((current) => (!current.bookFromHub && current.book && current.book.sequence > book.sequence ? current : { ...current, book, bookFromHub: true }));
      },
      trades: (trades) => {
        if (active) setState((current) => ({ ...current, trades: mergeTrades(current.trades, trades) }));
      },
    });
    return () => {
      active = false;
      stop();
    };
  }, [symbolId]);

  // A copy of another symbol's market (the screen remounts per symbol, so only briefly) is not shown.
  const own = state.symbolId === symbolId ? state : emptyMarket(symbolId ?? 0);
  const hubQuote = symbolId === null ? undefined : hubQuotes.get(symbolId)?.quote;
  const quote = hubQuote && (!own.quote || hubQuote.t >= own.quote.t) ? hubQuote : own.quote;
  return { ...own, quote };
}
