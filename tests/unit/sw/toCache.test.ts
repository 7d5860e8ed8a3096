// Proves the service worker's decisions: which requests it leaves alone (writes, /api but its public
// images, /socket.io, other origins), which get the shell (page navigations only), and which older builds' caches go.
import { describe, expect, it } from 'vitest';
import {
  PUBLIC_IMAGE_PATH,
  STATIC_ROUTER_RULES,
  buildCacheNames,
  buildIdOfCache,
  cachesToDrop,
  routeFor,
  shellEntries,
  warmUrls,
  type BuildManifestEntry,
  type RequestFacts,
} from '../../../src/sw/toCache';

const ORIGIN = 'https://exchange.example';

function request(pathOrUrl: string, facts: Partial<RequestFacts> = {}): RequestFacts {
  return { method: 'GET', mode: 'no-cors', destination: '', url: new URL(pathOrUrl, ORIGIN).href, ...facts };
}

describe('routeFor', () => {
  it('leaves every POST to the network: API reads are POSTs and writes must reach the server', () => {
    expect(routeFor(request('/api/v1/account/info', { method: 'POST', mode: 'cors' }), ORIGIN)).toBe('network');
    expect(routeFor(request('/assets/index-abc.js', { method: 'POST' }), ORIGIN)).toBe('network');
  });

  it('never handles /api or /socket.io, not even a GET image or a navigation', () => {
    expect(routeFor(request('/api/v1/config', { mode: 'cors' }), ORIGIN)).toBe('network');
    expect(routeFor(request('/api/v1/captcha', { destination: 'image' }), ORIGIN)).toBe('network');
    expect(routeFor(request('/api/v1/config', { mode: 'navigate', destination: 'document' }), ORIGIN)).toBe('network');
    expect(routeFor(request('/socket.io/?EIO=4&transport=polling', { mode: 'cors' }), ORIGIN)).toBe('network');
    expect(routeFor(request('/api', { mode: 'navigate' }), ORIGIN)).toBe('network');
  });

  it('caches the server\'s public images under /api/image/ when a page shows them (article covers offline), and nothing else of /api', () => {
    expect(routeFor(request('/api/image/sitelogo', { destination: 'image' }), ORIGIN)).toBe('image');
    expect(routeFor(request('/api/image/sitelogo', { mode: 'cors' }), ORIGIN)).toBe('network');
    expect(routeFor(request('/api/image/sitelogo', { method: 'POST', destination: 'image' }), ORIGIN)).toBe('network');
    expect(routeFor(request('/api/v1/helpdesk/image/abc.jpg', { destination: 'image' }), ORIGIN)).toBe('network');
    expect(routeFor(request('/api/imagery', { destination: 'image' }), ORIGIN)).toBe('network');
  });

  it('lets static routing send /api/image/ to the worker before the rest of /api goes to the network', () => {
    const pathnames = STATIC_ROUTER_RULES.map((rule) => ('urlPattern' in rule.condition ? rule.condition.urlPattern.pathname : undefined));
    expect(pathnames.indexOf(`${PUBLIC_IMAGE_PATH}*`)).toBeLessThan(pathnames.indexOf('/api/*'));
    expect(STATIC_ROUTER_RULES[pathnames.indexOf(`${PUBLIC_IMAGE_PATH}*`)]?.source).toBe('fetch-event');
  });

  it('leaves other origins alone', () => {
    expect(routeFor(request('https://cdn.example/logo.png', { destination: 'image' }), ORIGIN)).toBe('network');
  });

  it('answers page navigations (paths without a file extension) with the page strategy', () => {
    for (const path of ['/', '/en', '/zh-CHT/assets/assetDeposit', '/Post/detail?id=3']) {
      expect(routeFor(request(path, { mode: 'navigate', destination: 'document' }), ORIGIN)).toBe('page');
    }
  });

  it('never gives a script or style the page strategy, even when it is missing', () => {
    expect(routeFor(request('/assets/missing.js', { destination: 'script', mode: 'cors' }), ORIGIN)).toBe('asset');
    expect(routeFor(request('/assets/missing.css', { destination: 'style' }), ORIGIN)).toBe('asset');
    // Opening a file's address in the tab is a navigation, but to a file: no index.html.
    expect(routeFor(request('/assets/missing.js', { mode: 'navigate', destination: 'document' }), ORIGIN)).toBe('asset');
    // A script asking for a path without an extension is not a page navigation either.
    expect(routeFor(request('/en/Quotes', { mode: 'cors' }), ORIGIN)).toBe('network');
  });

  it('sends images to the image cache', () => {
    expect(routeFor(request('/icons/coins/btc.svg', { destination: 'image' }), ORIGIN)).toBe('image');
    expect(routeFor(request('/uploads/article-7', { destination: 'image' }), ORIGIN)).toBe('image');
  });
});

describe('build caches', () => {
  it('names each build its own shell and route caches and reads the build back', () => {
    const names = buildCacheNames('mwr4r4rz');
    expect(names).toEqual({ shell: 'exchange-shell-mwr4r4rz', routes: 'exchange-routes-mwr4r4rz' });
    expect(buildIdOfCache(names.shell)).toBe('mwr4r4rz');
    expect(buildIdOfCache(names.routes)).toBe('mwr4r4rz');
    expect(buildIdOfCache('exchange-images')).toBeUndefined();
    expect(buildIdOfCache('workbox-precache-v2-https://exchange.example/')).toBeUndefined();
  });

  const caches = ['exchange-shell-old', 'exchange-routes-old', 'exchange-shell-new', 'exchange-routes-new', 'exchange-images'];

  it('keeps an older build while a tab still runs it', () => {
    expect(cachesToDrop(caches, 'new', ['old', 'new'])).toEqual([]);
  });

  it('drops an older build once every tab runs another one, and never the images or the current build', () => {
    expect(cachesToDrop(caches, 'new', ['new', 'new'])).toEqual(['exchange-shell-old', 'exchange-routes-old']);
    expect(cachesToDrop(caches, 'new', [])).toEqual(['exchange-shell-old', 'exchange-routes-old']);
  });

  it('drops nothing while a tab has not said which build it runs', () => {
    expect(cachesToDrop(caches, 'new', ['new', undefined])).toEqual([]);
  });
});

describe('the precache manifest', () => {
  const manifest: BuildManifestEntry[] = [
    { url: 'index.html', revision: 'r1' },
    { url: 'assets/index-abc.js', revision: null },
    { url: 'assets/page-def.js', revision: null, warm: true },
    { url: 'assets/page-def.css', revision: null, warm: true },
  ];

  it('precaches the shell without the warm marks', () => {
    expect(shellEntries(manifest)).toEqual([
      { url: 'index.html', revision: 'r1' },
      { url: 'assets/index-abc.js', revision: null },
    ]);
  });

  it('warms the marked files, as absolute URLs', () => {
    expect(warmUrls(manifest, `${ORIGIN}/sw.js`)).toEqual([`${ORIGIN}/assets/page-def.js`, `${ORIGIN}/assets/page-def.css`]);
  });
});
