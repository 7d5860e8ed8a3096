/**
 * The tab's side of the hub: one object per tab that holds the tab's Web Lock, attaches to the
 * hub, tells it what the tab shows (visibility, path, language, watched symbols), forwards the
 * hub's pushes, and attaches again whenever the hub behind the endpoint changed or forgot this
 * tab. Every call times out, and long calls take an AbortSignal. It knows nothing of the DOM:
 * index.ts feeds it the document's state, tests feed it their own.
 */
import {
  HUB_TIMINGS_MS,
  helpdeskChannelKey,
  tabLockName,
  type HelpdeskChannel,
  type HubMethod,
  type HubPush,
  type HubSnapshot,
  type PopupRecord,
  type SignInForm,
  type SignInResult,
  type TabState,
} from '../../../workers/protocol';
import type { Profile } from '../../../shared/api/account';
import type { Balance } from '../../../shared/api/balance';
import type { FooterSection } from '../../../shared/api/content';
import type { Home } from '../../../shared/api/home';
import type { SiteConfig } from '../../../shared/api/site';
import type { Language } from '../../../shared/languages';
import type { HubArgs, HubEndpoint, HubResult } from './endpoint';
import type { LockManagerLike } from './election';

export interface BridgeOptions {
  buildId: string;
  tabId: string;
  endpoint: HubEndpoint;
  locks: LockManagerLike;
  tabState: () => TabState;
  /** Everything the hub sends: attach snapshots arrive as a status and a symbols push. */
  onPush: (message: HubPush) => void;
  /** A call nobody awaits failed (sending the watched symbols): the tab shows it. */
  onError?: (error: Error) => void;
  callTimeoutMs?: number;
}

export class HubCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubCallError';
  }
}

/** Resolves once the lock is held; the lock is then kept until the tab closes (or release runs). */
function holdLock(locks: LockManagerLike, name: string): { held: Promise<void>; release: () => void } {
  let release = () => undefined as void;
  const held = new Promise<void>((granted) => {
    void locks.request(name, () => {
      granted();
      return new Promise<void>((done) => {
        release = done;
      });
    });
  });
  return { held, release: () => release() };
}

export class HubBridge {
  private attached: Promise<HubSnapshot> | null = null;
  private readonly lock: { held: Promise<void>; release: () => void };
  /** How many of the tab's components watch each symbol. */
  private readonly watchCounts = new Map<number, number>();
  private watchFlush: Promise<void> | null = null;
  /** How many of the tab's components follow each help-desk channel, by helpdeskChannelKey. */
  private readonly channelCounts = new Map<string, { channel: HelpdeskChannel; count: number }>();
  private channelFlush: Promise<void> | null = null;
  /** How many of the tab's components watch each market's book and trades. */
  private readonly marketCounts = new Map<number, number>();
  private marketFlush: Promise<void> | null = null;
  private closed = false;
  private readonly stopRestart: () => void;

  constructor(private readonly options: BridgeOptions) {
    this.lock = holdLock(options.locks, tabLockName(options.buildId, options.tabId));
    this.stopRestart = options.endpoint.onRestart(() => {
      this.attach().catch((error: unknown) => options.onError?.(error instanceof Error ? error : new HubCallError(String(error))));
    });
  }

  /** Attaches (again): the snapshot paints the tab, then the watched symbols are sent anew. */
  attach(): Promise<HubSnapshot> {
    const attaching = this.lock.held
      .then(() => this.send('attach', [{ tabId: this.options.tabId, ...this.options.tabState() }, { push: (message) => this.receive(message) }]))
      .then((snapshot) => {
        this.receive({ kind: 'status', status: snapshot.status });
        this.receive({ kind: 'symbols', symbols: snapshot.symbols });
        if (this.watchCounts.size > 0) void this.flushWatch();
        if (this.channelCounts.size > 0) void this.flushChannels();
        if (this.marketCounts.size > 0) void this.flushMarkets();
        return snapshot;
      });
    this.attached = attaching;
    // A failed attach is retried by the next call that needs it.
    attaching.catch(() => {
      if (this.attached === attaching) this.attached = null;
    });
    return attaching;
  }

  /** Tells the hub what changed in the tab; attaches again if the hub had forgotten it. */
  async updateTab(change: Partial<TabState>): Promise<void> {
    await this.ensureAttached();
    const known = await this.send('updateTab', [this.options.tabId, change]);
    if (!known) await this.attach();
  }

  /** Watches symbols' quotes until the returned function is called. */
  watch(symbolIds: number[]): () => void {
    for (const id of symbolIds) this.watchCounts.set(id, (this.watchCounts.get(id) ?? 0) + 1);
    void this.flushWatch();
    return () => {
      for (const id of symbolIds) {
        const count = (this.watchCounts.get(id) ?? 0) - 1;
        if (count > 0) this.watchCounts.set(id, count);
        else this.watchCounts.delete(id);
      }
      void this.flushWatch();
    };
  }

  /**
   * Watches a market's book and trades until the returned function is called: they arrive as
   * pushes (book, trades) from the hub's one socket.
   */
  watchMarket(symbolId: number): () => void {
    const count = this.marketCounts.get(symbolId) ?? 0;
    this.marketCounts.set(symbolId, count + 1);
    if (count === 0) void this.flushMarkets();
    return () => {
      const left = (this.marketCounts.get(symbolId) ?? 0) - 1;
      if (left > 0) {
        this.marketCounts.set(symbolId, left);
        return;
      }
      this.marketCounts.delete(symbolId);
      void this.flushMarkets();
    };
  }

  /**
   * Follows a help-desk channel until the returned function is called: its messages and its
   * state arrive as pushes (chatMessage, chatChannel), also while the tab is hidden.
   */
  watchChannel(channel: HelpdeskChannel): () => void {
    const key = helpdeskChannelKey(channel);
    const held = this.channelCounts.get(key);
    this.channelCounts.set(key, { channel, count: (held?.count ?? 0) + 1 });
    if (!held) void this.flushChannels();
    return () => {
      const current = this.channelCounts.get(key);
      if (!current) return;
      if (current.count > 1) {
        this.channelCounts.set(key, { channel, count: current.count - 1 });
        return;
      }
      this.channelCounts.delete(key);
      void this.flushChannels();
    };
  }

  config(language: Language, signal?: AbortSignal): Promise<SiteConfig> {
    return this.request('config', [language], signal);
  }

  home(language: Language, referralCode: string | null, signal?: AbortSignal): Promise<Home> {
    return this.request('home', [language, referralCode], signal);
  }

  popupRecords(): Promise<PopupRecord[]> {
    return this.request('popupRecords', []);
  }

  recordPopup(record: PopupRecord): Promise<void> {
    return this.request('recordPopup', [record]);
  }

  signIn(form: SignInForm, signal?: AbortSignal): Promise<SignInResult> {
    return this.request('signIn', [form], signal);
  }

  signOut(): Promise<void> {
    return this.request('signOut', []);
  }

  /** After the tab changed the session by itself (a later login page): every tab hears of it. */
  sessionChanged(): Promise<void> {
    return this.request('sessionChanged', []);
  }

  /** After the tab marked notifications read: every tab's unread count updates at once. */
  refreshNotifications(): Promise<void> {
    return this.request('refreshNotifications', []);
  }

  footer(language: Language, signal?: AbortSignal): Promise<FooterSection[]> {
    return this.request('footer', [language], signal);
  }

  profile(force: boolean): Promise<Profile | null> {
    return this.request('profile', [force]);
  }

  balances(flag: string, force = false): Promise<Balance[] | null> {
    return this.request('balances', [flag, force]);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopRestart();
    void this.send('detach', [this.options.tabId]).catch(() => undefined);
    this.lock.release();
    this.options.endpoint.close();
  }

  private receive(message: HubPush): void {
    if (!this.closed) this.options.onPush(message);
  }

  private ensureAttached(): Promise<HubSnapshot> {
    return this.attached ?? this.attach();
  }

  /** Sends the tab's watched set once per turn, however many components changed it. */
  private flushWatch(): Promise<void> {
    this.watchFlush ??= Promise.resolve()
      .then(async () => {
        this.watchFlush = null;
        await this.ensureAttached();
        const symbolIds = [...this.watchCounts.keys()];
        const known = await this.send('watchQuotes', [this.options.tabId, symbolIds]);
        if (!known) await this.attach();
      })
      .catch((error: unknown) => this.options.onError?.(error instanceof Error ? error : new HubCallError(String(error))));
    return this.watchFlush;
  }

  /** Sends the tab's watched markets once per turn, however many components changed them. */
  private flushMarkets(): Promise<void> {
    this.marketFlush ??= Promise.resolve()
      .then(async () => {
        this.marketFlush = null;
        await this.ensureAttached();
        const known = await this.send('watchMarkets', [this.options.tabId, [...this.marketCounts.keys()]]);
        if (!known) await this.attach();
      })
      .catch((error: unknown) => this.options.onError?.(error instanceof Error ? error : new HubCallError(String(error))));
    return this.marketFlush;
  }

  /** Sends the tab's help-desk channels once per turn, however many components changed them. */
  private flushChannels(): Promise<void> {
    this.channelFlush ??= Promise.resolve()
      .then(async () => {
        this.channelFlush = null;
        await this.ensureAttached();
        const channels = [...this.channelCounts.values()].map((held) => held.channel);
        const known = await this.send('watchChannels', [this.options.tabId, channels]);
        if (!known) await this.attach();
      })
      .catch((error: unknown) => this.options.onError?.(error instanceof Error ? error : new HubCallError(String(error))));
    return this.channelFlush;
  }

  private async request<M extends HubMethod>(method: M, args: HubArgs<M>, signal?: AbortSignal): Promise<HubResult<M>> {
    await this.ensureAttached();
    return this.send(method, args, signal);
  }

  /**
   * One call with its timeout. The AbortSignal lets the caller stop waiting; the hub still
   * finishes the work and caches the answer for the next caller.
   */
  private send<M extends HubMethod>(method: M, args: HubArgs<M>, signal?: AbortSignal): Promise<HubResult<M>> {
    const timeoutMs = this.options.callTimeoutMs ?? HUB_TIMINGS_MS.hubCall;
    return new Promise<HubResult<M>>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer = setTimeout(() => reject(new HubCallError(`The hub did not answer ${method} within ${timeoutMs} ms`)), timeoutMs);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.options.endpoint.call(method, ...args).then(
        (value) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          reject(error instanceof Error ? error : new HubCallError(String(error)));
        },
      );
    });
  }
}
