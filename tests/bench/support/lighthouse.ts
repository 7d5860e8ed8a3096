/**
 * Lighthouse 12 with its default config, which is the mobile preset (a Moto G Power class phone,
 * simulated slow 4G and 4x CPU slowdown), in its own headless Chromium from chrome-launcher.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROME_ARGS, CHROME_PATH } from './chrome';
import { withTimeout } from './numbers';
import type { TraceEvent } from './traceTasks';

const LIGHTHOUSE_TIMEOUT_MS = 180_000;

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

/** Starts Lighthouse's Chromium, hands its debugging port to `use` and closes it afterwards. */
export async function withLighthouseChrome<T>(use: (port: number) => Promise<T>): Promise<T> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', ...CHROME_ARGS], logLevel: 'silent' });
  try {
    return await use(chrome.port);
  } finally {
    chrome.kill();
  }
}

/** One run on the page: a cold load (Lighthouse clears the origin's storage first). */
export async function runLighthouse(url: string, port: number): Promise<Result> {
  return (await runLighthouseWithTrace(url, port)).lhr;
}

/** The same run, with the trace it recorded (the page's tasks, which the report only sums up). */
export async function runLighthouseWithTrace(url: string, port: number): Promise<{ lhr: Result; traceEvents: TraceEvent[] }> {
  const result = await withTimeout(
    lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...LIGHTHOUSE_CATEGORIES] }),
    LIGHTHOUSE_TIMEOUT_MS,
    'Lighthouse',
  );
  if (!result) throw new Error('Lighthouse returned no result');
  return { lhr: result.lhr, traceEvents: result.artifacts.Trace.traceEvents as TraceEvent[] };
}

export function categoryScore(lhr: Result, category: LighthouseCategory): number | undefined {
  const score = lhr.categories[category]?.score;
  return typeof score === 'number' ? Math.round(score * 100) : undefined;
}

/** The weighted pass/fail audits of a category that failed: what keeps its score down. */
export function failedAudits(lhr: Result, category: LighthouseCategory): string[] {
  const weighted = new Set(lhr.categories[category]?.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id));
  return Object.values(lhr.audits)
    .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0 && weighted.has(audit.id))
    .map((audit) => audit.id);
}

/** The run's version, form factor and throttling, and its warnings and error, for a note. */
export function runContext(lhr: Result): string {
  const warnings = lhr.runWarnings.map((warning) => warning.slice(0, 120)).join('; ');
  const runtimeError = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : '';
  const context = `Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, throttling ${lhr.configSettings.throttlingMethod}`;
  return [context, runtimeError, warnings].filter(Boolean).join('; ');
}
