// Proves that the built app, served by the real server on a fresh database, loads in Chromium
// at the root, at language homes and at deep paths (history fallback), without console errors.
import { test as base, expect } from '@playwright/test';

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

test('R-ROUTE-02 the app loads at / and shows the site name and languages from /api/v1/config', async ({ page }) => {
  const configRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/config');
  await page.goto('/');
  // No prefix and nothing stored: the request language is en (spec 7).
  expect((await configRequest).headers()['accept-language']).toBe('en');

  await expect(page.getByTestId('site-name')).toHaveText(siteConfig.name);
  await expect(page.getByTestId('brand')).toContainText(siteConfig.name);
  await expect(page).toHaveTitle(siteConfig.name);
  await expect(page.getByTestId('server-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  await expect(page.getByTestId('languages').getByRole('link')).toHaveCount(siteConfig.supportedLanguages.length);
});

test('R-ROUTE-02 language home pages load with their language, and the language links navigate', async ({ page }) => {
  const configRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/config');
  await page.goto('/zh-CHT');
  expect((await configRequest).headers()['accept-language']).toBe('zh-CHT');
  await expect(page.getByTestId('site-name')).toHaveText(siteConfig.name);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');

  await page.getByTestId('languages').locator('a[href="/en"]').click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('languages').locator('a[href="/en"]')).toHaveAttribute('aria-current', 'page');
});

/** Deep paths and the language their prefix gives the page (no prefix: id, the default). */
const DEEP_PATHS = { '/en/Quotes': 'en', '/zh-CHT/assets/assetDeposit': 'zh-Hant', '/Quotes': 'id', '/EN/quotes': 'en' };

for (const [deepPath, htmlLanguage] of Object.entries(DEEP_PATHS)) {
  test(`R-ROUTE-01 R-ROUTE-02 ${deepPath} loads the app through the history fallback`, async ({ page }) => {
    const response = await page.goto(deepPath);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByTestId('brand')).toContainText(siteConfig.name);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLanguage);
    await expect(page).toHaveURL(new RegExp(`${deepPath}$`));
  });
}

test('a failed config read shows the error and its message, and Try again recovers', async ({ page, consoleErrors }) => {
  let failing = true;
  await page.route('**/api/v1/config', (route) =>
    failing
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ errcode: 503, errmsg: 'Down for a test' }) })
      : route.fallback(),
  );
  await page.goto('/en');
  await expect(page.getByRole('alert')).toContainText('The platform could not be reached');
  await expect(page.getByRole('alert')).toContainText('Down for a test');
  // The browser logs the 503 and the router logs the loader's error: both are expected here.
  const unexpected = consoleErrors.filter((text) => !text.includes('503') && !text.includes('Down for a test'));
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);

  failing = false;
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
