/**
 * The tab's side of the hub: one object per tab that holds the tab's Web Lock, attaches to the
 * hub, tells it what the tab shows (visibility, path, language, watched topics), forwards the
 * hub's pushes, and attaches again whenever the hub behind the endpoint changed or forgot this
 * tab. Every call times out, and long calls take an AbortSignal. It knows nothing of the DOM:
 * index.ts feeds it the document's state, tests feed it their own.
 */
import { HUB_TIMINGS_MS, tabLockName, topicKey, type HubMethod, type HubPush, type HubSnapshot, type TabState, type Topic } from '../../../workers/protocol';
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
  /** A call nobody awaits failed (sending the watched topics): the tab shows it. */
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

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class HubBridge {
  private attached: Promise<HubSnapshot> | null = null;
  private readonly lock: { held: Promise<void>; release: () => void };
  /** How many of the tab's components watch each topic, by topicKey. */
  private readonly topicCounts = new Map<string, { topic: Topic; count: number }>();
  private topicFlush: Promise<void> | null = null;
  private closed = false;
  private readonly stopRestart: () => void;

  constructor(private readonly options: BridgeOptions) {
    this.lock = holdLock(options.locks, tabLockName(options.buildId, options.tabId));
    this.stopRestart = options.endpoint.onRestart(() => {
      this.attach().catch((error: unknown) => options.onError?.(error instanceof Error ? error : new HubCallError(String(error))));
    });
  }

  /** Attaches (again): the snapshot paints the tab, then the watched topics are sent anew. */
  attach(): Promise<HubSnapshot> {
    const attaching = this.lock.held
      .then(() => this.send('attach', [{ tabId: this.options.tabId, ...this.options.tabState() }, { push: (message) => this.receive(message) }]))
      .then((snapshot) => {
        this.receive({ kind: 'status', status: snapshot.status });
        this.receive({ kind: 'symbols', symbols: snapshot.symbols });
        if (this.topicCounts.size > 0) void this.flushTopics();
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

  /**
   * Watches topics until the returned function is called: what the hub has for them and every
   * change come as pushes (quotes, book and trades, a help-desk chat's messages and state). The
   * tab's components share one count per topic, and the hub hears the tab's whole set once per
   * turn, however many components changed it.
   */
  watch(...topics: Topic[]): () => void {
    let added = false;
    for (const topic of topics) {
      const key = topicKey(topic);
      const held = this.topicCounts.get(key);
      if (held) held.count += 1;
      else this.topicCounts.set(key, { topic, count: 1 });
      added ||= !held;
    }
    if (added) void this.flushTopics();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      let removed = false;
      for (const topic of topics) {
        const key = topicKey(topic);
        const held = this.topicCounts.get(key);
        if (!held) continue;
        held.count -= 1;
        if (held.count > 0) continue;
        this.topicCounts.delete(key);
        removed = true;
      }
      if (removed) void this.flushTopics();
    };
  }

  /** Any call of the hub by name, once attached; the signal stops the waiting, not the hub's work. */
  async call<M extends HubMethod>(method: M, args: HubArgs<M>, signal?: AbortSignal): Promise<HubResult<M>> {
    await this.ensureAttached();
    return this.send(method, args, signal);
  }

  /**
   * The page leaves for the back/forward cache: the hub drops the tab now, so that it stops
   * pushing to it, and the tab attaches again (with its topics) when its endpoint restarts or a
   * call needs the hub.
   */
  leave(): void {
    if (this.closed) return;
    this.attached = null;
    void this.send('detach', [this.options.tabId]).catch(() => undefined);
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

  /** Sends the tab's topics once per turn; a hub that forgot the tab is attached to again. */
  private flushTopics(): Promise<void> {
    this.topicFlush ??= Promise.resolve()
      .then(async () => {
        this.topicFlush = null;
        await this.ensureAttached();
        const topics = [...this.topicCounts.values()].map((held) => held.topic);
        const known = await this.send('watch', [this.options.tabId, topics]);
        if (!known) await this.attach();
      })
      .catch((error: unknown) => this.options.onError?.(error instanceof Error ? error : new HubCallError(String(error))));
    return this.topicFlush;
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

/**
 * The hub calls a tab makes with an answer, each a method of the bridge installed by the loop
 * below (as squoosh's worker bridge does): the hub's arguments, then an optional AbortSignal.
 */
const REQUEST_METHODS = [
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

type RequestMethod = (typeof REQUEST_METHODS)[number];

type BridgeRequests = {
  [M in RequestMethod]: (...args: [...HubArgs<M>, signal?: AbortSignal]) => Promise<HubResult<M>>;
};

// The class and this interface are one type: the methods below are installed on its prototype.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface HubBridge extends BridgeRequests {}

for (const method of REQUEST_METHODS) {
  Object.defineProperty(HubBridge.prototype, method, {
    value(this: HubBridge, ...args: unknown[]) {
      const signal = args.at(-1) instanceof AbortSignal ? (args.pop() as AbortSignal) : undefined;
      return this.call(method, args as HubArgs<typeof method>, signal);
    },
    writable: true,
    configurable: true,
  });
}
