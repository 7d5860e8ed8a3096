/**
 * The hub's worker entry. The same bundle runs as the SharedWorker that serves every tab and,
 * where SharedWorker is missing, as the dedicated worker of the tab elected leader; the core is
 * the same, only how tabs reach it differs (a port per tab, or the leader's own channel).
 *
 * The worker's global scope is described by the little it needs, so that this file compiles both
 * under the worker tsconfig (lib webworker, no DOM) and under the project's main one.
 */
import * as Comlink from 'comlink';
import { systemClock } from './clock';
import { Hub } from './hub';
import { tabLockName } from './protocol';
import { socketIoLink } from './realtime-link';
import { hubService } from './service';
import { HubStore } from './core/storage';

interface HubWorkerScope {
  location: { origin: string };
  /** Web Locks are missing where the page is not a secure context (index.ts then starts no shared hub). */
  navigator: { locks?: LockManager };
  /** Present only in a SharedWorker: each tab that connects brings its own port. */
  onconnect?: ((event: MessageEvent) => void) | null;
}

const scope = globalThis as unknown as HubWorkerScope;
const buildId = __BUILD_ID__;
const locks = scope.navigator.locks;

const hub = new Hub({
  buildId,
  origin: scope.location.origin,
  fetch: (input, init) => fetch(input, init),
  clock: systemClock,
  realtime: socketIoLink(scope.location.origin),
  createStore: (onStatus) => new HubStore({ onStatus }),
  // The tab holds its lock for its whole life: the hub gets it only once the tab is gone. Without
  // Web Locks this is the dedicated worker of the one tab it serves, and it ends with that tab.
  ...(locks && {
    watchTab: (tabId: string, onGone: () => void) => {
      void locks.request(tabLockName(buildId, tabId), () => onGone());
    },
  }),
});
const service = hubService(hub);

if ('onconnect' in scope) {
  scope.onconnect = (event) => {
    const port = event.ports[0];
    if (port) Comlink.expose(service, port);
  };
} else {
  Comlink.expose(service);
}
