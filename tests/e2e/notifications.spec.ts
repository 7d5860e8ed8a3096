// Proves the notification centre and the home page's popup notices in Chromium against the real
// server: the centre lists a user's notifications (translated type names, messages as text, the
// language's date order, pages of 20), marks one or all read and every tab's bell follows; a
// visitor is asked to sign in; operator-made popup notices of modes 1, 2 and 3 show over two
// simulated days, one at a time, in an accessible modal dialog, and the tab itself asks the
// server for nothing (the hub's home config carries the notices).
import { NOTIFICATION_POLL_MS } from '../../src/shared/constants';
import { expect, request, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './support/signin';

const DESKTOP = { width: 1440, height: 900 };
const DAY_MS = 24 * 60 * 60 * 1000;
/** The popup-notice category of the demo content (server/seed/content/structure.ts). */
const NOTICE_CATEGORY_ID = 30;
const PAGE_SIZE = 20;

/** The operator account's session, for the operator API (README, "Admin CLI"). */
async function operatorApi(baseURL: string | undefined): Promise<{ post: (path: string, data: object) => Promise<unknown>; dispose: () => Promise<void> }> {
  const api = await request.newContext({ baseURL });
  const token = await signIn(api, 'operator@demo.exchange');
  return {
    post: async (path, data) => {
      const answer = await api.post(`/api/v1/operator${path}`, { data, headers: { 'X-XSRF-TOKEN': token } });
      const body = (await answer.json()) as { errcode: number; data: unknown };
      expect(body.errcode, JSON.stringify(body)).toBe(0);
      return body.data;
    },
    dispose: () => api.dispose(),
  };
}

async function openPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('header')).toHaveAttribute('data-session', 'signedIn');
  return page;
}

/** The bell's unread count as the badge shows it (0 without a badge). */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('unread-badge');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.textContent())?.replace('+', '') ?? '0');
}

test.describe('notification centre', () => {
  test.use({ viewport: DESKTOP });

  test('R-ENT-13 R-LANG-06 lists trader1’s notifications with translated type names, text messages and the language’s date order, 20 at a time', async ({
    browser,
    baseURL,
  }) => {
    const marker = `centre-${Date.now()}`;
    const operator = await operatorApi(baseURL);
    const messages = Array.from({ length: PAGE_SIZE + 5 }, (_, index) => `${marker} maintenance notice ${index + 1}`);
    for (const message of messages) await operator.post('/notify', { email: 'trader1@demo.exchange', message });
    const script = `<img src=x onerror="document.body.dataset.hacked='1'">${marker}`;
    await operator.post('/notify', { email: 'trader1@demo.exchange', message: script });
    await operator.dispose();

    const context = await browser.newContext({ viewport: DESKTOP });
    await signIn(context.request, 'trader1@demo.exchange');
    const page = await openPage(context, '/en/profile/notification');
    await expect(page.getByTestId('page-title')).toHaveText('Notification centre');
    const rows = page.getByTestId('notification-row');
    await expect(rows).toHaveCount(PAGE_SIZE);

    // The operator's message is type 0, which the spec names 'other'; it shows as text, never as HTML.
    const scriptRow = rows.filter({ hasText: marker }).first();
    await expect(scriptRow).toContainText('Other');
    await expect(scriptRow).toContainText(script);
    await expect(page.locator('[data-testid="notification-list"] img')).toHaveCount(0);
    expect(await page.evaluate(() => document.body.dataset.hacked)).toBeUndefined();
    await expect(rows.first().locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // 'Load more' reads further pages until the server has no more; nothing shows twice.
    const loadMore = page.getByTestId('notification-load-more');
    while ((await loadMore.count()) > 0) {
      const before = await rows.count();
      await loadMore.click();
      await expect.poll(() => rows.count()).toBeGreaterThan(before);
    }
    for (const message of messages) await expect(rows.filter({ hasText: new RegExp(`${message}$`) })).toHaveCount(1);
    const ids = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-id')));
    expect(new Set(ids).size).toBe(ids.length);
    // Every sign-in leaves one: the type has its own name.
    await expect(rows.filter({ hasText: 'Sign-in' }).first()).toContainText('127.0.0.1');

    // German names the type in German; Indonesian (no prefix) writes the date day-month-year.
    await page.goto('/de/profile/notification');
    await expect(rows.filter({ hasText: marker }).first()).toContainText('Sonstiges');
    await expect(rows.first().locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} /);
    await page.goto('/profile/notification');
    await expect(rows.filter({ hasText: marker }).first()).toContainText('Lainnya');
    await expect(rows.first().locator('time')).toHaveText(/^\d{2}-\d{2}-\d{4} /);
    await context.close();
  });

  test('R-HEAD-10 R-HEAD-11 marking one read and Read all in the centre update the bell in every tab', async ({ browser, baseURL }) => {
    // tester@ is a user no other suite changes, so the counts here are this test's alone.
    const username = 'tester@demo.exchange';
    const marker = `marks-${Date.now()}`;
    const operator = await operatorApi(baseURL);
    for (const index of [1, 2, 3]) await operator.post('/notify', { email: username, message: `${marker} ${index}` });
    await operator.dispose();

    const context = await browser.newContext({ viewport: DESKTOP });
    await signIn(context.request, username);
    const page = await openPage(context, '/en/profile/notification');
    const other = await openPage(context, '/en/quotes');
    const rows = page.getByTestId('notification-row');
    // The sign-in notification comes through the outbox; the centre follows the hub's count.
    await expect(rows.filter({ hasText: 'Sign-in' }).first()).toBeVisible({ timeout: 15_000 });
    const unreadRows = rows.and(page.locator('[data-read="false"]'));
    await expect.poll(async () => (await badgeCount(page)) === (await unreadRows.count()) && (await badgeCount(page)) >= 4).toBe(true);
    const before = await badgeCount(page);
    await expect(page.getByTestId('notification-filter-unread')).toHaveText(`Unread (${before})`);

    const first = rows.filter({ hasText: `${marker} 3` });
    await expect(first).toHaveAttribute('data-read', 'false');
    await first.click();
    await expect(first).toHaveAttribute('data-read', 'true');
    // Well inside one polling period: the hub read the count at once, for every tab.
    await expect.poll(() => badgeCount(page), { timeout: 3_000 }).toBe(before - 1);
    await expect.poll(() => badgeCount(other), { timeout: 3_000 }).toBe(before - 1);
    await expect(page.getByTestId('notification-filter-unread')).toHaveText(`Unread (${before - 1})`);

    await page.getByTestId('notification-read-all').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'All notifications are marked as read' })).toHaveAttribute('data-tone', 'success');
    await expect(page.getByTestId('unread-badge')).toHaveCount(0, { timeout: 3_000 });
    await expect(other.getByTestId('unread-badge')).toHaveCount(0, { timeout: 3_000 });
    await expect(unreadRows).toHaveCount(0);
    await expect(page.getByTestId('notification-read-all')).toBeDisabled();

    await page.getByTestId('notification-filter-unread').click();
    await expect(page.getByTestId('notification-filter-unread')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('notification-empty')).toHaveText('No unread notifications');
    await page.getByTestId('notification-filter-all').click();
    await expect(rows.filter({ hasText: marker })).toHaveCount(3);
    await context.close();
  });

  test('R-HEAD-10 R-ENT-13 a notification the operator sends appears in every open tab\u2019s bell within a poll; read in one tab, it is read in all', async ({
    browser,
    baseURL,
  }) => {
    const username = 'merchant@demo.exchange';
    const context = await browser.newContext({ viewport: DESKTOP });
    await signIn(context.request, username);
    const bellTab = await openPage(context, '/en/quotes');
    const tabs = [bellTab, await openPage(context, '/en/announcements'), await openPage(context, '/en/profile/notification')];
    // Settle on the count the hub has now: the sign-in notification arrives through the outbox.
    await expect.poll(() => badgeCount(bellTab), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(async () => new Set(await Promise.all(tabs.map(badgeCount))).size).toBe(1);
    const before = await badgeCount(bellTab);

    const message = `operator-${Date.now()} <img src=x onerror=alert(1)>`;
    const operator = await operatorApi(baseURL);
    await operator.post('/notify', { email: username, message });
    await operator.dispose();
    // One polling period, with room for a busy machine.
    for (const tab of tabs) await expect.poll(() => badgeCount(tab), { timeout: NOTIFICATION_POLL_MS * 2 }).toBe(before + 1);

    await bellTab.getByTestId('notification-bell').click();
    const item = bellTab.getByTestId('notification-item').filter({ hasText: message });
    await expect(item).toBeVisible();
    await expect(bellTab.locator('img[src="x"]')).toHaveCount(0);
    await item.click();
    for (const tab of tabs) await expect.poll(() => badgeCount(tab), { timeout: 3_000 }).toBe(before);
    await context.close();
  });

  test('R-ROLE-01 R-MENU-03 a visitor is asked to sign in and comes back to the centre', async ({ page }) => {
    await page.goto('/en/profile/notification');
    await expect(page.getByTestId('notification-signin')).toContainText('Sign in to see your notifications.');
    await expect(page.getByTestId('notification-centre')).toHaveCount(0);
    const link = page.getByTestId('notification-signin-link');
    await expect(link).toHaveAttribute('href', `/en/login?from=${encodeURIComponent('/en/profile/notification')}`);
    await link.click();
    await expect(page).toHaveURL(/\/en\/login\?from=%2Fen%2Fprofile%2Fnotification$/);
  });
});

test.describe('popup notices', () => {
  test.use({ viewport: DESKTOP });

  test('R-STATE-03 R-STATE-04 R-STATE-05 R-ENT-09 modes 1, 2 and 3 over two simulated days: the first match shows, is recorded, one at a time', async ({
    browser,
    baseURL,
  }) => {
    const marker = `popup-${Date.now()}`;
    const titles = { once: `${marker} once`, daily: `${marker} daily`, always: `${marker} always` };
    // Pinned notices list first, newest first: made in this order, they list once, daily, always.
    // Their windows hold the server's now and the simulated tomorrow.
    const operator = await operatorApi(baseURL);
    const ids = new Map<string, number>();
    for (const [mode, title] of [
      [3, titles.always],
      [2, titles.daily],
      [1, titles.once],
    ] as const) {
      const translation = { title, summary: `Summary of ${title} <b>not bold</b>`, body: `The whole notice of ${title}.` };
      const created = (await operator.post('/posts', { categoryId: NOTICE_CATEGORY_ID, pinned: true, popupMode: mode, popupDays: 3, translations: { en: translation } })) as { id: number };
      ids.set(title, created.id);
    }
    await operator.dispose();

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const tabRequests: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.startsWith('/api/')) tabRequests.push(sent.url());
    });
    const today = Date.now() + 1_000;
    await page.clock.setFixedTime(today);
    const dialog = page.getByRole('dialog');
    const visit = async (expected: string) => {
      await page.goto('/en');
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAccessibleName(expected);
      await expect(page.getByTestId('popup-notice')).toHaveCount(1);
    };

    // Day one: the once-ever notice (closed with Escape), then the daily one (the close button),
    // then the every-time one (the confirm button), which shows on every later visit.
    await visit(titles.once);
    // The summary is text, never HTML; the whole notice is on its post page.
    await expect(dialog).toHaveAccessibleDescription(`Summary of ${titles.once} <b>not bold</b>`);
    await expect(dialog.locator('b')).toHaveCount(0);
    await expect(page.getByTestId('popup-notice-details')).toHaveAttribute('href', `/en/post/detail?id=${ids.get(titles.once)}`);
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('site-name')).toBeVisible();
    // Nothing opened the notice, so the focus goes to the page's main content, not the document's start.
    await expect(page.locator('main#main')).toBeFocused();

    await visit(titles.daily);
    await page.getByTestId('popup-notice-close').click();
    await expect(dialog).toHaveCount(0);

    await visit(titles.always);
    await page.getByTestId('popup-notice-confirm').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('main#main')).toBeFocused();
    await visit(titles.always);
    await page.keyboard.press('Escape');

    // Day two: the daily notice once more, never the once-ever one, then the every-time one.
    await page.clock.setFixedTime(today + DAY_MS);
    await visit(titles.daily);
    await page.keyboard.press('Escape');
    await visit(titles.always);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(tabRequests).toEqual([]);

    // The records live in the hub: another tab of the same browser follows them.
    const second = await context.newPage();
    await second.clock.setFixedTime(today + DAY_MS);
    await second.goto('/en');
    await expect(second.getByRole('dialog')).toHaveAccessibleName(titles.always);
    await context.close();
  });
});
