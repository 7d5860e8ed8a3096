/**
 * The hub core (ARCHITECTURE.md, "The hub"): the one place that does network work for every open tab.
 * It keeps the tabs that are attached, the union of the symbols they watch, whether any of them
 * is visible, and the session; from those it decides what to ask the server and when:
 *
 * - quotes of the watched symbols from the socket's market channels, /quotation/latest polling
 *   only for what the socket cannot carry (socket down, refused, over its channel limit), one
 *   /quotation/latest read for symbols that start being watched, and nothing while no tab is
 *   visible;
 * - the symbol list every SYMBOL_REFRESH_MS, and again after sign-in and sign-out;
 * - notification status every NOTIFICATION_POLL_MS while signed in with notifications enabled;
 * - config and home config on demand, cached for CONFIG_CACHE_MS and HOME_CONFIG_CACHE_MS;
 * - the help-desk channels tabs follow (a chat, or every chat for operators) on the same socket,
 *   joined again after every reconnect, with each message forwarded to the tabs that follow it;
 * - the markets tabs trade on (watchMarkets): one copy of each book kept from the market
 *   channel's deltas (shared/realtime-book.ts: resynced from full_quote on a gap and after every
 *   reconnect, polled from it while the socket is down) and their trades, pushed to the tabs
 *   that watch them; the signed-in user's order and balance events, pushed to every tab.
 *
 * It takes its fetch, socket, clock, storage and tab-lock watcher from outside, so the same core
 * runs in a SharedWorker, in a leader tab's dedicated worker and in unit tests.
 */
import { ApiClient, ApiError } from '../shared/client/client';
import { profileCall, signInCall, signOutCall, type Profile } from '../shared/api/account';
import { homeCall, type Home } from '../shared/api/home';
import { fullQuoteCall, LATEST_SYMBOLS_MAX, latestCall, recentCall, RECENT_TRADES_DEFAULT, symbolsCall, type MarketSymbol, type Quote } from '../shared/api/market';
import { notificationStatusCall } from '../shared/api/notification';
import { configCall, type SiteConfig } from '../shared/api/site';
import { balanceListCall, type Balance } from '../shared/api/balance';
import { footerCall, type FooterSection } from '../shared/api/content';
import { helpdeskMessageSchema } from '../shared/api/helpdesk';
import {
  CONFIG_CACHE_MS,
  ERROR_TOAST_MS,
  HOME_CONFIG_CACHE_MS,
  NOTIFICATION_POLL_MS,
  SYMBOL_REFRESH_MS,
} from '../shared/constants';
import { DEFAULT_REQUEST_LANGUAGE, type Language } from '../shared/languages';
import {
  REALTIME_LIMITS,
  type BalanceMessage,
  type BookMessage,
  type ChatMessage,
  type OrderMessage,
  type QuoteMessage,
  type RealtimeTrade,
  type TradesMessage,
} from '../shared/realtime';
import { RealtimeBook } from '../shared/realtime-book';
import { Poller, TimeoutError, withTimeout, type Clock, type TimerHandle } from './clock';
import {
  HUB_TIMINGS_MS,
  MARKET_BOOK_LEVELS,
  helpdeskChannelKey,
  type HelpdeskChannel,
  type HelpdeskChannelState,
  type HubApi,
  type HubPush,
  type HubSnapshot,
  type HubStatus,
  type NotificationState,
  type PopupRecord,
  type QuoteFeed,
  type QuoteSource,
  type SessionState,
  type SignInForm,
  type SignInResult,
  type StorageStatus,
  type TabHello,
  type TabPort,
  type TabState,
} from './protocol';
import type { RealtimeFactory, RealtimeLink } from './realtime-link';
import { homeKey, type HubStore } from './store';

export interface HubOptions {
  buildId: string;
  /** The origin the API and the socket live on. */
  origin: string;
  fetch: typeof fetch;
  clock: Clock;
  realtime: RealtimeFactory;
  /** Opens the cache; the hub passes the callback that publishes storage failures. */
  createStore: (onStatus: (status: StorageStatus) => void) => HubStore;
  /** Calls onGone once the tab holding `tabId`'s Web Lock has closed. */
  watchTab?: (tabId: string, onGone: () => void) => void;
  log?: (message: string, error?: unknown) => void;
}

interface TabRecord extends TabState {
  id: string;
  port: TabPort;
  symbolIds: Set<number>;
  /** Help-desk channels the tab follows, by helpdeskChannelKey. */
  channels: Map<string, HelpdeskChannel>;
  /** Markets whose book and trades the tab shows. */
  marketIds: Set<number>;
}

/** A help-desk channel as the socket holds it: asked for, joined, or refused by the server. */
interface SocketChannel {
  channel: HelpdeskChannel;
  state: 'pending' | 'live' | 'refused';
}

/** The ids the server gives chats (shared/api/helpdesk.ts): anything else is not sent to it. */
const CHAT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A tab's channel rebuilt from its parts, so that nothing else a tab put on it reaches the server. */
function cleanChannel(channel: HelpdeskChannel): HelpdeskChannel | undefined {
  if (channel.channel === 'helpdesk') return { channel: 'helpdesk' };
  if (channel.channel === 'chat' && typeof channel.chatId === 'string' && CHAT_ID_PATTERN.test(channel.chatId)) {
    return { channel: 'chat', chatId: channel.chatId };
  }
  return undefined;
}

interface StoredQuote {
  quote: Quote;
  source: QuoteSource;
}

interface Cached<T> {
  value: T;
  fetchedAt: number;
}

export class Hub implements HubApi {
  private readonly tabs = new Map<string, TabRecord>();
  /** Tabs whose lock the hub waits for: once each, even when a dropped tab attaches again. */
  private readonly watchedTabIds = new Set<string>();
  /** Tells tabs apart one hub from the next (a new leader, a restarted SharedWorker). */
  private readonly instanceId = crypto.randomUUID();
  /** The tab that was visible last: its path and language go with background requests. */
  private activeTabId: string | null = null;
  private readonly quotes = new Map<number, StoredQuote>();
  /** Symbols whose quote was read or pushed since quotes last resumed: no read needed for them. */
  private readonly freshSymbolIds = new Set<number>();
  /** Market channels the server holds for this hub's socket. */
  private readonly socketSymbolIds = new Set<number>();
  /** Symbols the socket refused (or did not acknowledge): they are polled instead. */
  private readonly refusedSymbolIds = new Set<number>();
  /** Help-desk channels asked of the current socket, by key. */
  private readonly socketChannels = new Map<string, SocketChannel>();
  /** Channels refused once, for which the socket already connected anew; a second refusal stands. */
  private readonly channelsRetried = new Set<string>();
  /** Counts connection changes: an answer to a subscribe sent on an older socket is dropped. */
  private socketGeneration = 0;
  /** The generation in which a reconnect was last asked for, so that refusals ask for one reconnect. */
  private reconnectAskedGeneration = -1;
  private symbols: MarketSymbol[] = [];
  private symbolsFetchedAt = 0;
  private session: SessionState = { status: 'unknown' };
  private notifications: NotificationState | null = null;
  /** Numbers the notification reads: an answer older than one already applied is stale. */
  private notificationReadsStarted = 0;
  private notificationReadApplied = 0;
  /** The site config's switch for notifications; true until a config says otherwise. */
  private siteNotificationsEnabled = true;
  private storageStatus: StorageStatus = { state: 'opening' };
  private socketConnected = false;
  private serverAnswering: boolean | null = null;
  /** When a request last got no answer (wall clock, as the client core's sentAt). */
  private noAnswerSince = 0;
  private quoteFeed: QuoteFeed = 'idle';
  private lastStatusJson = '';

  private readonly configs = new Map<Language, Cached<SiteConfig>>();
  private readonly homes = new Map<string, { home: Home; expiresAt: number }>();
  private readonly footers = new Map<Language, Cached<FooterSection[]>>();
  /** The signed-in user's balances, with the assets flag (spec 4) they were read for. */
  private balanceCache: { flag: string; balances: Balance[] } | null = null;
  /** Counts sign-ins and sign-outs: an answer read under an older session is dropped. */
  private sessionEpoch = 0;
  private readonly popupRecordsById = new Map<number, PopupRecord>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly languageClients = new Map<Language, ApiClient>();

  private readonly client: ApiClient;
  private readonly store: HubStore;
  private realtime: RealtimeLink | null = null;
  private readonly symbolPoller: Poller;
  private readonly notificationPoller: Poller;
  private readonly quotePoller: Poller;
  private readonly marketPoller: Poller;
  /** The book of every market a tab watches while quotes are active. */
  private readonly books = new Map<number, RealtimeBook>();
  /** The newest trade id pushed per watched market (the fallback poll sends only newer ones). */
  private readonly lastTradeIds = new Map<number, number>();
  private readonly pendingQuoteWrites = new Map<number, Quote>();
  private quoteWriteTimer: TimerHandle | null = null;
  private readonly pendingQuoteReads = new Set<number>();
  private quotesActive = false;
  private noneVisibleSince: number | null = null;
  private pauseTimer: TimerHandle | null = null;
  /** Symbols a /quotation/latest request is out for: another tab watching them waits for it. */
  private readonly readingSymbolIds = new Set<number>();
  private quoteReadTimer: TimerHandle | null = null;
  private readonly ready: Promise<void>;
  private disposed = false;

  constructor(private readonly options: HubOptions) {
    this.client = this.createClient(() => this.activeTab()?.language ?? DEFAULT_REQUEST_LANGUAGE);
    this.store = options.createStore((status) => this.onStorageStatus(status));
    this.symbolPoller = new Poller(options.clock, SYMBOL_REFRESH_MS, () => this.refreshSymbols());
    this.notificationPoller = new Poller(options.clock, NOTIFICATION_POLL_MS, () => this.pollNotifications());
    this.quotePoller = new Poller(options.clock, HUB_TIMINGS_MS.quoteFallbackPoll, () => this.pollQuotes());
    this.marketPoller = new Poller(options.clock, HUB_TIMINGS_MS.marketFallbackPoll, () => this.pollMarkets());
    this.ready = this.start();
  }

  /**
   * Loads the cache before any tab is answered, so what tabs get paints without the network. An
   * open that an old tab's hub blocks is not waited for past storeOpenWait: the hub then starts
   * from memory, and the store reports 'blocked' until the open goes through.
   */
  private async start(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = this.options.clock.setTimeout(resolve, HUB_TIMINGS_MS.storeOpenWait);
      void this.store.open().then(() => {
        this.options.clock.clearTimeout(timer);
        resolve();
      });
    });
    const [quotes, symbols, session, popupRecords] = await Promise.all([
      this.store.readQuotes(),
      this.store.readSymbols(),
      this.store.readSession(),
      this.store.readPopupRecords(),
    ]);
    for (const quote of quotes) this.quotes.set(quote.id, { quote, source: 'cache' });
    for (const record of popupRecords) this.popupRecordsById.set(record.noticeId, record);
    if (symbols) {
      this.symbols = symbols.symbols;
      this.symbolsFetchedAt = symbols.fetchedAt;
    }
    if (session) {
      // Painted as signed in at once; the probe below confirms it or ends it.
      this.session = { status: 'signedIn', profile: session.profile };
      this.notifications = session.notifications;
    }
    if (this.disposed) return;
    this.realtime = this.options.realtime({
      quote: (message) => this.onSocketQuote(message),
      connection: (connected) => this.onSocketConnection(connected),
      chatMessage: (message) => this.onSocketChatMessage(message),
      book: (message) => this.onSocketBook(message),
      trades: (message) => this.onSocketTrades(message),
      order: (message) => this.onSocketOrder(message),
      balance: (message) => this.onSocketBalance(message),
    });
    const symbolsDueInMs = Math.max(0, this.symbolsFetchedAt + SYMBOL_REFRESH_MS - this.options.clock.now());
    this.symbolPoller.start(this.symbols.length > 0 ? symbolsDueInMs : 0);
    void this.probeSession();
  }

  /** Stops every timer and connection (a dedicated worker's hub ends with its leader tab). */
  dispose(): void {
    this.disposed = true;
    this.symbolPoller.stop();
    this.notificationPoller.stop();
    this.quotePoller.stop();
    this.marketPoller.stop();
    for (const book of this.books.values()) book.close();
    this.books.clear();
    if (this.quoteReadTimer !== null) this.options.clock.clearTimeout(this.quoteReadTimer);
    if (this.quoteWriteTimer !== null) this.options.clock.clearTimeout(this.quoteWriteTimer);
    if (this.pauseTimer !== null) this.options.clock.clearTimeout(this.pauseTimer);
    this.realtime?.close();
    this.store.close();
  }

  // ---- Tabs -------------------------------------------------------------------------------

  async attach(hello: TabHello, port: TabPort): Promise<HubSnapshot> {
    await this.ready;
    const known = this.tabs.get(hello.tabId);
    this.tabs.set(hello.tabId, {
      id: hello.tabId,
      port,
      visible: hello.visible,
      path: hello.path,
      language: hello.language,
      symbolIds: known?.symbolIds ?? new Set(),
      channels: known?.channels ?? new Map(),
      marketIds: known?.marketIds ?? new Set(),
    });
    if (!this.watchedTabIds.has(hello.tabId)) {
      this.watchedTabIds.add(hello.tabId);
      this.options.watchTab?.(hello.tabId, () => {
        this.watchedTabIds.delete(hello.tabId);
        this.dropTab(hello.tabId);
      });
    }
    if (hello.visible || this.activeTabId === null) this.activeTabId = hello.tabId;
    this.reconcileQuotes();
    return { status: this.status(), symbols: this.symbols };
  }

  async detach(tabId: string): Promise<void> {
    this.dropTab(tabId);
  }

  async updateTab(tabId: string, change: Partial<TabState>): Promise<boolean> {
    await this.ready;
    const tab = this.tabs.get(tabId);
    if (!tab) return false;
    const visibilityChanged = change.visible !== undefined && change.visible !== tab.visible;
    tab.visible = change.visible ?? tab.visible;
    tab.path = change.path ?? tab.path;
    tab.language = change.language ?? tab.language;
    if (tab.visible) this.activeTabId = tabId;
    if (visibilityChanged) this.reconcileQuotes();
    return true;
  }

  /** The number of tabs attached; for tests and diagnostics. */
  get tabCount(): number {
    return this.tabs.size;
  }

  private dropTab(tabId: string): void {
    if (!this.tabs.delete(tabId)) return;
    if (this.activeTabId === tabId) this.activeTabId = [...this.tabs.values()].find((tab) => tab.visible)?.id ?? null;
    this.reconcileQuotes();
    this.reconcileChannels();
  }

  private activeTab(): TabRecord | undefined {
    return this.activeTabId === null ? undefined : this.tabs.get(this.activeTabId);
  }

  /**
   * Pushes to one tab. A tab that does not take the push in time is gone (closed, crashed,
   * frozen): it is dropped, and attaches again if it ever comes back.
   */
  private send(tab: TabRecord, message: HubPush): void {
    const delivered = Promise.resolve().then(() => tab.port.push(message));
    withTimeout(delivered, HUB_TIMINGS_MS.tabCall, this.options.clock, 'A tab').catch((error: unknown) => {
      if (!(error instanceof TimeoutError)) this.log('A tab failed to take a push', error);
      else if (this.tabs.get(tab.id) === tab) this.dropTab(tab.id);
    });
  }

  private broadcast(message: HubPush): void {
    for (const tab of this.tabs.values()) this.send(tab, message);
  }

  // ---- Status -----------------------------------------------------------------------------

  status(): HubStatus {
    return {
      buildId: this.options.buildId,
      instanceId: this.instanceId,
      session: this.session,
      notifications: this.notifications,
      storage: this.storageStatus,
      quoteFeed: this.quoteFeed,
      socketConnected: this.socketConnected,
      serverAnswering: this.serverAnswering,
    };
  }

  /** Tells every tab when anything they show about the hub changed. */
  private publishStatus(): void {
    const status = this.status();
    const json = JSON.stringify(status);
    if (json === this.lastStatusJson) return;
    this.lastStatusJson = json;
    this.broadcast({ kind: 'status', status });
  }

  private onStorageStatus(status: StorageStatus): void {
    this.storageStatus = status;
    if (status.state !== 'ok' && status.state !== 'opening') this.log(`Local cache: ${status.state}`, status.detail);
    this.publishStatus();
  }

  // ---- Quotes -----------------------------------------------------------------------------

  async watchQuotes(tabId: string, symbolIds: number[]): Promise<boolean> {
    await this.ready;
    const tab = this.tabs.get(tabId);
    if (!tab) return false;
    const watched = new Set(symbolIds.filter((id) => Number.isSafeInteger(id) && id > 0));
    const known = [...watched].flatMap((id) => {
      const stored = this.quotes.get(id);
      return stored && !tab.symbolIds.has(id) ? [stored] : [];
    });
    tab.symbolIds = watched;
    // The quotes the hub has go out as a push before anything it reads now: one port, one order.
    // Quotes read from IndexedDB at start say so; anything newer is the hub's memory of the network.
    if (known.length > 0) {
      const source: QuoteSource = known.every((stored) => stored.source === 'cache') ? 'cache' : 'network';
      this.send(tab, { kind: 'quotes', quotes: known.map((stored) => stored.quote), source });
    }
    this.reconcileQuotes();
    return true;
  }

  /** The symbols some tab watches while quotes are active; nothing while they are paused. */
  private wantedSymbolIds(): Set<number> {
    const wanted = new Set<number>();
    if (!this.quotesActive) return wanted;
    for (const tab of this.tabs.values()) for (const id of [...tab.symbolIds, ...tab.marketIds]) wanted.add(id);
    return wanted;
  }

  /**
   * Whether quotes flow: while a tab is visible, and for a short grace after the last one hid,
   * so that switching from one of our tabs to another (the old one hides before the new one
   * shows) does not leave and rejoin every channel.
   */
  private updateQuotesActive(): void {
    if ([...this.tabs.values()].some((tab) => tab.visible)) {
      this.noneVisibleSince = null;
      this.quotesActive = true;
      if (this.pauseTimer !== null) this.options.clock.clearTimeout(this.pauseTimer);
      this.pauseTimer = null;
      return;
    }
    const now = this.options.clock.now();
    this.noneVisibleSince ??= now;
    const graceLeftMs = this.noneVisibleSince + HUB_TIMINGS_MS.pauseGrace - now;
    this.quotesActive = this.tabs.size > 0 && graceLeftMs > 0;
    if (this.quotesActive && this.pauseTimer === null) {
      this.pauseTimer = this.options.clock.setTimeout(() => {
        this.pauseTimer = null;
        this.reconcileQuotes();
      }, graceLeftMs);
    }
  }

  /** The wanted symbols the socket carries: at most its channel limit, and not the refused ones. */
  private socketCandidates(wanted: Set<number>): Set<number> {
    const candidates = [...wanted].filter((id) => !this.refusedSymbolIds.has(id)).sort((a, b) => a - b);
    return new Set(candidates.slice(0, REALTIME_LIMITS.subscriptionsMax));
  }

  /**
   * Brings subscriptions, reads and polling in line with the tabs: called whenever tabs,
   * their visibility, their symbols or the socket change.
   */
  private reconcileQuotes(): void {
    if (this.disposed) return;
    this.updateQuotesActive();
    const wanted = this.wantedSymbolIds();
    const socketWanted = this.socketConnected ? this.socketCandidates(wanted) : new Set<number>();
    for (const id of socketWanted) if (!this.socketSymbolIds.has(id)) void this.subscribeSymbol(id);
    for (const id of [...this.socketSymbolIds]) if (!socketWanted.has(id)) this.unsubscribeSymbol(id);
    for (const id of [...this.freshSymbolIds]) if (!wanted.has(id)) this.freshSymbolIds.delete(id);
    for (const id of wanted) if (!this.freshSymbolIds.has(id) && !this.readingSymbolIds.has(id)) this.pendingQuoteReads.add(id);
    this.scheduleQuoteRead();
    const polled = this.polledSymbolIds();
    if (polled.length > 0) this.quotePoller.start(HUB_TIMINGS_MS.quoteFallbackPoll);
    else this.quotePoller.stop();
    this.setQuoteFeed(this.quoteFeedOf(wanted, polled));
    this.reconcileMarkets();
  }

  private quoteFeedOf(wanted: Set<number>, polled: number[]): QuoteFeed {
    if (wanted.size > 0) return polled.length > 0 ? 'polling' : 'live';
    const watching = [...this.tabs.values()].some((tab) => tab.symbolIds.size > 0 || tab.marketIds.size > 0);
    return watching ? 'paused' : 'idle';
  }

  /** Wanted symbols the socket does not carry: polled through /quotation/latest. */
  private polledSymbolIds(): number[] {
    const wanted = this.wantedSymbolIds();
    const socketWanted = this.socketConnected ? this.socketCandidates(wanted) : new Set<number>();
    return [...wanted].filter((id) => !socketWanted.has(id));
  }

  private setQuoteFeed(feed: QuoteFeed): void {
    if (feed === this.quoteFeed) return;
    this.quoteFeed = feed;
    this.publishStatus();
  }

  private async subscribeSymbol(symbolId: number): Promise<void> {
    if (!this.realtime) return;
    this.socketSymbolIds.add(symbolId);
    const accepted = await this.realtime.subscribe(symbolId);
    if (accepted || !this.socketSymbolIds.has(symbolId)) return;
    this.socketSymbolIds.delete(symbolId);
    if (!this.socketConnected) return;
    this.refusedSymbolIds.add(symbolId);
    this.reconcileQuotes();
  }

  private unsubscribeSymbol(symbolId: number): void {
    this.socketSymbolIds.delete(symbolId);
    void this.realtime?.unsubscribe(symbolId);
  }

  private onSocketConnection(connected: boolean): void {
    this.socketConnected = connected;
    this.socketGeneration += 1;
    // The server forgets a socket's channels with the socket; a new socket may accept what an old one refused.
    this.socketSymbolIds.clear();
    this.refusedSymbolIds.clear();
    this.socketChannels.clear();
    this.publishStatus();
    this.reconcileQuotes();
    if (!connected) for (const key of this.wantedChannels().keys()) this.publishChannelState(key);
    this.reconcileChannels();
    // Deltas sent while the socket was away are gone, and a restarted server numbers afresh.
    if (connected) for (const book of this.books.values()) this.resyncBook(book);
  }

  private onSocketQuote(message: QuoteMessage): void {
    if (!this.wantedSymbolIds().has(message.symbolId)) return;
    this.acceptQuotes([message.quote], 'socket');
  }

  private scheduleQuoteRead(): void {
    if (this.pendingQuoteReads.size === 0 || this.quoteReadTimer !== null) return;
    this.quoteReadTimer = this.options.clock.setTimeout(() => {
      this.quoteReadTimer = null;
      const wanted = this.wantedSymbolIds();
      const ids = [...this.pendingQuoteReads].filter((id) => wanted.has(id));
      this.pendingQuoteReads.clear();
      void this.readLatest(ids);
    }, HUB_TIMINGS_MS.quoteFetchBatch);
  }

  private async pollQuotes(): Promise<void> {
    await this.readLatest(this.polledSymbolIds());
  }

  /** POST /quotation/latest for these symbols, in requests of at most LATEST_SYMBOLS_MAX. */
  private async readLatest(symbolIds: number[]): Promise<void> {
    for (let start = 0; start < symbolIds.length; start += LATEST_SYMBOLS_MAX) {
      const ids = symbolIds.slice(start, start + LATEST_SYMBOLS_MAX);
      for (const id of ids) this.readingSymbolIds.add(id);
      try {
        const data = await this.client.post<unknown>(latestCall.path, { body: { symbols: ids.join(',') }, silentAll: true });
        if (data === false) continue;
        for (const id of ids) this.freshSymbolIds.add(id);
        this.acceptQuotes(latestCall.data.parse(data), 'network');
      } catch (error) {
        this.log('Failed to read quotes', error);
      } finally {
        for (const id of ids) this.readingSymbolIds.delete(id);
      }
    }
  }

  /** Keeps the newest quote of each symbol, pushes it to the tabs that watch it and stores it. */
  private acceptQuotes(quotes: Quote[], source: QuoteSource): void {
    const accepted: Quote[] = [];
    for (const quote of quotes) {
      const known = this.quotes.get(quote.id);
      if (known && known.source !== 'cache' && known.quote.t > quote.t) continue;
      this.quotes.set(quote.id, { quote, source });
      this.freshSymbolIds.add(quote.id);
      this.pendingQuoteWrites.set(quote.id, quote);
      accepted.push(quote);
    }
    if (accepted.length === 0) return;
    for (const tab of this.tabs.values()) {
      const forTab = accepted.filter((quote) => tab.symbolIds.has(quote.id));
      if (forTab.length > 0) this.send(tab, { kind: 'quotes', quotes: forTab, source });
    }
    this.scheduleQuoteWrite();
  }

  private scheduleQuoteWrite(): void {
    if (this.quoteWriteTimer !== null) return;
    this.quoteWriteTimer = this.options.clock.setTimeout(() => {
      this.quoteWriteTimer = null;
      const quotes = [...this.pendingQuoteWrites.values()];
      this.pendingQuoteWrites.clear();
      void this.store.writeQuotes(quotes);
    }, HUB_TIMINGS_MS.quoteWriteBatch);
  }

  // ---- Help-desk channels -----------------------------------------------------------------

  async watchChannels(tabId: string, channels: HelpdeskChannel[]): Promise<boolean> {
    await this.ready;
    const tab = this.tabs.get(tabId);
    if (!tab) return false;
    const watched = new Map<string, HelpdeskChannel>();
    for (const channel of channels) {
      const clean = cleanChannel(channel);
      if (clean) watched.set(helpdeskChannelKey(clean), clean);
    }
    const added = [...watched.keys()].filter((key) => !tab.channels.has(key));
    tab.channels = watched;
    this.reconcileChannels();
    // Each channel new to the tab gets its state now; later changes come as they happen.
    for (const key of added) this.send(tab, { kind: 'chatChannel', key, state: this.channelState(key) });
    return true;
  }

  /** Every channel some tab follows, hidden tabs included. */
  private wantedChannels(): Map<string, HelpdeskChannel> {
    const wanted = new Map<string, HelpdeskChannel>();
    for (const tab of this.tabs.values()) for (const [key, channel] of tab.channels) wanted.set(key, channel);
    return wanted;
  }

  private channelState(key: string): HelpdeskChannelState {
    const state = this.socketConnected ? this.socketChannels.get(key)?.state : undefined;
    return state === 'live' || state === 'refused' ? state : 'waiting';
  }

  private publishChannelState(key: string): void {
    const state = this.channelState(key);
    for (const tab of this.tabs.values()) if (tab.channels.has(key)) this.send(tab, { kind: 'chatChannel', key, state });
  }

  /** Joins what tabs follow and leaves what none follows any more; called whenever either changes. */
  private reconcileChannels(): void {
    if (this.disposed) return;
    const wanted = this.wantedChannels();
    for (const key of [...this.channelsRetried]) if (!wanted.has(key)) this.channelsRetried.delete(key);
    for (const [key, held] of [...this.socketChannels]) {
      if (wanted.has(key)) continue;
      this.socketChannels.delete(key);
      if (held.state !== 'refused') void this.realtime?.unsubscribeChannel(held.channel);
    }
    if (!this.socketConnected) return;
    for (const [key, channel] of wanted) if (!this.socketChannels.has(key)) void this.subscribeChannel(key, channel);
  }

  private async subscribeChannel(key: string, channel: HelpdeskChannel): Promise<void> {
    const realtime = this.realtime;
    if (!realtime) return;
    const generation = this.socketGeneration;
    const held: SocketChannel = { channel, state: 'pending' };
    this.socketChannels.set(key, held);
    const answer = await realtime.subscribeChannel(channel);
    if (generation !== this.socketGeneration) return;
    if (this.socketChannels.get(key) !== held) {
      // No tab follows it any more: the leave may have reached the server before this join did.
      if (answer?.ok) void realtime.unsubscribeChannel(channel);
      return;
    }
    if (answer?.ok) {
      held.state = 'live';
    } else if (answer && !this.channelsRetried.has(key)) {
      // A socket's identity is fixed at its handshake. One made before the session cookie existed
      // (a visitor's first chat starts the session) or before a sign-in is refused a chat its
      // session owns: one new handshake presents the session the browser has now.
      this.channelsRetried.add(key);
      this.socketChannels.delete(key);
      if (this.reconnectAskedGeneration !== generation) {
        this.reconnectAskedGeneration = generation;
        realtime.reconnect();
      }
      return;
    } else {
      held.state = 'refused';
    }
    this.publishChannelState(key);
  }

  /** Forwards a help-desk message to the tabs that follow its chat or every chat. */
  private onSocketChatMessage(raw: ChatMessage): void {
    const parsed = helpdeskMessageSchema.safeParse(raw);
    if (!parsed.success) {
      this.log('A help-desk message did not match its schema', parsed.error);
      return;
    }
    const message = parsed.data;
    const chatKey = helpdeskChannelKey({ channel: 'chat', chatId: message.chatId });
    const everyChatKey = helpdeskChannelKey({ channel: 'helpdesk' });
    for (const tab of this.tabs.values()) {
      if (tab.channels.has(chatKey) || tab.channels.has(everyChatKey)) this.send(tab, { kind: 'chatMessage', message });
    }
  }

  // ---- Markets: books, trades, the user's orders ----------------------------------------------

  async watchMarkets(tabId: string, symbolIds: number[]): Promise<boolean> {
    await this.ready;
    const tab = this.tabs.get(tabId);
    if (!tab) return false;
    const watched = new Set(symbolIds.filter((id) => Number.isSafeInteger(id) && id > 0).slice(0, REALTIME_LIMITS.subscriptionsMax));
    const added = [...watched].filter((id) => !tab.marketIds.has(id));
    tab.marketIds = watched;
    // The book the hub has goes out at once; newer changes follow on the same port.
    for (const id of added) {
      const book = this.books.get(id);
      if (book && book.sequence >= 0) this.send(tab, { kind: 'book', book: book.view() });
    }
    this.reconcileQuotes();
    return true;
  }

  /** Markets some tab watches while quotes are active (hidden tabs pause them with the quotes). */
  private wantedMarketIds(): Set<number> {
    const wanted = new Set<number>();
    if (!this.quotesActive) return wanted;
    for (const tab of this.tabs.values()) for (const id of tab.marketIds) wanted.add(id);
    return wanted;
  }

  private reconcileMarkets(): void {
    const wanted = this.wantedMarketIds();
    for (const [id, book] of this.books) {
      if (wanted.has(id)) continue;
      book.close();
      this.books.delete(id);
      this.lastTradeIds.delete(id);
    }
    for (const id of wanted) {
      if (this.books.has(id)) continue;
      const book = new RealtimeBook({
        symbolId: id,
        levelsMax: MARKET_BOOK_LEVELS,
        fetchSnapshot: async () => {
          const answer = await this.client.request<unknown>(fullQuoteCall.method, fullQuoteCall.path, { query: { id }, silentAll: true });
          if (answer === false) throw new Error(`no book snapshot of ${id}`);
          return fullQuoteCall.data.parse(answer).depth;
        },
        onChange: () => this.pushBook(id),
        onError: (error) => this.log(`The book of ${id} could not be read`, error),
      });
      this.books.set(id, book);
      this.resyncBook(book);
    }
    if (wanted.size > 0 && !this.socketConnected) this.marketPoller.start(HUB_TIMINGS_MS.marketFallbackPoll);
    else this.marketPoller.stop();
  }

  private resyncBook(book: RealtimeBook): void {
    book.resync().catch((error: unknown) => this.log('A book resync failed', error));
  }

  private pushBook(symbolId: number): void {
    const book = this.books.get(symbolId);
    if (!book) return;
    const view = book.view();
    for (const tab of this.tabs.values()) if (tab.marketIds.has(symbolId)) this.send(tab, { kind: 'book', book: view });
  }

  private pushTrades(symbolId: number, trades: RealtimeTrade[]): void {
    const last = this.lastTradeIds.get(symbolId) ?? 0;
    const fresh = trades.filter((trade) => trade.id > last).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return;
    this.lastTradeIds.set(symbolId, fresh.at(-1)!.id);
    for (const tab of this.tabs.values()) if (tab.marketIds.has(symbolId)) this.send(tab, { kind: 'trades', symbolId, trades: fresh });
  }

  private onSocketBook(message: BookMessage): void {
    if (!isBookMessage(message)) {
      this.log('A book message did not match its shape');
      return;
    }
    this.books.get(message.symbolId)?.applyMessage(message);
  }

  private onSocketTrades(message: TradesMessage): void {
    if (!isTradesMessage(message)) {
      this.log('A trades message did not match its shape');
      return;
    }
    if (this.books.has(message.symbolId)) this.pushTrades(message.symbolId, message.trades);
  }

  private onSocketOrder(message: OrderMessage): void {
    const order = message?.order;
    if (typeof order !== 'object' || order === null || !Number.isSafeInteger(order.id) || typeof order.status !== 'string') {
      this.log('An order message did not match its shape');
      return;
    }
    this.broadcast({ kind: 'order', order });
  }

  private onSocketBalance(message: BalanceMessage): void {
    const currencies = Array.isArray(message?.currencies) ? message.currencies.filter((currency) => typeof currency === 'string') : [];
    // The cached balances are stale now: the next read goes to the server.
    this.balanceCache = null;
    this.broadcast({ kind: 'balance', currencies });
  }

  /** While the socket is down: each watched book from full_quote and the trades from recent. */
  private async pollMarkets(): Promise<void> {
    await Promise.all(
      [...this.books.entries()].map(async ([id, book]) => {
        try {
          await book.resync();
          const answer = await this.client.request<unknown>(recentCall.method, recentCall.path, { query: { id, limit: RECENT_TRADES_DEFAULT }, silentAll: true });
          if (answer === false) return;
          const trades = recentCall.data.parse(answer).map((trade) => ({ ...trade, symbolId: id }));
          this.pushTrades(id, trades);
        } catch (error) {
          this.log(`The market ${id} could not be read`, error);
        }
      }),
    );
  }

  // ---- Symbols ----------------------------------------------------------------------------

  private async refreshSymbols(): Promise<void> {
    try {
      const data = await this.client.get<unknown>(symbolsCall.path, { silentAll: true });
      if (data === false) return;
      this.symbols = symbolsCall.data.parse(data);
      this.symbolsFetchedAt = this.options.clock.now();
      this.broadcast({ kind: 'symbols', symbols: this.symbols });
      await this.store.writeSymbols(this.symbols, this.symbolsFetchedAt);
    } catch (error) {
      this.log('Failed to sync symbols', error);
    }
  }

  // ---- Config and home config -------------------------------------------------------------

  async config(language: Language): Promise<SiteConfig> {
    await this.ready;
    const now = this.options.clock.now();
    const cached = this.configs.get(language) ?? (await this.storedConfig(language));
    if (cached && now - cached.fetchedAt < CONFIG_CACHE_MS) return cached.value;
    try {
      return await this.once(`config:${language}`, () => this.fetchConfig(language));
    } catch (error) {
      // Offline-first: an old config beats an error page; the next call asks again.
      if (cached) return cached.value;
      throw error;
    }
  }

  /** The footer's link sections (categories 1000 and 1001) per language, kept as long as the config. */
  async footer(language: Language): Promise<FooterSection[]> {
    await this.ready;
    const cached = this.footers.get(language);
    if (cached && this.options.clock.now() - cached.fetchedAt < CONFIG_CACHE_MS) return cached.value;
    return this.once(`footer:${language}`, async () => {
      const data = await this.clientFor(language).get<unknown>(footerCall.path, { silentAll: true });
      if (data === false) throw new Error('The platform could not be reached');
      const sections = footerCall.data.parse(data);
      this.footers.set(language, { value: sections, fetchedAt: this.options.clock.now() });
      return sections;
    });
  }

  private async storedConfig(language: Language): Promise<Cached<SiteConfig> | undefined> {
    const record = await this.store.readConfig(language);
    if (!record) return undefined;
    const cached = { value: record.config, fetchedAt: record.fetchedAt };
    this.configs.set(language, cached);
    return cached;
  }

  private async fetchConfig(language: Language): Promise<SiteConfig> {
    const data = await this.clientFor(language).get<unknown>(configCall.path, { silentAll: true });
    if (data === false) throw new Error('The platform could not be reached');
    const config = configCall.data.parse(data);
    const fetchedAt = this.options.clock.now();
    this.configs.set(language, { value: config, fetchedAt });
    this.onSiteConfig(config);
    await this.store.writeConfig(language, config, fetchedAt);
    return config;
  }

  private onSiteConfig(config: SiteConfig): void {
    if (config.notificationEnabled === this.siteNotificationsEnabled) return;
    this.siteNotificationsEnabled = config.notificationEnabled;
    this.updateNotificationPolling();
  }

  async home(language: Language, referralCode: string | null): Promise<Home> {
    await this.ready;
    const key = homeKey(language, referralCode);
    const now = this.options.clock.now();
    const cached = this.homes.get(key) ?? (await this.store.readHome(language, referralCode, now));
    if (cached && cached.expiresAt > now) return cached.home;
    return this.once(`home:${key}`, async () => {
      const query = { lang: language, referralCode: referralCode ?? undefined };
      const data = await this.clientFor(language).get<unknown>(homeCall.path, { query, silentAll: true });
      if (data === false) throw new Error('The platform could not be reached');
      const home = homeCall.data.parse(data);
      const expiresAt = this.options.clock.now() + HOME_CONFIG_CACHE_MS;
      this.homes.set(key, { home, expiresAt });
      await this.store.writeHome(language, referralCode, home, expiresAt);
      return home;
    });
  }

  // ---- Popup notices ----------------------------------------------------------------------

  async popupRecords(): Promise<PopupRecord[]> {
    await this.ready;
    return [...this.popupRecordsById.values()];
  }

  async recordPopup(record: PopupRecord): Promise<void> {
    await this.ready;
    this.popupRecordsById.set(record.noticeId, record);
    await this.store.writePopupRecord(record);
  }

  // ---- Session and notifications ----------------------------------------------------------

  async signIn(form: SignInForm): Promise<SignInResult> {
    await this.ready;
    try {
      const data = await this.client.post<unknown>(signInCall.path, { body: { ...form }, silentAll: true });
      if (data === false) return { ok: false, code: 502, message: 'The platform could not be reached' };
      const signedIn = signInCall.data.parse(data);
      // The session rotated at sign-in: its token comes with the answer.
      this.client.resetCsrf(signedIn.csrfToken);
      await this.beginSession(signedIn.profile);
      return { ok: true, profile: signedIn.profile };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, code: error.code, message: error.message, fields: error.fields };
      this.log('Sign-in failed', error);
      return { ok: false, code: 0, message: error instanceof Error ? error.message : String(error) };
    }
  }

  async signOut(): Promise<void> {
    await this.ready;
    try {
      await this.client.post(signOutCall.path, { silentAll: true });
    } catch (error) {
      // spec 8: logout failures are only logged; the user is signed out here either way.
      this.log('Sign-out failed', error);
    }
    await this.endSession(false);
  }

  async sessionChanged(): Promise<void> {
    await this.ready;
    this.client.resetCsrf();
    await this.probeSession();
  }

  async refreshNotifications(): Promise<void> {
    await this.ready;
    if (this.notificationPoller.running) await this.pollNotifications();
  }

  /**
   * The signed-in profile the hub holds (read at start and at sign-in); `force` reads it again,
   * one request for every tab that asks at the same time.
   */
  async profile(force: boolean): Promise<Profile | null> {
    await this.ready;
    if (force && this.session.status !== 'signedOut') await this.once('profile', () => this.probeSession());
    return this.session.status === 'signedIn' ? this.session.profile : null;
  }

  /**
   * The signed-in user's balances (/balance/list), read once for every tab per value of the
   * local assets flag (spec 4): tabs that see the same flag share one answer; a changed flag
   * reads again; `force` reads again in any case (the overview opened, R-STATE-10). Null when
   * signed out or when they cannot be read (spec 8: logged only).
   */
  async balances(flag: string, force = false): Promise<Balance[] | null> {
    await this.ready;
    if (this.session.status !== 'signedIn') return null;
    if (!force && this.balanceCache?.flag === flag) return this.balanceCache.balances;
    const epoch = this.sessionEpoch;
    try {
      return await this.once(`balances:${flag}:${force}`, async () => {
        const data = await this.client.post<unknown>(balanceListCall.path, { silentAll: true });
        if (data === false) return null;
        const balances = balanceListCall.data.parse(data);
        // A sign-out or another user while the read was out: the answer is not this session's.
        if (this.sessionEpoch !== epoch) return null;
        this.balanceCache = { flag, balances };
        return balances;
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) this.log('Failed to read the balances', error);
      return null;
    }
  }

  /** Asks the server who is signed in: a profile, or a 401 that handleUnauthorized takes. */
  private async probeSession(): Promise<void> {
    try {
      const data = await this.client.post<unknown>(profileCall.path, { silentAll: true });
      if (data === false) return;
      const profile = profileCall.data.parse(data);
      if (this.session.status === 'signedOut') {
        // A tab signed in by itself: the socket and the symbol list change identity too.
        await this.beginSession(profile);
        return;
      }
      // At start (or confirming the cached session) the socket and the symbol read already went
      // out with this session's cookie: only the session itself is new to the hub.
      this.session = { status: 'signedIn', profile };
      this.publishStatus();
      await this.store.writeSession(profile, this.notifications);
      this.updateNotificationPolling();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      this.log('Failed to read the profile', error);
    }
  }

  private async beginSession(profile: Profile): Promise<void> {
    this.sessionEpoch += 1;
    this.balanceCache = null;
    this.session = { status: 'signedIn', profile };
    this.notifications = null;
    this.publishStatus();
    await this.store.writeSession(profile, null);
    this.afterSessionChange();
  }

  /** Sign-out, or a 401: the user's data goes from memory and from IndexedDB. */
  private async endSession(unauthorized: boolean): Promise<void> {
    const wasSignedIn = this.session.status === 'signedIn';
    this.session = { status: 'signedOut' };
    this.notifications = null;
    this.client.resetCsrf();
    for (const client of this.languageClients.values()) client.resetCsrf();
    // Test-only symbols belong to the account that may see them; the config is read again.
    this.symbols = this.symbols.filter((symbol) => !symbol.testOnly);
    this.configs.clear();
    this.sessionEpoch += 1;
    this.balanceCache = null;
    this.publishStatus();
    if (unauthorized && wasSignedIn) this.broadcast({ kind: 'unauthorized' });
    await this.store.clearUserData();
    if (wasSignedIn) this.afterSessionChange();
    else this.updateNotificationPolling();
  }

  /** The new identity needs a new socket, its own symbol list and its own notifications. */
  private afterSessionChange(): void {
    this.realtime?.reconnect();
    this.symbolPoller.restart();
    this.updateNotificationPolling();
  }

  /** The client's 401 handler: the session is gone, whatever this hub believed. */
  private handleUnauthorized(): void {
    if (this.session.status === 'signedIn') {
      void this.endSession(true);
    } else if (this.session.status === 'unknown') {
      this.session = { status: 'signedOut' };
      this.publishStatus();
    }
  }

  private updateNotificationPolling(): void {
    const wanted = this.session.status === 'signedIn' && this.siteNotificationsEnabled && this.notifications?.enabled !== false;
    if (wanted) this.notificationPoller.start(0);
    else this.notificationPoller.stop();
  }

  private async pollNotifications(): Promise<void> {
    if (this.session.status !== 'signedIn') return;
    const read = ++this.notificationReadsStarted;
    try {
      const data = await this.client.post<unknown>(notificationStatusCall.path, { silentAll: true });
      // A read that started before a newer, already applied one (refreshNotifications) is stale.
      if (data === false || this.session.status !== 'signedIn' || read < this.notificationReadApplied) return;
      this.notificationReadApplied = read;
      const notifications = notificationStatusCall.data.parse(data);
      const changed = notifications.enabled !== this.notifications?.enabled || notifications.unread !== this.notifications?.unread;
      this.notifications = notifications;
      if (!changed) return;
      this.publishStatus();
      await this.store.writeSession(this.session.profile, notifications);
      if (!notifications.enabled) this.updateNotificationPolling();
    } catch (error) {
      // spec 8: notification failures are only logged (a 401 has gone to handleUnauthorized).
      if (!(error instanceof ApiError && error.status === 401)) this.log('Failed to read notifications', error);
    }
  }

  // ---- Plumbing ---------------------------------------------------------------------------

  private createClient(language: () => Language): ApiClient {
    return new ApiClient({
      fetch: this.options.fetch,
      origin: this.options.origin,
      handlers: {
        toast: (message, durationMs) => this.toastVisibleTabs(message, durationMs),
        onUnauthorized: () => this.handleUnauthorized(),
        language,
        currentPath: () => this.activeTab()?.path ?? '/',
        serverAnswered: (answered, sentAt) => this.noteServerAnswered(answered, sentAt),
      },
    });
  }

  /**
   * Whether the server answers is part of the status: the tabs show offline from it. An answer to
   * a request sent before the last one that got none says nothing about now.
   */
  private noteServerAnswered(answered: boolean, sentAt: number): void {
    if (answered && sentAt < this.noAnswerSince) return;
    if (!answered) this.noAnswerSince = Date.now();
    if (answered === this.serverAnswering) return;
    this.serverAnswering = answered;
    this.publishStatus();
  }

  /** Reads in a given language (config, home) go through a client that sends that language. */
  private clientFor(language: Language): ApiClient {
    let client = this.languageClients.get(language);
    if (!client) {
      client = this.createClient(() => language);
      this.languageClients.set(language, client);
    }
    return client;
  }

  private toastVisibleTabs(message: string, durationMs = ERROR_TOAST_MS): void {
    for (const tab of this.tabs.values()) if (tab.visible) this.send(tab, { kind: 'toast', message, durationMs });
  }

  /** Concurrent callers of the same read share one request. */
  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const request = read().finally(() => this.inflight.delete(key));
    this.inflight.set(key, request);
    return request;
  }

  private log(message: string, error?: unknown): void {
    (this.options.log ?? ((text, detail) => console.warn(text, detail)))(message, error);
  }
}

function isDecimalText(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,20}(\.\d{1,18})?$/.test(value);
}

/** A book delta as the server sends it (shared/realtime.ts), checked before it touches a book. */
function isBookMessage(message: unknown): message is BookMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { symbolId, sequence, changes } = message as Partial<BookMessage>;
  return (
    Number.isSafeInteger(symbolId) &&
    Number.isSafeInteger(sequence) &&
    Array.isArray(changes) &&
    changes.every((change) => (change?.side === 'buy' || change?.side === 'sell') && isDecimalText(change.price) && isDecimalText(change.quantity))
  );
}

function isTradesMessage(message: unknown): message is TradesMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { symbolId, trades } = message as Partial<TradesMessage>;
  return (
    Number.isSafeInteger(symbolId) &&
    Array.isArray(trades) &&
    trades.every(
      (trade) =>
        Number.isSafeInteger(trade?.id) &&
        isDecimalText(trade.price) &&
        isDecimalText(trade.quantity) &&
        (trade.takerSide === 'buy' || trade.takerSide === 'sell') &&
        Number.isFinite(trade.time),
    )
  );
}
