/**
 * Market books and trades (ARCHITECTURE.md, "Realtime"): one copy of the book of every market a
 * visible tab trades on, kept from the market channel's deltas (shared/realtime-book.ts: resynced
 * from full_quote on a gap and after every reconnect), and its new trades, pushed to the tabs that
 * watch it. While the socket is down both are polled (full_quote and recent). The channel itself
 * is held by the quotes feed, which wants every watched market's quote too.
 */
import { fullQuoteCall, recentCall, RECENT_TRADES_DEFAULT } from '../../shared/api/market';
import type { BookMessage, RealtimeTrade, TradesMessage } from '../../shared/realtime';
import { RealtimeBook } from '../../shared/realtime-book';
import { Poller } from '../clock';
import { HUB_TIMINGS_MS, MARKET_BOOK_LEVELS, topicKey, type Topic } from '../protocol';
import type { Feed, HubContext } from '../core/feed';
import type { TabRecord } from '../core/tabs';

function marketKey(symbolId: number): string {
  return topicKey({ kind: 'market', symbolId });
}

export class MarketsFeed implements Feed {
  /** The book of every market a tab watches while a tab shows. */
  private readonly books = new Map<number, RealtimeBook>();
  /** The newest trade id pushed per market (the fallback poll sends only newer ones). */
  private readonly lastTradeIds = new Map<number, number>();
  private readonly poller: Poller;

  constructor(private readonly context: HubContext) {
    this.poller = new Poller(context.clock, HUB_TIMINGS_MS.marketFallbackPoll, () => this.poll());
    context.socket.on('book', (message) => this.onBook(message));
    context.socket.on('trades', (message) => this.onTrades(message));
  }

  /** The book the hub has goes out at once; newer changes follow on the same port. */
  greet(tab: TabRecord, added: readonly Topic[]): void {
    for (const topic of added) {
      if (topic.kind !== 'market') continue;
      const book = this.books.get(topic.symbolId);
      if (book && book.sequence >= 0) this.context.tabs.send(tab, { kind: 'book', book: book.view() });
    }
  }

  tabsChanged(): void {
    const wanted = new Set<number>();
    if (this.context.tabs.showing) for (const topic of this.context.tabs.watched('market').values()) wanted.add(topic.symbolId);
    for (const [id, book] of this.books) {
      if (wanted.has(id)) continue;
      book.close();
      this.books.delete(id);
      this.lastTradeIds.delete(id);
    }
    for (const id of wanted) if (!this.books.has(id)) this.open(id);
    if (wanted.size > 0 && !this.context.socket.connected) this.poller.start(HUB_TIMINGS_MS.marketFallbackPoll);
    else this.poller.stop();
  }

  connectionChanged(connected: boolean): void {
    this.tabsChanged();
    // Deltas sent while the socket was away are gone, and a restarted server numbers afresh.
    if (connected) for (const book of this.books.values()) this.resync(book);
  }

  dispose(): void {
    this.poller.stop();
    for (const book of this.books.values()) book.close();
    this.books.clear();
  }

  private open(symbolId: number): void {
    const book = new RealtimeBook({
      symbolId,
      levelsMax: MARKET_BOOK_LEVELS,
      fetchSnapshot: async () => {
        const answer = await this.context.api.call(fullQuoteCall, { query: { id: symbolId } }, { silentAll: true });
        if (answer === false) throw new Error(`no book snapshot of ${symbolId}`);
        return answer.depth;
      },
      onChange: () => this.context.tabs.sendWatching(marketKey(symbolId), { kind: 'book', book: book.view() }),
      onError: (error) => this.context.log(`The book of ${symbolId} could not be read`, error),
    });
    this.books.set(symbolId, book);
    this.resync(book);
  }

  private resync(book: RealtimeBook): void {
    book.resync().catch((error: unknown) => this.context.log('A book resync failed', error));
  }

  private onBook(message: BookMessage): void {
    this.books.get(message.symbolId)?.applyMessage(message);
  }

  private onTrades(message: TradesMessage): void {
    if (this.books.has(message.symbolId)) this.pushTrades(message.symbolId, message.trades);
  }

  private pushTrades(symbolId: number, trades: RealtimeTrade[]): void {
    const last = this.lastTradeIds.get(symbolId) ?? 0;
    const fresh = trades.filter((trade) => trade.id > last).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return;
    this.lastTradeIds.set(symbolId, fresh.at(-1)!.id);
    this.context.tabs.sendWatching(marketKey(symbolId), { kind: 'trades', symbolId, trades: fresh });
  }

  /** While the socket is down: each watched book from full_quote and the trades from recent. */
  private async poll(): Promise<void> {
    await Promise.all(
      [...this.books.entries()].map(async ([symbolId, book]) => {
        try {
          await book.resync();
          const trades = await this.context.api.call(recentCall, { query: { id: symbolId, limit: RECENT_TRADES_DEFAULT } }, { silentAll: true });
          if (trades === false) return;
          this.pushTrades(
            symbolId,
            trades.map((trade) => ({ ...trade, symbolId })),
          );
        } catch (error) {
          this.context.log(`The market ${symbolId} could not be read`, error);
        }
      }),
    );
  }
}
