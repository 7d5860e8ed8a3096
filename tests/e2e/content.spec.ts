// Proves the content screens in Chromium against the real server: announcements (category tabs, pinned first, dates in the page language's order, paging, search, detail), the brief list, the college with its left navigation, post detail from a footer link, About and user protection; that opened articles read in full offline while an unopened one says it needs the network and loads when the connection is back; that "Save for offline" keeps a whole category (cover images too); and that operator-published markup shows as text.
import fs from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type BrowserContext, type Page } from './support/test';
import { browserAlwaysSaysOnline } from './support/network';
import { signIn } from './support/signin';

const WEB_ROOT = process.env.E2E_WEB_ROOT ?? 'dist';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The content structure of the demo data (server/seed/content/structure.ts). */
const ANNOUNCEMENTS = 10;
const COLLEGE = 20;
const ACTIVITIES = 13;
const SECURITY = 23;
const PAGE_SIZE = 20;

interface Summary {
  id: number;
  categoryId: number;
  title: string;
  pinned: boolean;
  publishedAt: number;
}
interface Listing {
  category: { id: number; name: string; children: { id: number; name: string }[] };
  posts: Summary[];
  total: number;
}

async function csrfToken(api: APIRequestContext): Promise<string> {
  const answer = await api.post('/api/v1/csrftoken', { data: {} });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** A category's listing as the server answers it in English. */
async function readListing(api: APIRequestContext, id: number, options: { q?: string; limit?: number } = {}): Promise<Listing> {
  const answer = await api.post(`/api/v1/post/category?id=${id}`, {
    form: { ...(options.q ? { q: options.q } : {}), limit: options.limit ?? 100 },
    headers: { 'X-XSRF-TOKEN': await csrfToken(api), 'Accept-Language': 'en' },
  });
  const body = (await answer.json()) as { errcode: number; data: Listing };
  expect(body.errcode).toBe(0);
  return body.data;
}

async function readPost(api: APIRequestContext, query: string): Promise<{ id: number; title: string; body: string }> {
  const answer = await api.get(`/api/v1/post?${query}`, { headers: { 'Accept-Language': 'en' } });
  return ((await answer.json()) as { data: { id: number; title: string; body: string } }).data;
}

/** Publishes English posts through the operator API as the operator account (README, "Admin CLI"). */
async function publish(baseURL: string | undefined, posts: { categoryId: number; title: string; body: string; coverUrl?: string }[]): Promise<number[]> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const token = await signIn(api, 'operator@demo.exchange');
    const ids: number[] = [];
    for (const post of posts) {
      const answer = await api.post('/api/v1/operator/posts', {
        data: { categoryId: post.categoryId, coverUrl: post.coverUrl, translations: { en: { title: post.title, summary: `Summary of ${post.title}`, body: post.body } } },
        headers: { 'X-XSRF-TOKEN': token },
      });
      const body = (await answer.json()) as { errcode: number; data: { id: number } };
      expect(body.errcode, JSON.stringify(body)).toBe(0);
      ids.push(body.data.id);
    }
    return ids;
  } finally {
    await api.dispose();
  }
}

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Waits until the service worker holds every script of the build (its shell and the warmed route chunks), as after a first visit on a good connection. */
async function waitForWarmCaches(page: Page): Promise<void> {
  const scripts = fs.readdirSync(path.join(WEB_ROOT, 'assets')).filter((fileName) => fileName.endsWith('.js')).map((fileName) => `/assets/${fileName}`);
  await expect
    .poll(
      async () => {
        const cached = await page.evaluate(async () => {
          const paths: string[] = [];
          for (const name of await caches.keys()) {
            if (!name.startsWith('exchange-shell-') && !name.startsWith('exchange-routes-')) continue;
            for (const entry of await (await caches.open(name)).keys()) paths.push(new URL(entry.url).pathname);
          }
          return paths;
        });
        return scripts.filter((script) => !cached.includes(script));
      },
      { timeout: 30_000 },
    )
    .toEqual([]);
}

/** A fresh browser whose first page is served and warmed by the service worker. */
async function openServedPage(context: BrowserContext, pagePath: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(pagePath);
  await waitForServiceWorkerControl(page);
  await waitForWarmCaches(page);
  return page;
}

const rows = (page: Page) => page.getByTestId('post-row');
const rowOf = (page: Page, id: number | undefined) => page.locator(`[data-testid="post-row"][data-id="${id}"]`);

// The tests of this file run one after another: some publish articles that others list.
test.describe.configure({ mode: 'default' });

test.describe('announcements', () => {
  test.use({ viewport: DESKTOP });

  test('R-ROUTE-03 R-LANG-06 the list has the category tabs, pinned first, dates in the language’s order, and a tab per category', async ({ page, request }) => {
    const root = await readListing(request, ANNOUNCEMENTS);
    await page.goto('/en/Announcements');
    await expect(page.getByTestId('page-title')).toHaveText('Announcements');
    await expect(page.getByTestId('category-tab')).toHaveText(['All', ...root.category.children.map((child) => child.name)]);
    await expect(page.getByTestId('category-tab').first()).toHaveAttribute('aria-current', 'page');
    await expect(rows(page).first()).toBeVisible();
    expect(root.posts[0]?.pinned).toBe(true);
    await expect(rows(page).first().getByTestId('post-title')).toHaveText(`Pinned${root.posts[0]?.title}`);
    await expect(rows(page).first()).toHaveAttribute('href', `/en/announcements/detail?id=${root.posts[0]?.id}`);
    for (const date of await page.getByTestId('post-date').allTextContents()) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const listings = root.category.children[0];
    const category = await readListing(request, listings?.id ?? 0);
    await page.getByTestId('category-tab').filter({ hasText: listings?.name ?? '' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/announcements\\?category=${listings?.id}$`));
    await expect(page.getByTestId('post-title')).toHaveText(category.posts.slice(0, PAGE_SIZE).map((post) => (post.pinned ? `Pinned${post.title}` : post.title)));

    // Without a prefix the page is Indonesian: day-month-year.
    await page.goto('/announcements');
    await expect(page.getByTestId('post-date').first()).toHaveText(/^\d{2}-\d{2}-\d{4}$/);

    // The component page of spec 2: the tabs and the search form.
    await page.goto('/en/Announcements/Components/AnnouncementsFilterList');
    await expect(page.getByTestId('page-title')).toHaveText('Announcement filters');
    await expect(page.getByTestId('category-tab')).toHaveCount(root.category.children.length + 1);
    await expect(page.getByTestId('announcement-search-form')).toBeVisible();
  });

  test('R-ROUTE-04 R-API-07 the detail shows the title, the date and the body as headings, paragraphs and lists, with a way back', async ({ page, request }) => {
    const root = await readListing(request, ANNOUNCEMENTS);
    const target = root.posts.find((post) => !post.pinned) ?? root.posts[0];
    const post = await readPost(request, `id=${target?.id}`);
    await page.goto('/en/announcements');
    await rows(page).filter({ hasText: post.title }).click();
    await expect(page).toHaveURL(new RegExp(`/en/announcements/detail\\?id=${post.id}$`));
    await expect(page.getByTestId('page-title')).toHaveText('Announcement');
    await expect(page.getByTestId('article-title')).toHaveText(post.title);
    await expect(page.getByTestId('article-date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    const body = page.getByTestId('article-body');
    const firstHeading = /^## (.+)$/m.exec(post.body)?.[1];
    if (firstHeading) await expect(body.getByRole('heading', { name: firstHeading })).toBeVisible();
    const firstItem = /^- (.+)$/m.exec(post.body)?.[1];
    if (firstItem) await expect(body.getByRole('listitem').filter({ hasText: firstItem }).first()).toBeVisible();
    await expect(page).toHaveTitle(`${post.title} | Exchange`);
    await page.getByTestId('article-back').click();
    await expect(page).toHaveURL(/\/en\/announcements$/);

    await page.goto('/en/announcements/detail?id=987654');
    await expect(page.getByTestId('article-missing')).toContainText('This article was not found');
  });

  test('R-ROUTE-04 search finds announcements by text, pages 20 at a time, and says when nothing matches; the category list pages too', async ({ page, request, baseURL }) => {
    const marker = `solstice${Date.now().toString(36)}`;
    await publish(
      baseURL,
      Array.from({ length: PAGE_SIZE + 1 }, (_, index) => ({ categoryId: ACTIVITIES, title: `Weekly quiz ${index + 1}`, body: `Answer the ${marker} question.` })),
    );
    await page.goto('/en/announcements');
    await page.getByTestId('announcement-search-input').fill(marker);
    await page.getByTestId('announcement-search-input').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/en/announcements/search\\?q=${marker}$`));
    await expect(page.getByTestId('page-title')).toHaveText('Search announcements');
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByTestId('search-summary')).toHaveText(`Results for “${marker}”: ${PAGE_SIZE + 1}`);
    await page.getByTestId('listing-load-more').click();
    await expect(rows(page)).toHaveCount(PAGE_SIZE + 1);
    await expect(page.getByTestId('listing-load-more')).toHaveCount(0);

    await page.getByTestId('announcement-search-input').fill(`${marker}-nothing`);
    await page.getByTestId('announcement-search-input').press('Enter');
    await expect(page.getByTestId('listing-empty')).toHaveText(`No announcements match “${marker}-nothing”.`);
    await page.goto('/en/announcements/search');
    await expect(page.getByTestId('search-prompt')).toBeVisible();

    const activities = await readListing(request, ACTIVITIES);
    await page.goto(`/en/announcements?category=${ACTIVITIES}`);
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByTestId('listing-count')).toHaveText(`${activities.total} articles`);
    await page.getByTestId('listing-load-more').click();
    await expect(rows(page)).toHaveCount(Math.min(activities.total, 2 * PAGE_SIZE));
  });

  test('R-ROUTE-03 the brief list shows the latest announcements, titles and dates, linking to their pages', async ({ page, request }) => {
    const root = await readListing(request, ANNOUNCEMENTS, { limit: 10 });
    await page.goto('/en/BriefAnnouncement');
    await expect(page.getByTestId('page-title')).toHaveText('Brief announcements');
    await expect(rows(page)).toHaveCount(root.posts.length);
    await expect(rows(page).first()).toHaveAttribute('href', `/en/announcements/detail?id=${root.posts[0]?.id}`);
    await expect(page.getByTestId('post-date').first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByTestId('brief-more').click();
    await expect(page).toHaveURL(/\/en\/announcements$/);
  });
});

test.describe('college, posts and pages', () => {
  test.use({ viewport: DESKTOP });

  test('R-ROUTE-06 the college lists its categories in a left navigation; an article shows beside every article by category', async ({ page, request }) => {
    const root = await readListing(request, COLLEGE);
    await page.goto('/en/College');
    await expect(page.getByTestId('page-title')).toHaveText('College');
    const nav = page.getByTestId('category-nav');
    await expect(nav.getByTestId('category-tab')).toHaveText(['All', ...root.category.children.map((child) => child.name)]);
    const first = root.category.children[0];
    const category = await readListing(request, first?.id ?? 0);
    await nav.getByTestId('category-tab').filter({ hasText: first?.name ?? '' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/college\\?category=${first?.id}$`));
    await expect(page.getByTestId('post-title')).toHaveText(category.posts.map((post) => post.title));

    const target = category.posts[0];
    await rows(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/en/college/components/collegedetail\\?id=${target?.id}$`));
    await expect(page.getByTestId('page-title')).toHaveText('College article');
    await expect(page.getByTestId('article-title')).toHaveText(target?.title ?? '');
    const leftNav = page.getByTestId('college-nav');
    await expect(leftNav.getByTestId('college-nav-toggle')).toBeHidden();
    await expect(leftNav.getByRole('heading')).toHaveText(root.category.children.map((child) => child.name));
    await expect(leftNav.locator('a[aria-current="page"]')).toHaveText(target?.title ?? '');
    const other = root.posts.find((post) => post.id !== target?.id);
    await leftNav.getByRole('link', { name: other?.title }).click();
    await expect(page.getByTestId('article-title')).toHaveText(other?.title ?? '');

    // The component pages of spec 2.
    await page.goto('/en/College/Components/CollegeList');
    await expect(page.getByTestId('page-title')).toHaveText('College articles');
    await expect(rows(page).first()).toBeVisible();
    await page.goto('/en/College/Components/DetailLeftNav');
    await expect(page.getByTestId('page-title')).toHaveText('College navigation');
    for (const post of root.posts) await expect(page.locator(`[data-testid="college-nav-link"][data-id="${post.id}"]`)).toHaveText(post.title);
  });

  test('R-ROUTE-07 R-FOOT-05 a footer link opens its post at /post/detail?id', async ({ page }) => {
    await page.goto('/en/announcements');
    const section = page.getByTestId('footer').getByTestId('footer-section-category-1000');
    const link = section.getByRole('link').nth(1);
    const title = (await link.textContent()) ?? '';
    await link.click();
    await expect(page).toHaveURL(/\/en\/post\/detail\?id=\d+$/);
    await expect(page.getByTestId('page-title')).toHaveText('Article');
    await expect(page.getByTestId('article-title')).toHaveText(title);
    await expect(page.getByTestId('article-body')).not.toBeEmpty();
  });

  test('R-ROUTE-03 R-ROUTE-04 About and user protection read their pages', async ({ page, request }) => {
    const about = await readPost(request, 'slug=about');
    const protection = await readPost(request, 'slug=user-protection');
    await page.goto('/en/About');
    await expect(page.getByTestId('page-title')).toHaveText('About us');
    await expect(page.getByTestId('article-title')).toHaveText(about.title);
    await page.goto('/en/About/UserProtectMeasures');
    await expect(page.getByTestId('page-title')).toHaveText('User protection');
    await expect(page.getByTestId('article-title')).toHaveText(protection.title);
    // In German the server answers the German page.
    await page.goto('/de/about/userprotectmeasures');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('article-title')).not.toHaveText(protection.title);
  });

  test('operator-published markup in a title and a body shows as text, never as HTML', async ({ page, baseURL }) => {
    const marker = `xss${Date.now().toString(36)}`;
    const script = `<img src=x onerror="document.body.dataset.hacked='1'">${marker}`;
    const [id] = await publish(baseURL, [{ categoryId: 12, title: script, body: `## ${script}\n\n<script>document.body.dataset.hacked='2'</script>\n\n- ${script}` }]);
    await page.goto(`/en/announcements/detail?id=${id}`);
    await expect(page.getByTestId('article-title')).toHaveText(script);
    const body = page.getByTestId('article-body');
    await expect(body.getByRole('heading')).toHaveText(script);
    await expect(body).toContainText(`<script>document.body.dataset.hacked='2'</script>`);
    await expect(body.getByRole('listitem')).toHaveText(script);
    await expect(page.getByTestId('article').locator('img, script')).toHaveCount(0);
    await page.goto(`/en/announcements/search?q=${marker}`);
    await expect(page.getByTestId('post-title')).toHaveText(script);
    expect(await page.evaluate(() => document.body.dataset.hacked)).toBeUndefined();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('R-LAY-14 R-LAY-15 announcements and college have a titled top bar; the brief list only a back arrow; the college navigation folds', async ({ page, request }) => {
    await page.goto('/en/announcements');
    await expect(page.getByTestId('mobile-top-bar')).toHaveAttribute('data-kind', 'titled');
    await expect(page.getByTestId('mobile-top-bar-title')).toHaveText('Announcements');
    await expect(page.getByTestId('mobile-top-bar-close')).toHaveAttribute('href', '/en');
    // The page fits the phone: the tabs scroll inside their row.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.goto('/en/briefannouncement');
    await expect(page.getByTestId('mobile-top-bar')).toHaveAttribute('data-kind', 'back');
    await expect(page.getByTestId('mobile-top-bar-title')).toHaveCount(0);

    const root = await readListing(request, COLLEGE);
    const target = root.posts[0];
    await page.goto(`/en/college/components/collegedetail?id=${target?.id}`);
    await expect(page.getByTestId('mobile-top-bar-title')).toHaveText('College article');
    const toggle = page.getByTestId('college-nav-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('college-nav-link').first()).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const other = root.posts.find((post) => post.id !== target?.id);
    await page.getByTestId('college-nav-link').filter({ hasText: other?.title ?? '' }).click();
    await expect(page.getByTestId('article-title')).toHaveText(other?.title ?? '');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('offline reading', () => {
  test.use({ viewport: DESKTOP });

  test('opened articles read in full offline, an unopened one needs the network and opens when the connection is back', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const announcements = await readListing(request, ANNOUNCEMENTS);
    const college = await readListing(request, COLLEGE);
    const opened = announcements.posts[0];
    const unopened = announcements.posts.find((post) => post.id !== opened?.id);
    const lesson = college.posts[0];
    const context = await browser.newContext({ viewport: DESKTOP });
    await browserAlwaysSaysOnline(context);
    const page = await openServedPage(context, '/en/announcements');
    try {
      await page.goto(`/en/announcements/detail?id=${opened?.id}`);
      await expect(page.getByTestId('article-title')).toHaveText(opened?.title ?? '');
      const openedBody = await page.getByTestId('article-body').textContent();
      // Stored on the device (IndexedDB) before the test leaves the page: a full page load, unlike
      // a reader's move within the app, can cut the write short.
      await expect(page.getByTestId('article')).toHaveAttribute('data-kept', 'true');
      await page.goto(`/en/college/components/collegedetail?id=${lesson?.id}`);
      await expect(page.getByTestId('article-title')).toHaveText(lesson?.title ?? '');
      const lessonBody = await page.getByTestId('article-body').textContent();
      await expect(page.getByTestId('article')).toHaveAttribute('data-kept', 'true');
      await page.goto('/en/announcements');
      await expect(rows(page).first()).toBeVisible();
      const shownOnline = await rows(page).count();

      await context.setOffline(true);
      await page.reload();
      // The list as last seen: what was opened is marked and opens; the rest needs the network.
      await expect(page.getByTestId('listing')).toHaveAttribute('data-source', 'listing');
      await expect(page.getByTestId('content-offline')).toContainText('You are offline.');
      await expect(rows(page)).toHaveCount(shownOnline);
      await expect(rowOf(page, opened?.id)).toHaveAttribute('data-stored', 'true');
      await expect(rowOf(page, unopened?.id).getByTestId('post-needs-network')).toHaveText('Needs the network');

      await rowOf(page, opened?.id).click();
      await expect(page.getByTestId('article-title')).toHaveText(opened?.title ?? '');
      await expect(page.getByTestId('article-body')).toHaveText(openedBody ?? '');
      await expect(page.getByTestId('article-offline')).toContainText('You are offline.');

      await page.goto(`/en/college/components/collegedetail?id=${lesson?.id}`);
      await expect(page.getByTestId('article-title')).toHaveText(lesson?.title ?? '');
      await expect(page.getByTestId('article-body')).toHaveText(lessonBody ?? '');

      await page.goto(`/en/announcements/detail?id=${unopened?.id}`);
      const needsNetwork = page.getByTestId('article-needs-network');
      await expect(needsNetwork).toContainText('This article needs the network');
      await expect(needsNetwork).toContainText('It opens by itself as soon as you are back online.');
    } finally {
      await context.setOffline(false);
    }
    // No click: back online, the article loads by itself.
    await expect(page.getByTestId('article-title')).toHaveText(unopened?.title ?? '');
    await expect(page.getByTestId('article')).toHaveAttribute('data-source', 'network');
    await context.close();
  });

  test('"Save for offline" keeps a whole category, cover images included, readable offline', async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const marker = `cover${Date.now().toString(36)}`;
    // A cover the server draws under /api/image/: the service worker must keep it for offline reading.
    const [withCover] = await publish(baseURL, [{ categoryId: SECURITY, title: `Hardware keys ${marker}`, body: 'Keep your keys offline.', coverUrl: '/api/image/sitelogo' }]);
    const security = await readListing(request, SECURITY);
    const context = await browser.newContext({ viewport: DESKTOP });
    await browserAlwaysSaysOnline(context);
    const page = await openServedPage(context, `/en/college?category=${SECURITY}`);
    try {
      await expect(rows(page)).toHaveCount(security.posts.length);
      await expect(page.getByTestId('save-offline')).toHaveAttribute('data-state', 'idle');
      await page.getByTestId('save-offline-button').click();
      await expect(page.getByTestId('save-offline')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
      await expect(page.getByTestId('save-offline-saved')).toHaveText('Saved for offline');
      for (const row of await rows(page).all()) await expect(row).toHaveAttribute('data-stored', 'true');

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByTestId('content-offline')).toBeVisible();
      await expect(page.getByTestId('save-offline')).toHaveAttribute('data-state', 'saved');
      await expect(rows(page)).toHaveCount(security.posts.length);
      await expect(page.getByTestId('post-needs-network')).toHaveCount(0);
      for (const post of security.posts) {
        const expected = await readPost(request, `id=${post.id}`);
        await page.goto(`/en/college/components/collegedetail?id=${post.id}`);
        await expect(page.getByTestId('article-title')).toHaveText(expected.title);
        await expect(page.getByTestId('article-offline')).toBeVisible();
        await expect(page.getByTestId('article-body')).toContainText(expected.body.split('\n')[0] ?? '');
        if (post.id === withCover) {
          const cover = page.getByTestId('article-cover');
          await expect(cover).toHaveAttribute('src', '/api/image/sitelogo');
          await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
        }
      }
      // Only the public image is in the service worker's caches, nothing of the JSON API.
      const cachedApi = await page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys()) for (const entry of await (await caches.open(name)).keys()) paths.push(new URL(entry.url).pathname);
        return paths.filter((cachedPath) => cachedPath.startsWith('/api/'));
      });
      expect(cachedApi).toEqual(['/api/image/sitelogo']);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});
