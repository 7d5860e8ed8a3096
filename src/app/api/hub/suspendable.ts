/**
 * A hub endpoint that can be let go while the page sits in the back/forward cache. Chromium
 * evicts a cached page that receives a message from a SharedWorker (SharedWorkerMessage), and the
 * hub pushes quotes every second; a leader tab of the election would also keep the leader lock and
 * the relay channel while cached, leaving the other tabs without a hub. So on `suspend` the
 * endpoint behind is closed (the port, or the election with its lock, worker and channel), and on
 * `resume` a new one is opened: to the bridge that is a hub that restarted, and it attaches again
 * with what the tab watches. Calls made in between wait for the new endpoint.
 */
import type { HubMethod } from '../../../workers/protocol';
import type { HubArgs, HubEndpoint, HubResult } from './endpoint';

export class SuspendableEndpoint implements HubEndpoint {
  private current: HubEndpoint | null;
  private stopForwarding: () => void;
  private readonly restartListeners = new Set<() => void>();
  /** Resolves with the endpoint once the page is back; set while suspended. */
  private waiting: { endpoint: Promise<HubEndpoint>; resolve: (endpoint: HubEndpoint) => void } | null = null;

  constructor(private readonly open: () => HubEndpoint) {
    this.current = open();
    this.stopForwarding = this.forwardRestarts(this.current);
  }

  call<M extends HubMethod>(method: M, ...args: HubArgs<M>): Promise<HubResult<M>> {
    if (this.current) return this.current.call(method, ...args);
    const waiting = this.waiting;
    if (!waiting) return Promise.reject(new Error('The hub connection is closed'));
    return waiting.endpoint.then((endpoint) => endpoint.call(method, ...args));
  }

  onRestart(listener: () => void): () => void {
    this.restartListeners.add(listener);
    return () => this.restartListeners.delete(listener);
  }

  /** The page went into the back/forward cache: nothing reaches it from the hub until resume. */
  suspend(): void {
    if (!this.current) return;
    this.stopForwarding();
    this.current.close();
    this.current = null;
    let resolve: (endpoint: HubEndpoint) => void = () => undefined;
    const endpoint = new Promise<HubEndpoint>((done) => {
      resolve = done;
    });
    this.waiting = { endpoint, resolve };
  }

  /** The page is shown again: a new endpoint, and the bridge attaches to it as to a restarted hub. */
  resume(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = null;
    const endpoint = this.open();
    this.current = endpoint;
    this.stopForwarding = this.forwardRestarts(endpoint);
    waiting.resolve(endpoint);
    for (const listener of this.restartListeners) listener();
  }

  close(): void {
    this.stopForwarding();
    this.current?.close();
    this.current = null;
    this.waiting = null;
  }

  private forwardRestarts(endpoint: HubEndpoint): () => void {
    return endpoint.onRestart(() => {
      for (const listener of this.restartListeners) listener();
    });
  }
}
