/**
 * The tab's side of the service worker (src/sw): it registers the worker, asks it to warm the
 * route chunks once the tab is idle and the connection allows it, tells it which build this tab
 * runs, and keeps the update state that the update prompt shows.
 *
 * When is an update offered? When a new worker waits whose build differs from this tab's, or when
 * another tab let a new worker take over while this tab still runs the older build. A tab that
 * already runs the waiting worker's build (opened after a deploy, when the page came from the
 * network) lets it take over at once: nothing to offer there, and the older tabs keep their files.
 */
import { PREFETCH_IDLE_TIMEOUT_MS } from '../../shared/constants';
import { SW_MESSAGE, isBuildReply, isSwMessage, type BuildReply, type SwMessage } from '../../sw/protocol';
import { prefetchWhenIdle, whenIdle } from './connection';

const SERVICE_WORKER_URL = '/sw.js';
/** A tab left open for days still learns of a new version; the browser also checks on navigation. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** How long to wait for a worker to say its build before treating it as a different one. */
const WORKER_REPLY_TIMEOUT_MS = 3_000;
/**
 * Chromium activates a waiting worker only once the old one is idle, which can take it half a
 * minute while tabs keep it busy. "Update" reloads after this long anyway: the page comes from
 * the network, so the new version loads whichever worker answers.
 */
const UPDATE_RELOAD_FALLBACK_MS = 3_000;

export type UpdateState = { kind: 'current' } | { kind: 'available'; apply: () => void };

let updateState: UpdateState = { kind: 'current' };
const updateListeners = new Set<() => void>();

function setUpdateState(next: UpdateState): void {
  updateState = next;
  for (const listener of updateListeners) listener();
}

/** For useSyncExternalStore: the update prompt re-renders when the state changes. */
export function subscribeUpdateState(listener: () => void): () => void {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}

export function getUpdateState(): UpdateState {
  return updateState;
}

function post(worker: ServiceWorker | null | undefined, type: SwMessage['type'], transfer: Transferable[] = []): void {
  worker?.postMessage({ type } satisfies SwMessage, transfer);
}

function askBuildId(worker: ServiceWorker): Promise<string | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), WORKER_REPLY_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      resolve(isBuildReply(event.data) ? event.data.buildId : undefined);
    };
    post(worker, SW_MESSAGE.describe, [channel.port2]);
  });
}

/** spec 9: warm after the page settles (idle, at most 2000 ms), never on 2g or save-data. */
async function requestWarming(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  await prefetchWhenIdle(() => post(registration.active, SW_MESSAGE.warm));
}

let reloadOnControllerChange = false;

function offerUpdate(apply: () => void): void {
  setUpdateState({ kind: 'available', apply });
}

/**
 * Asks a waiting worker to take over. Chromium hurries the old worker to idle only if it is
 * running at that moment; a stopped or starting one is left to its lame-duck timer (five
 * minutes) wherever DevTools keeps it alive. So the tab wakes the old worker with a question
 * first and asks the new one to take over once it has answered.
 */
async function letTakeOver(registration: ServiceWorkerRegistration, worker: ServiceWorker): Promise<void> {
  if (registration.active) await askBuildId(registration.active);
  post(worker, SW_MESSAGE.skipWaiting);
}

async function considerWaitingWorker(registration: ServiceWorkerRegistration, worker: ServiceWorker): Promise<void> {
  const workerBuildId = await askBuildId(worker);
  if (workerBuildId === __BUILD_ID__) {
    // After the page has settled, so that the old worker is idle and can hand over soon.
    await whenIdle(PREFETCH_IDLE_TIMEOUT_MS);
    await letTakeOver(registration, worker);
    return;
  }
  offerUpdate(() => {
    const waiting = registration.waiting;
    if (!waiting) {
      window.location.reload();
      return;
    }
    reloadOnControllerChange = true;
    post(waiting, SW_MESSAGE.skipWaiting);
    setTimeout(() => window.location.reload(), UPDATE_RELOAD_FALLBACK_MS);
  });
}

function watchRegistration(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) void considerWaitingWorker(registration, registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // Installed while another worker controls the page: it waits.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) void considerWaitingWorker(registration, installing);
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}

function watchController(): void {
  let hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadOnControllerChange) {
      window.location.reload();
      return;
    }
    const controller = navigator.serviceWorker.controller;
    // The first worker taking over a fresh tab is not an update.
    if (hadController && controller) {
      void askBuildId(controller).then((buildId) => {
        if (buildId !== __BUILD_ID__) offerUpdate(() => window.location.reload());
      });
    }
    hadController = controller !== null;
    void requestWarming();
  });
}

/** The worker asks which build this tab runs before it drops an older build's files. */
function answerBuildQuestions(): void {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isSwMessage(event.data) || event.data.type !== SW_MESSAGE.whichBuild) return;
    const reply: BuildReply = { buildId: __BUILD_ID__ };
    event.ports[0]?.postMessage(reply);
  });
  navigator.serviceWorker.startMessages();
}

/** A first page that never draws (a chunk that will not load) does not keep the worker away for good. */
const FIRST_PAGE_WAIT_MAX_MS = 10_000;

let firstPageDrawn: () => void = () => undefined;
const firstPage = new Promise<void>((resolve) => {
  firstPageDrawn = resolve;
  setTimeout(resolve, FIRST_PAGE_WAIT_MAX_MS);
});

/** The router drew its first page (main.tsx): the worker's install may begin once the tab is idle. */
export function pageDrawn(): void {
  firstPageDrawn();
}

let started = false;

/** Starts the service worker's life in this tab; once per page, production builds only. */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  answerBuildQuestions();
  watchController();
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
      .then((registration) => {
        watchRegistration(registration);
        void navigator.serviceWorker.ready.then((ready) => post(ready.active, SW_MESSAGE.tabStarted));
        void requestWarming();
      })
      .catch((error: unknown) => console.error('The service worker could not be registered', error));
  };
  // The worker's install fetches the whole shell again: it must not compete with the first
  // paint, which here comes well after `load` (the page waits for its data), so it waits for the
  // first page drawn and an idle moment after it.
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  void Promise.all([loaded, firstPage])
    .then(() => whenIdle(PREFETCH_IDLE_TIMEOUT_MS))
    .then(register);
}
