// In-app moves for the e2e suites: what the app's links do, without a page load, so that a test
// sees what a screen shows when it mounts while the previous one is still there.
import { expect, type Page } from './test';

/** Goes to a path the way the app's links do: TanStack Router publishes itself as window.__TSR_ROUTER__. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(`(async () => {
    const router = window.__TSR_ROUTER__;
    if (!router) throw new Error('The app has no router at window.__TSR_ROUTER__');
    await router.navigate({ href: ${JSON.stringify(path)} });
  })()`);
}

/**
 * Scrolls each part that waits to come near the screen (NearScreen: the home page's lower half)
 * into view, as a reader scrolling down does, and waits until none waits any more. The page
 * stays scrolled there; the suite's locators scroll to what they act on anyway.
 *
 * The home page's popup notice can open meanwhile, and its modal dialog holds the page still: the
 * parts would wait for ever (a CI-like run's widths tour timed out so). The wait stops when a
 * notice is open, and the assertion that it is hidden runs the suite's handler that closes it
 * (support/popupNotice.ts; Playwright runs it before assertions, not inside waitForFunction).
 */
export async function scrollToWaitingParts(page: Page): Promise<void> {
  for (;;) {
    const outcome = await page.waitForFunction(() => {
      if (document.querySelector('[data-testid="popup-notice"]')) return 'notice';
      const waiting = document.querySelector('[data-near-screen="waiting"]');
      waiting?.scrollIntoView();
      return waiting === null ? 'drawn' : false;
    });
    if ((await outcome.jsonValue()) === 'drawn') return;
    await expect(page.getByTestId('popup-notice')).toBeHidden();
  }
}

/** The home page's lower half drawn: its place scrolled to once the page has drawn its parts. */
export async function showHomeLowerHalf(page: Page): Promise<void> {
  await page.locator('[data-testid="home-lower-half"], [data-testid="languages"]').first().waitFor({ state: 'attached' });
  await scrollToWaitingParts(page);
}
