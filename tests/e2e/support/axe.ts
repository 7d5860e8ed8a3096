/**
 * The accessibility check of the suite: axe-core over a page as it stands, at a phone's and a
 * desktop's size, in the light and the dark theme, keeping the violations a person meets (serious
 * and critical) of WCAG 2.1 A and AA. A screen is checked with its data loaded: the check waits
 * until nothing on the page is busy.
 */
import axe, { type Result } from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { scrollToWaitingParts } from './navigation';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;
const LAYOUTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
const THEMES = ['light', 'dark'] as const;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const REPORTED_IMPACTS = new Set(['serious', 'critical']);

export interface AxeFinding {
  view: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Colours move between themes through CSS transitions: checked mid-way, a contrast would be the
 * mixture of two themes. The check turns transitions and animations off for the page it reads.
 */
const NO_MOTION_CSS = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/**
 * Waits until the page has nothing loading: loaded, no busy region (the kit's loading states say
 * aria-busy), then, unless `untilQuiet` is false, until what the data brings in has rendered: no
 * element added or removed for QUIET_MS (MAX_SETTLE_MS at most, for a screen that keeps adding),
 * with the parts that wait to come near the screen drawn.
 * Not the network going idle: the live screens never stop asking. Changes of text and attributes
 * do not count: live prices change them all the time.
 */
export async function waitUntilSettled(page: Page, untilQuiet = true): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0, { timeout: 15_000 });
  if (!untilQuiet) return;
  await page.evaluate(UNTIL_QUIET);
  // The parts drawn when they come near the screen (NearScreen) are checked too: scrolled to as a
  // reader would, drawn, and the page back at its top.
  if ((await page.locator('[data-near-screen="waiting"]').count()) === 0) return;
  await scrollToWaitingParts(page);
  await page.evaluate(UNTIL_QUIET);
  await page.evaluate(() => window.scrollTo(0, 0));
}
const QUIET_MS = 150;
const MAX_SETTLE_MS = 1_500;
// A string: code passed as a function would carry tsx's helpers, which the page does not have.
const UNTIL_QUIET = `new Promise((resolve) => {
  const start = performance.now();
  let changed = start;
  const observer = new MutationObserver((records) => {
    if (records.some((record) => record.type === 'childList')) changed = performance.now();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const check = () => {
    const now = performance.now();
    if (now - changed < ${QUIET_MS} && now - start < ${MAX_SETTLE_MS}) return void setTimeout(check, 25);
    observer.disconnect();
    resolve(undefined);
  };
  setTimeout(check, 25);
})`;

/**
 * Puts axe-core into the page and its frames where it is not yet (axe runs in each frame it
 * checks, as @axe-core/playwright's legacy mode does): once per document, however many views and
 * screens are checked in it (putting its 560 KB in again for every view cost half a second each).
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window).catch(() => true)) continue;
    await frame.evaluate(axe.source).catch(() => undefined);
  }
}

/**
 * The rules of WCAG 2.1 A and AA that read colours. The themes differ in colour only (the palettes
 * of styles/tokens.css set colours and shadows, nothing else, and the check switches the theme by
 * the attribute alone, so no component renders again): every other rule answers the same in both,
 * and the dark views run these alone (they took half the time of the full set).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function violationsOf(page: Page, view: string, coloursOnly: boolean): Promise<AxeFinding[]> {
  // Only the violations come back: the passes and the rules that did not apply are of no use here.
  const runOnly = coloursOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_TAGS };
  const options = { runOnly, resultTypes: ['violations'] };
  const violations = (await page.evaluate(`axe.run(document, ${JSON.stringify(options)}).then((results) => results.violations)`)) as Result[];
  return violations
    .filter((violation) => REPORTED_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      view,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.split('\n').slice(1).join(' ').trim()})` : ''}`),
    }));
}

/**
 * Checks the loaded page in the four views (phone and desktop, light and dark; the dark ones for
 * the colour rules) and answers every serious or critical violation, each named with its view, so
 * that a failure says where to look.
 */
export async function accessibilityFindings(page: Page): Promise<AxeFinding[]> {
  // Once per document: a tour checks several screens in one.
  await page.evaluate((css) => {
    if (document.querySelector('style[data-axe-no-motion]')) return;
    const style = document.createElement('style');
    style.dataset.axeNoMotion = '';
    style.textContent = css;
    document.head.append(style);
  }, NO_MOTION_CSS);
  await injectAxe(page);
  // The theme the page had, put back afterwards: the app goes on with it (a tour's next screen).
  const pageTheme = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  const findings: AxeFinding[] = [];
  for (const [layout, size] of LAYOUTS) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value;
      }, theme);
      // Two frames: the resize's and the theme's layout and paint are done before axe reads colours.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      // The data is loaded already: a resize or a theme only lays out and paints again.
      await waitUntilSettled(page, false);
      findings.push(...(await violationsOf(page, `${layout} ${theme}`, theme === 'dark')));
    }
  }
  await page.evaluate((value) => {
    if (value === null) document.documentElement.removeAttribute('data-theme');
    else document.documentElement.setAttribute('data-theme', value);
  }, pageTheme);
  return findings;
}

/** Makes a readable failure message out of findings. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings.map((finding) => `[${finding.view}] ${finding.rule} (${finding.impact}): ${finding.help}\n    ${finding.targets.join('\n    ')}`).join('\n');
}
