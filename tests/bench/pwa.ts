/**
 * PWA benchmark (issue 4): the built app (dist/, built first when missing) served by the real
 * server on a free port with a temporary data folder, market-maker robots on so that quotes move,
 * and the test-only request log on (E2E_REQUEST_LOG=1), driven by Chromium through Playwright.
 *
 * - Server requests per minute with 1, 3 and 10 tabs on the home page in one browser context,
 *   counted on the server (the hub's SharedWorker requests included, which a browser-side count
 *   would miss), over a window that starts once every tab shows live quotes.
 * - Time to the first quote painted in a new tab when IndexedDB holds quotes (cache hit): from
 *   the navigation start to the first ticker price, median of 5.
 * - Lighthouse 12 scores (performance, accessibility, best practices) with its default, mobile,
 *   settings on the home page.
 * - Offline cold start: after one visit (service worker installed) the server stops and a new
 *   browser on the same profile opens the home page; from the navigation start to the shell
 *   painted, median of 5. This runs last, since it takes the server away.
 *
 * Override the window with BENCH_PWA_WINDOW_MS, the built app with BENCH_WEB_ROOT and the browser
 * with CHROME_PATH.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { BenchmarkModule, BenchmarkRow } from './run';
import { ensureBuild } from './support/build';
import { CHROME_ARGS, CHROME_PATH, launchBrowser } from './support/chrome';
import { LIGHTHOUSE_CATEGORIES, categoryScore, failedAudits, runContext, runLighthouse, withLighthouseChrome, type LighthouseCategory } from './support/lighthouse';
import { describeError, median, positiveInteger } from './support/numbers';
import { BenchServer } from './support/server';

const WINDOW_MS = positiveInteger(process.env.BENCH_PWA_WINDOW_MS, 20_000);
const TAB_COUNTS = [1, 3, 10] as const;
const SAMPLES = 5;
const HOME_PATH = '/en';
const E2E_CLIENT_COOKIE = 'e2e-client';
const PAINT_TIMEOUT_MS = 30_000;
const HUB_END_TIMEOUT_MS = 15_000;
/** The hub writes quotes to IndexedDB in batches of a second; this leaves it time for one. */
const CACHE_WRITE_WAIT_MS = 1_500;

interface RequestCounts {
  counts: Record<string, number>;
}

async function readRequestCounts(baseUrl: string, client: string): Promise<Record<string, number>> {
  const response = await fetch(`${baseUrl}/api/v1/__test/requests?client=${client}`);
  if (!response.ok) throw new Error(`the request log answered HTTP ${response.status} (is E2E_REQUEST_LOG=1 taken?)`);
  return ((await response.json()) as { data: RequestCounts }).data.counts;
}

async function resetRequestCounts(baseUrl: string, client: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/__test/requests?client=${client}`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`resetting the request log answered HTTP ${response.status}`);
}

/** Waits until every ticker row shows a price; answers the page's clock at that moment. */
async function waitForQuotes(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const prices = [...document.querySelectorAll('[data-testid="ticker-row"] [data-testid="ticker-price"]')];
      return prices.length > 0 && prices.every((price) => /^\d/.test(price.textContent ?? '')) ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: PAINT_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as number;
}

/** The first ticker price on screen: the page's clock (ms since navigation start) and where it came from. */
async function waitForFirstQuote(page: Page): Promise<{ atMs: number; source: string }> {
  const handle = await page.waitForFunction(
    () => {
      for (const row of document.querySelectorAll('[data-testid="ticker-row"]')) {
        const price = row.querySelector('[data-testid="ticker-price"]')?.textContent ?? '';
        if (/^\d/.test(price)) return { atMs: performance.now(), source: row.getAttribute('data-source') ?? '' };
      }
      return false;
    },
    undefined,
    { polling: 'raf', timeout: PAINT_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as { atMs: number; source: string };
}

function summarize(counts: Record<string, number>): { total: number; hub: number; files: number; detail: string } {
  let total = 0;
  let hub = 0;
  for (const [key, count] of Object.entries(counts)) {
    total += count;
    if (/ \/(api|socket\.io)\//.test(key)) hub += count;
  }
  const detail = Object.entries(counts)
    .sort(([, left], [, right]) => right - left)
    .slice(0, 4)
    .map(([key, count]) => `${key}=${count}`)
    .join(', ');
  return { total, hub, files: total - hub, detail };
}

async function benchRequests(browser: Browser, baseUrl: string): Promise<BenchmarkRow[]> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const client = randomUUID();
  await context.addCookies([{ name: E2E_CLIENT_COOKIE, value: client, url: baseUrl }]);
  const rows: BenchmarkRow[] = [];
  try {
    // One visit first, so that the service worker's install and precache are not in the windows.
    const first = await context.newPage();
    await first.goto(HOME_PATH);
    await waitForQuotes(first);
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: PAINT_TIMEOUT_MS });
    await first.close();

    for (const tabCount of TAB_COUNTS) {
      await resetRequestCounts(baseUrl, client);
      const pages: Page[] = [];
      for (let index = 0; index < tabCount; index += 1) {
        const page = await context.newPage();
        await page.goto(HOME_PATH);
        pages.push(page);
      }
      for (const page of pages) await waitForQuotes(page);
      const opening = summarize(await readRequestCounts(baseUrl, client));

      await resetRequestCounts(baseUrl, client);
      const startedMs = Date.now();
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
      const steady = summarize(await readRequestCounts(baseUrl, client));
      const elapsedMs = Date.now() - startedMs;
      for (const page of pages) await page.close();

      const perMinute = (count: number) => ((count / elapsedMs) * 60_000).toFixed(1);
      rows.push({
        metric: `server requests, ${tabCount} tab(s) open`,
        value: (steady.total / elapsedMs) * 60_000,
        unit: 'requests/min',
        note:
          `${steady.total} in ${(elapsedMs / 1000).toFixed(0)} s once all tabs showed quotes; api+socket.io ${perMinute(steady.hub)}/min, files ${perMinute(steady.files)}/min` +
          `${steady.detail ? ` (${steady.detail})` : ''}; opening the tabs: ${opening.total} requests (${opening.hub} api+socket.io)`,
      });
    }
  } finally {
    await context.close();
  }
  return rows;
}

/** Whether the context's origin still has a SharedWorker (the hub) running. */
async function hubRunning(browser: Browser, baseUrl: string): Promise<boolean> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: Array<{ type: string; url: string }> };
    return targetInfos.some((target) => target.type === 'shared_worker' && target.url.startsWith(baseUrl));
  } finally {
    await session.detach();
  }
}

/** The browser ends a SharedWorker shortly after its last tab: wait, so that the next tab starts a new hub that reads IndexedDB. */
async function waitForHubEnd(browser: Browser, baseUrl: string): Promise<void> {
  const deadline = Date.now() + HUB_END_TIMEOUT_MS;
  while (await hubRunning(browser, baseUrl)) {
    if (Date.now() > deadline) throw new Error(`the hub's SharedWorker was still running ${HUB_END_TIMEOUT_MS} ms after its last tab closed`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function benchFirstQuote(browser: Browser, baseUrl: string): Promise<BenchmarkRow[]> {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl });
  const samplesMs: number[] = [];
  const sources = new Map<string, number>();
  try {
    const warm = await context.newPage();
    await warm.goto(HOME_PATH);
    await waitForQuotes(warm);
    await warm.waitForTimeout(CACHE_WRITE_WAIT_MS);
    await warm.close();
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      await waitForHubEnd(browser, baseUrl);
      const page = await context.newPage();
      await page.goto(HOME_PATH, { waitUntil: 'commit' });
      const first = await waitForFirstQuote(page);
      samplesMs.push(first.atMs);
      sources.set(first.source, (sources.get(first.source) ?? 0) + 1);
      // Leave the cache as warm as the first visit left it for the next sample.
      await waitForQuotes(page);
      await page.waitForTimeout(CACHE_WRITE_WAIT_MS);
      await page.close();
    }
  } finally {
    await context.close();
  }
  const sourceNote = [...sources].map(([source, count]) => `${source}×${count}`).join(', ');
  return [
    {
      metric: `first quote painted, new tab, warm cache (median of ${SAMPLES})`,
      value: median(samplesMs),
      unit: 'ms',
      note: `navigation start to first ticker price; samples ${samplesMs.map((sample) => sample.toFixed(0)).join('/')} ms; first price from: ${sourceNote}`,
    },
  ];
}

const LIGHTHOUSE_METRICS: Record<LighthouseCategory, string> = {
  performance: 'Lighthouse performance (mobile)',
  accessibility: 'Lighthouse accessibility (mobile)',
  'best-practices': 'Lighthouse best practices (mobile)',
};

/** The simulated timings behind the performance score, for its note. */
const PERFORMANCE_AUDITS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

async function benchLighthouse(baseUrl: string): Promise<BenchmarkRow[]> {
  try {
    const lhr = await withLighthouseChrome((port) => runLighthouse(`${baseUrl}${HOME_PATH}`, port));
    return LIGHTHOUSE_CATEGORIES.map((category) => {
      const failed = failedAudits(lhr, category);
      const timings = category === 'performance' ? PERFORMANCE_AUDITS.map((audit) => `${audit} ${lhr.audits[audit]?.displayValue ?? '?'}`).join(', ') : '';
      const notes = [runContext(lhr), timings, failed.length > 0 ? `failed: ${failed.join(', ')}` : ''].filter(Boolean);
      return { metric: LIGHTHOUSE_METRICS[category], value: categoryScore(lhr, category) ?? 'n/a', unit: 'score/100', note: notes.join('; ') };
    });
  } catch (error) {
    return LIGHTHOUSE_CATEGORIES.map((category) => ({ metric: LIGHTHOUSE_METRICS[category], value: 'n/a', unit: 'score/100', note: `Lighthouse failed: ${describeError(error)}` }));
  }
}

/**
 * A cold start for real: a new browser process on the profile of an earlier visit (its service
 * worker installed, no hub running), the server gone. A persistent profile is needed, since an
 * ordinary context's storage ends with it.
 */
async function benchOfflineColdStart(server: BenchServer): Promise<BenchmarkRow[]> {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-pwa-profile-'));
  const launchOptions = { executablePath: CHROME_PATH, args: CHROME_ARGS, baseURL: server.baseUrl, timeout: 60_000 };
  const samplesMs: number[] = [];
  const fromServiceWorker: boolean[] = [];
  try {
    const visit = await chromium.launchPersistentContext(profileDir, launchOptions);
    try {
      const page = visit.pages()[0] ?? (await visit.newPage());
      await page.goto(HOME_PATH);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: PAINT_TIMEOUT_MS });
      await waitForQuotes(page);
      await page.waitForTimeout(CACHE_WRITE_WAIT_MS);
    } finally {
      await visit.close();
    }
    await server.stop();
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      const context = await chromium.launchPersistentContext(profileDir, launchOptions);
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        const response = await page.goto(HOME_PATH, { waitUntil: 'commit' });
        fromServiceWorker.push(response?.fromServiceWorker() ?? false);
        const handle = await page.waitForFunction(
          () => {
            // The header's logo once the layout draws (the bare frame's brand while it could not).
            const logo = document.querySelector('[data-testid="logo"], [data-testid="brand"]');
            return logo && logo.getBoundingClientRect().width > 0 ? performance.now() : false;
          },
          undefined,
          { polling: 'raf', timeout: PAINT_TIMEOUT_MS },
        );
        samplesMs.push((await handle.jsonValue()) as number);
      } finally {
        await context.close();
      }
    }
  } finally {
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
  const served = fromServiceWorker.every(Boolean) ? 'every start served by the service worker' : `served by the service worker: ${fromServiceWorker.join('/')}`;
  return [
    {
      metric: `offline cold start, shell painted (median of ${SAMPLES})`,
      value: median(samplesMs),
      unit: 'ms',
      note: `new browser on a visited profile, server stopped; navigation start to the header's logo; samples ${samplesMs.map((sample) => sample.toFixed(0)).join('/')} ms; ${served}`,
    },
  ];
}

export const pwaBenchmark: BenchmarkModule = {
  name: 'pwa',
  async run() {
    const build = await ensureBuild();
    const server = await BenchServer.start({ name: 'pwa', webRoot: build.root, env: { E2E_REQUEST_LOG: '1' } });
    const rows: BenchmarkRow[] = [];
    try {
      const browser = await launchBrowser();
      try {
        rows.push(...(await benchRequests(browser, server.baseUrl)));
        rows.push(...(await benchFirstQuote(browser, server.baseUrl)));
      } finally {
        await browser.close();
      }
      rows.push(...(await benchLighthouse(server.baseUrl)));
      rows.push(...(await benchOfflineColdStart(server)));
    } finally {
      await server.dispose();
    }
    if (rows[0]) rows[0] = { ...rows[0], note: `${rows[0].note ?? ''}; ${build.note}` };
    return rows;
  },
};
