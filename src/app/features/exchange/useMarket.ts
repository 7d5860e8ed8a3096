/**
 * One symbol's live market for the exchange screen: the order book, the latest trades and the
 * quote. The first paint comes from the tab's own HTTP calls (full_quote, recent); the quote
 * is the hub's (useQuotes); the live book and trades come from the hub (state/market.ts).
 *
 * The market is a small store (MarketFeed) that the page holds and its panels read a part of
 * (useMarketPart, useMarketQuote): a book update renders the book, a trade the trades, the chart
 * and what shows the last price, and never the whole page (issue 14: a busy market's pushes were
 * each a render of every panel).
 */
import { useEffect, useMemo } from 'react';
import { fullQuoteCall, recentCall, RECENT_TRADES_DEFAULT, type Quote, type Trade } from '../../../shared/api/market';
import type { BookSnapshot } from '../../../shared/realtime';
import { callApi } from '../../api/client';
import { useQuotes } from '../../state/hub';
import { followMarket, mergeTrades } from '../../state/market';
import { useStorePart, type ReadableStore } from '../../state/storePart';

export interface MarketState {
  book: BookSnapshot | null;
  /** Newest first, at most RECENT_TRADES_DEFAULT. */
  trades: Trade[];
  /** The snapshot's quote until the hub's arrives (useMarketQuote). */
  quote: Quote | null;
  /** The tab's first read failed (network, HTTP 5xx) and has not been tried again since. */
  failed: boolean;
  /** Whether the book is the hub's (kept live) rather than this tab's first HTTP read. */
  bookFromHub: boolean;
}

const EMPTY_MARKET: MarketState = { book: null, trades: [], quote: null, failed: false, bookFromHub: false };

function newerBook(known: BookSnapshot | null, read: BookSnapshot): BookSnapshot {
  return known && known.sequence > read.sequence ? known : read;
}

/**
 * A symbol's market while it is followed (`follow`): each change makes a new state whose unchanged
 * parts keep their identity, so a reader of one part is told only of its changes.
 */
export class MarketFeed implements ReadableStore<MarketState> {
  private state: MarketState = EMPTY_MARKET;
  private readonly listeners = new Set<() => void>();

  constructor(readonly symbolId: number | null) {}

  getSnapshot = (): MarketState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private change(update: (current: MarketState) => MarketState): void {
    const next = update(this.state);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** Reads the market again after a failed first read, while it is followed. */
  private readAgain: (() => void) | null = null;

  /** The reader's "Try again" after a failed read (nothing when no read failed). */
  retry = (): void => {
    if (this.state.failed) this.readAgain?.();
  };

  /** Reads the market and follows the hub's book and trades; returns the function that stops. */
  follow(): () => void {
    const symbolId = this.symbolId;
    if (symbolId === null) return () => undefined;
    let active = true;
    // The book and quote are drawn when full_quote answers, the trades when recent does: the book
    // does not wait for recent, a POST that first needs the tab's CSRF token (a round trip more).
    const read = () => {
      const snapshotRead = callApi(fullQuoteCall, { query: { id: symbolId } }).then((snapshot) => {
        if (!active || !snapshot) return;
        this.change((current) => ({
          ...current,
          // The hub's book, once it came, is newer than this read can know.
          book: current.bookFromHub ? current.book : newerBook(current.book, snapshot.depth),
          quote: current.quote ?? snapshot.quote,
        }));
      });
      const tradesRead = callApi(recentCall, { query: { id: symbolId, limit: RECENT_TRADES_DEFAULT } }).then((trades) => {
        if (active && trades) this.change((current) => ({ ...current, trades: mergeTrades(current.trades, trades) }));
      });
      void Promise.all([snapshotRead, tradesRead]).catch(() => {
        if (active) this.change((current) => ({ ...current, failed: true }));
      });
    };
    const readAgain = () => {
      if (!active) return;
      this.change((current) => ({ ...current, failed: false }));
      read();
    };
    this.readAgain = readAgain;
    read();
    const stop = followMarket(symbolId, {
      book: (book) => {
        // The first HTTP read may be newer than the hub's first copy; from then on the hub's book leads.
        if (active) this.change((current) => (!current.bookFromHub && current.book && current.book.sequence > book.sequence ? current : { ...current, book, bookFromHub: true }));
      },
      trades: (trades) => {
        if (active) this.change((current) => ({ ...current, trades: mergeTrades(current.trades, trades) }));
      },
    });
    return () => {
      active = false;
      if (this.readAgain === readAgain) this.readAgain = null;
      stop();
    };
  }
}

/**
 * The market of `symbolId`, followed while the component is mounted. The component that holds it
 * does not render when it changes; its parts read what they show with useMarketPart.
 */
export function useMarketFeed(symbolId: number | null): MarketFeed {
  const feed = useMemo(() => new MarketFeed(symbolId), [symbolId]);
  useEffect(() => feed.follow(), [feed]);
  return feed;
}

/**
 * One part of the market (`select` picks a field or a value, never a new object); the component
 * renders again when that part changes, in the task after the push (useStorePart).
 */
export function useMarketPart<T>(feed: MarketFeed, select: (state: MarketState) => T): T {
  return useStorePart(feed, select);
}

const selectQuote = (state: MarketState) => state.quote;

/** The market's quote: the hub's, or the snapshot's while it is newer or the hub has none yet. */
export function useMarketQuote(feed: MarketFeed): Quote | null {
  const symbolId = feed.symbolId;
  const hubQuotes = useQuotes(symbolId === null ? [] : [symbolId]);
  const own = useMarketPart(feed, selectQuote);
  const hubQuote = symbolId === null ? undefined : hubQuotes.get(symbolId)?.quote;
  return hubQuote && (!own || hubQuote.t >= own.t) ? hubQuote : own;
}

export const selectBook = (state: MarketState) => state.book;
/** Whether the book panel has nothing to show because the first read failed and the hub sent no book. */
export const selectBookFailed = (state: MarketState) => state.failed && state.book === null;
export const selectTrades = (state: MarketState) => state.trades;
export const selectBestBid = (state: MarketState) => state.book?.bids[0]?.[0] ?? null;
export const selectBestAsk = (state: MarketState) => state.book?.asks[0]?.[0] ?? null;
export const selectLastTradePrice = (state: MarketState) => state.trades[0]?.price ?? null;
