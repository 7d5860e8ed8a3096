/**
 * The one typed bridge between this tab and the hub (STYLE.md, "One typed bridge crosses
 * threads"). It starts the hub's worker, wraps it with comlink, and owns its life: a SharedWorker
 * named after the build where the browser has one; otherwise the Web Locks election of
 * election.ts, where the leader tab runs the same worker as a dedicated worker. Either way the
 * rest of the app sees the same HubBridge, and the hub's pushes land in the hub store.
 */
import * as Comlink from 'comlink';
import { hubName, leaderChannelName, type HubApi, type HubPush, type TabState } from '../../../workers/protocol';
import { languageOfPath } from '../../i18n/routeLanguage';
import { onUnauthorized } from '../unauthorized';
import { hubStore } from '../../state/hub-store';
import { HubBridge } from './bridge';
import { ElectedHub } from './election';
import { comlinkEndpoint, type HubEndpoint } from './endpoint';
import { SuspendableEndpoint } from './suspendable';

export { HubBridge } from './bridge';

let bridge: HubBridge | null = null;

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
  const tabId = crypto.randomUUID();
  const endpoint = new SuspendableEndpoint(() => createEndpoint(buildId, tabId));
  const started = new HubBridge({
    buildId,
    tabId,
    endpoint,
    locks: navigator.locks,
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
  if (typeof SharedWorker === 'function') {
    const worker = new SharedWorker(new URL('../../../workers/hub-worker.ts', import.meta.url), { type: 'module', name });
    worker.addEventListener('error', () => hubStore.fail({ reason: 'start' }));
    return comlinkEndpoint(Comlink.wrap<HubApi>(worker.port), () => worker.port.close());
  }
  return new ElectedHub({
    buildId,
    tabId,
    locks: navigator.locks,
    channel: new BroadcastChannel(leaderChannelName(buildId)),
    startHub: () => {
      const worker = new Worker(new URL('../../../workers/hub-worker.ts', import.meta.url), { type: 'module', name });
      worker.addEventListener('error', () => hubStore.fail({ reason: 'start' }));
      return comlinkEndpoint(Comlink.wrap<HubApi>(worker), () => worker.terminate());
    },
  });
}

function onHubPush(message: HubPush): void {
  hubStore.apply(message);
  if (message.kind === 'unauthorized') onUnauthorized();
}
