/**
 * The service worker: its listeners. The strategies are in strategies.ts and the decisions in
 * toCache.ts; the precache list comes from the build (vite.config.ts, the PWA policy).
 *
 * Life of one build's worker:
 * - install: precache the shell of this build into its own cache (named with the build id).
 * - activate: take over open tabs. The caches of older builds stay while any tab still runs one
 *   (it may lazy-load one of its chunks, which the server no longer has after a deploy); they go
 *   at a page load or tab start once every open tab answers and none of them runs that build.
 * - warm: a tab asks, when its connection allows it (src/app/pwa), and the route chunks and
 *   catalogs of this build are fetched into the build's route cache.
 * - a new version waits until a tab accepts the update prompt (or a tab of that very version asks).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { PrecacheController } from 'workbox-precaching';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { SW_MESSAGE, isBuildReply, isSwMessage, type BuildReply, type WarmReply } from './protocol';
import { cacheOrNetwork, networkFirstWithTimeout } from './strategies';
import {
  CLIENT_REPLY_TIMEOUT_MS,
  IMAGE_CACHE_AGE_MAX_SECONDS,
  IMAGE_CACHE_ENTRIES_MAX,
  IMAGE_CACHE_NAME,
  NAVIGATION_TIMEOUT_MS,
  STATIC_ROUTER_RULES,
  buildCacheNames,
  buildIdOfCache,
  cachesToDrop,
  routeFor,
  shellEntries,
  warmUrls,
  type BuildManifestEntry,
} from './toCache';

declare const self: ServiceWorkerGlobalScope;

const manifest = self.__WB_MANIFEST as BuildManifestEntry[];
const cacheNames = buildCacheNames(__BUILD_ID__);
const shell = new PrecacheController({ cacheName: cacheNames.shell });
shell.addToCacheList(shellEntries(manifest));
/** Route chunks and catalogs: fetched after install on a good connection, or when a page needs one. */
const warmFileUrls = warmUrls(manifest, self.location.href);
const warmFileUrlSet = new Set(warmFileUrls);
const SHELL_PAGE_URL = new URL('index.html', self.location.href).href;

const images = new StaleWhileRevalidate({
  cacheName: IMAGE_CACHE_NAME,
  plugins: [new ExpirationPlugin({ maxEntries: IMAGE_CACHE_ENTRIES_MAX, maxAgeSeconds: IMAGE_CACHE_AGE_MAX_SECONDS, purgeOnQuotaError: true })],
});

/** A file of this build from its shell or route cache, else a file of an older build still kept. */
async function cachedFile(request: Request): Promise<Response | undefined> {
  return (await shell.matchPrecache(request.url)) ?? (await caches.match(request, { ignoreVary: true }));
}

async function storeWarmFile(url: string, response: Response): Promise<void> {
  const cache = await caches.open(cacheNames.routes);
  await cache.put(url, response);
}

let warming: Promise<WarmReply> | undefined;

/**
 * Every event promise still at work, by kind and URL. Chromium hands over to a waiting worker
 * only once this one is idle; the describe answer lists what keeps it busy.
 */
const pendingWork = new Map<number, string>();
let nextWorkId = 0;
function tracked<T>(label: string, work: Promise<T>): Promise<T> {
  const id = nextWorkId++;
  pendingWork.set(id, label);
  const done = () => pendingWork.delete(id);
  work.then(done, done);
  return work;
}

async function warmFiles(): Promise<WarmReply> {
  const cache = await caches.open(cacheNames.routes);
  const reply: WarmReply = { warmedCount: 0, failedCount: 0 };
  // One at a time: warming must not compete with what the page in front is loading.
  for (const url of warmFileUrls) {
    if (await cache.match(url)) continue;
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await cache.put(url, response);
      reply.warmedCount += 1;
    } catch (error) {
      // Not fatal: a page that needs the file fetches it then. Shown in the worker's console.
      console.warn(`Service worker: could not warm ${url}`, error);
      reply.failedCount += 1;
    }
  }
  return reply;
}

function askClientBuild(client: Client): Promise<string | undefined> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), CLIENT_REPLY_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      resolve(isBuildReply(event.data) ? event.data.buildId : undefined);
    };
    client.postMessage({ type: SW_MESSAGE.whichBuild }, [channel.port2]);
  });
}

/** A newer worker is installing or waiting: its caches are not this worker's to judge. */
function isUpdateOnItsWay(): boolean {
  return self.registration.installing !== null || self.registration.waiting !== null;
}

/** Asks of the tabs again when one did not say its build in time (busy loading, on a slow machine). */
const DROP_ASK_AGAIN_MS = 2_000;
const DROP_ASKS_MAX = 5;

/**
 * Deletes the caches of other builds once no open tab runs them. Only an active worker with no
 * newer one behind it does this, so every other build it sees is an older one. A tab that does
 * not answer might run an old build: nothing is deleted then, and the tabs are asked again a few
 * times (a tab that just started answers once it has loaded), within the event that asked.
 */
async function dropUnusedBuilds(asked = 1): Promise<void> {
  if (isUpdateOnItsWay()) return;
  const names = await caches.keys();
  const hasOtherBuild = names.some((name) => {
    const buildId = buildIdOfCache(name);
    return buildId !== undefined && buildId !== __BUILD_ID__;
  });
  if (!hasOtherBuild) return;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tabBuilds = await Promise.all(tabs.map(askClientBuild));
  // Asking the tabs takes a moment, in which a new version may have started to install.
  if (isUpdateOnItsWay()) return;
  if (tabBuilds.includes(undefined) && asked < DROP_ASKS_MAX) {
    await new Promise((resolve) => setTimeout(resolve, DROP_ASK_AGAIN_MS));
    return dropUnusedBuilds(asked + 1);
  }
  await Promise.all(cachesToDrop(names, __BUILD_ID__, tabBuilds).map((name) => caches.delete(name)));
}

/** InstallEvent.addRoutes where the browser has it (Chromium 123 and later). */
type RoutableInstallEvent = ExtendableEvent & { addRoutes?: (rules: typeof STATIC_ROUTER_RULES) => Promise<void> };

self.addEventListener('install', (event) => {
  event.waitUntil(shell.install(event));
  const routable = event as RoutableInstallEvent;
  // Without the rules the fetch listener passes the same requests on: no reason to fail the install.
  if (routable.addRoutes) {
    event.waitUntil(routable.addRoutes(STATIC_ROUTER_RULES).catch((error: unknown) => console.warn('Service worker: static routes refused', error)));
  }
});

self.addEventListener('activate', (event) => {
  // Older builds are judged later, on the next page load or tab start: asking the tabs here would
  // hold every request until they answered.
  event.waitUntil(shell.activate(event).then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  switch (routeFor(request, self.location.origin)) {
    case 'network':
      return;
    case 'page':
      event.respondWith(
        tracked(`page ${request.url}`, networkFirstWithTimeout(request, { timeoutMs: NAVIGATION_TIMEOUT_MS, fallback: () => shell.matchPrecache(SHELL_PAGE_URL) })),
      );
      // A new tab or a reload: a tab of an older build may just have gone.
      event.waitUntil(tracked('drop unused builds', dropUnusedBuilds()));
      return;
    case 'image':
      event.respondWith(tracked(`image ${request.url}`, shell.matchPrecache(request.url).then((cached) => cached ?? images.handle({ event, request }))));
      return;
    case 'asset':
      event.respondWith(
        tracked(
          `asset ${request.url}`,
          cacheOrNetwork(request, {
            lookup: () => cachedFile(request),
            store: warmFileUrlSet.has(request.url) ? (response) => storeWarmFile(request.url, response) : undefined,
            keepAlive: (work) => event.waitUntil(tracked(`store ${request.url}`, work)),
          }),
        ),
      );
      return;
  }
});

self.addEventListener('message', (event) => {
  if (!isSwMessage(event.data)) return;
  const replyPort = event.ports[0];
  switch (event.data.type) {
    case SW_MESSAGE.describe: {
      const reply: BuildReply = { buildId: __BUILD_ID__, pending: [...pendingWork.values()] };
      replyPort?.postMessage(reply);
      return;
    }
    case SW_MESSAGE.skipWaiting:
      event.waitUntil(tracked('skip waiting', self.skipWaiting()));
      return;
    case SW_MESSAGE.warm:
      warming ??= warmFiles().finally(() => {
        warming = undefined;
      });
      event.waitUntil(tracked('warm', warming.then((reply) => replyPort?.postMessage(reply))));
      return;
    case SW_MESSAGE.tabStarted:
      event.waitUntil(tracked('tab started', dropUnusedBuilds()));
      return;
    case SW_MESSAGE.whichBuild:
      return;
  }
});
