/**
 * `npm run test:setup`, the first step of `npm test`: makes sure the machine has what the suite
 * needs before anything runs, so that the README's test command works on a machine that has never
 * seen the project. Today that is a Chromium for the end-to-end suite:
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

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`test:setup: $ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) console.log(`test:setup: ${command} could not run: ${result.error.message}`);
  return result.status === 0;
}

function versionOf(path: string): string {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : 'version unknown';
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function installFromDebian(): boolean {
  if (process.platform !== 'linux' || !fs.existsSync('/usr/bin/apt-get')) return false;
  if (!isRoot()) {
    console.log('test:setup: this is a Debian-like system, but apt-get needs root; trying Playwright\'s download instead.');
    return false;
  }
  console.log("test:setup: installing Debian's chromium package for the end-to-end suite.");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return run('apt-get', ['update'], env) && run('apt-get', ['install', '-y', 'chromium', 'fonts-liberation'], env) && fs.existsSync(DEBIAN_CHROMIUM_PATH);
}

function installFromPlaywright(): boolean {
  console.log("test:setup: downloading Playwright's Chromium for the end-to-end suite.");
  return run('npx', ['playwright', 'install', 'chromium']);
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
} catch (error) {
  console.error(`test:setup: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
