/**
 * The suite's `test`: Playwright's, with every browser context closing the home page's popup
 * notices the way a user would (support/popupNotice.ts) — the fixture contexts and those a test
 * makes with `browser.newContext()`. The demo content has notices of every mode, so without this
 * a fresh browser's first home page is covered by a modal. tests/e2e/notifications.spec.ts, which
 * tests the popups themselves, imports Playwright's own `test`.
 */
import { test as base, type Browser } from '@playwright/test';
import { closePopupNotices } from './popupNotice';

export * from '@playwright/test';

const patched = new WeakSet<Browser>();

export const test = base.extend<object, { popupClosingBrowser: Browser }>({
  context: async ({ context }, use) => {
    await closePopupNotices(context);
    await use(context);
  },
  popupClosingBrowser: [
    async ({ browser }, use) => {
      if (!patched.has(browser)) {
        patched.add(browser);
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (...options: Parameters<Browser['newContext']>) => {
          const context = await newContext(...options);
          await closePopupNotices(context);
          return context;
        };
      }
      await use(browser);
    },
    { scope: 'worker', auto: true },
  ],
});
