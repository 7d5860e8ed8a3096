// Proves that the built app, served by the real server on a fresh database, loads in Chromium
// at the root, at language homes and at deep paths (history fallback), without console errors.
import { test as base, expect, type APIRequestContext } from './support/test';
import { injectFault, markContext, readRequestLog } from './request-log';
import { showHomeLowerHalf } from './support/navigation';

interface SiteConfigData {
  name: string;
  supportedLanguages: string[];
}

/** Every page test fails if the page logged an error or threw. */
const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

let siteConfig: SiteConfigData;

test.beforeAll(async ({ request }) => {
  const response = await request.get('/api/v1/config');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { errcode: number; data: SiteConfigData };
  expect(body.errcode).toBe(0);
  siteConfig = body.data;
});

/** The Accept-Language of the config reads the server saw from this page's context (the hub reads it, not the tab). */
async function configLanguages(request: APIRequestContext, client: string): Promise<(string | null)[]> {
  const log = await readRequestLog(request, client);
  return log.requests.filter((entry) => entry.method === 'GET' && entry.path === '/api/v1/config').map((entry) => entry.acceptLanguage);
}

test('R-ROUTE-02 the app loads at / and shows the site name and languages from /api/v1/config', async ({ page, baseURL }) => {
  const client = await markContext(page.context(), baseURL ?? '');
  await page.goto('/');
  // No prefix: the page is in id, and the app stores the page's language before it asks (ARCHITECTURE.md), so the header says id.
  await expect.poll(() => configLanguages(page.request, client)).toEqual(['id']);

  await expect(page.getByTestId('site-name')).toHaveText(siteConfig.name);
  await expect(page.getByTestId('logo')).toContainText(siteConfig.name);
  await expect(page).toHaveTitle(siteConfig.name);
  await showHomeLowerHalf(page);
  await expect(page.getByTestId('server-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  await expect(page.getByTestId('languages').getByRole('link')).toHaveCount(siteConfig.supportedLanguages.length);
});

test('R-ROUTE-02 language home pages load with their language, and the language links navigate', async ({ page, baseURL }) => {
  const client = await markContext(page.context(), baseURL ?? '');
  await page.goto('/zh-CHT');
  await expect.poll(() => configLanguages(page.request, client)).toEqual(['zh-CHT']);
  await expect(page.getByTestId('site-name')).toHaveText(siteConfig.name);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');

  await showHomeLowerHalf(page);
  await page.getByTestId('languages').locator('a[href="/en"]').click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('languages').locator('a[href="/en"]')).toHaveAttribute('aria-current', 'page');
});

/** Deep paths and the language their prefix gives the page (no prefix: id, the default). */
const DEEP_PATHS = { '/en/Assets': 'en', '/zh-CHT/assets/assetDeposit': 'zh-Hant', '/Assets': 'id', '/EN/assets': 'en' };

for (const [deepPath, htmlLanguage] of Object.entries(DEEP_PATHS)) {
  test(`R-ROUTE-01 R-ROUTE-02 ${deepPath} loads the app through the history fallback`, async ({ page }) => {
    const response = await page.goto(deepPath);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByTestId('logo')).toContainText(siteConfig.name);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLanguage);
    await expect(page).toHaveURL(new RegExp(`${deepPath}$`));
  });
}

test('a failed config read shows the error and its message, and Try again recovers', async ({ page, consoleErrors, baseURL }) => {
  // The hub's worker reads the config, out of page.route's reach: the server fails it instead.
  const client = await markContext(page.context(), baseURL ?? '');
  await injectFault(page.request, client, { method: 'GET', path: '/api/v1/config', status: 500, errmsg: 'Down for a test', times: 1 });
  await page.goto('/en');
  await expect(page.getByRole('alert')).toContainText('The platform could not be reached');
  await expect(page.getByRole('alert')).toContainText('Down for a test');
  // The bare frame has no site name to show: its mark's link is named for where it goes.
  await expect(page.getByTestId('brand')).toHaveAccessibleName('Home');
  // The browser logs the 500 and the router logs the loader's error: both are expected here.
  const unexpected = consoleErrors.filter((text) => !text.includes('500') && !text.includes('Down for a test'));
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('site-name')).toHaveText(siteConfig.name);
});

test('R-ROUTE-02 a missing script answers 404 with the error envelope, never the app HTML', async ({ request }) => {
  for (const accept of ['*/*', 'text/html']) {
    const response = await request.get('/assets/nope.js', { headers: { Accept: accept } });
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).not.toContain('text/html');
    expect(await response.text()).not.toContain('<div id="root">');
  }
});
