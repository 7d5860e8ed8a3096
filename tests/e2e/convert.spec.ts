// Proves the convert screens in Chromium against the real server: a signed-in user sees a live quote with its countdown, converts USDT to BTC once, sees the balance change and finds the convert in /Convert/ConvertHistory; an amount above the balance is refused with the server's translated errmsg; a visitor sees the form and pairs and is sent to log in.
import { signInContext } from './support/signin';
import { expect, test, type BrowserContext, type Page } from './support/test';

const DESKTOP = { width: 1440, height: 900 };

async function openSignedIn(context: BrowserContext, username: string, path: string): Promise<Page> {
  await signInContext(context, username);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('header')).toHaveAttribute('data-session', 'signedIn');
  return page;
}

/** The available amount the form shows, as a number of the currency's smallest shown unit. */
async function availableText(page: Page): Promise<string> {
  const text = (await page.getByTestId('convert-available').locator('strong').textContent()) ?? '';
  return text.trim();
}

test.describe('convert', () => {
  test.use({ viewport: DESKTOP });

  test('R-ROUTE-03 R-ROUTE-04 R-MENU-02 R-LANG-06 a signed-in user converts USDT to BTC with a live quote and finds it in the history', async ({ context }) => {
    const page = await openSignedIn(context, 'trader1@demo.exchange', '/en/convert');
    await expect(page.getByTestId('page-title')).toHaveText('Convert');
    const form = page.getByTestId('convert-form');
    await expect(form.getByTestId('convert-from')).toHaveValue('USDT');
    await expect(form.getByTestId('convert-to')).toHaveValue('BTC');
    await expect(page.getByTestId('convert-pair')).not.toHaveCount(0);
    await expect(page.locator('[data-testid="convert-pair"][data-symbol="BTC_USDT"]')).toBeVisible();

    await expect(form.getByTestId('convert-available')).not.toContainText('…');
    const before = await availableText(page);
    expect(before).toMatch(/^\d+\.\d{3} USDT$/);

    // Decimal rules: USDT takes 6 decimals; the seventh is cut as it is typed.
    await form.getByTestId('convert-amount').fill('25.1234567');
    await expect(form.getByTestId('convert-amount')).toHaveValue('25.123456');
    await form.getByTestId('convert-amount').fill('25');

    const quote = form.getByTestId('convert-quote');
    await expect(quote).toBeVisible();
    await expect(form.getByTestId('convert-rate')).toContainText(/1 USDT ≈ 0\.\d+ BTC/);
    await expect(form.getByTestId('convert-spread')).toContainText('0.2%');
    await expect(form.getByTestId('convert-receive')).toHaveText(/^0\.\d{8}$/);
    const countdown = form.getByTestId('convert-countdown');
    await expect(countdown).toHaveText(/^\d+ s$/);
    const firstSeconds = Number(await countdown.getAttribute('data-seconds'));
    expect(firstSeconds).toBeGreaterThan(0);
    expect(firstSeconds).toBeLessThanOrEqual(10);
    // The countdown runs down.
    await expect.poll(async () => Number(await countdown.getAttribute('data-seconds'))).toBeLessThan(firstSeconds);

    // Clicking twice converts once (the quote is the call's idempotency key and the button locks).
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/convert/create')) creates.push(request.url());
    });
    const submit = form.getByTestId('convert-submit');
    await expect(submit).toBeEnabled();
    await submit.dblclick();
    await expect(page.getByTestId('toast').filter({ hasText: /Converted 25 USDT to 0\.\d+ BTC/ })).toBeVisible();
    expect(creates).toHaveLength(1);
    await expect(form.getByTestId('convert-amount')).toHaveValue('');

    // The balance follows: at least 25 USDT less than before (other suites may trade for trader1 meanwhile).
    const beforeUnits = Math.round(Number(before.split(' ')[0]) * 1000);
    await expect.poll(async () => Math.round(Number((await availableText(page)).split(' ')[0]) * 1000)).toBeLessThanOrEqual(beforeUnits - 25_000);

    await page.getByTestId('convert-history-link').click();
    await expect(page).toHaveURL(/\/en\/Convert\/ConvertHistory$/i);
    const row = page.getByTestId('convert-history-row').first();
    await expect(row.getByTestId('convert-history-paid')).toHaveText('25.000000 USDT');
    await expect(row.getByTestId('convert-history-received')).toContainText(/0\.\d{8} BTC/);
    await expect(row).toContainText('Completed');
    await expect(row.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The Indonesian page (no prefix) shows the date day first.
    await page.goto('/Convert/ConvertHistory');
    await expect(page.getByTestId('convert-history-row').first().locator('time')).toHaveText(/^\d{2}-\d{2}-\d{4} /);
  });

  test('R-CLI-07 the quote renews when its countdown runs out; an amount above the balance is refused with the server’s translated errmsg', async ({ context }) => {
    const page = await openSignedIn(context, 'trader1@demo.exchange', '/de/convert');
    let quotes = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/convert/quote')) quotes += 1;
    });
    const form = page.getByTestId('convert-form');
    // SOL: the demo traders hold none, and a small amount is well within the book's depth.
    await form.getByTestId('convert-from').selectOption('SOL');
    await form.getByTestId('convert-to').selectOption('USDT');
    await expect(form.getByTestId('convert-available')).toContainText('SOL');
    await expect(form.getByTestId('convert-available')).not.toContainText('…');
    const available = Number((await availableText(page)).split(' ')[0]);
    await form.getByTestId('convert-amount').fill(String(Math.floor(available) + 1));
    await expect(form.getByTestId('convert-over-balance')).toBeVisible();
    await expect(form.getByTestId('convert-quote')).toBeVisible();
    // When the countdown runs out the form asks for a new quote by itself.
    const asked = quotes;
    await expect.poll(() => quotes, { timeout: 15_000 }).toBeGreaterThan(asked);
    await expect(form.getByTestId('convert-countdown')).toBeVisible();
    await form.getByTestId('convert-submit').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Unzureichendes Guthaben.' })).toBeVisible();
    await expect(page.getByTestId('toast').filter({ hasText: 'Insufficient balance.' })).toHaveCount(0);
  });

  test('a convert whose answer is lost says the outcome is unknown, then shows the conversion that was made, once', async ({ context }) => {
    const csrf = await signInContext(context, 'trader2@demo.exchange');
    const historyTotal = async () => {
      const answer = await context.request.get('/api/v1/convert/history?limit=1', { headers: { 'X-XSRF-TOKEN': csrf } });
      return ((await answer.json()) as { data: { total: number } }).data.total;
    };
    const before = await historyTotal();
    const page = await context.newPage();
    await page.goto('/en/convert');
    await expect(page.getByTestId('header')).toHaveAttribute('data-session', 'signedIn');
    const form = page.getByTestId('convert-form');
    await form.getByTestId('convert-amount').fill('10');
    await expect(form.getByTestId('convert-quote')).toBeVisible();
    // The server converts, but the answer is lost on the way back (a proxy's 502); the check that follows goes through.
    let creates = 0;
    await page.route('**/api/v1/convert/create**', async (route) => {
      creates += 1;
      if (creates > 1) return route.continue();
      await route.fetch();
      await route.fulfill({ status: 502, body: 'Bad Gateway' });
    });
    await form.getByTestId('convert-submit').click();
    await expect(form.getByTestId('convert-lost')).toHaveAttribute('data-phase', 'checking');
    await expect(page.getByTestId('toast')).toHaveText([/^Converted 10 USDT to 0\.\d+ BTC$/]);
    await expect(form.getByTestId('convert-lost')).toHaveCount(0);
    expect(creates).toBe(2);
    expect(await historyTotal()).toBe(before + 1);
  });

  test('R-ROLE-01 R-STATE-02 a visitor sees the form and the pairs, and is sent to log in to convert', async ({ page }) => {
    await page.goto('/en/Convert');
    await expect(page.getByTestId('header')).toHaveAttribute('data-session', 'signedOut');
    await expect(page.getByTestId('convert-pairs')).toBeVisible();
    await expect(page.getByTestId('convert-pair').first()).toBeVisible();
    const form = page.getByTestId('convert-form');
    await form.getByTestId('convert-amount').fill('10');
    await expect(form.getByTestId('convert-available')).toHaveCount(0);
    await form.getByTestId('convert-submit').click();
    await expect(page).toHaveURL(/\/en\/login\?from=%2Fen%2FConvert$/);
    await expect(page.getByTestId('login-form')).toBeVisible();

    await page.goto('/en/convert/converthistory');
    await expect(page.getByTestId('convert-history-signin')).toBeVisible();
  });

  test('R-ROUTE-01 the convert page chooses a pair from the table and swaps the currencies', async ({ page }) => {
    await page.goto('/zh-CHT/convert');
    const form = page.getByTestId('convert-form');
    await page.locator('[data-testid="convert-pair"][data-symbol="ETH_BTC"]').getByTestId('convert-pair-choose').click();
    await expect(form.getByTestId('convert-from')).toHaveValue('BTC');
    await expect(form.getByTestId('convert-to')).toHaveValue('ETH');
    await form.getByTestId('convert-swap').click();
    await expect(form.getByTestId('convert-from')).toHaveValue('ETH');
    await expect(form.getByTestId('convert-to')).toHaveValue('BTC');
  });
});
