/**
 * What crosses the thread boundary between a tab and the hub (ARCHITECTURE.md, "The hub"): the calls a
 * tab makes, the one method the hub calls back in a tab, the pushes it sends, and the names that
 * tie a hub to its build. Everything here is structured-clonable, so the same calls travel over
 * comlink (SharedWorker, or the leader's dedicated worker) and over the BroadcastChannel relay
 * that followers use when there is no SharedWorker. No DOM, no worker globals.
 */
import type { Profile } from '../shared/api/account';
import type { Balance } from '../shared/api/balance';
import type { BoptionOrder } from '../shared/api/boption';
import type { FooterSection } from '../shared/api/content';
import type { FuturesPosition, FuturesStats } from '../shared/api/futures';
import type { Home } from '../shared/api/home';
import type { MarketSymbol, Quote } from '../shared/api/market';
import type { SiteConfig } from '../shared/api/site';
import type { Language } from '../shared/languages';
import type { IndexPoint } from '../shared/api/index-price';
import type { BookSnapshot, ChatMessage, IndexMessage, RealtimeOrder, RealtimeTrade } from '../shared/realtime';

/** Timings of the hub that the spec does not fix; the spec's own live in shared/constants.ts. */
export const HUB_TIMINGS_MS = {
  /** A call from the hub into a tab; past it the tab counts as gone and is dropped. */
  tabCall: 5_000,
  /** /quotation/latest polling while the socket is down (the socket pushes at most 1/s). */
  quoteFallbackPoll: 4_000,
  /** Quotes arriving in this window are written to IndexedDB together. */
  quoteWriteBatch: 1_000,
  /** New subscriptions arriving in this window share one /quotation/latest request. */
  quoteFetchBatch: 30,
  /** A tab's call into the hub: a network call inside may take the whole request timeout. */
  hubCall: 35_000,
  /** How long the hub waits for IndexedDB to open (an old tab may block an upgrade) before it starts from memory. */
  storeOpenWait: 3_000,
  /** Quotes pause this long after the last visible tab hid (switching tabs hides one first). */
  pauseGrace: 1_000,
  /** How long a follower waits for a leader to answer before it asks again. */
  leaderQuery: 250,
  /** Book snapshots and recent trades of watched markets while the socket is down. */
  marketFallbackPoll: 2_000,
} as const;

/** Levels a side the hub keeps of a watched market's book (full_quote's depth limit). */
export const MARKET_BOOK_LEVELS = 50;

/** Every name carries the build id, so an old and a new build never share a hub (or a leader). */
export function hubName(buildId: string): string {
  return `exchange-hub:${buildId}`;
}

/** The lock a tab holds for its whole life; the hub asks for it to learn when the tab is gone. */
export function tabLockName(buildId: string, tabId: string): string {
  return `${hubName(buildId)}:tab:${tabId}`;
}

/** Without SharedWorker, the tab holding this lock runs the hub in a dedicated worker. */
export function leaderLockName(buildId: string): string {
  return `${hubName(buildId)}:leader`;
}

/** Followers reach the leader's hub over this BroadcastChannel. */
export function leaderChannelName(buildId: string): string {
  return `${hubName(buildId)}:relay`;
}

export type SessionState =
  | { status: 'unknown' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; profile: Profile };

/**
 * IndexedDB as the hub sees it. Anything but 'ok' is shown to the user: the hub then works from
 * memory and the next tab paints without a cache.
 */
export interface StorageStatus {
  state: 'opening' | 'ok' | 'blocked' | 'full' | 'closed' | 'unavailable' | 'failed';
  /** The browser's own message, for the notice and for a bug report. */
  detail?: string;
}

/** live: the socket's market channels; polling: /quotation/latest; paused: no tab is visible. */
export type QuoteFeed = 'idle' | 'live' | 'polling' | 'paused';

export interface NotificationState {
  enabled: boolean;
  unread: number;
}

export interface HubStatus {
  buildId: string;
  /** Different for every hub that starts: a tab sees a hand-over or a restarted hub by it. */
  instanceId: string;
  session: SessionState;
  /** Null until the first status answer, and while signed out. */
  notifications: NotificationState | null;
  storage: StorageStatus;
  quoteFeed: QuoteFeed;
  socketConnected: boolean;
  /**
   * Whether the hub's last request got an answer from the server (any HTTP status); null before
   * its first. False after one got none: the tabs show offline from what the app observes, not
   * from navigator.onLine.
   */
  serverAnswering: boolean | null;
}

/**
 * The name a hub call's error carries to the tab when the hub's request got no answer from the
 * server. comlink and the relay keep only an error's name and message, so the tab tells "offline"
 * from any other failure by this name.
 */
export const NO_ANSWER_ERROR_NAME = 'NetworkError';

/** Where a quote came from: the IndexedDB cache, a /quotation/latest answer, or the socket. */
export type QuoteSource = 'cache' | 'network' | 'socket';

export interface QuoteUpdate {
  quotes: Quote[];
  source: QuoteSource;
}

/**
 * What a tab watches through the hub. Each kind is served by one feed (src/workers/feeds): the
 * quotes of a symbol; a market's book and trades (its quote flows too); one help-desk chat, which
 * its owner or an operator may follow; `helpdesk`, every chat's messages, for operators;
 * `futures`, the signed-in user's futures account (stats and open positions); `index` and
 * `indexHistory`, an index symbol's price and its recent points. A tab sends its whole set with
 * `watch`; the hub serves the union of every tab's sets.
 */
export type Topic =
  | { kind: 'quotes'; symbolId: number }
  | { kind: 'market'; symbolId: number }
  | { kind: 'chat'; chatId: string }
  | { kind: 'helpdesk' }
  | { kind: 'futures' }
  /** The signed-in user's binary options: the open ones and each placed or settled (feeds/boption.ts). */
  | { kind: 'boption' }
  /** A futures or binary-option symbol's index price, as it is sampled (feeds/index-prices.ts). */
  | { kind: 'index'; symbolId: number }
  /** The same with its last INDEX_HISTORY_SECONDS of points, for a chart. */
  | { kind: 'indexHistory'; symbolId: number };

export type TopicKind = Topic['kind'];
export type TopicOf<K extends TopicKind> = Extract<Topic, { kind: K }>;

/**
 * A topic's name in counts, pushes and logs. A help-desk topic's name is the server's own channel
 * name (shared/realtime.ts chatChannel), written out here because that module carries zod, which a
 * tab's first paint does without.
 */
export function topicKey(topic: Topic): string {
  switch (topic.kind) {
    case 'quotes':
      return `quotes=${topic.symbolId}`;
    case 'market':
      return `market=${topic.symbolId}`;
    case 'chat':
      return `chat=${topic.chatId}`;
    case 'helpdesk':
      return 'helpdesk';
    case 'futures':
      return 'futures';
    case 'boption':
      return 'boption';
    case 'index':
      return `index=${topic.symbolId}`;
    case 'indexHistory':
      return `indexHistory=${topic.symbolId}`;
  }
}

/**
 * Where the hub stands with a help-desk topic: joined on the socket, refused by the server (not
 * this session's chat, not an operator), or waiting for the socket to come up.
 */
export type HelpdeskChannelState = 'live' | 'refused' | 'waiting';

/**
 * The signed-in user's futures account as the hub keeps it (feeds/futures.ts): the stats at the
 * marks of their last read and the pending and open positions, newest first; null until read.
 */
export interface FuturesAccount {
  stats: FuturesStats | null;
  positions: FuturesPosition[] | null;
}

export type HubPush =
  | { kind: 'status'; status: HubStatus }
  | { kind: 'symbols'; symbols: MarketSymbol[] }
  | ({ kind: 'quotes' } & QuoteUpdate)
  /** A help-desk message (new, or hidden by an operator) of a chat the tab follows. */
  | { kind: 'chatMessage'; message: ChatMessage }
  /** A help-desk topic the tab follows changed state (and once when the tab starts following it); key is its topicKey. */
  | { kind: 'chatChannel'; key: string; state: HelpdeskChannelState }
  /** The hub's copy of a market's book a tab watches, after every change. */
  | { kind: 'book'; book: BookSnapshot }
  /** New trades of a market a tab watches, oldest first. */
  | { kind: 'trades'; symbolId: number; trades: RealtimeTrade[] }
  /** A sampling round's prices of the index symbols the tab watches (either topic kind); a tab appends them to the histories it holds. */
  | ({ kind: 'index' } & IndexMessage)
  /** The hub's whole history of an index symbol the tab watches with `indexHistory`, oldest first: it replaces the tab's. */
  | { kind: 'indexHistory'; symbolId: number; points: IndexPoint[] }
  /** The signed-in user's order changed (the private channel): every tab gets it. */
  | { kind: 'order'; order: RealtimeOrder }
  /** The signed-in user's balances changed in these currencies: every tab gets it. */
  | { kind: 'balance'; currencies: string[] }
  /**
   * The futures account after every change, to the tabs watching `futures`; `changed` is the
   * position whose private `futures` event caused it (a trade popup), null after a read.
   */
  | { kind: 'futures'; account: FuturesAccount; changed: FuturesPosition | null }
  /**
   * The user's open binary options after every change (null until read), to the tabs watching
   * `boption`, soonest expiry first; `changed` is the order a private `boption` event placed or
   * settled (or one found settled after a reconnect), null after a read.
   */
  | { kind: 'boption'; open: BoptionOrder[] | null; changed: BoptionOrder | null }
  | { kind: 'toast'; message: string; durationMs: number }
  /** A 401 ended the session: the tab goes to login unless its page is exempt (spec 4). */
  | { kind: 'unauthorized' };

/** The one thing the hub calls in a tab. */
export interface TabPort {
  push(message: HubPush): void | Promise<void>;
}

export interface TabState {
  visible: boolean;
  /** The path the tab shows, for the formPage parameter (spec 7). */
  path: string;
  /** The tab's request language (spec 7: the stored language, default en). */
  language: Language;
}

export interface TabHello extends TabState {
  tabId: string;
}

/** What a tab gets when it attaches: enough to paint at once. */
export interface HubSnapshot {
  status: HubStatus;
  symbols: MarketSymbol[];
}

export interface SignInForm {
  username: string;
  password: string;
  countryCode?: string;
  captcha?: string;
  /** The Google Authenticator code, asked for once the server answered errcode 101. */
  gaCode?: string;
}

/** Refusals come back as data: comlink keeps only an error's message, a form needs its code. */
export type SignInResult =
  | { ok: true; profile: Profile }
  | { ok: false; code: number; message: string; fields?: Record<string, string> };

export interface PopupRecord {
  noticeId: number;
  /** The popup day number (spec 9) it was last shown on. */
  dayNumber: number;
  shownAt: number;
}

/**
 * The calls a tab makes. Calls that name a tab answer false (or throw NotAttachedError through
 * the relay) when the hub does not know that tab, which happens after a hand-over or after the
 * hub dropped a tab that stopped answering; the bridge then attaches again.
 */
export interface HubApi {
  attach(hello: TabHello, port: TabPort): Promise<HubSnapshot>;
  detach(tabId: string): Promise<void>;
  updateTab(tabId: string, change: Partial<TabState>): Promise<boolean>;
  /**
   * Replaces the tab's set of topics. What the hub has for a topic new to the tab comes as a push
   * at once, ahead of anything newer (pushes share one port, so keep their order): quotes, a
   * book, a help-desk topic's state. Quotes and markets flow while some tab is visible; help-desk
   * topics stay joined while the tab is hidden, since a message that arrives off screen is what
   * the widget's notice is for.
   */
  watch(tabId: string, topics: Topic[]): Promise<boolean>;
  config(language: Language): Promise<SiteConfig>;
  home(language: Language, referralCode: string | null): Promise<Home>;
  popupRecords(): Promise<PopupRecord[]>;
  recordPopup(record: PopupRecord): Promise<void>;
  signIn(form: SignInForm): Promise<SignInResult>;
  signOut(): Promise<void>;
  /** A tab changed the session by other means: the hub asks the server who is signed in. */
  sessionChanged(): Promise<void>;
  /** A tab marked notifications read: the hub reads the unread count now, for every tab. */
  refreshNotifications(): Promise<void>;
  /** The footer's link sections in a language (shared by every tab, kept CONFIG_CACHE_MS). */
  footer(language: Language): Promise<FooterSection[]>;
  /** The signed-in profile; `force` reads it again from the server. Null when signed out. */
  profile(force: boolean): Promise<Profile | null>;
  /** The signed-in user's balances for a value of the local assets flag (force: read again); null when signed out or unreadable. */
  balances(flag: string, force?: boolean): Promise<Balance[] | null>;
}

export type HubMethod = keyof HubApi;

/** The calls the relay forwards for followers (attach travels without its port). */
export const HUB_METHODS = [
  'attach',
  'detach',
  'updateTab',
  'watch',
  'config',
  'home',
  'popupRecords',
  'recordPopup',
  'signIn',
  'signOut',
  'sessionChanged',
  'refreshNotifications',
  'footer',
  'profile',
  'balances',
] as const satisfies readonly HubMethod[];

export function isHubMethod(value: unknown): value is HubMethod {
  return typeof value === 'string' && (HUB_METHODS as readonly string[]).includes(value);
}
