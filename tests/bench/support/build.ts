/**
 * The built web app a benchmark serves: dist/ (built when missing), or a fresh build in a
 * temporary folder for benchmarks that must measure the code as it is now. BENCH_WEB_ROOT names
 * a folder that is already built instead, so that a run measures a build of one's own without
 * touching dist/, which others share.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const BUILD_TIMEOUT_MS = 180_000;
const DIST = 'dist';

const runFile = promisify(execFile);

export interface BuiltApp {
  root: string;
  /** What was built or taken, for a row's note. */
  note: string;
  cleanup: () => void;
}

const givenBuild = (root: string): BuiltApp => ({ root, note: `built app from ${root}`, cleanup: () => undefined });

/** BENCH_WEB_ROOT, else dist/, built first when it has no index.html. */
export async function ensureBuild(): Promise<BuiltApp> {
  const given = process.env.BENCH_WEB_ROOT;
  if (given) return givenBuild(given);
  if (fs.existsSync(path.join(DIST, 'index.html'))) return { root: DIST, note: 'dist/ as it was', cleanup: () => undefined };
  await runFile('npx', ['vite', 'build', '--logLevel', 'error'], { timeout: BUILD_TIMEOUT_MS });
  return { root: DIST, note: 'dist/ was missing: built it first', cleanup: () => undefined };
}

/** BENCH_WEB_ROOT, else a fresh build in a temporary folder that cleanup removes. */
export async function freshBuild(name: string): Promise<BuiltApp> {
  const given = process.env.BENCH_WEB_ROOT;
  if (given) return givenBuild(given);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `exchange-bench-${name}-web-`));
  const cleanup = () => fs.rmSync(root, { recursive: true, force: true });
  try {
    const started = Date.now();
    await runFile('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', root, '--emptyOutDir'], { timeout: BUILD_TIMEOUT_MS });
    return { root, note: `fresh vite build in a temporary folder (${((Date.now() - started) / 1000).toFixed(0)} s)`, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}
