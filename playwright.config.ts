/**
 * The end-to-end suite: Chromium against the built app (dist/) served by the real server on a
 * fresh temporary database, so every run starts from first-start state (created, migrated,
 * seeded in demo mode). `npm test` builds before it runs this.
 *
 * The browser is the system's Chromium (CHROME_PATH, else Debian's headless shell, else
 * /usr/bin/chromium), else the one `npx playwright install chromium` downloads
 * (scripts/lib/browser.ts, which says why the headless shell comes first); `npm test` installs
 * the headless shell first when the machine lacks it (scripts/setup-tests.ts). Without any, the
 * run fails with a message saying how to get one: an end-to-end suite that skips itself proves
 * nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/lib/browser';

const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `exchange-e2e-data-${port}`);
// E2E_WEB_ROOT lets a second build (another folder) run its own suite beside this one.
const webRoot = process.env.E2E_WEB_ROOT ?? 'dist';

function chromiumPath(): string {
  const lookup = findChromium();
  if (lookup.found) return lookup.path;
  throw new Error(
    `${lookup.reason} Run \`npm run test:setup\` (it installs one), install one yourself (Debian: ` +
      '`apt-get install chromium-headless-shell`; anywhere: `npx playwright install chromium`) or point CHROME_PATH at a Chromium or Chrome binary.',
  );
}

if (!fs.existsSync(path.join(webRoot, 'index.html'))) {
  throw new Error(`${webRoot}/index.html is missing: run \`npm run build\` before the end-to-end suite.`);
}

/** Specs whose tests change state every other test shares: run apart (the shared-state project). */
const SHARED_STATE_SPECS = ['**/operator-publishing.spec.ts', '**/operator-config.spec.ts', '**/operator.spec.ts', '**/notifications.spec.ts', '**/hub.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two browsers at once, even on two cores: most of a test is waiting (on polls, timers, the
  // server), so the suite took 31 minutes with one worker and 20 with two. E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  // In CI one retry of a failed test, reported as flaky (never silently passed): the suite runs on
  // a shared 2-core machine, where a test that waits on the browser has timed out now and then.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // A test's whole budget; each wait in it is still bound by expect's 10 s. On a slower machine
  // many journeys took 20-30 s, and the account journey (sign up, sign out, reset, sign in: 60
  // steps) ran out of 30 s on both tries with no step taking more than 5 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: SHARED_STATE_SPECS },
    // After every other test, one at a time: these change what every visitor or a shared demo
    // account sees (popup notices, a switched-off area, a new market, trader2's VIP level), which
    // a test running beside them in the other worker would meet (a popup notice over the widths
    // tour did once). The hub's spec runs here too: its ten tabs measure what one browser's tabs
    // ask of the server, and with the other worker's browser beside them on a slow 2-core machine
    // (twenty renderers) a tab showed no quote for 30 s, which one browser at a time never did.
    { name: 'shared-state', use: { ...devices['Desktop Chrome'] }, testMatch: SHARED_STATE_SPECS, dependencies: ['chromium'], workers: 1 },
  ],
  webServer: {
    // The data folder is removed first so that each run starts on an empty database.
    command: `rm -rf "${dataDir}" && exec node --import tsx server/main.ts`,
    url: `${baseURL}/api/v1/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'on',
      // Every test signs in from 127.0.0.1: the per-client limits (10 sign-ins a minute) are for
      // one person, not for a suite running its files in parallel.
      RATE_LIMIT_SCALE: '10',
      // The hub's tests count requests on the server (server/http/request-log.ts).
      E2E_REQUEST_LOG: '1',
      // A binary option of 5 seconds beside the real periods: the option e2e watches one settle.
      BOPTION_EXTRA_PERIODS: '5',
      // The hub's tests watch quotes change in 30 s windows on three markets: at the default of two
      // robot trades a minute per market a window often sees none, so the suite's robots trade
      // faster (a test environment's setting, like the short option period above).
      ROBOT_TRADES_PER_MINUTE: '20',
    },
  },
});
