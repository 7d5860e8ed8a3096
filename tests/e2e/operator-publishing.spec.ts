// Proves the operator console's publishing, notifications and site settings in Chromium against the real server: an operator publishes an announcement that its page and its category's list then show, and a popup notice whose window lasts the days given; sends a notification by e-mail that reaches the account's notification centre, and is asked before sending to everyone; switches an area off, which a reload still shows, and back on; a user who is not an operator is refused. The suite shares one server: what a test changes it puts back (the notification is read, the area switched on again); what it publishes stays, unpinned, so that other lists keep their first rows.
import type { BrowserContext, Page } from '@playwright/test';
import { signInContext } from './support/signin';
import { expect, test } from './support/test';

const OPERATOR = 'operator@demo.exchange';
const DESKTOP = { width: 1440, height: 900 };
const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo content's categories (server/seed/content/structure.ts): platform updates and popup notices. */
const PLATFORM_UPDATES = 12;
const POPUP_NOTICES = 30;

test.use({ viewport: DESKTOP });

/** Signs the context in as the demo operator and opens a section of the console; answers the session's CSRF token. */
async function openAsOperator(context: BrowserContext, page: Page, path: string): Promise<string> {
  const token = await signInContext(context, OPERATOR);
  await page.goto(path);
  await expect(page.getByTestId('operator-console')).toBeVisible();
  return token;
}

/** Picks a value of a kit Select by its test id. */
async function choose(page: Page, testId: string, value: string | number): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-option-${value}`).click();
  await expect(page.getByTestId(`${testId}-option-${value}`)).toHaveCount(0);
}

/** The id of the post the done message links to. */
async function publishedId(page: Page): Promise<number> {
  const link = page.getByTestId('publish-link');
  await expect(link).toHaveAttribute('href', /^\/en\/post\/detail\?id=\d+$/);
  return Number((await link.getAttribute('href'))?.split('=')[1]);
}

test.describe('publishing', () => {
  test('publishes an announcement that its page and its category’s list show', async ({ context, page }) => {
    await openAsOperator(context, page, '/en/operator/content');
    const form = page.getByTestId('publish-form');

    // Nothing is sent without an English title and text; the focus goes to the first field in trouble.
    await page.getByTestId('publish-submit').click();
    await expect(form.locator('[aria-invalid="true"]')).toHaveCount(2);
    await expect(page.getByTestId('publish-title')).toBeFocused();
    await expect(page.getByTestId('publish-done')).toHaveCount(0);

    const title = `Console announcement ${Date.now()}`;
    await choose(page, 'publish-category', PLATFORM_UPDATES);
    await page.getByTestId('publish-title').fill(title);
    await page.getByTestId('publish-summary').fill(`Summary of ${title}`);
    await page.getByTestId('publish-body').fill('Trading pauses briefly tonight.\n\n## What changes\n\n- Faster order entry\n- Clearer fees');
    await page.getByTestId('publish-submit').click();
    await expect(page.getByTestId('publish-done')).toBeVisible();
    const id = await publishedId(page);
    // The form is cleared for the next post.
    await expect(page.getByTestId('publish-title')).toHaveValue('');
    await expect(page.getByTestId('publish-body')).toHaveValue('');

    await page.getByTestId('publish-link').click();
    await expect(page).toHaveURL(new RegExp(`/en/post/detail\\?id=${id}$`));
    const article = page.getByTestId('article');
    await expect(page.getByTestId('article-title')).toHaveText(title);
    await expect(article.getByRole('heading', { name: 'What changes' })).toBeVisible();
    await expect(article.getByRole('listitem')).toHaveText(['Faster order entry', 'Clearer fees']);

    await page.goto(`/en/announcements?category=${PLATFORM_UPDATES}`);
    const row = page.locator(`[data-testid="post-row"][data-id="${id}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('post-title')).toHaveText(title);
  });

  test('publishes a popup notice whose window lasts the days given', async ({ context, page }) => {
    await openAsOperator(context, page, '/en/operator/content');
    // Popup fields belong to popup notices only.
    await expect(page.getByTestId('publish-popup-days')).toHaveCount(0);
    await choose(page, 'publish-category', POPUP_NOTICES);
    await expect(page.getByTestId('publish-form')).toHaveAttribute('data-kind', 'notice');

    const title = `Console notice ${Date.now()}`;
    await page.getByTestId('publish-title').fill(title);
    await page.getByTestId('publish-body').fill(`The whole notice of ${title}.`);
    await page.getByTestId('publish-popup-days').fill('');
    await page.getByTestId('publish-submit').click();
    await expect(page.getByTestId('publish-popup-days')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('publish-done')).toHaveCount(0);

    // Once (the least a visitor sees of it), for two days.
    await choose(page, 'publish-popup-mode', 1);
    await page.getByTestId('publish-popup-days').fill('2');
    await page.getByTestId('publish-submit').click();
    await expect(page.getByTestId('publish-done')).toBeVisible();
    const id = await publishedId(page);

    const answer = await page.request.get('/api/v1/notice', { params: { id } });
    const notice = ((await answer.json()) as { data: { title: string; popupMode: number; popupFrom: number; popupTo: number } }).data;
    expect(notice.title).toBe(title);
    expect(notice.popupMode).toBe(1);
    expect(notice.popupTo - notice.popupFrom).toBe(2 * DAY_MS);
  });
});

test.describe('notifications', () => {
  test('sends a notification by e-mail that reaches the account, and asks before sending to everyone', async ({ context, page }) => {
    await openAsOperator(context, page, '/en/operator/notify');
    const message = `Console message ${Date.now()}`;

    // Everyone: a confirmation first; cancelled, nothing is sent.
    await choose(page, 'notify-target', 'all');
    await expect(page.getByTestId('notify-email')).toHaveCount(0);
    await page.getByTestId('notify-message').fill(message);
    await page.getByTestId('notify-submit').click();
    await expect(page.getByTestId('notify-confirm')).toBeVisible();
    await page.getByTestId('notify-confirm-cancel').click();
    await expect(page.getByTestId('notify-confirm')).toHaveCount(0);
    await expect(page.getByTestId('notify-done')).toHaveCount(0);

    // One account by id asks for a number.
    await choose(page, 'notify-target', 'userId');
    await page.getByTestId('notify-submit').click();
    await expect(page.getByTestId('notify-user-id')).toHaveAttribute('aria-invalid', 'true');

    // One account by e-mail: the operator's own, whose notifications no other test reads.
    await choose(page, 'notify-target', 'email');
    await page.getByTestId('notify-email').fill(OPERATOR);
    await expect(page.getByTestId('notify-count')).toHaveAttribute('data-length', String(message.length));
    await page.getByTestId('notify-submit').click();
    await expect(page.getByTestId('notify-done')).toBeVisible();
    await expect(page.getByTestId('notify-confirm')).toHaveCount(0);
    await expect(page.getByTestId('notify-message')).toHaveValue('');

    // The account's notification centre has it, unread; reading it leaves the account as it was.
    await page.goto('/en/profile/notification');
    const row = page.getByTestId('notification-row').filter({ hasText: message });
    await expect(row).toHaveAttribute('data-read', 'false');
    await row.click();
    await expect(row).toHaveAttribute('data-read', 'true');
  });
});

test.describe('site settings', () => {
  test('switches an area off, which a reload still shows, and back on', async ({ context, page }) => {
    const token = await openAsOperator(context, page, '/en/operator/settings');
    const area = page.getByTestId('settings-switch-luckydraw');
    const save = page.getByTestId('settings-save');
    await expect(area).toHaveAttribute('aria-checked', 'true');
    await expect(save).toBeDisabled();
    try {
      await area.click();
      await expect(area).toHaveAttribute('aria-checked', 'false');
      // Undo goes back to the settings as loaded.
      await page.getByTestId('settings-undo').click();
      await expect(area).toHaveAttribute('aria-checked', 'true');
      await area.click();
      await save.click();
      await expect(page.getByTestId('settings-saved')).toBeVisible();
      await expect(page.locator('[data-testid="toast"][data-tone="success"]')).toBeVisible();
      await expect(save).toBeDisabled();

      await page.reload();
      await expect(area).toHaveAttribute('aria-checked', 'false');
      const config = (await (await page.request.get('/api/v1/config')).json()) as { data: { luckydraw: { enabled: boolean } } };
      expect(config.data.luckydraw.enabled).toBe(false);

      await area.click();
      await save.click();
      await expect(page.getByTestId('settings-saved')).toBeVisible();
      await expect(area).toHaveAttribute('aria-checked', 'true');
    } finally {
      // The suite shares the server: the lucky draw is on again whatever happened above.
      const answer = await context.request.post('/api/v1/operator/settings', { data: { luckydraw: { enabled: true } }, headers: { 'X-XSRF-TOKEN': token } });
      expect(((await answer.json()) as { errcode: number }).errcode).toBe(0);
    }
  });
});

test('a user who is not an operator is refused the publishing section', async ({ context, page }) => {
  await signInContext(context, 'trader1@demo.exchange');
  await page.goto('/en/operator/content');
  await expect(page.getByTestId('console-refused')).toBeVisible();
  await expect(page.getByTestId('publish-form')).toHaveCount(0);
  await expect(page.getByTestId('toast')).toHaveCount(0);
});
