// Proves the home and quotes screens against the real server: banners, a market list whose prices move with the robots' trades, rankings tabs, news that opens its article; on quotes the type tabs, sorting, search of at most 10, favourites that persist for a signed-in user, a visitor's star leading to login, and test-only symbols for testEnabled users only.
import { showHomeLowerHalf } from './support/navigation';
import { expect, test, type Page } from './support/test';

const PASSWORD = 'Demo1234!';

/** Signs in through the login form, as a user does (not through the API), and comes back to the quotes page the form was opened from. */
async function signInThroughForm(page: Page, email: string): Promise<void> {
  await page.goto(`/en/login?from=${encodeURIComponent('/en/quotes')}`);
  const form = page.getByTestId('login-form');
  await form.getByTestId('contact-input').fill(email);
  await form.getByTestId('password-input').fill(PASSWORD);
  await form.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/en\/quotes$/);
}

async function totalUpdates(page: Page): Promise<number> {
  const values = await page.getByTestId('market-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-updates') ?? '0')));
  return values.reduce((sum, value) => sum + value, 0);
}

test('R-ROUTE-09 home shows banners, notices and popular markets whose prices stream through the hub and link to their trading page', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByTestId('site-name')).toBeVisible();
  const banners = page.getByTestId('home-banners');
  await expect(banners.getByTestId('home-banner').first()).toBeAttached();
  await expect(banners.locator('[data-testid="home-banner"]:not([hidden])')).toHaveCount(1);
  await banners.getByTestId('home-banner-next').click();
  await expect(banners).toHaveAttribute('data-current', '1');
  await expect(page.getByTestId('home-notices').getByTestId('home-notice').first()).toBeVisible();

  const rows = page.getByTestId('market-row');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row.getByTestId('market-price')).toHaveText(/^\d/);
  const spot = page.locator('[data-testid="market-row"][data-symbol="BTC_USDT"][data-type="3"]');
  await expect(spot.getByTestId('market-link')).toHaveAttribute('href', '/en/exchange?id=btc_usdt');
  await expect(page.locator('[data-testid="market-row"][data-type="2"]').first().getByTestId('market-link')).toHaveAttribute('href', /^\/en\/futures\?id=/);
  await expect(page.locator('[data-testid="market-row"][data-type="1"]').first().getByTestId('market-link')).toHaveAttribute('href', /^\/en\/boption\?id=/);

  // The robots trade: the hub brings new quotes without the page asking.
  const before = await totalUpdates(page);
  await expect.poll(() => totalUpdates(page), { timeout: 30_000 }).toBeGreaterThan(before);
});

test('home rankings switch between gainers, losers and volume, and a news link opens its article', async ({ page }) => {
  await page.goto('/en');
  await showHomeLowerHalf(page);
  const ranks = page.getByTestId('home-ranks');
  await expect(ranks.getByTestId('rank-row').first()).toBeVisible();
  const gainers = await ranks.getByTestId('rank-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-symbol')));
  await ranks.getByTestId('rank-tab-losers').click();
  await expect(ranks.getByTestId('rank-panel')).toHaveAttribute('data-tab', 'losers');
  await expect(ranks.getByTestId('rank-tab-losers')).toHaveAttribute('aria-selected', 'true');
  const losers = await ranks.getByTestId('rank-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-symbol')));
  expect(losers[0]).toBe(gainers[gainers.length - 1]);
  await ranks.getByTestId('rank-tab-volume').click();
  await expect(ranks.getByTestId('rank-panel')).toHaveAttribute('data-tab', 'volume');
  await expect(ranks.getByTestId('rank-row').first()).toBeVisible();

  const news = page.getByTestId('home-news').getByTestId('home-news-link').first();
  const title = (await news.locator('span').first().innerText()).trim();
  await news.click();
  await expect(page).toHaveURL(/\/en\/announcements\/detail\?id=\d+/);
  await expect(page.getByTestId('article-title')).toHaveText(title);
});

test('home shows one 24 h change per market: the top searches follow the same live quote as the market list', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/en');
  await showHomeLowerHalf(page);
  const top = page.getByTestId('top-search').first();
  await expect(top).toBeVisible();
  const symbol = await top.getAttribute('data-symbol');
  const row = page.locator(`[data-testid="market-row"][data-symbol="${symbol}"][data-type="3"]`);
  const listed = row.getByTestId('market-change');
  // After the live quotes have moved past what the page loaded with, the two figures still agree
  // (polled: both change as the robots trade, and agree once a frame has both).
  await expect.poll(async () => Number(await row.getAttribute('data-updates')), { timeout: 40_000 }).toBeGreaterThan(1);
  const agree = async () => (await top.getByTestId('top-search-change').innerText()) === (await listed.innerText());
  await expect.poll(agree, { timeout: 20_000 }).toBe(true);
});

test('R-ROUTE-03 quotes: type tabs, sorting by price and name, and a search by name', async ({ page }) => {
  await page.goto('/en/quotes');
  const rows = page.getByTestId('quotes-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('quotes-tab-3')).toHaveAttribute('aria-selected', 'true');
  await expect(rows.first().getByTestId('quotes-link')).toHaveAttribute('href', /^\/en\/exchange\?id=/);
  await page.getByTestId('quotes-tab-2').click();
  await expect(rows.first().getByTestId('quotes-link')).toHaveAttribute('href', /^\/en\/futures\?id=/);
  await page.getByTestId('quotes-tab-1').click();
  await expect(rows.first().getByTestId('quotes-link')).toHaveAttribute('href', /^\/en\/boption\?id=/);
  await page.getByTestId('quotes-tab-3').click();
  for (const row of await rows.all()) await expect(row.getByTestId('quotes-price')).toHaveText(/^\d/);

  const prices = () => rows.getByTestId('quotes-price').evaluateAll((cells) => cells.map((cell) => Number(cell.textContent)));
  await page.getByTestId('sort-price').click();
  await expect(page.getByTestId('sort-price').locator('..')).toHaveAttribute('aria-sort', 'descending');
  const descending = await prices();
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await page.getByTestId('sort-price').click();
  const ascending = await prices();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await page.getByTestId('sort-name').click();
  const names = await rows.getByTestId('quotes-name').allInnerTexts();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

  await page.getByTestId('quotes-search').fill('usdt');
  await expect(rows.first().getByTestId('quotes-name')).toContainText('USDT');
  const found = await rows.getByTestId('quotes-name').allInnerTexts();
  expect(found.length).toBeLessThanOrEqual(10);
  for (const name of found) expect(name).toContain('USDT');
  await page.getByTestId('quotes-search').fill(' eth ');
  await expect(rows.first().getByTestId('quotes-name')).toContainText('ETH');
  for (const name of await rows.getByTestId('quotes-name').allInnerTexts()) expect(name).toContain('ETH');
});

test('R-STATE-02 a visitor tapping a star is told to log in, comes back to quotes, and finds the market starred', async ({ page }) => {
  await page.goto('/en/quotes');
  const row = page.locator('[data-testid="quotes-row"][data-symbol="ETH_USDT"]');
  await row.getByTestId('favourite-star').click();
  await expect(page.getByTestId('toast')).toHaveText(['Log in to add ETH/USDT to your favourites.']);
  await expect(page).toHaveURL(/\/en\/login\?from=/);
  const from = new URL(page.url()).searchParams.get('from') ?? '';
  expect(from).toMatch(/^\/en\/quotes\?star=\d+$/);

  // The tester's favourites: no other test stars for them.
  const form = page.getByTestId('login-form');
  await form.getByTestId('contact-input').fill('tester@demo.exchange');
  await form.getByTestId('password-input').fill(PASSWORD);
  await form.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/en\/quotes$/);
  const star = page.locator('[data-testid="quotes-row"][data-symbol="ETH_USDT"]').getByTestId('favourite-star');
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('toast')).toHaveText(['ETH/USDT is in your favourites.']);
  // Once: a reload does not star it again, and unstarring stays.
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.locator('[data-testid="quotes-row"][data-symbol="ETH_USDT"]').getByTestId('favourite-star')).toHaveAttribute('aria-pressed', 'false');
});

test('a signed-in user’s favourite persists across a reload and shows in the favourites tab', async ({ page }) => {
  await signInThroughForm(page, 'trader1@demo.exchange');
  const row = page.locator('[data-testid="quotes-row"][data-symbol="LTC_USDT"]');
  const star = row.getByTestId('favourite-star');
  await expect(star).toBeEnabled();
  // Another run may have left it starred: start from not starred.
  await expect(star).toHaveAttribute('aria-pressed', /true|false/);
  if ((await star.getAttribute('aria-pressed')) === 'true') {
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
  }
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.locator('[data-testid="quotes-row"][data-symbol="LTC_USDT"]').getByTestId('favourite-star')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('quotes-tab-favourites').click();
  await expect(page.locator('[data-testid="quotes-row"][data-symbol="LTC_USDT"]')).toBeVisible();
  await page.locator('[data-testid="quotes-row"][data-symbol="LTC_USDT"]').getByTestId('favourite-star').click();
  await expect(page.locator('[data-testid="quotes-row"][data-symbol="LTC_USDT"]')).toHaveCount(0);
  await page.reload();
  await page.getByTestId('quotes-tab-favourites').click();
  await expect(page.getByTestId('quotes')).toBeVisible();
  await expect(page.locator('[data-testid="quotes-row"][data-symbol="LTC_USDT"]')).toHaveCount(0);
});

test('R-VAL-04 R-ROLE-03 R-VAL-03 search returns at most 10 and the test-only symbol is found by tester (testEnabled) and not by trader1', async ({ browser }) => {
  for (const [email, expected] of [
    ['tester@demo.exchange', 1],
    ['trader1@demo.exchange', 0],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughForm(page, email);
    await expect(page.getByTestId('quotes-row').first()).toBeVisible();
    // Every spot name has a slash: the search returns at most 10 of them (tester sees 11 markets).
    await page.getByTestId('quotes-search').fill('/');
    await expect(page.getByTestId('quotes-row')).toHaveCount(10);
    await page.getByTestId('quotes-search').fill('');
    await expect(page.getByTestId('quotes-row')).toHaveCount(10 + expected);
    await page.getByTestId('quotes-search').fill('btc/usdc');
    await expect(page.locator('[data-testid="quotes-row"][data-symbol="BTC_USDC"]'), email).toHaveCount(expected);
    await context.close();
  }
});

test('/Quotes/quotePost lists market news that open their article', async ({ page }) => {
  await page.goto('/en/Quotes/quotePost');
  await expect(page.getByTestId('page-title')).toHaveText('Market news');
  const first = page.getByTestId('post-row').first();
  const title = (await first.getByTestId('post-title').innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/en\/announcements\/detail\?id=\d+/);
  await expect(page.getByTestId('article-title')).toContainText(title.replace(/^Pinned/, '').trim());
});
