/**
 * Quotes (ARCHITECTURE.md, "The hub"): the newest quote of every symbol some tab watches, from the
 * socket's market channels, with /quotation/latest for what the socket cannot carry (socket down,
 * a channel refused, past its channel limit), one read for symbols that start being watched, and
 * nothing while no tab is visible. A market a tab trades on (feeds/markets.ts) is wanted here
 * too: its channel carries the book and trades as well as the quote, so this feed holds the
 * market channels for both. Quotes are written to IndexedDB in batches, so that the next tab
 * paints them before the network answers.
 */
import { LATEST_SYMBOLS_MAX, latestCall, type Quote } from '../../shared/api/market';
import { REALTIME_LIMITS, type QuoteMessage } from '../../shared/realtime';
import { Poller, type TimerHandle } from '../clock';
import { HUB_TIMINGS_MS, topicKey, type QuoteFeed, type QuoteSource, type Topic } from '../protocol';
import type { Feed, HubContext } from '../core/feed';
import type { TabRecord } from '../core/tabs';

interface StoredQuote {
  quote: Quote;
  source: QuoteSource;
}

export class QuotesFeed implements Feed {
  private readonly quotes = new Map<number, StoredQuote>();
  /** Symbols whose quote was read or pushed since quotes last resumed: no read needed for them. */
  private readonly freshSymbolIds = new Set<number>();
  /** Market channels the server holds for this hub's socket. */
  private readonly socketSymbolIds = new Set<number>();
  /** Symbols the socket refused (or did not acknowledge): they are polled instead. */
  private readonly refusedSymbolIds = new Set<number>();
  private readonly pendingWrites = new Map<number, Quote>();
  private writeTimer: TimerHandle | null = null;
  private readonly pendingReads = new Set<number>();
  /** Symbols a /quotation/latest request is out for: another tab watching them waits for it. */
  private readonly readingSymbolIds = new Set<number>();
  private readTimer: TimerHandle | null = null;
  private readonly poller: Poller;
  private feed: QuoteFeed = 'idle';

  constructor(private readonly context: HubContext) {
    this.poller = new Poller(context.clock, HUB_TIMINGS_MS.quoteFallbackPoll, () => this.readLatest(this.polledSymbolIds()));
    context.socket.on('quote', (message) => this.onSocketQuote(message));
  }

  /** live: the socket carries every wanted symbol; polling: some are read from /quotation/latest; paused: no tab is visible. */
  get state(): QuoteFeed {
    return this.feed;
  }

  async restore(): Promise<void> {
    for (const quote of await this.context.storage.readQuotes()) this.quotes.set(quote.id, { quote, source: 'cache' });
  }

  /** The quotes the hub has for symbols new to the tab go out first: one port, one order. */
  greet(tab: TabRecord, added: readonly Topic[]): void {
    const known = added.flatMap((topic) => (topic.kind === 'quotes' ? (this.quotes.get(topic.symbolId) ?? []) : []));
    if (known.length === 0) return;
    // Quotes read from IndexedDB at start say so; anything newer is the hub's memory of the network.
    const source: QuoteSource = known.every((stored) => stored.source === 'cache') ? 'cache' : 'network';
    this.context.tabs.send(tab, { kind: 'quotes', quotes: known.map((stored) => stored.quote), source });
  }

  /** Brings subscriptions, reads and polling in line with what tabs watch and whether one shows. */
  tabsChanged(): void {
    const wanted = this.wantedSymbolIds();
    const socketWanted = this.socketWanted(wanted);
    for (const id of socketWanted) if (!this.socketSymbolIds.has(id)) void this.subscribe(id);
    for (const id of [...this.socketSymbolIds]) if (!socketWanted.has(id)) this.unsubscribe(id);
    for (const id of [...this.freshSymbolIds]) if (!wanted.has(id)) this.freshSymbolIds.delete(id);
    for (const id of wanted) if (!this.freshSymbolIds.has(id) && !this.readingSymbolIds.has(id)) this.pendingReads.add(id);
    this.scheduleRead();
    const polled = this.polledSymbolIds();
    if (polled.length > 0) this.poller.start(HUB_TIMINGS_MS.quoteFallbackPoll);
    else this.poller.stop();
    this.setFeed(wanted.size > 0 ? (polled.length > 0 ? 'polling' : 'live') : this.context.tabs.anyWatching('quotes') || this.context.tabs.anyWatching('market') ? 'paused' : 'idle');
  }

  connectionChanged(): void {
    // The server forgets a socket's channels with the socket; a new socket may accept what an old one refused.
    this.socketSymbolIds.clear();
    this.refusedSymbolIds.clear();
    this.tabsChanged();
  }

  dispose(): void {
    this.poller.stop();
    if (this.readTimer !== null) this.context.clock.clearTimeout(this.readTimer);
    if (this.writeTimer !== null) this.context.clock.clearTimeout(this.writeTimer);
  }

  /** The symbols whose quotes some tab shows, or whose market it trades on; none while no tab shows. */
  private wantedSymbolIds(): Set<number> {
    const wanted = new Set<number>();
    if (!this.context.tabs.showing) return wanted;
    for (const topic of this.context.tabs.watched('quotes').values()) wanted.add(topic.symbolId);
    for (const topic of this.context.tabs.watched('market').values()) wanted.add(topic.symbolId);
    return wanted;
  }

  /** The wanted symbols the socket carries: at most its channel limit, and not the refused ones. */
  private socketWanted(wanted: Set<number>): Set<number> {
    if (!this.context.socket.connected) return new Set();
    const candidates = [...wanted].filter((id) => !this.refusedSymbolIds.has(id)).sort((a, b) => a - b);
    return new Set(candidates.slice(0, REALTIME_LIMITS.subscriptionsMax));
  }

  /** Wanted symbols the socket does not carry: polled through /quotation/latest. */
  private polledSymbolIds(): number[] {
    const wanted = this.wantedSymbolIds();
    const socketWanted = this.socketWanted(wanted);
    return [...wanted].filter((id) => !socketWanted.has(id));
  }

  private setFeed(feed: QuoteFeed): void {
    if (feed === this.feed) return;
    this.feed = feed;
    this.context.statusChanged();
  }

  private async subscribe(symbolId: number): Promise<void> {
    this.socketSymbolIds.add(symbolId);
    const answer = await this.context.socket.subscribe({ channel: 'market', symbolId });
    if (answer?.ok || !this.socketSymbolIds.has(symbolId)) return;
    this.socketSymbolIds.delete(symbolId);
    if (!this.context.socket.connected) return;
    this.refusedSymbolIds.add(symbolId);
    this.tabsChanged();
  }

  private unsubscribe(symbolId: number): void {
    this.socketSymbolIds.delete(symbolId);
    this.context.socket.unsubscribe({ channel: 'market', symbolId });
  }

  private onSocketQuote(message: QuoteMessage): void {
    if (!this.wantedSymbolIds().has(message.symbolId)) return;
    this.accept([message.quote], 'socket');
  }

  /** Symbols that start being watched share one read, however many tabs ask within quoteFetchBatch. */
  private scheduleRead(): void {
    if (this.pendingReads.size === 0 || this.readTimer !== null) return;
    this.readTimer = this.context.clock.setTimeout(() => {
      this.readTimer = null;
      const wanted = this.wantedSymbolIds();
      const ids = [...this.pendingReads].filter((id) => wanted.has(id));
      this.pendingReads.clear();
      void this.readLatest(ids);
    }, HUB_TIMINGS_MS.quoteFetchBatch);
  }

  /** POST /quotation/latest for these symbols, in requests of at most LATEST_SYMBOLS_MAX. */
  private async readLatest(symbolIds: number[]): Promise<void> {
    for (let start = 0; start < symbolIds.length; start += LATEST_SYMBOLS_MAX) {
      const ids = symbolIds.slice(start, start + LATEST_SYMBOLS_MAX);
      for (const id of ids) this.readingSymbolIds.add(id);
      try {
        const quotes = await this.context.api.call(latestCall, { body: { symbols: ids.join(',') } }, { silentAll: true });
        if (quotes === false) continue;
        for (const id of ids) this.freshSymbolIds.add(id);
        this.accept(quotes, 'network');
      } catch (error) {
        this.context.log('Failed to read quotes', error);
      } finally {
        for (const id of ids) this.readingSymbolIds.delete(id);
      }
    }
  }

  /** Keeps the newest quote of each symbol, pushes it to the tabs that watch it and stores it. */
  private accept(quotes: Quote[], source: QuoteSource): void {
    const accepted: Quote[] = [];
    for (const quote of quotes) {
      const known = this.quotes.get(quote.id);
      if (known && known.source !== 'cache' && known.quote.t > quote.t) continue;
      this.quotes.set(quote.id, { quote, source });
      this.freshSymbolIds.add(quote.id);
      this.pendingWrites.set(quote.id, quote);
      accepted.push(quote);
    }
    if (accepted.length === 0) return;
    for (const tab of this.context.tabs.all()) {
      const forTab = accepted.filter((quote) => tab.topics.has(topicKey({ kind: 'quotes', symbolId: quote.id })));
      if (forTab.length > 0) this.context.tabs.send(tab, { kind: 'quotes', quotes: forTab, source });
    }
    this.scheduleWrite();
  }

  private scheduleWrite(): void {
    if (this.writeTimer !== null) return;
    this.writeTimer = this.context.clock.setTimeout(() => {
      this.writeTimer = null;
      const quotes = [...this.pendingWrites.values()];
      this.pendingWrites.clear();
      void this.context.storage.writeQuotes(quotes);
    }, HUB_TIMINGS_MS.quoteWriteBatch);
  }
}
