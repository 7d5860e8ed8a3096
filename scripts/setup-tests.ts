/**
 * `npm run test:setup`, the first step of `npm test`: makes sure the machine has what the suite
 * needs before anything runs, so that the README's test command works on a machine that has never
 * seen the project: a redis-server (Debian's package, see scripts/lib/local-redis.ts) for the tests
 * of several server instances, PostgreSQL's server (Debian's `postgresql`, see
 * scripts/lib/local-postgres.ts) for the server suite on PostgreSQL, and a Chromium for the
 * end-to-end suite:
 *
 * - CHROME_PATH, /usr/bin/chromium or Playwright's own Chromium: used as it is;
 * - none, on Debian as root: `apt-get install -y chromium fonts-liberation` (Playwright's download
 *   of its own browser is not reachable from every network, Debian's mirror usually is; Liberation
 *   gives the Arial and Helvetica of the font stack the same metrics as on other systems, so the
 *   layout tests measure what users see);
 * - otherwise, or when apt fails: `npx playwright install chromium`.
 *
 * It says what it does and fails with a message saying what to do only when neither works: a
 * suite that skips its browser tests proves nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { DEBIAN_CHROMIUM_PATH, findChromium } from './lib/browser';
import { installDebianPackages, runLoud } from './lib/debian';
import { ensurePostgresServer } from './lib/local-postgres';
import { ensureRedisServer } from './lib/local-redis';

function versionOf(path: string): string {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : 'version unknown';
}

function installFromDebian(): boolean {
  return installDebianPackages('test:setup', ['chromium', 'fonts-liberation'], 'for the end-to-end suite') && fs.existsSync(DEBIAN_CHROMIUM_PATH);
}

function installFromPlaywright(): boolean {
  console.log("test:setup: downloading Playwright's Chromium for the end-to-end suite.");
  return runLoud('test:setup', 'npx', ['playwright', 'install', 'chromium']);
}

function ensureChromium(): void {
  const before = findChromium();
  if (before.found) {
    console.log(`test:setup: Chromium for the end-to-end suite: ${before.path} (${versionOf(before.path)})`);
    return;
  }
  if (process.env.CHROME_PATH) {
    // The user named a browser: installing another one would test something they did not ask for.
    throw new Error(`${before.reason} Point CHROME_PATH at a Chromium or Chrome binary, or unset it.`);
  }
  console.log(`test:setup: ${before.reason}`);
  if (!installFromDebian()) installFromPlaywright();
  const after = findChromium();
  if (!after.found) {
    throw new Error(
      'No Chromium for the end-to-end suite, and installing one failed (see above). Install one ' +
        '(Debian: `apt-get install chromium`; anywhere with access to Playwright\'s downloads: ' +
        '`npx playwright install chromium`) or point CHROME_PATH at a Chromium or Chrome binary.',
    );
  }
  console.log(`test:setup: installed ${after.path} (${versionOf(after.path)})`);
}

try {
  ensureChromium();
  // The shared-state tests (tests/unit/server/shared-state*) start their own Redis from this binary.
  console.log(`test:setup: redis-server for the shared-state tests: ${ensureRedisServer()}`);
  // `npm run test:pg` runs the server suite on a PostgreSQL cluster it makes with these binaries.
  console.log(`test:setup: PostgreSQL server binaries for the PostgreSQL suite: ${ensurePostgresServer()}`);
} catch (error) {
  console.error(`test:setup: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
