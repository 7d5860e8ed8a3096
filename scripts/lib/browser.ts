/**
 * Where the end-to-end suite's Chromium is. One rule for the Playwright config (which launches it)
 * and for `npm run test:setup` (which installs one when there is none): CHROME_PATH when set,
 * else Debian's /usr/bin/chromium, else the one `npx playwright install chromium` put in
 * Playwright's cache.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

export const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';

export type ChromiumLookup = { found: true; path: string } | { found: false; reason: string };

export function findChromium(): ChromiumLookup {
  const configured = process.env.CHROME_PATH;
  if (configured) {
    // A path the user chose is never silently replaced by another browser.
    if (fs.existsSync(configured)) return { found: true, path: configured };
    return { found: false, reason: `CHROME_PATH is set to ${configured}, but no browser is there.` };
  }
  const candidates = [DEBIAN_CHROMIUM_PATH, chromium.executablePath()];
  const path = candidates.find((candidate) => fs.existsSync(candidate));
  if (path) return { found: true, path };
  return { found: false, reason: `No Chromium at ${candidates.join(' or ')}.` };
}
