/**
 * The home page shows a popup notice in a modal dialog (spec 4), and the demo data has notices
 * shown once and once a day, so a fresh browser sees one on its first visits to a home page. A test about something else closes it the way a user
 * would, whenever it covers what the test reaches for: Playwright runs this handler before an
 * action or an assertion finds the dialog in the way. tests/e2e/notifications.spec.ts tests the
 * popups themselves and does not use this.
 */
import type { BrowserContext, Page } from '@playwright/test';

const POPUP_TEST_ID = 'popup-notice';

export async function closePopupNoticesOn(page: Page): Promise<void> {
  await page.addLocatorHandler(page.getByTestId(POPUP_TEST_ID), async (dialog) => {
    // force: no wait for the button to be "stable", which Playwright checks over animation frames.
    // A CI run had a page whose frames had stopped (its screencast too) while its timers and
    // input ran on: the click waited for a frame until the test timed out. The modal dialog is on
    // top of the page and has no animation, so the click lands where it is.
    await dialog.getByTestId('popup-notice-close').click({ force: true });
  });
}

/** The same for every page of a context, those open now and those it opens later. */
export async function closePopupNotices(context: BrowserContext): Promise<void> {
  context.on('page', (page) => {
    void closePopupNoticesOn(page);
  });
  await Promise.all(context.pages().map(closePopupNoticesOn));
}
