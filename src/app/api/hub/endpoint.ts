/**
 * How a tab reaches a hub, whatever is behind it: a SharedWorker or its own dedicated worker
 * through comlink, an in-process hub in tests, or the leader tab's hub over the relay
 * (election.ts). The tab's port (what the hub calls back) is handed over with `attach`; each
 * endpoint carries it its own way.
 */
import * as Comlink from 'comlink';
import type { HubApi, HubMethod, TabPort } from '../../../workers/protocol';

export type HubArgs<M extends HubMethod> = Parameters<HubApi[M]>;
export type HubResult<M extends HubMethod> = Awaited<ReturnType<HubApi[M]>>;

export interface HubEndpoint {
  call<M extends HubMethod>(method: M, ...args: HubArgs<M>): Promise<HubResult<M>>;
  /** Called when the hub behind the endpoint changed (a new leader): the tab attaches again. */
  onRestart(listener: () => void): () => void;
  close(): void;
}

type AnyHubCall = (...args: unknown[]) => Promise<unknown>;

/** A hub in a worker, reached through comlink; the tab's port travels as a comlink proxy. */
export function comlinkEndpoint(remote: Comlink.Remote<HubApi>, close: () => void): HubEndpoint {
  return {
    call(method, ...args) {
      if (method === 'attach') {
        const [hello, port] = args as HubArgs<'attach'>;
        return remote.attach(hello, Comlink.proxy<TabPort>(port)) as Promise<never>;
      }
      return (remote[method] as unknown as AnyHubCall)(...args) as Promise<never>;
    },
    onRestart: () => () => undefined,
    close,
  };
}

/** A hub in the same thread: the leader in unit tests. */
export function directEndpoint(api: HubApi, close: () => void = () => undefined): HubEndpoint {
  return {
    call(method, ...args) {
      return (api[method] as unknown as AnyHubCall).apply(api, args) as Promise<never>;
    },
    onRestart: () => () => undefined,
    close,
  };
}
