/**
 * The hub without SharedWorker (Chrome for Android before 148): every tab asks for one Web Lock;
 * the tab that holds it leads, running the hub in a dedicated worker, and the others follow by
 * sending their calls over a BroadcastChannel, where the leader answers them and relays the
 * hub's pushes back. To the bridge this is just another HubEndpoint: the same calls, the same
 * pushes.
 *
 * Hand-over: a closing leader releases its lock, the next waiting tab gets it at once, starts
 * its own hub (which paints from the same IndexedDB cache) and announces itself; followers then
 * send it every call that is still unanswered and attach again (their bridge re-sends what the
 * tab watches). Followers need no heartbeat: the lock is the leader's liveness, and each
 * follower's own tab lock is its liveness for the hub.
 */
import { HUB_TIMINGS_MS, isHubMethod, leaderLockName, type HubMethod, type HubPush, type TabHello, type TabPort } from '../../../workers/protocol';
import type { HubArgs, HubEndpoint, HubResult } from './endpoint';

/** The part of navigator.locks the election uses. */
export interface LockManagerLike {
  request(name: string, callback: () => unknown): Promise<unknown>;
}

/** The part of BroadcastChannel the relay uses. */
export interface RelayChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

type RelayMessage =
  | { type: 'where'; from: string }
  | { type: 'leader'; leaderId: string }
  | { type: 'call'; from: string; to: string; callId: number; method: HubMethod; args: unknown[] }
  | { type: 'reply'; to: string; callId: number; ok: true; value: unknown }
  | { type: 'reply'; to: string; callId: number; ok: false; message: string; name?: string }
  | { type: 'push'; to: string; message: HubPush };

interface PendingCall {
  method: HubMethod;
  /** The call's arguments as they travel: attach without its port. */
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export interface ElectionOptions {
  buildId: string;
  tabId: string;
  locks: LockManagerLike;
  channel: RelayChannel;
  /** Starts the hub this tab runs once it leads (a dedicated worker in a browser). */
  startHub: () => HubEndpoint;
  callTimeoutMs?: number;
}

function isRelayMessage(value: unknown): value is RelayMessage {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

export class ElectedHub implements HubEndpoint {
  private leaderId: string | null = null;
  private ownHub: HubEndpoint | null = null;
  private readonly pending = new Map<number, PendingCall>();
  private nextCallId = 1;
  /** This tab's port: pushes relayed to this tab go to it. */
  private localPort: TabPort | null = null;
  private readonly restartListeners = new Set<() => void>();
  private releaseLeaderLock: (() => void) | null = null;
  private whereTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly options: ElectionOptions) {
    options.channel.addEventListener('message', (event) => {
      if (isRelayMessage(event.data)) this.onMessage(event.data);
    });
    void options.locks.request(leaderLockName(options.buildId), () => this.lead());
    this.askForLeader();
  }

  get isLeader(): boolean {
    return this.ownHub !== null;
  }

  get currentLeaderId(): string | null {
    return this.leaderId;
  }

  call<M extends HubMethod>(method: M, ...args: HubArgs<M>): Promise<HubResult<M>> {
    if (this.closed) return Promise.reject(new Error('The hub connection is closed'));
    if (this.ownHub) return this.ownHub.call(method, ...args);
    let relayArgs: unknown[] = args;
    if (method === 'attach') {
      const [hello, port] = args as HubArgs<'attach'>;
      this.localPort = port;
      relayArgs = [hello];
    }
    return new Promise<HubResult<M>>((resolve, reject) => {
      const callId = this.nextCallId++;
      const timeoutMs = this.options.callTimeoutMs ?? HUB_TIMINGS_MS.hubCall;
      const timer = setTimeout(() => {
        this.pending.delete(callId);
        reject(new Error(`The hub did not answer ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(callId, { method, args: relayArgs, resolve: resolve as (value: unknown) => void, reject, timer });
      this.sendCall(callId);
    });
  }

  onRestart(listener: () => void): () => void {
    this.restartListeners.add(listener);
    return () => this.restartListeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    if (this.whereTimer !== null) clearTimeout(this.whereTimer);
    for (const call of this.pending.values()) {
      clearTimeout(call.timer);
      call.reject(new Error('The hub connection is closed'));
    }
    this.pending.clear();
    this.ownHub?.close();
    this.ownHub = null;
    this.releaseLeaderLock?.();
    this.options.channel.close();
  }

  /** Holds the leader lock until the tab closes (or close() releases it). */
  private lead(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const hub = this.options.startHub();
    this.ownHub = hub;
    this.leaderId = this.options.tabId;
    this.post({ type: 'leader', leaderId: this.options.tabId });
    // Calls that waited for a leader (or went to the one that closed) go to this tab's hub now.
    for (const [callId, call] of this.pending) {
      this.pending.delete(callId);
      clearTimeout(call.timer);
      const args = call.method === 'attach' ? [call.args[0], this.localPort] : call.args;
      (hub.call as (method: HubMethod, ...rest: unknown[]) => Promise<unknown>)(call.method, ...args).then(call.resolve, call.reject);
    }
    this.emitRestart();
    return new Promise<void>((resolve) => {
      this.releaseLeaderLock = resolve;
    });
  }

  private sendCall(callId: number): void {
    const call = this.pending.get(callId);
    if (!call) return;
    if (this.leaderId === null) {
      this.askForLeader();
      return;
    }
    this.post({ type: 'call', from: this.options.tabId, to: this.leaderId, callId, method: call.method, args: call.args });
  }

  /** Asks who leads, again every so often while calls wait and nobody has answered. */
  private askForLeader(): void {
    if (this.closed || this.whereTimer !== null || this.leaderId !== null) return;
    this.post({ type: 'where', from: this.options.tabId });
    this.whereTimer = setTimeout(() => {
      this.whereTimer = null;
      if (this.leaderId === null && this.pending.size > 0) this.askForLeader();
    }, HUB_TIMINGS_MS.leaderQuery);
  }

  private onMessage(message: RelayMessage): void {
    if (this.closed) return;
    switch (message.type) {
      case 'where':
        if (this.ownHub) this.post({ type: 'leader', leaderId: this.options.tabId });
        return;
      case 'leader':
        this.onLeader(message.leaderId);
        return;
      case 'call':
        if (message.to === this.options.tabId && this.ownHub) void this.serve(message);
        return;
      case 'reply':
        if (message.to === this.options.tabId) this.onReply(message);
        return;
      case 'push':
        if (message.to === this.options.tabId) void this.localPort?.push(message.message);
        return;
    }
  }

  private onLeader(leaderId: string): void {
    if (leaderId === this.options.tabId || leaderId === this.leaderId || this.ownHub) return;
    const hadLeader = this.leaderId !== null;
    this.leaderId = leaderId;
    for (const callId of this.pending.keys()) this.sendCall(callId);
    if (hadLeader) this.emitRestart();
  }

  private onReply(message: Extract<RelayMessage, { type: 'reply' }>): void {
    const call = this.pending.get(message.callId);
    if (!call) return;
    this.pending.delete(message.callId);
    clearTimeout(call.timer);
    if (message.ok) call.resolve(message.value);
    else call.reject(Object.assign(new Error(message.message), message.name ? { name: message.name } : {}));
  }

  /** The leader runs a follower's call on its hub; attach gets a port that relays pushes. */
  private async serve(message: Extract<RelayMessage, { type: 'call' }>): Promise<void> {
    const hub = this.ownHub;
    if (!hub || !isHubMethod(message.method)) return;
    const follower = message.from;
    const args = message.method === 'attach' ? [message.args[0] as TabHello, this.relayPort(follower)] : message.args;
    try {
      const value = await (hub.call as (method: HubMethod, ...rest: unknown[]) => Promise<unknown>)(message.method, ...args);
      this.post({ type: 'reply', to: follower, callId: message.callId, ok: true, value });
    } catch (error) {
      // The name goes along: it tells a tab that the hub's request got no answer (NO_ANSWER_ERROR_NAME).
      const name = error instanceof Error ? error.name : undefined;
      this.post({ type: 'reply', to: follower, callId: message.callId, ok: false, message: error instanceof Error ? error.message : String(error), name });
    }
  }

  private relayPort(tabId: string): TabPort {
    return { push: (message) => this.post({ type: 'push', to: tabId, message }) };
  }

  private emitRestart(): void {
    for (const listener of this.restartListeners) listener();
  }

  private post(message: RelayMessage): void {
    if (!this.closed) this.options.channel.postMessage(message);
  }
}
