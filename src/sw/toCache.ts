/**
 * The service worker's decisions: which requests it handles and how, what its caches are called,
 * and which caches of older builds can go. Pure functions over plain data, so the unit tests run
 * them without a service worker; sw.ts applies them.
 *
 * What it never touches: anything but GET (the API's reads are POSTs, and a write must always reach
 * the server), /api and /socket.io (live data and the socket's long polling), other origins. The
 * one part of /api it handles is the public images under /api/image/ (site logos, article
 * covers), and only when a page shows them as images: an article read offline needs its cover.
 */

/** A precache manifest entry as vite.config.ts writes it: `warm` marks what is fetched after install. */
export interface BuildManifestEntry {
  url: string;
  revision: string | null;
  warm?: true;
}

/** How long a page navigation waits for the network before the cached shell answers. */
export const NAVIGATION_TIMEOUT_MS = 3_000;
/** How long the worker waits for a tab to say which build it runs; a silent tab keeps every build. */
export const CLIENT_REPLY_TIMEOUT_MS = 1_000;
/** Images a page showed (article pictures, coin logos): a bounded cache, refreshed in the background. */
export const IMAGE_CACHE_ENTRIES_MAX = 200;
export const IMAGE_CACHE_AGE_MAX_SECONDS = 30 * 24 * 60 * 60;

const CACHE_PREFIX = 'exchange';
export const IMAGE_CACHE_NAME = `${CACHE_PREFIX}-images`;
const BUILD_CACHE_PATTERN = new RegExp(`^${CACHE_PREFIX}-(?:shell|routes)-(.+)$`);

/** One build's caches: its precached shell and its warmed (or visited) route chunks and catalogs. */
export function buildCacheNames(buildId: string): { shell: string; routes: string } {
  return { shell: `${CACHE_PREFIX}-shell-${buildId}`, routes: `${CACHE_PREFIX}-routes-${buildId}` };
}

export function buildIdOfCache(cacheName: string): string | undefined {
  return BUILD_CACHE_PATTERN.exec(cacheName)?.[1];
}

/**
 * The caches of builds that no tab runs any more. `clientBuildIds` has one item per open tab:
 * its build, or undefined when it did not answer; then nothing goes, since that tab may still
 * load the chunks of an older build.
 */
export function cachesToDrop(cacheNames: readonly string[], currentBuildId: string, clientBuildIds: readonly (string | undefined)[]): string[] {
  if (clientBuildIds.some((buildId) => buildId === undefined)) return [];
  const buildsInUse = new Set([currentBuildId, ...clientBuildIds]);
  return cacheNames.filter((cacheName) => {
    const buildId = buildIdOfCache(cacheName);
    return buildId !== undefined && !buildsInUse.has(buildId);
  });
}

/** The shell entries, as the precache takes them. */
export function shellEntries(manifest: readonly BuildManifestEntry[]): { url: string; revision: string | null }[] {
  return manifest.filter((entry) => !entry.warm).map(({ url, revision }) => ({ url, revision }));
}

/** The absolute URLs to warm after install. */
export function warmUrls(manifest: readonly BuildManifestEntry[], workerUrl: string): string[] {
  return manifest.filter((entry) => entry.warm).map((entry) => new URL(entry.url, workerUrl).href);
}

/** The server's public images (server/modules/content/routes.ts): the only part of /api the worker handles. */
export const PUBLIC_IMAGE_PATH = '/api/image/';

/** What the worker does with a request: leave it to the network, or one of its strategies. */
export type FetchRoute = 'network' | 'page' | 'asset' | 'image';

export interface RequestFacts {
  method: string;
  mode: string;
  destination: string;
  url: string;
}

/**
 * Chromium's static routing (InstallEvent.addRoutes): requests that skip this worker entirely, so
 * the browser neither starts it nor keeps it busy for the API's constant traffic. An idle old
 * worker is what lets Chromium hand over to a new version. routeFor says the same for browsers
 * without static routing. The first rule that matches wins: the public images under /api/image/
 * come to the fetch listener (routeFor decides there), the rest of /api goes to the network.
 */
export const STATIC_ROUTER_RULES = [
  { condition: { urlPattern: { pathname: `${PUBLIC_IMAGE_PATH}*` } }, source: 'fetch-event' },
  { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
  { condition: { urlPattern: { pathname: '/socket.io/*' } }, source: 'network' },
  { condition: { requestMethod: 'POST' }, source: 'network' },
] as const;

function isServerPath(pathname: string): boolean {
  return /^\/(?:api|socket\.io)(?:\/|$)/.test(pathname);
}

/** An image the server draws for everyone (no user's data): a page shows it, offline too. */
function isPublicServerImage(request: RequestFacts, pathname: string): boolean {
  return request.destination === 'image' && pathname.startsWith(PUBLIC_IMAGE_PATH);
}

function hasFileExtension(pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return lastSegment.includes('.');
}

/**
 * The route of a request. A page navigation (a path without a file extension, as the server's
 * history fallback decides) gets index.html; a script, style or any other file is only ever
 * answered with that file or an error, never with HTML.
 */
export function routeFor(request: RequestFacts, origin: string): FetchRoute {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (isServerPath(url.pathname)) return isPublicServerImage(request, url.pathname) ? 'image' : 'network';
  const isFile = hasFileExtension(url.pathname);
  if (request.mode === 'navigate' && !isFile) return 'page';
  if (request.destination === 'image') return 'image';
  return isFile ? 'asset' : 'network';
}
