/**
 * The one typed bridge between this tab and the hub (STYLE.md, "One typed bridge crosses
 * threads"). It starts the hub's worker, wraps it with comlink, and owns its life: a SharedWorker
 * named after the build where the browser has one; otherwise the Web Locks election of
 * election.ts, where the leader tab runs the same worker as a dedicated worker. Either way the
 * rest of the app sees the same HubBridge, and the hub's pushes land in the hub store.
 *
 * Web Locks exist only in secure contexts (HTTPS, localhost). On a page without them (a LAN
 * address over plain HTTP) no hub could learn that a tab closed or that a leader left, so nothing
 * is shared there: the tab runs its own hub in a dedicated worker, whose life is the tab's, and
 * the tab's one lock is its own.
 */
import * as Comlink from 'comlink';
import { randomId } from '../../../shared/random-id';
import { hubName, leaderChannelName, type HubApi, type HubPush, type TabState } from '../../../workers/protocol';
import { languageOfPath } from '../../i18n/routeLanguage';
import { onUnauthorized } from '../unauthorized';
import { hubStore } from '../../state/hub-store';
import { HubBridge } from './bridge';
import { ElectedHub, type LockManagerLike } from './election';
import { comlinkEndpoint, type HubEndpoint } from './endpoint';
import { SuspendableEndpoint } from './suspendable';

export { HubBridge } from './bridge';

let bridge: HubBridge | null = null;

/** The browser's Web Locks; undefined where the page is not a secure context. */
const sharedLocks: LockManagerLike | undefined = 'locks' in navigator ? navigator.locks : undefined;

/** Locks for a tab that shares nothing: each is granted at once, as nobody else asks for it. */
const tabOnlyLocks: LockManagerLike = {
  request: (_name, callback) => Promise.resolve().then(callback),
};

/** The tab's bridge, started on first use. */
export function getHub(): HubBridge {
  bridge ??= startHub();
  return bridge;
}

/** Keeps the hub told of the tab's path (formPage, spec 7) and language as the router moves. */
export function reportTabPath(path: string): void {
  void getHub()
    .updateTab({ path, language: languageOfPath(path) })
    .catch((error: unknown) => console.warn('The hub did not take the new path', error));
}

function currentTabState(): TabState {
  const path = window.location.pathname;
  return { visible: document.visibilityState === 'visible', path, language: languageOfPath(path) };
}

function startHub(): HubBridge {
  const buildId = __BUILD_ID__;
  const tabId = randomId();
  const endpoint = new SuspendableEndpoint(() => createEndpoint(buildId, tabId));
  const started = new HubBridge({
    buildId,
    tabId,
    endpoint,
    locks: sharedLocks ?? tabOnlyLocks,
    tabState: currentTabState,
    onPush: onHubPush,
    onError: (error) => hubStore.fail({ reason: 'attach', detail: error.message }),
  });
  started.attach().catch((error: unknown) => hubStore.fail({ reason: 'attach', detail: error instanceof Error ? error.message : String(error) }));
  document.addEventListener('visibilitychange', () => {
    void started.updateTab(currentTabState()).catch((error: unknown) => console.warn('The hub did not take the visibility', error));
  });
  // The back/forward cache keeps the page only if nothing reaches it from the hub meanwhile
  // (suspendable.ts); `persisted` says the browser means to keep it.
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) return;
    started.leave();
    endpoint.suspend();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) endpoint.resume();
  });
  return started;
}

function createEndpoint(buildId: string, tabId: string): HubEndpoint {
  const name = hubName(buildId);
  if (!sharedLocks) return dedicatedHub(name);
  if (typeof SharedWorker === 'function') {
    const worker = new SharedWorker(new URL('../../../workers/hub-worker.ts', import.meta.url), { type: 'module', name });
    worker.addEventListener('error', () => hubStore.fail({ reason: 'start' }));
    return comlinkEndpoint(Comlink.wrap<HubApi>(worker.port), () => worker.port.close());
  }
  return new ElectedHub({
    buildId,
    tabId,
    locks: sharedLocks,
    channel: new BroadcastChannel(leaderChannelName(buildId)),
    startHub: () => dedicatedHub(name),
  });
}

/** The hub in a worker of this tab's own: the elected leader's, or a tab that shares nothing. */
function dedicatedHub(name: string): HubEndpoint {
  const worker = new Worker(new URL('../../../workers/hub-worker.ts', import.meta.url), { type: 'module', name });
  worker.addEventListener('error', () => hubStore.fail({ reason: 'start' }));
  return comlinkEndpoint(Comlink.wrap<HubApi>(worker), () => worker.terminate());
}

function onHubPush(message: HubPush): void {
  hubStore.apply(message);
  if (message.kind === 'unauthorized') onUnauthorized();
}
