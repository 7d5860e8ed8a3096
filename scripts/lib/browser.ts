/**
 * Where the end-to-end suite's Chromium is. One rule for the Playwright config (which launches it)
 * and for `npm run test:setup` (which installs one when there is none): CHROME_PATH when set, else
 * Debian's headless shell, else Debian's /usr/bin/chromium, else the one
 * `npx playwright install chromium` put in Playwright's cache.
 *
 * The headless shell (Debian's `chromium-headless-shell`, of the same Chromium release as its
 * `chromium`) is what Playwright itself runs headless tests in: the same Blink and V8 without the
 * full browser's own layers. On a 2-core machine with two workers it ran the accessibility checks
 * of the trader's 91 screens in 6.0 minutes where the full browser took 9.6 (a page loaded in 1.4 s
 * instead of 3.3), and the whole end-to-end suite in 39 minutes instead of 56. The benchmarks
 * keep the full browser (tests/bench/support/chrome.ts): they measure what a user's Chromium does.
 * A headed run (`--headed`) needs the full browser: set CHROME_PATH=/usr/bin/chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

export const DEBIAN_HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';

export type ChromiumLookup = { found: true; path: string } | { found: false; reason: string };

export function findChromium(): ChromiumLookup {
  const configured = process.env.CHROME_PATH;
  if (configured) {
    // A path the user chose is never silently replaced by another browser.
    if (fs.existsSync(configured)) return { found: true, path: configured };
    return { found: false, reason: `CHROME_PATH is set to ${configured}, but no browser is there.` };
  }
  const candidates = [DEBIAN_HEADLESS_SHELL_PATH, DEBIAN_CHROMIUM_PATH, chromium.executablePath()];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (found) return { found: true, path: found };
  return { found: false, reason: `No Chromium at ${candidates.join(' or ')}.` };
}

/**
 * The full browser, for a test that needs what only it has: CHROME_PATH unless that is the
 * headless shell, else Debian's /usr/bin/chromium, else Playwright's own. The headless shell
 * ignores `--unsafely-treat-insecure-origin-as-secure`, which the test of another host name needs
 * (the app needs a secure context, as every browser gives localhost).
 */
export function findFullChromium(): ChromiumLookup {
  const configured = process.env.CHROME_PATH;
  // Debian's chromium-headless-shell, Playwright's headless_shell.
  const isHeadlessShell = (file: string) => path.basename(file).includes('headless');
  const candidates = [configured && !isHeadlessShell(configured) ? configured : undefined, DEBIAN_CHROMIUM_PATH, chromium.executablePath()].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (found) return { found: true, path: found };
  return { found: false, reason: `No full Chromium at ${candidates.join(' or ')} (npm run test:setup installs Debian's).` };
}
