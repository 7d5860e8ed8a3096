/**
 * Trading screens benchmark (issue 7): the app freshly built into a temporary folder, served by
 * the real server on a free port with a temporary data folder (demo data, market-maker robots
 * on), driven by Chromium through Playwright (the server, build and browser handling are in
 * support/).
 *
 * - Time to the first candle painted on /en/exchange?id=btc_usdt: from the navigation start until
 *   the uPlot canvas holds candle pixels (the candle colours read back from the canvas once the
 *   chart reports data-state="ready"), median of 5 cold loads (a new context each) and of 5 warm
 *   loads (one context, reloaded).
 * - Script time per live book update at about 10 updates a second: a demo user places and cancels
 *   small limit orders below the best bid through the API, 10 calls a second, while the page is
 *   open; main-thread ScriptDuration (CDP Performance.getMetrics) over the window divided by the
 *   book updates the page rendered (changes of the book's data-sequence attribute, seen by a
 *   MutationObserver installed before the app starts). The same window with robots only is
 *   reported beside it.
 * - JavaScript sent for /en and /en/exchange?id=btc_usdt: gzip bytes (level 9) of every script
 *   the document requests, as tests/e2e/budget.spec.ts sums them.
 *
 * Override the window with BENCH_TRADING_WINDOW_MS, the built app with BENCH_WEB_ROOT and the
 * browser with CHROME_PATH.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { BenchmarkModule, BenchmarkRow } from './run';
import { freshBuild } from './support/build';
import { launchBrowser } from './support/chrome';
import { median, positiveInteger, sleep } from './support/numbers';
import { BenchServer } from './support/server';

const WINDOW_MS = positiveInteger(process.env.BENCH_TRADING_WINDOW_MS, 10_000);
const SAMPLES = 5;
const HOME_PATH = '/en';
const EXCHANGE_PATH = '/en/exchange?id=btc_usdt';
const SYMBOL = 'btc_usdt';
const DEMO_USER = 'trader1@demo.exchange';
const DEMO_PASSWORD = 'Demo1234!';
const ORDER_CALLS_PER_SECOND = 10;
/** The value of each benchmark order in USDT: above the 1 USDT minimum, small against the demo funding. */
const ORDER_VALUE_USDT = 5;
/** How far below the best bid the benchmark's orders rest, in hundredths of a percent. */
const ORDER_DISTANCE_BASIS_POINTS = 50n;
const PAINT_TIMEOUT_MS = 30_000;
const SETTLE_MS = 2_000;
const VIEWPORT = { width: 1440, height: 900 };

/**
 * Waits until the chart's canvas holds candle pixels (the up or down colour of CandleChart.tsx)
 * after the chart reported its candles ready; answers the page's clock (ms since navigation
 * start) at that moment. Polled every animation frame, so within a frame of the paint.
 */
async function waitForFirstCandle(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const holder = document.querySelector('[data-testid="exchange-candles"]');
      if (!holder || holder.getAttribute('data-state') !== 'ready') return false;
      const canvas = holder.querySelector('canvas');
      const context = canvas && canvas.width > 0 && canvas.height > 0 ? canvas.getContext('2d') : null;
      if (!canvas || !context) return false;
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      // #2ebd85 (up) and #f6465d (down), opaque: the candle bodies' fill.
      const candleColours = [
        [0x2e, 0xbd, 0x85],
        [0xf6, 0x46, 0x5d],
      ];
      let found = 0;
      for (let index = 0; index < pixels.length; index += 4) {
        if (pixels[index + 3] !== 255) continue;
        const [red, green, blue] = [pixels[index]!, pixels[index + 1]!, pixels[index + 2]!];
        if (candleColours.some(([r, g, b]) => Math.abs(red - r!) <= 2 && Math.abs(green - g!) <= 2 && Math.abs(blue - b!) <= 2)) found += 1;
        if (found >= 20) return performance.now();
      }
      return false;
    },
    undefined,
    { polling: 'raf', timeout: PAINT_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as number;
}

async function benchFirstCandle(browser: Browser, baseUrl: string): Promise<BenchmarkRow[]> {
  const coldMs: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
    try {
      const page = await context.newPage();
      await page.goto(EXCHANGE_PATH, { waitUntil: 'commit' });
      coldMs.push(await waitForFirstCandle(page));
    } finally {
      await context.close();
    }
  }
  const warmMs: number[] = [];
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(EXCHANGE_PATH, { waitUntil: 'commit' });
    await waitForFirstCandle(page);
    // Let the service worker install and precache, so that the reloads are warm for real.
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 })
      .catch(() => undefined);
    await page.waitForTimeout(1_000);
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      await page.reload({ waitUntil: 'commit' });
      warmMs.push(await waitForFirstCandle(page));
    }
  } finally {
    await context.close();
  }
  const samples = (list: number[]) => list.map((value) => value.toFixed(0)).join('/');
  return [
    {
      metric: `first candle painted, cold load (median of ${SAMPLES})`,
      value: median(coldMs),
      unit: 'ms',
      note: `${EXCHANGE_PATH}, new context each; navigation start to candle pixels on the uPlot canvas (rAF-polled); samples ${samples(coldMs)} ms`,
    },
    {
      metric: `first candle painted, warm reload (median of ${SAMPLES})`,
      value: median(warmMs),
      unit: 'ms',
      note: `same context reloaded (HTTP cache and service worker warm); samples ${samples(warmMs)} ms`,
    },
  ];
}

interface Envelope<T> {
  errcode: number;
  errmsg?: string;
  data?: T;
}

/** A signed-in demo user's API: the session cookie lives in the request context, the CSRF token beside it. */
class Trader {
  private constructor(
    private readonly request: APIRequestContext,
    private token: string,
  ) {}

  static async signIn(request: APIRequestContext): Promise<Trader> {
    const trader = new Trader(request, await Trader.csrf(request));
    const answer = await request.post('/api/v1/account/signin', { form: { username: DEMO_USER, password: DEMO_PASSWORD }, headers: { 'X-XSRF-TOKEN': trader.token } });
    const body = (await answer.json()) as Envelope<unknown>;
    if (body.errcode !== 0) throw new Error(`signing in ${DEMO_USER} failed: ${JSON.stringify(body)}`);
    // The session changed: take the token that goes with it.
    trader.token = await Trader.csrf(request);
    return trader;
  }

  private static async csrf(request: APIRequestContext): Promise<string> {
    const answer = await request.post('/api/v1/csrftoken', { data: {} });
    return ((await answer.json()) as Envelope<{ token: string }>).data?.token ?? '';
  }

  async place(price: string, quantity: string): Promise<Envelope<{ id: number }>> {
    const answer = await this.request.post('/api/v1/exchange/create', {
      data: { symbol: SYMBOL, side: 'buy', type: 'limit', price, quantity },
      headers: { 'X-XSRF-TOKEN': this.token },
    });
    return (await answer.json()) as Envelope<{ id: number }>;
  }

  async cancel(id: number): Promise<Envelope<unknown>> {
    const answer = await this.request.post(`/api/v1/exchange/cancelorder?id=${id}`, { data: {}, headers: { 'X-XSRF-TOKEN': this.token } });
    return (await answer.json()) as Envelope<unknown>;
  }

  async bestBid(): Promise<string> {
    const answer = await this.request.get(`/api/v1/quotation/full_quote?id=${SYMBOL_ID}`);
    const body = (await answer.json()) as Envelope<{ depth: { bids: [string, string][] } }>;
    const bid = body.data?.depth.bids[0]?.[0];
    if (!bid) throw new Error(`no best bid for ${SYMBOL}: ${JSON.stringify(body).slice(0, 200)}`);
    return bid;
  }
}

/** The exchange BTC_USDT symbol of the demo data (server/seed/market.ts). */
const SYMBOL_ID = 301;

/** A decimal string of two decimals times (1 - basisPoints / 10 000), minus `cents`, as two decimals. */
function priceBelow(price: string, basisPoints: bigint, cents: number): string {
  const [whole = '0', fraction = ''] = price.split('.');
  const units = (BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) * (10_000n - basisPoints)) / 10_000n - BigInt(cents);
  return `${units / 100n}.${String(units % 100n).padStart(2, '0')}`;
}

/** Installed before the app: counts the book's renders (changes of its data-sequence attribute). */
function countBookUpdates(): void {
  const state = { updates: 0 };
  (window as unknown as { __benchBook: typeof state }).__benchBook = state;
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes' && (record.target as Element).getAttribute('data-testid') === 'exchange-book') state.updates += 1;
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-sequence'] });
}

async function readBookUpdates(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __benchBook?: { updates: number } }).__benchBook?.updates ?? 0);
}

async function bookSequence(page: Page): Promise<number> {
  return Number(await page.getByTestId('exchange-book').getAttribute('data-sequence'));
}

interface MeasuredWindow {
  scriptMs: number;
  updates: number;
  sequences: number;
  elapsedMs: number;
}

/** Script time and the book updates the page rendered while `drive` runs. */
async function measureWindow(page: Page, drive: () => Promise<void>): Promise<MeasuredWindow> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Performance.enable');
    const scriptSeconds = async () => {
      const { metrics } = (await session.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
      return metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? Number.NaN;
    };
    const startScript = await scriptSeconds();
    const startUpdates = await readBookUpdates(page);
    const startSequence = await bookSequence(page);
    const started = Date.now();
    await drive();
    const elapsedMs = Date.now() - started;
    const scriptMs = ((await scriptSeconds()) - startScript) * 1000;
    return { scriptMs, updates: (await readBookUpdates(page)) - startUpdates, sequences: (await bookSequence(page)) - startSequence, elapsedMs };
  } finally {
    await session.detach();
  }
}

async function benchBookUpdates(browser: Browser, baseUrl: string): Promise<BenchmarkRow[]> {
  const viewer = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  const traderContext = await browser.newContext({ baseURL: baseUrl });
  const rows: BenchmarkRow[] = [];
  try {
    const trader = await Trader.signIn(traderContext.request);
    await viewer.addInitScript(countBookUpdates);
    const page = await viewer.newPage();
    await page.goto(EXCHANGE_PATH);
    await waitForFirstCandle(page);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="exchange-book"]')?.getAttribute('data-sequence') ?? -1) >= 0, undefined, {
      timeout: PAINT_TIMEOUT_MS,
    });
    await page.waitForTimeout(SETTLE_MS);

    const robotsOnly = await measureWindow(page, async () => {
      await sleep(WINDOW_MS);
    });

    const bid = await trader.bestBid();
    const quantity = (Math.ceil((ORDER_VALUE_USDT / Number(bid)) * 1e6) / 1e6).toFixed(6);
    const open: number[] = [];
    let placed = 0;
    let cancelled = 0;
    const refusals = new Map<string, number>();
    const refused = (body: Envelope<unknown>) => {
      const key = body.errmsg ?? `errcode ${body.errcode}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    };
    const intervalMs = 1000 / ORDER_CALLS_PER_SECOND;
    let calls = 0;
    const driven = await measureWindow(page, async () => {
      const started = Date.now();
      for (let call = 0; Date.now() - started < WINDOW_MS; call += 1) {
        await sleep(started + call * intervalMs - Date.now());
        calls += 1;
        const id = call % 2 === 1 ? open.shift() : undefined;
        if (id !== undefined) {
          const body = await trader.cancel(id);
          if (body.errcode === 0) cancelled += 1;
          else refused(body);
        } else {
          // A new price level each time (cents apart), well below the best bid so that nothing fills.
          const body = await trader.place(priceBelow(bid, ORDER_DISTANCE_BASIS_POINTS, call % 40), quantity);
          if (body.errcode === 0 && body.data) {
            placed += 1;
            open.push(body.data.id);
          } else refused(body);
        }
      }
    });
    for (const id of open) await trader.cancel(id).catch(() => undefined);

    const seconds = (measured: MeasuredWindow) => measured.elapsedMs / 1000;
    /** Script time per update beyond what the page spends without the benchmark's orders. */
    const excess = (measured: MeasuredWindow, baseline: MeasuredWindow) =>
      (measured.scriptMs - (baseline.scriptMs / baseline.elapsedMs) * measured.elapsedMs) / measured.updates;
    const refusalNote = refusals.size > 0 ? `; refused: ${[...refusals].map(([reason, count]) => `${reason}×${count}`).join(', ')}` : '';
    rows.push(
      {
        metric: 'script time per live book update, ~10 updates/s',
        value: driven.updates > 0 ? driven.scriptMs / driven.updates : 'n/a',
        unit: 'ms/update',
        note:
          `main-thread ScriptDuration ${driven.scriptMs.toFixed(0)} ms over ${seconds(driven).toFixed(1)} s / ${driven.updates} book renders ` +
          `(${(driven.updates / seconds(driven)).toFixed(1)}/s; book sequence +${driven.sequences}); ` +
          (driven.updates > 0 ? `${excess(driven, robotsOnly).toFixed(2)} ms/update above the robots-only rate; ` : '') +
          `driven by ${calls} API calls (${placed} limit buys placed, ${cancelled} cancelled, qty ${quantity} about ${(Number(ORDER_DISTANCE_BASIS_POINTS) / 100).toFixed(1)}% below bid ${bid}) plus the robots${refusalNote}`,
      },
      {
        metric: 'script time, ~10 book updates/s',
        value: driven.scriptMs / seconds(driven),
        unit: 'ms/s',
        note: 'main thread of the exchange page, everything included (book, trades, candles, quotes)',
      },
      {
        metric: 'script time, robots only',
        value: robotsOnly.scriptMs / seconds(robotsOnly),
        unit: 'ms/s',
        note:
          `same page, no benchmark orders: ${robotsOnly.updates} book renders in ${seconds(robotsOnly).toFixed(1)} s ` +
          `(${(robotsOnly.updates / seconds(robotsOnly)).toFixed(1)}/s)` +
          (robotsOnly.updates > 0 ? `, ${(robotsOnly.scriptMs / robotsOnly.updates).toFixed(2)} ms/update` : ''),
      },
    );
  } finally {
    await traderContext.close();
    await viewer.close();
  }
  return rows;
}

/** The gzip size of a built file (level 9), as budget.spec.ts measures it. */
function gzipSize(webRoot: string, urlPath: string): number {
  const file = path.join(webRoot, decodeURIComponent(urlPath));
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

async function documentScripts(browser: Browser, baseUrl: string, webRoot: string, pagePath: string, ready: (page: Page) => Promise<unknown>): Promise<BenchmarkRow> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      // Chromium reports the hub's SharedWorker script to the page too: it is the worker's, not the document's.
      const isHubWorker = /\/hub-worker-[^/]*\.js$/.test(url.pathname);
      if (url.origin === baseUrl && request.resourceType() === 'script' && !isHubWorker) scripts.add(url.pathname);
    });
    await page.goto(pagePath);
    await ready(page);
    // Scripts imported late (a route's chunks after its data) within a short quiet period.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    const sizes = [...scripts].map((script) => gzipSize(webRoot, script));
    const total = sizes.reduce((sum, size) => sum + size, 0);
    return {
      metric: `JavaScript sent, ${pagePath}`,
      value: total / 1024,
      unit: 'KB gzip',
      note: `${sizes.length} scripts requested by the document, gzip -9 of the built files; hub worker excluded`,
    };
  } finally {
    await context.close();
  }
}

async function benchJavaScript(browser: Browser, baseUrl: string, webRoot: string): Promise<BenchmarkRow[]> {
  const hubWorker = fs.readdirSync(path.join(webRoot, 'assets')).find((name) => name.startsWith('hub-worker') && name.endsWith('.js'));
  const rows = [
    await documentScripts(browser, baseUrl, webRoot, HOME_PATH, (page) => page.getByTestId('site-name').waitFor({ timeout: PAINT_TIMEOUT_MS })),
    await documentScripts(browser, baseUrl, webRoot, EXCHANGE_PATH, (page) => waitForFirstCandle(page)),
  ];
  if (hubWorker && rows[1]) rows[1].note += `; the hub worker is ${(gzipSize(webRoot, `/assets/${hubWorker}`) / 1024).toFixed(1)} KB gzip more`;
  return rows;
}

export const tradingBenchmark: BenchmarkModule = {
  name: 'trading',
  async run() {
    const build = await freshBuild('trading');
    const rows: BenchmarkRow[] = [];
    try {
      const server = await BenchServer.start({ name: 'trading', webRoot: build.root });
      try {
        const browser = await launchBrowser();
        try {
          rows.push(...(await benchFirstCandle(browser, server.baseUrl)));
          rows.push(...(await benchBookUpdates(browser, server.baseUrl)));
          rows.push(...(await benchJavaScript(browser, server.baseUrl, build.root)));
        } finally {
          await browser.close();
        }
      } finally {
        await server.dispose();
      }
    } finally {
      build.cleanup();
    }
    if (rows[0]) rows[0] = { ...rows[0], note: `${rows[0].note ?? ''}; ${build.note}` };
    return rows;
  },
};
