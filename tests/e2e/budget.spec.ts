// Proves the JavaScript the document loads for the first paint of / stays within 170 KB gzip (issue 5's budget), measured on the built files.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from './support/test';

const FIRST_PAINT_JS_BUDGET_BYTES = 170 * 1024;
const WEB_ROOT = process.env.E2E_WEB_ROOT ?? 'dist';

/** The gzip size of a built file (level 9, as a static server or CDN would serve it). */
function gzipSize(urlPath: string): number {
  const file = path.join(WEB_ROOT, decodeURIComponent(urlPath));
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

test('the first paint of / loads at most 170 KB of gzipped JavaScript in the document', async ({ page, baseURL }) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    // Chromium reports the hub's SharedWorker script to the page too: it is the worker's, not the document's.
    const isHubWorker = /\/hub-worker-[^/]*\.js$/.test(url.pathname);
    if (url.origin === new URL(baseURL ?? '').origin && request.resourceType() === 'script' && !isHubWorker) scripts.add(url.pathname);
  });
  await page.goto('/');
  await expect(page.getByTestId('site-name')).toBeVisible();
  // The document's scripts: the entry, its static imports, the routes and catalog of /. The hub
  // runs in its own worker thread and is reported beside the budget, not in it.
  const sizes = [...scripts].map((script) => ({ script, gzipBytes: gzipSize(script) }));
  const total = sizes.reduce((sum, entry) => sum + entry.gzipBytes, 0);
  const hubWorker = fs.readdirSync(path.join(WEB_ROOT, 'assets')).find((name) => name.startsWith('hub-worker') && name.endsWith('.js'));
  console.log(
    `first paint of /: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} scripts` +
      (hubWorker ? `; hub worker ${(gzipSize(`/assets/${hubWorker}`) / 1024).toFixed(1)} KB gzip` : ''),
  );
  expect(sizes.length).toBeGreaterThan(0);
  expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(FIRST_PAINT_JS_BUDGET_BYTES);
});
