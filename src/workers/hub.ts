/**
 * The hub (ARCHITECTURE.md, "The hub"): the one place that does network work for every open tab.
 * This file composes it: the core (the tabs and their topics, the socket, storage, the API
 * client and whether the server answers it) and the feeds (src/workers/feeds), one per stream:
 *
 * - quotes: the watched symbols' quotes, from the socket's market channels or /quotation/latest;
 * - symbols: the symbol list every SYMBOL_REFRESH_MS, and again after sign-in and sign-out;
 * - markets: the book and trades of the markets tabs trade on;
 * - index prices: the futures and binary-option symbols' index, and its history for charts;
 * - chats: the help-desk chats tabs follow, on the same socket;
 * - notifications: the unread count every NOTIFICATION_POLL_MS while signed in;
 * - session: who is signed in, sign-in and sign-out, every 401;
 * - account: the user's balances and the order and balance events of their private channel;
 * - futures: the user's futures stats and open positions, kept from their private channel;
 * - boption: the user's open binary options and their results, from their private channel;
 * - site: the config, the footer and the home config, cached, and the popup records.
 *
 * The hub calls each feed's hooks (core/feed.ts) when tabs, the socket or the session change, and
 * its surface for tabs (HubApi) hands each call to the feed that serves it. It takes its fetch,
 * socket, clock, storage and tab-lock watcher from outside, so the same hub runs in a
 * SharedWorker, in a leader tab's dedicated worker and in unit tests.
 */
import type { Profile } from '../shared/api/account';
import type { Balance } from '../shared/api/balance';
import type { FooterSection } from '../shared/api/content';
import type { Home } from '../shared/api/home';
import type { SiteConfig } from '../shared/api/site';
import { ApiClient } from '../shared/client/client';
import { ERROR_TOAST_MS } from '../shared/constants';
import { DEFAULT_REQUEST_LANGUAGE, type Language } from '../shared/languages';
import { randomId } from '../shared/random-id';
import type { Clock } from './clock';
import type { Feed, HubContext, SessionChange } from './core/feed';
import { HubSocket } from './core/socket';
import type { HubStore } from './core/storage';
import { Tabs } from './core/tabs';
import { AccountFeed } from './feeds/account';
import { BoptionFeed } from './feeds/boption';
import { ChatsFeed } from './feeds/chats';
import { FuturesFeed } from './feeds/futures';
import { IndexPricesFeed } from './feeds/index-prices';
import { MarketsFeed } from './feeds/markets';
import { NotificationsFeed } from './feeds/notifications';
import { QuotesFeed } from './feeds/quotes';
import { SessionFeed } from './feeds/session';
import { SiteFeed } from './feeds/site';
import { SymbolsFeed } from './feeds/symbols';
import {
  HUB_TIMINGS_MS,
  type HubApi,
  type HubSnapshot,
  type HubStatus,
  type PopupRecord,
  type SignInForm,
  type SignInResult,
  type StorageStatus,
  type TabHello,
  type TabPort,
  type TabState,
  type Topic,
} from './protocol';
import type { RealtimeFactory } from './realtime-link';

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

export class Hub implements HubApi {
  /** Tells tabs apart one hub from the next (a new leader, a restarted SharedWorker). */
  private readonly instanceId = randomId();
  private readonly tabs: Tabs;
  private readonly socket: HubSocket;
  private readonly storage: HubStore;
  private readonly api: ApiClient;
  private readonly languageClients = new Map<Language, ApiClient>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private storageStatus: StorageStatus = { state: 'opening' };
  private serverAnswering: boolean | null = null;
  /** When a request last got no answer (wall clock, as the client core's sentAt). */
  private noAnswerSince = 0;
  private lastStatusJson = '';

  private readonly session: SessionFeed;
  private readonly symbols: SymbolsFeed;
  private readonly quotes: QuotesFeed;
  private readonly notifications: NotificationsFeed;
  private readonly account: AccountFeed;
  private readonly site: SiteFeed;
  private readonly feeds: Feed[];
  private readonly ready: Promise<void>;
  private disposed = false;

  constructor(private readonly options: HubOptions) {
    const log = (message: string, error?: unknown) => this.log(message, error);
    this.tabs = new Tabs({ clock: options.clock, watchTab: options.watchTab, onChange: () => this.tabsChanged(), log });
    this.socket = new HubSocket({ onConnection: (connected) => this.connectionChanged(connected), log });
    this.storage = options.createStore((status) => this.storageChanged(status));
    this.api = this.createClient(() => this.tabs.active()?.language ?? DEFAULT_REQUEST_LANGUAGE);
    const context: HubContext = {
      clock: options.clock,
      api: this.api,
      apiIn: (language) => this.clientFor(language),
      tabs: this.tabs,
      socket: this.socket,
      storage: this.storage,
      session: () => this.session.state,
      sessionEpoch: () => this.session.epoch,
      statusChanged: () => this.publishStatus(),
      once: (key, read) => this.once(key, read),
      log,
    };
    this.session = new SessionFeed(context, { onChange: (change) => this.identityChanged(change), resetCsrf: () => this.resetCsrf() });
    this.symbols = new SymbolsFeed(context);
    this.quotes = new QuotesFeed(context);
    this.notifications = new NotificationsFeed(context);
    this.account = new AccountFeed(context);
    this.site = new SiteFeed(context, (config) => this.notifications.siteConfigured(config.notificationEnabled));
    const markets = new MarketsFeed(context);
    const chats = new ChatsFeed(context);
    const futures = new FuturesFeed(context);
    const indexPrices = new IndexPricesFeed(context);
    const boption = new BoptionFeed(context);
    // The order of their hooks: the session first (the others read it), the symbols before the probe.
    this.feeds = [this.session, this.symbols, this.quotes, markets, indexPrices, chats, this.notifications, this.account, futures, boption, this.site];
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
      void this.storage.open().then(() => {
        this.options.clock.clearTimeout(timer);
        resolve();
      });
    });
    await Promise.all(this.feeds.map((feed) => feed.restore?.()));
    if (this.disposed) return;
    this.socket.open(this.options.realtime);
    for (const feed of this.feeds) feed.start?.();
  }

  /** Stops every timer and connection (a dedicated worker's hub ends with its leader tab). */
  dispose(): void {
    this.disposed = true;
    for (const feed of this.feeds) feed.dispose?.();
    this.tabs.dispose();
    this.socket.close();
    this.storage.close();
  }

  // ---- What tabs call ---------------------------------------------------------------------

  async attach(hello: TabHello, port: TabPort): Promise<HubSnapshot> {
    await this.ready;
    this.tabs.attach(hello, port);
    return { status: this.status(), symbols: this.symbols.symbols };
  }

  async detach(tabId: string): Promise<void> {
    this.tabs.drop(tabId);
  }

  async updateTab(tabId: string, change: Partial<TabState>): Promise<boolean> {
    await this.ready;
    return this.tabs.update(tabId, change);
  }

  async watch(tabId: string, topics: Topic[]): Promise<boolean> {
    await this.ready;
    const tab = this.tabs.get(tabId);
    const added = this.tabs.setTopics(tabId, Array.isArray(topics) ? topics : []);
    if (!tab || !added) return false;
    // What the feeds have goes out before anything they read now: one port, one order.
    for (const feed of this.feeds) feed.greet?.(tab, added);
    this.tabsChanged();
    return true;
  }

  async config(language: Language): Promise<SiteConfig> {
    await this.ready;
    return this.site.config(language);
  }

  async footer(language: Language): Promise<FooterSection[]> {
    await this.ready;
    return this.site.footer(language);
  }

  async home(language: Language, referralCode: string | null): Promise<Home> {
    await this.ready;
    return this.site.home(language, referralCode);
  }

  async popupRecords(): Promise<PopupRecord[]> {
    await this.ready;
    return this.site.popupRecords();
  }

  async recordPopup(record: PopupRecord): Promise<void> {
    await this.ready;
    await this.site.recordPopup(record);
  }

  async signIn(form: SignInForm): Promise<SignInResult> {
    await this.ready;
    return this.session.signIn(form);
  }

  async signOut(): Promise<void> {
    await this.ready;
    await this.session.signOut();
  }

  async sessionChanged(): Promise<void> {
    await this.ready;
    await this.session.changedElsewhere();
  }

  async refreshNotifications(): Promise<void> {
    await this.ready;
    await this.notifications.refresh();
  }

  async profile(force: boolean): Promise<Profile | null> {
    await this.ready;
    return this.session.profile(force);
  }

  async balances(flag: string, force = false): Promise<Balance[] | null> {
    await this.ready;
    return this.account.balances(flag, force);
  }

  /** The number of tabs attached; for tests and diagnostics. */
  get tabCount(): number {
    return this.tabs.size;
  }

  status(): HubStatus {
    return {
      buildId: this.options.buildId,
      instanceId: this.instanceId,
      session: this.session.state,
      notifications: this.notifications.state,
      storage: this.storageStatus,
      quoteFeed: this.quotes.state,
      socketConnected: this.socket.connected,
      serverAnswering: this.serverAnswering,
    };
  }

  // ---- What the feeds hear of -------------------------------------------------------------

  private tabsChanged(): void {
    if (this.disposed) return;
    for (const feed of this.feeds) feed.tabsChanged?.();
  }

  private connectionChanged(connected: boolean): void {
    this.publishStatus();
    if (this.disposed) return;
    for (const feed of this.feeds) feed.connectionChanged?.(connected);
  }

  /** Every feed forgets or fetches what belongs to the user; a new identity needs a new socket. */
  private identityChanged(change: SessionChange): void {
    for (const feed of this.feeds) feed.sessionChanged?.(change);
    if (change.kind === 'began' || (change.kind === 'ended' && change.wasSignedIn)) this.socket.reconnect();
    this.publishStatus();
  }

  private storageChanged(status: StorageStatus): void {
    this.storageStatus = status;
    if (status.state !== 'ok' && status.state !== 'opening') this.log(`Local cache: ${status.state}`, status.detail);
    this.publishStatus();
  }

  /** Tells every tab when anything they show about the hub changed. */
  private publishStatus(): void {
    const status = this.status();
    const json = JSON.stringify(status);
    if (json === this.lastStatusJson) return;
    this.lastStatusJson = json;
    this.tabs.broadcast({ kind: 'status', status });
  }

  // ---- Plumbing ---------------------------------------------------------------------------

  private createClient(language: () => Language): ApiClient {
    return new ApiClient({
      fetch: this.options.fetch,
      origin: this.options.origin,
      handlers: {
        toast: (message, durationMs = ERROR_TOAST_MS) => this.tabs.sendVisible({ kind: 'toast', message, durationMs }),
        onUnauthorized: () => this.session.unauthorized(),
        language,
        currentPath: () => this.tabs.active()?.path ?? '/',
        serverAnswered: (answered, sentAt) => this.noteServerAnswered(answered, sentAt),
      },
    });
  }

  /** Reads in a given language (config, home, footer) go through a client that sends that language. */
  private clientFor(language: Language): ApiClient {
    let client = this.languageClients.get(language);
    if (!client) {
      client = this.createClient(() => language);
      this.languageClients.set(language, client);
    }
    return client;
  }

  private resetCsrf(): void {
    this.api.resetCsrf();
    for (const client of this.languageClients.values()) client.resetCsrf();
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
