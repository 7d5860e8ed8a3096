/**
 * `npm run test:setup`, the first step of `npm test`: makes sure the machine has what the suite
 * needs before anything runs, so that the README's test command works on a machine that has never
 * seen the project: a redis-server (Debian's package, see scripts/lib/local-redis.ts) for the tests
 * of several server instances, PostgreSQL's server (Debian's `postgresql`, see
 * scripts/lib/local-postgres.ts) for the server suite on PostgreSQL, and a Chromium for the
 * end-to-end suite:
 *
 * - CHROME_PATH, or Debian's headless shell (/usr/bin/chromium-headless-shell): used as it is;
 * - otherwise, on Debian as root: `apt-get install -y chromium-headless-shell chromium
 *   fonts-liberation` (the suite's browser, scripts/lib/browser.ts, and the full one of the same
 *   release, which the benchmarks drive; Playwright's download of its own browser is not
 *   reachable from every network, Debian's mirror usually is; Liberation gives the Arial and
 *   Helvetica of the font stack the same metrics as on other systems, so the layout tests measure
 *   what users see);
 * - when that is not possible: /usr/bin/chromium or Playwright's own Chromium if the machine has
 *   one, else `npx playwright install chromium`.
 *
 * It says what it does and fails with a message saying what to do only when neither works: a
 * suite that skips its browser tests proves nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { DEBIAN_CHROMIUM_PATH, DEBIAN_HEADLESS_SHELL_PATH, findChromium } from './lib/browser';
import { installDebianPackages, runLoud } from './lib/debian';
import { ensurePostgresServer } from './lib/local-postgres';
import { ensureRedisServer } from './lib/local-redis';

function versionOf(path: string): string {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : 'version unknown';
}

/**
 * The suite's headless shell, and the full browser of the same release that the benchmarks and a
 * headed run use; on a Debian without the shell's package (apt then installs none of the three),
 * the full browser alone, which runs the suite too.
 */
function installFromDebian(): boolean {
  const packages = ['chromium-headless-shell', 'chromium', 'fonts-liberation'];
  if (installDebianPackages('test:setup', packages, 'for the end-to-end suite') && fs.existsSync(DEBIAN_HEADLESS_SHELL_PATH)) return true;
  if (fs.existsSync(DEBIAN_CHROMIUM_PATH)) return false;
  return installDebianPackages('test:setup', ['chromium', 'fonts-liberation'], 'for the end-to-end suite') && fs.existsSync(DEBIAN_CHROMIUM_PATH);
}

function installFromPlaywright(): boolean {
  console.log("test:setup: downloading Playwright's Chromium for the end-to-end suite.");
  return runLoud('test:setup', 'npx', ['playwright', 'install', 'chromium']);
}

function ensureChromium(): void {
  const before = findChromium();
  if (before.found && (process.env.CHROME_PATH || before.path === DEBIAN_HEADLESS_SHELL_PATH)) {
    console.log(`test:setup: Chromium for the end-to-end suite: ${before.path} (${versionOf(before.path)})`);
    return;
  }
  if (!before.found && process.env.CHROME_PATH) {
    // The user named a browser: installing another one would test something they did not ask for.
    throw new Error(`${before.reason} Point CHROME_PATH at a Chromium or Chrome binary, or unset it.`);
  }
  // A full browser runs the suite too, more slowly: the headless shell first where Debian has it.
  console.log(before.found ? `test:setup: ${before.path} is here, but not Debian's headless shell, which runs the suite faster.` : `test:setup: ${before.reason}`);
  if (!installFromDebian() && !before.found) installFromPlaywright();
  const after = findChromium();
  if (!after.found) {
    throw new Error(
      'No Chromium for the end-to-end suite, and installing one failed (see above). Install one ' +
        '(Debian: `apt-get install chromium-headless-shell`; anywhere with access to Playwright\'s downloads: ' +
        '`npx playwright install chromium`) or point CHROME_PATH at a Chromium or Chrome binary.',
    );
  }
  console.log(`test:setup: Chromium for the end-to-end suite: ${after.path} (${versionOf(after.path)})`);
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
