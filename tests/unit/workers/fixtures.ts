/**
 * What the hub's unit tests drive it with: a manual clock, a fake server behind `fetch` that
 * answers the calls the hub makes (and counts them), a fake socket, and tabs that record pushes.
 * The hub core, the API client core and the dexie store under test are the real ones; IndexedDB
 * is fake-indexeddb (each test file imports 'fake-indexeddb/auto' first).
 */
import { IDBFactory } from 'fake-indexeddb';
import type { Profile } from '../../../src/shared/api/account';
import type { BoptionOrder } from '../../../src/shared/api/boption';
import type { FuturesPosition, FuturesStats } from '../../../src/shared/api/futures';
import type { IndexPoint } from '../../../src/shared/api/index-price';
import type { MarketSymbol, Quote } from '../../../src/shared/api/market';
import type { SiteConfig } from '../../../src/shared/api/site';
import { afterEach } from 'vitest';
import type { BalanceMessage, BookMessage, BoptionMessage, BookSnapshot, ChatMessage, IndexMessage, OrderMessage, QuoteMessage, SubscribeAck, SubscribeRequest, TradesMessage } from '../../../src/shared/realtime';
import type { Clock, TimerHandle } from '../../../src/workers/clock';
import { HubStore } from '../../../src/workers/core/storage';
import { Hub } from '../../../src/workers/hub';
import type { HubPush, TabHello, TabPort, Topic } from '../../../src/workers/protocol';
import type { RealtimeEvents, RealtimeLink } from '../../../src/workers/realtime-link';
import { siteConfigFixture } from '../../helpers/siteConfig';

export const ORIGIN = 'http://hub.test';

/** Lets promises, dexie and fake-indexeddb (which schedules with setImmediate) run to rest. */
export async function settle(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Polls on the real clock until `read` answers something truthy, and answers it; throws past the timeout. */
export async function waitFor<T>(read: () => T | undefined | false, timeoutMs = 2_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface ManualTimer {
  at: number;
  callback: () => void;
}

export class ManualClock implements Clock {
  time = 1_700_000_000_000;
  private readonly timers = new Map<number, ManualTimer>();
  private nextId = 1;

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, delayMs), callback });
    return id as unknown as TimerHandle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle as unknown as number);
  }

  /** Moves time forward, firing every timer due on the way, each followed by its async work. */
  async advance(durationMs: number): Promise<void> {
    const target = this.time + durationMs;
    for (;;) {
      await settle();
      const due = [...this.timers.entries()].filter(([, timer]) => timer.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, timer] = due;
      this.timers.delete(id);
      this.time = Math.max(this.time, timer.at);
      timer.callback();
    }
    this.time = target;
    await settle();
  }
}

export const SYMBOLS: MarketSymbol[] = [301, 302, 303, 304].map((id, index) => {
  const base = ['BTC', 'ETH', 'SOL', 'BNB'][index] ?? 'BTC';
  return {
    id,
    type: 3,
    symbol: `${base}_USDT`,
    name: `${base}/USDT`,
    testOnly: false,
    testEnabled: false,
    prompted: true,
    pricePrecision: 2,
    volumePrecision: 4,
    baseSymbol: base,
    quoteSymbol: 'USDT',
    svgIcon: `/icons/coins/${base.toLowerCase()}.svg`,
  };
});

export const TEST_ONLY_SYMBOL: MarketSymbol = { ...SYMBOLS[0]!, id: 311, symbol: 'BTC_USDC', name: 'BTC/USDC', testOnly: true, testEnabled: true };

export const PROFILE: Profile = {
  email: 'trader1@demo.exchange',
  referralCode: 'ABC123',
  testEnabled: true,
  realName: 'Trader One',
  vipLevel: 0,
  verifiedLevel: 0,
  requiredIDLevel: 2,
  avatarUrl: '',
  helpDeskLink: '',
};

/** The hub's site config: two languages, the home page open to visitors, the clock's time, verified at level 2 like PROFILE. */
export function siteConfig(name = 'Exchange'): SiteConfig {
  return siteConfigFixture({ name, supportedLanguages: ['en', 'id'], anonymous: ['/'], time: 1_700_000_000_000, requiredIDLevel: 2 });
}

function withoutFormPage(params: URLSearchParams): string {
  const copy = new URLSearchParams(params);
  copy.delete('formPage');
  return copy.toString();
}

function home(language: string, referralCode: string | null) {
  return {
    lang: language,
    referralCode,
    banners: [],
    notices: { popups: [], announcements: [] },
    news: [],
    tips: [],
    symbols: [],
    ranks: { gainers: [], losers: [], volume: [] },
    topSearches: [],
    time: 1_700_000_000_000,
  };
}

export function quote(id: number, close: string, time: number): Quote {
  return { id, c: close, dl: close, dh: close, dv: '1', ds: close, t: time, changePercent: '0.00', turnover: close };
}

export interface RecordedCall {
  method: string;
  path: string;
  body: string;
  acceptLanguage: string | null;
  formPage: string | null;
  /** The query without formPage, as the call's own parameters. */
  query: string;
}

/**
 * The server as the hub sees it: envelopes, a CSRF token, a session that sign-in opens and
 * sign-out (or `expireSession`) ends, 401 for user calls without it.
 */
export class FakeServer {
  readonly calls: RecordedCall[] = [];
  signedIn = false;
  unread = 3;
  notificationsEnabled = true;
  price = 100;
  config = siteConfig();
  /** While set, answers wait for it (only those to `heldPath` when that is set): a slow network. */
  private gate: Promise<void> | null = null;
  private heldPath: string | null = null;
  answered = 0;
  /** While set, every request fails as fetch does without a network: no answer at all. */
  offline = false;

  /** Holds every answer (or only the answers to `path`) until the returned function is called. */
  hold(path: string | null = null): () => void {
    let release = () => undefined as void;
    this.heldPath = path;
    this.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    return () => {
      this.gate = null;
      this.heldPath = null;
      release();
    };
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const headers = new Headers(init?.headers);
    this.calls.push({
      method: init?.method ?? 'GET',
      path,
      body: typeof init?.body === 'string' ? init.body : '',
      acceptLanguage: headers.get('Accept-Language'),
      formPage: url.searchParams.get('formPage'),
      query: withoutFormPage(url.searchParams),
    });
    if (this.gate && (this.heldPath === null || this.heldPath === path)) await this.gate;
    if (this.offline) throw new TypeError('Failed to fetch');
    this.answered += 1;
    return this.answer(path, typeof init?.body === 'string' ? init.body : '', url.searchParams);
  };

  count(path: string): number {
    return this.calls.filter((call) => call.path === path).length;
  }

  /** The USDT balance /balance/list answers. */
  usdtBalance = '10.000';

  /** The book /quotation/full_quote answers, per symbol id (an empty book at sequence 0 otherwise). */
  readonly books = new Map<number, BookSnapshot>();

  /** The user's binary options: /boptionorder/recentOpenOrders answers the open ones, /boptionorder/status any. */
  readonly boptionOrders = new Map<number, BoptionOrder>();

  /** The user's futures account: /futures/stats answers the stats, /futures/orders (scope open) the positions, newest first. */
  futuresStats: FuturesStats = { currency: 'FTUSDT', available: '100.000000', marginInUse: '0.000000', unrealizedPnl: '0', equity: '100.000000', marginRatio: null, openCount: 0, pendingCount: 0, todayPnl: '0' };
  futuresPositions: FuturesPosition[] = [];

  /** The index points /market/indexhistory answers, per symbol id, oldest first. */
  readonly indexPoints = new Map<number, IndexPoint[]>();

  expireSession(): void {
    this.signedIn = false;
  }

  private answer(path: string, body: string, query: URLSearchParams): Response {
    const ok = (data: unknown) => Response.json({ errcode: 0, data });
    switch (path) {
      case '/csrftoken':
        return ok({ token: 'token-1' });
      case '/account/signin': {
        const form = new URLSearchParams(body);
        if (form.get('password') !== 'Demo1234!') return Response.json({ errcode: 1001, errmsg: 'Wrong e-mail or password' });
        this.signedIn = true;
        return ok({ csrfToken: 'token-2', profile: PROFILE });
      }
      case '/account/signout':
        this.signedIn = false;
        return ok({});
      case '/account/profile':
        return this.signedIn ? ok(PROFILE) : Response.json({ errcode: 401, errmsg: 'Please sign in' }, { status: 401 });
      case '/notification/status':
        return this.signedIn
          ? ok({ enabled: this.notificationsEnabled, unread: this.unread })
          : Response.json({ errcode: 401, errmsg: 'Please sign in' }, { status: 401 });
      case '/quotation/symbols':
        return ok(this.signedIn ? [...SYMBOLS, TEST_ONLY_SYMBOL] : SYMBOLS);
      case '/quotation/latest': {
        const ids = (new URLSearchParams(body).get('symbols') ?? '').split(',').filter(Boolean).map(Number);
        return ok(ids.map((id) => quote(id, this.price.toFixed(2), 1_700_000_000_000 + this.calls.length)));
      }
      case '/config':
        return ok(this.config);
      case '/home':
        return ok(home(query.get('lang') ?? 'en', query.get('referralCode')));
      case '/post/footer':
        return ok([{ id: 1000, name: 'About', items: [{ id: 1, title: `About (${this.calls.at(-1)?.acceptLanguage ?? ''})`, slug: null }] }]);
      case '/quotation/full_quote': {
        const id = Number(query.get('id'));
        const depth = this.books.get(id) ?? { symbolId: id, sequence: 0, bids: [], asks: [] };
        return ok({ id, quote: null, depth, sequence: depth.sequence });
      }
      case '/market/indexhistory': {
        const id = Number(query.get('id'));
        const since = Number(query.get('since') ?? 0);
        return ok({ symbolId: id, points: (this.indexPoints.get(id) ?? []).filter((point) => point.at >= since) });
      }
      case '/futures/stats':
        return this.signedIn ? ok(this.futuresStats) : Response.json({ errcode: 401, errmsg: 'Please sign in' }, { status: 401 });
      case '/futures/orders':
        return this.signedIn ? ok({ total: this.futuresPositions.length, list: this.futuresPositions }) : Response.json({ errcode: 401, errmsg: 'Please sign in' }, { status: 401 });
      case '/boptionorder/recentOpenOrders':
        return this.signedIn ? ok([...this.boptionOrders.values()].filter((order) => order.status === 'open')) : Response.json({ errcode: 401, errmsg: 'Please sign in' }, { status: 401 });
      case '/boptionorder/status': {
        const order = this.boptionOrders.get(Number(query.get('id')));
        return order ? ok(order) : Response.json({ errcode: 3, errmsg: 'Not found' });
      }
      case '/balance/list':
        return this.signedIn
          ? ok([{ currency: 'USDT', balance: this.usdtBalance, frozen: '0.000', displayName: 'Tether' }])
          : Response.json({ errcode: 401, errmsg: 'Please sign in' }, { status: 401 });
      default:
        return Response.json({ errcode: 404, errmsg: 'Not found' }, { status: 404 });
    }
  }
}

/** A help-desk subscription's name, as the server names the channel. */
function channelKey(request: SubscribeRequest): string {
  if (request.channel === 'market') return `market=${request.symbolId}`;
  if (request.channel === 'index') return 'index';
  return request.channel === 'chat' ? `chat=${request.chatId}` : 'helpdesk';
}

/** The socket as the hub sees it: channels joined, messages the test pushes to the subscribers. */
export class FakeRealtime implements RealtimeLink {
  connected = false;
  /** Market channels joined, by symbol id. */
  readonly subscribed = new Set<number>();
  reconnects = 0;
  /** Symbols the fake server refuses to carry. */
  readonly refusing = new Set<number>();
  /** Help-desk channels joined, by their server name. */
  readonly channels = new Set<string>();
  /** Decides whether the fake server lets this socket join a help-desk channel (the reconnect count tells sockets apart). */
  admitsChannel: (key: string, socketNumber: number) => boolean = () => true;
  /** Every subscribe and unsubscribe of a help-desk channel, in order. */
  readonly channelRequests: string[] = [];

  constructor(private readonly events: RealtimeEvents) {}

  connect(): void {
    this.connected = true;
    this.events.connection(true);
  }

  drop(): void {
    this.connected = false;
    this.subscribed.clear();
    this.channels.clear();
    this.events.connection(false);
  }

  /** Any event with any payload, as a server (or something pretending to be one) might send it. */
  emit(event: string, payload: unknown): void {
    if (this.connected) this.events.message(event, payload);
  }

  push(message: QuoteMessage): void {
    if (this.subscribed.has(message.symbolId)) this.events.message('quote', message);
  }

  /** A market channel's book delta or trades, to a socket subscribed to that market. */
  pushBook(message: BookMessage): void {
    if (this.subscribed.has(message.symbolId)) this.events.message('book', message);
  }

  pushTrades(message: TradesMessage): void {
    if (this.subscribed.has(message.symbolId)) this.events.message('trades', message);
  }

  /** The private channel: a signed-in socket joins it at connect. */
  pushOrder(message: OrderMessage): void {
    this.emit('order', message);
  }

  pushBalance(message: BalanceMessage): void {
    this.emit('balance', message);
  }

  pushBoption(message: BoptionMessage): void {
    this.emit('boption', message);
  }

  /** A sampling round on the public index channel. */
  pushIndex(message: IndexMessage): void {
    if (this.channels.has('index')) this.events.message('index', message);
  }

  /** The server emits 'm' to a chat's channel and to the operators' channel, once per socket. */
  pushChat(message: ChatMessage): void {
    if (this.channels.has(`chat=${message.chatId}`) || this.channels.has('helpdesk')) this.events.message('m', message);
  }

  async subscribe(request: SubscribeRequest): Promise<SubscribeAck | null> {
    const key = channelKey(request);
    if (request.channel === 'market') {
      if (!this.connected) return null;
      if (this.refusing.has(request.symbolId)) return { ok: false, errcode: 1703 };
      this.subscribed.add(request.symbolId);
      return { ok: true, channel: key };
    }
    this.channelRequests.push(`+${key}`);
    if (!this.connected) return null;
    if (!this.admitsChannel(key, this.reconnects)) return { ok: false, errcode: 1703 };
    this.channels.add(key);
    return { ok: true, channel: key };
  }

  async unsubscribe(request: SubscribeRequest): Promise<void> {
    if (request.channel === 'market') {
      this.subscribed.delete(request.symbolId);
      return;
    }
    const key = channelKey(request);
    this.channelRequests.push(`-${key}`);
    this.channels.delete(key);
  }

  reconnect(): void {
    this.reconnects += 1;
    this.drop();
    this.connect();
  }

  close(): void {
    this.connected = false;
  }
}

/** Topics as tabs send them. */
export const topics = {
  quotes: (...symbolIds: number[]): Topic[] => symbolIds.map((symbolId) => ({ kind: 'quotes', symbolId })),
  markets: (...symbolIds: number[]): Topic[] => symbolIds.map((symbolId) => ({ kind: 'market', symbolId })),
  chat: (chatId: string): Topic => ({ kind: 'chat', chatId }),
  helpdesk: { kind: 'helpdesk' } as Topic,
  index: (...symbolIds: number[]): Topic[] => symbolIds.map((symbolId) => ({ kind: 'index', symbolId })),
  indexHistory: (...symbolIds: number[]): Topic[] => symbolIds.map((symbolId) => ({ kind: 'indexHistory', symbolId })),
};

/** A tab as the hub sees it: a port that records pushes, and a lock the test can release. */
export class FakeTab {
  readonly pushes: HubPush[] = [];
  /** A gone tab never answers a push (its port is closed). */
  gone = false;
  readonly port: TabPort = {
    push: (message) => {
      if (this.gone) return new Promise<void>(() => undefined);
      this.pushes.push(message);
      return undefined;
    },
  };

  constructor(
    readonly tabId: string,
    public visible = true,
  ) {}

  hello(path = '/'): TabHello {
    return { tabId: this.tabId, visible: this.visible, path, language: 'en' };
  }

  quotesPushed(): Quote[] {
    return this.pushes.flatMap((push) => (push.kind === 'quotes' ? push.quotes : []));
  }

  lastStatus() {
    return this.pushes.flatMap((push) => (push.kind === 'status' ? [push.status] : [])).at(-1);
  }
}

export interface HubHarness<C extends Clock = ManualClock> {
  hub: Hub;
  clock: C;
  server: FakeServer;
  realtime: () => FakeRealtime;
  indexedDB: IDBFactory;
  /** Releases a tab's lock, as closing the tab does. */
  closeTab: (tabId: string) => void;
  storageStates: string[];
}

export interface HubHarnessOptions<C extends Clock = ManualClock> {
  indexedDB?: IDBFactory;
  server?: FakeServer;
  clock?: C;
  connectSocket?: boolean;
  /** The tab-lock watcher; by default the test calls closeTab itself. */
  watchTab?: (tabId: string, onGone: () => void) => void;
}

/** navigator.locks for tests: exclusive locks granted in request order, released when the callback settles. */
export class FakeLocks {
  private readonly held = new Set<string>();
  private readonly queues = new Map<string, (() => void)[]>();

  request(name: string, callback: () => unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const run = () => {
        this.held.add(name);
        Promise.resolve()
          .then(callback)
          .then(resolve, reject)
          .finally(() => {
            this.held.delete(name);
            this.queues.get(name)?.shift()?.();
          });
      };
      if (this.held.has(name)) {
        const queue = this.queues.get(name) ?? [];
        queue.push(run);
        this.queues.set(name, queue);
      } else {
        run();
      }
    });
  }

  isHeld(name: string): boolean {
    return this.held.has(name);
  }
}

export function createHub<C extends Clock = ManualClock>(options: HubHarnessOptions<C> = {}): HubHarness<C> {
  const clock = options.clock ?? (new ManualClock() as unknown as C);
  const server = options.server ?? new FakeServer();
  const indexedDB = options.indexedDB ?? new IDBFactory();
  const tabWatchers = new Map<string, () => void>();
  const storageStates: string[] = [];
  let realtime: FakeRealtime | null = null;
  const hub = new Hub({
    buildId: 'test-build',
    origin: ORIGIN,
    fetch: server.fetch,
    clock,
    realtime: (events) => {
      realtime = new FakeRealtime(events);
      if (options.connectSocket !== false) queueMicrotask(() => realtime?.connect());
      return realtime;
    },
    createStore: (onStatus) =>
      new HubStore({
        indexedDB,
        onStatus: (status) => {
          storageStates.push(status.state);
          onStatus(status);
        },
      }),
    watchTab: options.watchTab ?? ((tabId, onGone) => tabWatchers.set(tabId, onGone)),
    log: () => undefined,
  });
  return {
    hub,
    clock,
    server,
    indexedDB,
    storageStates,
    realtime: () => {
      if (!realtime) throw new Error('the hub has not opened its socket yet');
      return realtime;
    },
    closeTab: (tabId) => tabWatchers.get(tabId)?.(),
  };
}

/** Starts hubs for a test file; each is disposed after its test. */
export function hubStarter(): <C extends Clock = ManualClock>(options?: HubHarnessOptions<C>) => HubHarness<C> {
  const started: HubHarness<Clock>[] = [];
  afterEach(() => {
    for (const harness of started.splice(0)) harness.hub.dispose();
  });
  return <C extends Clock = ManualClock>(options: HubHarnessOptions<C> = {}) => {
    const harness = createHub(options);
    started.push(harness as unknown as HubHarness<Clock>);
    return harness;
  };
}

/** Attaches as the bridge does: the snapshot the tab gets counts as its first status. */
export async function attach(harness: HubHarness<Clock>, tab: FakeTab, path = '/'): Promise<void> {
  const snapshot = await harness.hub.attach(tab.hello(path), tab.port);
  tab.pushes.push({ kind: 'status', status: snapshot.status });
  await settle();
}

export const TRADER = { username: 'trader1@demo.exchange', password: 'Demo1234!' };
