/**
 * First paint benchmark (issue 14): Lighthouse 12, mobile preset, on the screens a visitor opens
 * first, served by the real server (support/server.ts) from the built app (dist/, built first
 * when missing, or BENCH_WEB_ROOT). The goal these figures are read against: performance,
 * accessibility and best practices each at least 95, LCP under 2.5 s, the back/forward cache not
 * refused.
 *
 * For each screen: the three scores, LCP, FCP, TBT and CLS (Lighthouse's simulated timings),
 * Lighthouse's benchmark of the host's CPU (the scores follow it: the simulated 4x slowdown is the
 * same on every host), whether the page kept the back/forward cache (the bf-cache audit, with the reasons Chromium
 * gives), and the bytes transferred (the sum of transferSize over the network-requests audit:
 * what the page loaded until Lighthouse stopped; the hub's SharedWorker fetches its script and
 * data on its own, which Lighthouse does not record). Each run is a cold load in a new Chromium.
 *
 * BENCH_WEB_RUNS runs per screen (default 3, about 12 s each here; every figure is the median of
 * the runs, and the notes are those of the median run by performance score). BENCH_WEB_REPORT_DIR keeps each run's
 * whole Lighthouse report (JSON) there, to read what the notes only name. BENCH_WEB_TRACE_DIR keeps
 * each run's trace there, with a list of the page's tasks that the simulation counts as long ones
 * (support/traceTasks.ts): what the blocking time is made of.
 *
 * Last, the host's floor: the same runs of a page with one heading and one paragraph, no script and
 * no stylesheet, served apart from the app (while the app's server and its robots run, as for the
 * screens). What it scores is what the browser's own work costs on this host in Lighthouse's
 * simulation before a page does anything: on the slow 2-core machine of issue 14, performance 99 to
 * 100 and TBT 0 to 100 ms over runs of 3 and 5, so what the screens lose there is their own.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Result } from 'lighthouse';
import type { BenchmarkModule, BenchmarkRow } from './run';
import { ensureBuild } from './support/build';
import { LIGHTHOUSE_CATEGORIES, categoryScore, failedAudits, runContext, runLighthouseWithTrace, withLighthouseChrome, type LighthouseCategory } from './support/lighthouse';
import { describeError, median, positiveInteger } from './support/numbers';
import { BenchServer } from './support/server';
import { LONG_TASK_OBSERVED_MS, describeLongTasks, longTasks, type TraceEvent } from './support/traceTasks';

const RUNS = positiveInteger(process.env.BENCH_WEB_RUNS, 3);
const REPORT_DIR = process.env.BENCH_WEB_REPORT_DIR;
const TRACE_DIR = process.env.BENCH_WEB_TRACE_DIR;

/** Home without a prefix (Indonesian) and in English, the quotes table, spot trading. */
const ALL_SCREENS = ['/', '/en', '/en/quotes', '/en/exchange?id=btc_usdt'];
/** BENCH_WEB_SCREENS (comma-separated paths) measures some of them, to compare two builds quickly. */
const SCREENS = process.env.BENCH_WEB_SCREENS?.split(',').filter(Boolean) ?? ALL_SCREENS;

/** The floor's page: what a document needs to pass the audits (language, viewport, title, description), and text to paint. */
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Host floor</title><meta name="description" content="A page without script or stylesheet."><link rel="icon" href="data:,"></head>' +
  '<body><h1>Host floor</h1><p>A page without script or stylesheet: what the browser alone costs on this host.</p></body></html>';
const FLOOR_LABEL = 'host floor (static page)';

const CATEGORY_NAMES: Record<LighthouseCategory, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
};

/** The timings of the performance score, in the unit Lighthouse gives them. */
const TIMINGS = [
  { audit: 'largest-contentful-paint', name: 'LCP', unit: 'ms' },
  { audit: 'first-contentful-paint', name: 'FCP', unit: 'ms' },
  { audit: 'total-blocking-time', name: 'TBT', unit: 'ms' },
  { audit: 'cumulative-layout-shift', name: 'CLS', unit: '' },
] as const;

/** The performance audits with estimated savings that a note names, largest first. */
const OPPORTUNITIES_SHOWN = 4;

interface TableItem {
  [key: string]: unknown;
}

function tableItems(lhr: Result, audit: string): TableItem[] {
  const details = lhr.audits[audit]?.details as { items?: TableItem[] } | undefined;
  return details?.items ?? [];
}

/** The page's bytes on the wire and the largest requests. */
function transferred(lhr: Result): { bytes: number; requests: number; largest: string } {
  const items = tableItems(lhr, 'network-requests').map((item) => ({ url: String(item.url ?? ''), bytes: Number(item.transferSize ?? 0) }));
  const largest = [...items]
    .sort((left, right) => right.bytes - left.bytes)
    .slice(0, 4)
    .map((item) => `${item.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)} ${(item.bytes / 1024).toFixed(1)} KB`)
    .join(', ');
  return { bytes: items.reduce((sum, item) => sum + item.bytes, 0), requests: items.length, largest };
}

/** Refused, kept, or not tested (old headless Chromium), with Chromium's reasons. */
function backForwardCache(lhr: Result): { state: 'refused' | 'kept' | 'not tested'; reasons: string } {
  const audit = lhr.audits['bf-cache'];
  const reasons = tableItems(lhr, 'bf-cache')
    .map((item) => `${String(item.protocolReason ?? item.reason)} (${String(item.failureType)})`)
    .join(', ');
  if (!audit || audit.score === null) return { state: 'not tested', reasons: (audit?.warnings ?? []).join('; ') };
  return { state: audit.score === 1 ? 'kept' : 'refused', reasons };
}

/** The performance audits Lighthouse estimates savings for, largest LCP or FCP saving first. */
function opportunities(lhr: Result): string {
  const performanceAudits = new Set(lhr.categories.performance?.auditRefs.map((ref) => ref.id));
  return Object.values(lhr.audits)
    .filter((audit) => performanceAudits.has(audit.id) && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => ({ audit, savingMs: Math.max(audit.metricSavings?.LCP ?? 0, audit.metricSavings?.FCP ?? 0, audit.metricSavings?.TBT ?? 0) }))
    .filter(({ audit, savingMs }) => savingMs > 0 || audit.scoreDisplayMode === 'binary')
    .sort((left, right) => right.savingMs - left.savingMs)
    .slice(0, OPPORTUNITIES_SHOWN)
    .map(({ audit, savingMs }) => (savingMs > 0 ? `${audit.id} (~${savingMs.toFixed(0)} ms)` : audit.id))
    .join(', ');
}

/** What the LCP was (Lighthouse's selector of the element) and where its time went. */
function largestPaint(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: TableItem[] }> } | undefined;
  const element = details?.items?.[0]?.items?.[0]?.node as { selector?: string; nodeLabel?: string } | undefined;
  const phases = (details?.items?.[1]?.items ?? []).map((item) => `${String(item.phase)} ${Number(item.timing).toFixed(0)} ms`).join(', ');
  const label = element ? `${element.selector ?? ''} "${(element.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 40)}"` : 'no element';
  return `element ${label}${phases ? `; ${phases}` : ''}`;
}

function saveRun(lhr: Result, traceEvents: TraceEvent[], screen: string, run: number): void {
  const name = `${screen.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${run + 1}`;
  if (REPORT_DIR) {
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
  }
  if (TRACE_DIR) {
    fs.mkdirSync(TRACE_DIR, { recursive: true });
    fs.writeFileSync(path.join(TRACE_DIR, `${name}.trace.json`), JSON.stringify({ traceEvents }));
    const header = `${screen}, run ${run + 1}: performance ${categoryScore(lhr, 'performance') ?? '?'}, TBT ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN)} ms (simulated); observed tasks of ${LONG_TASK_OBSERVED_MS} ms or more:\n`;
    fs.writeFileSync(path.join(TRACE_DIR, `${name}.tasks.txt`), header + describeLongTasks(longTasks(traceEvents)));
  }
}

/** The median of a figure over the runs (the one figure itself with a single run). */
function medianOf(reports: Result[], read: (lhr: Result) => number | undefined): number | string {
  const values = reports.map(read).filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  return values.length > 0 ? median(values) : 'n/a';
}

function screenRows(screen: string, reports: Result[]): BenchmarkRow[] {
  const byPerformance = [...reports].sort((left, right) => (categoryScore(left, 'performance') ?? 0) - (categoryScore(right, 'performance') ?? 0));
  const typical = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
  if (!typical) return [];
  const runsNote = reports.length > 1 ? `median of ${reports.length} runs` : '1 run';
  const rows: BenchmarkRow[] = LIGHTHOUSE_CATEGORIES.map((category) => {
    const failed = failedAudits(typical, category);
    const extra = category === 'performance' ? [runContext(typical), `savings: ${opportunities(typical) || 'none'}`] : [];
    return {
      metric: `${screen} ${CATEGORY_NAMES[category]}`,
      value: medianOf(reports, (lhr) => categoryScore(lhr, category)),
      unit: 'score/100',
      note: [runsNote, ...extra, failed.length > 0 ? `failed: ${failed.join(', ')}` : ''].filter(Boolean).join('; '),
    };
  });
  for (const timing of TIMINGS) {
    rows.push({
      metric: `${screen} ${timing.name}`,
      value: medianOf(reports, (lhr) => lhr.audits[timing.audit]?.numericValue),
      unit: timing.unit,
      note: timing.name === 'LCP' ? largestPaint(typical) : '',
    });
  }
  const caches = reports.map(backForwardCache);
  const refused = caches.filter((cache) => cache.state === 'refused').length;
  const tested = caches.filter((cache) => cache.state !== 'not tested').length;
  rows.push({
    metric: `${screen} back/forward cache`,
    value: tested === 0 ? 'not tested' : refused > 0 ? 'refused' : 'kept',
    unit: '',
    note: [reports.length > 1 ? `refused in ${refused} of ${tested} runs tested` : '', ...new Set(caches.map((cache) => cache.reasons).filter(Boolean))].filter(Boolean).join('; '),
  });
  // The simulation slows the observed tasks down 4x whatever the host, so the scores follow the
  // host's speed: Lighthouse's own CPU benchmark of each run says how fast this one was (its 4x is
  // meant to bring a fast desktop down to a mid-range phone; it warns of a slow host below 1,000).
  rows.push({
    metric: `${screen} host CPU index`,
    value: medianOf(reports, (lhr) => lhr.environment.benchmarkIndex),
    unit: 'index',
    note: `Lighthouse's benchmarkIndex, median of the runs (${reports.map((lhr) => Math.round(lhr.environment.benchmarkIndex)).join(', ')})`,
  });
  const wire = transferred(typical);
  rows.push({
    metric: `${screen} bytes transferred`,
    value: medianOf(reports, (lhr) => transferred(lhr).bytes / 1024),
    unit: 'KB',
    note: `${wire.requests} requests; largest: ${wire.largest}`,
  });
  return rows;
}

/**
 * One run in a Chromium of its own, so that no run starts with what an earlier one stored
 * (IndexedDB). A report with a runtime error (NO_NAVSTART: the trace was not recorded, which a
 * busy machine sometimes causes) has no metrics, so it counts as a failed run.
 */
async function lighthouseRun(url: string): Promise<{ lhr: Result; traceEvents: TraceEvent[] }> {
  const run = await withLighthouseChrome((port) => runLighthouseWithTrace(url, port));
  if (run.lhr.runtimeError) throw new Error(`${run.lhr.runtimeError.code}: ${run.lhr.runtimeError.message}`);
  return run;
}

/** The runs of one page, its rows named by `screen`; a failed run is tried once more, so that one bad trace does not cost a sample. */
async function benchPage(url: string, screen: string): Promise<BenchmarkRow[]> {
  const reports: Result[] = [];
  const failures: string[] = [];
  for (let attempt = 0; reports.length < RUNS && attempt < RUNS * 2; attempt += 1) {
    try {
      const { lhr, traceEvents } = await lighthouseRun(url);
      saveRun(lhr, traceEvents, screen, reports.length);
      reports.push(lhr);
    } catch (error) {
      failures.push(describeError(error));
    }
  }
  const rows = screenRows(screen, reports);
  if (failures.length > 0) {
    const failed = `${failures.length} failed Lighthouse run(s) besides these: ${failures.join('; ')}`;
    if (rows[0]) rows[0].note = `${rows[0].note ?? ''}; ${failed}`;
    else rows.push({ metric: `${screen} performance`, value: 'n/a', unit: 'score/100', note: failed });
  }
  return rows;
}

async function benchScreens(baseUrl: string): Promise<BenchmarkRow[]> {
  // A run that counts nothing first: the server's first answers (and the robots' first-start
  // candle history) would otherwise fall into the first screen's figures.
  await lighthouseRun(`${baseUrl}${SCREENS[0]}`).catch(() => undefined);
  const rows: BenchmarkRow[] = [];
  for (const screen of SCREENS) rows.push(...(await benchPage(`${baseUrl}${screen}`, screen)));
  return rows;
}

/** The floor's runs, on a server of their own that answers every request with the floor's page. */
async function benchFloor(): Promise<BenchmarkRow[]> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(FLOOR_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await benchPage(`http://127.0.0.1:${port}/`, FLOOR_LABEL);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

export const webBenchmark: BenchmarkModule = {
  name: 'web',
  async run() {
    const build = await ensureBuild();
    const server = await BenchServer.start({ name: 'web', webRoot: build.root });
    try {
      const rows = await benchScreens(server.baseUrl);
      if (rows[0]) rows[0] = { ...rows[0], note: `${rows[0].note ?? ''}; ${build.note}` };
      return [...rows, ...(await benchFloor())];
    } finally {
      await server.dispose();
      build.cleanup();
    }
  },
};
