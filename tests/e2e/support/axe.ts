/**
 * The accessibility check of the suite: axe-core over a page as it stands, at a phone's and a
 * desktop's size, in the light and the dark theme, keeping the violations a person meets (serious
 * and critical) of WCAG 2.1 A and AA. A screen is checked with its data loaded: the check waits
 * until nothing on the page is busy.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
 * aria-busy), and a moment for what the data brings in to render. Not the network going idle: the
 * live screens never stop asking.
 */
export async function waitUntilSettled(page: Page, settleMs = SETTLE_MS): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('[aria-busy="true"]:visible')).toHaveCount(0, { timeout: 15_000 });
  if (settleMs > 0) await page.waitForTimeout(settleMs);
}
const SETTLE_MS = 400;

async function violationsOf(page: Page, view: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  return results.violations
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
 * Checks the loaded page in the four views (phone and desktop, light and dark) and answers every
 * serious or critical violation, each named with its view, so that a failure says where to look.
 */
export async function accessibilityFindings(page: Page): Promise<AxeFinding[]> {
  await page.addStyleTag({ content: NO_MOTION_CSS });
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
      await waitUntilSettled(page, 0);
      findings.push(...(await violationsOf(page, `${layout} ${theme}`)));
    }
  }
  return findings;
}

/** Makes a readable failure message out of findings. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings.map((finding) => `[${finding.view}] ${finding.rule} (${finding.impact}): ${finding.help}\n    ${finding.targets.join('\n    ')}`).join('\n');
}
