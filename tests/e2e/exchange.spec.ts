// Proves the spot exchange page in Chromium against the real server and its robots: candles drawn with uPlot, a resting limit order seen in two tabs and cancelled, a crossing order that fills against a robot with its trade, balance change and history, a refused order's translated errmsg, visitors sent to log in, the orders page with filters, and the page's JavaScript budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { markContext, readRequestLog, resetRequestLog } from './request-log';
import { signInContext } from './support/signin';
import { expect, test, type Browser, type BrowserContext, type Page } from './support/test';
import { trimZeros } from '../../src/shared/decimal';

const DESKTOP = { width: 1440, height: 900 };
const PAGE = '/en/exchange?id=btc_usdt';
/**
 * The document's scripts of /en/exchange (app shell, zod, uPlot). 235 KB while the app ran on React
 * DOM (measured 224); 166.5 KB on Preact's compat layer (ARCHITECTURE.md, "The runtime"), so the
 * budget keeps about 10 % headroom above that instead of letting the difference be spent unseen.
 */
const EXCHANGE_JS_BUDGET_BYTES = 185 * 1024;
const WEB_ROOT = process.env.E2E_WEB_ROOT ?? 'dist';

async function openSignedIn(context: BrowserContext, path: string): Promise<Page> {
  await signInContext(context, 'trader1@demo.exchange');
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('header')).toHaveAttribute('data-session', 'signedIn');
  await expect(page.getByTestId('exchange-screen')).toBeVisible();
  return page;
}

/** The best bid and ask of the page's book, as decimal strings. */
async function bestPrices(page: Page): Promise<{ bid: string; ask: string }> {
  const bid = page.getByTestId('book-bids').locator('[data-testid="book-row"] button > span:nth-child(2)').first();
  const ask = page.getByTestId('book-asks').locator('[data-testid="book-row"] button > span:nth-child(2)').last();
  await expect(bid).toHaveText(/^\d+\.\d{2}$/);
  await expect(ask).toHaveText(/^\d+\.\d{2}$/);
  return { bid: (await bid.textContent())!, ask: (await ask.textContent())! };
}

/** A price of two decimals times a factor in percent, as a decimal string of two decimals. */
function scaled(price: string, percent: number): string {
  const cents = (BigInt(price.replace('.', '')) * BigInt(percent)) / 100n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

async function serverAvailable(context: BrowserContext, currency: string): Promise<bigint> {
  const csrf = await context.request.post('/api/v1/csrftoken', { data: {} });
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const answer = await context.request.post('/api/v1/balance/list', { data: {}, headers: { 'X-XSRF-TOKEN': token } });
  const body = (await answer.json()) as { data?: { currency: string; balance: string; frozen: string }[] };
  expect(body.data, JSON.stringify(body)).toBeDefined();
  const balances = body.data!;
  const entry = balances.find((balance) => balance.currency === currency)!;
  const units = (text: string) => BigInt(text.replace(/^(-?)(\d+)\.?(\d*)$/, (_m, sign: string, whole: string, fraction: string) => `${sign}${whole}${fraction.padEnd(8, '0').slice(0, 8)}`));
  return units(entry.balance) + units(entry.frozen);
}

/** The available amount a form shows ("0.499900 BTC") in units of 10^-8. */
async function shownAvailable(page: Page, side: 'buy' | 'sell'): Promise<bigint> {
  const text = ((await page.getByTestId(`available-${side}`).textContent()) ?? '').trim();
  const match = /^(\d+)\.(\d+) /.exec(text);
  expect(match, text).not.toBeNull();
  return BigInt(`${match![1]}${match![2]!.padEnd(8, '0')}`);
}

/**
 * The merchant's exchange page with its buy form, for the tests of lost order answers (the
 * merchant's orders: other tests cancel only theirs by price, never all of them). rowsAt finds the
 * open orders at a price; cancelAt cancels the merchant's open orders at the prices and answers
 * how many there were.
 */
async function openMerchantBuyForm(browser: Browser) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const csrf = await signInContext(context, 'merchant@demo.exchange');
  const page = await context.newPage();
  await page.goto(PAGE);
  await expect(page.getByTestId('header')).toHaveAttribute('data-session', 'signedIn');
  const form = page.getByTestId('order-form-buy');
  const { bid } = await bestPrices(page);
  const cancelAt = async (prices: string[]): Promise<number> => {
    const active = await context.request.post('/api/v1/exchange/activeorders', { data: {}, headers: { 'X-XSRF-TOKEN': csrf } });
    const mine = ((await active.json()) as { data: { id: number; price: string | null }[] }).data.filter((order) => prices.includes(order.price ?? ''));
    for (const order of mine) await context.request.post(`/api/v1/exchange/cancelorder?id=${order.id}`, { data: {}, headers: { 'X-XSRF-TOKEN': csrf } });
    return mine.length;
  };
  return {
    context,
    page,
    form,
    bid,
    lost: form.getByTestId('order-lost-buy'),
    rowsAt: (price: string) => page.getByTestId('open-orders').getByTestId('order-row').filter({ hasText: trimZeros(price) }),
    cancelAt,
  };
}

test.describe('exchange', () => {
  test.use({ viewport: DESKTOP });

  test('R-ROUTE-09 R-API-01 the exchange page draws candles with volume and moving averages, a grouped book and the latest trades', async ({ page }) => {
    await page.goto(PAGE);
    await expect(page.getByTestId('exchange-pair')).toHaveText('BTC/USDT');
    const candles = page.getByTestId('exchange-candles');
    await expect(candles).toHaveAttribute('data-state', 'ready');
    expect(Number(await candles.getAttribute('data-candles'))).toBeGreaterThan(50);
    // uPlot drew on its canvas: some pixels are not blank. It draws in the frame after the data
    // arrives, which can come after the ready state on a busy machine: poll.
    const painted = () =>
      candles.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
        const context = canvas.getContext('2d')!;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let count = 0;
        for (let index = 3; index < data.length; index += 4) if (data[index]! > 0) count += 1;
        return count;
      });
    await expect.poll(painted).toBeGreaterThan(1000);
    // Another interval loads its own candles.
    await page.getByTestId('chart-interval-1h').click();
    await expect(page.getByTestId('chart-interval-1h')).toHaveAttribute('aria-pressed', 'true');
    await expect(candles).toHaveAttribute('data-state', 'ready');
    // Panning back loads older candles (klines with `to`).
    const before = Number(await candles.getAttribute('data-candles'));
    await candles.focus();
    for (let step = 0; step < 30; step += 1) await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => Number(await candles.getAttribute('data-candles'))).toBeGreaterThan(before);

    // The book groups to a coarser step: prices then carry one decimal.
    await expect(page.getByTestId('book-row').first()).toBeVisible();
    await page.getByTestId('book-grouping').selectOption('1');
    await expect(page.getByTestId('book-bids').getByTestId('book-row').first().locator('span').nth(1)).toHaveText(/^\d+\.\d$/);
    await expect(page.getByTestId('trade-row').first()).toBeVisible();
    // The market list links to other symbols' pages.
    await page.locator('[data-testid="market-link"][data-symbol="ETH_USDT"]').click();
    await expect(page).toHaveURL(/\/en\/exchange\?id=eth_usdt$/);
    await expect(page.getByTestId('exchange-pair')).toHaveText('ETH/USDT');
  });

  test('R-API-01 two tabs keep a live book through the hub: one socket feed, no polling by the tabs', async ({ context, baseURL, request }) => {
    const client = await markContext(context, baseURL ?? '');
    const pages = [await context.newPage(), await context.newPage()];
    for (const tab of pages) {
      await tab.goto(PAGE);
      await expect(tab.getByTestId('book-row').first()).toBeVisible();
    }
    // The first paint reads the book over HTTP (each tab once, the hub once): the log counts them.
    expect((await readRequestLog(request, client)).counts['GET /api/v1/quotation/full_quote'] ?? 0).toBeGreaterThanOrEqual(2);
    await resetRequestLog(request, client);
    const sequences = await Promise.all(pages.map(async (tab) => Number(await tab.getByTestId('exchange-book').getAttribute('data-sequence'))));
    // The robots move the book: both tabs follow the deltas the hub applies.
    for (const [index, tab] of pages.entries()) {
      await expect.poll(async () => Number(await tab.getByTestId('exchange-book').getAttribute('data-sequence')), { timeout: 20_000 }).toBeGreaterThan(sequences[index]!);
    }
    await pages[0]!.waitForTimeout(4_000);
    const log = await readRequestLog(request, client);
    // Deltas come over the socket; a snapshot is read only on a gap (none per tab per second).
    expect(log.counts['POST /api/v1/quotation/recent'] ?? 0, JSON.stringify(log.counts)).toBe(0);
    expect(log.counts['GET /api/v1/quotation/full_quote'] ?? 0, JSON.stringify(log.counts)).toBeLessThanOrEqual(2);
  });

  test('R-API-04 R-VAL-07 a signed-in user places a resting limit order, sees it in two tabs and cancels it', async ({ context }) => {
    const page = await openSignedIn(context, PAGE);
    const other = await context.newPage();
    await other.goto(PAGE);
    await expect(other.getByTestId('exchange-screen')).toBeVisible();

    const { bid } = await bestPrices(page);
    const price = scaled(bid, 80);
    const form = page.getByTestId('order-form-buy');
    // Decimal rules: two price decimals and six amount decimals, extra digits cut as typed.
    await form.getByTestId('order-price-buy').fill(`${price}9`);
    await expect(form.getByTestId('order-price-buy')).toHaveValue(price);
    await form.getByTestId('order-amount-buy').fill('0.0012345');
    await expect(form.getByTestId('order-amount-buy')).toHaveValue('0.001234');
    await form.getByTestId('order-amount-buy').fill('0.001');
    await expect(form.getByTestId('order-fee-buy')).toHaveText('≈ 0.000001 BTC');
    await expect(form).toContainText('Fee (maker 0.08%)');
    // A second click while the first is on its way places nothing more.
    await form.getByTestId('order-submit-buy').dblclick();
    await expect(page.getByTestId('toast').filter({ hasText: 'Order placed' })).toBeVisible();

    // The orders table shows numbers without trailing zeros (71937.00 as 71937).
    const shownPrice = trimZeros(price);
    const priceCell = (target: Page) => target.getByRole('cell', { name: shownPrice, exact: true });
    const row = (target: Page) => target.getByTestId('open-orders').locator(`[data-testid="order-row"][data-side="buy"]`).filter({ has: priceCell(target) });
    await expect(row(page)).toHaveCount(1);
    await expect(row(other)).toHaveCount(1);
    await row(page).getByTestId('order-cancel').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Order cancelled' })).toBeVisible();
    await expect(row(page)).toHaveCount(0);
    await expect(row(other)).toHaveCount(0);
    await page.getByTestId('orders-tab-history').click();
    await expect(page.getByTestId('history-orders').locator('[data-testid="order-row"][data-status="cancelled"]').filter({ has: priceCell(page) })).toHaveCount(1);
  });

  test('R-API-04 R-ENT-06 a crossing sell fills against a robot: the trade, the balance change and the history show it', async ({ context }) => {
    const page = await openSignedIn(context, PAGE);
    const form = page.getByTestId('order-form-sell');
    await expect(form.getByTestId('available-sell')).not.toContainText('…');
    const before = await shownAvailable(page, 'sell');
    const lastTradeId = Math.max(0, ...(await page.getByTestId('trade-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-trade-id'))))));

    const { bid } = await bestPrices(page);
    const price = scaled(bid, 97);
    await form.getByTestId('order-price-sell').fill(price);
    await form.getByTestId('order-amount-sell').fill('0.0002');
    await expect(form).toContainText('Fee (taker 0.1%)');
    await form.getByTestId('order-submit-sell').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Order filled: 0.0002 BTC' })).toBeVisible();

    // The trade: a sell taker at or above the limit price, newer than what the page showed.
    await expect
      .poll(async () =>
        page.getByTestId('trade-row').evaluateAll(
          (rows, [known, limit]) => rows.some((row) => Number(row.getAttribute('data-trade-id')) > known && row.getAttribute('data-side') === 'sell' && Number(row.querySelector('span')?.textContent) >= limit),
          [lastTradeId, Number(price)] as const,
        ),
      )
      .toBe(true);
    // The balance: the form shows what the server holds now, less than before.
    await expect.poll(async () => (await shownAvailable(page, 'sell')) < before).toBe(true);
    const server = await serverAvailable(context, 'BTC');
    await expect.poll(async () => (await shownAvailable(page, 'sell')) === (server / 100n) * 100n).toBe(true);
    // The history, on the page and on /Exchange/ExchangeCoinOrder with its filters.
    await page.getByTestId('orders-tab-history').click();
    await expect(page.getByTestId('history-orders').locator('[data-testid="order-row"][data-status="filled"][data-side="sell"]').first()).toBeVisible();
    await page.getByTestId('orders-more').click();
    await expect(page).toHaveURL(/\/en\/Exchange\/ExchangeCoinOrder$/i);
    await expect(page.getByTestId('page-title')).toHaveText('Spot orders');
    await page.getByTestId('filter-side').selectOption('sell');
    await page.getByTestId('filter-status').selectOption('filled');
    await expect(page.getByTestId('orders-results')).toHaveAttribute('data-loading', 'false');
    const rows = page.getByTestId('all-orders').getByTestId('order-row');
    await expect(rows.first()).toBeVisible();
    expect(await rows.evaluateAll((list) => list.every((row) => row.getAttribute('data-side') === 'sell' && row.getAttribute('data-status') === 'filled'))).toBe(true);
    await page.getByTestId('filter-side').selectOption('buy');
    await expect(page.getByTestId('orders-results')).toHaveAttribute('data-loading', 'false');
    expect(await page.getByTestId('all-orders').getByTestId('order-row').evaluateAll((list) => list.every((row) => row.getAttribute('data-side') === 'buy'))).toBe(true);
    await expect(page.getByTestId('orders-page')).toHaveText(/^Page 1 of \d+$/);
  });

  test('open orders come a page at a time, and Cancel all cancels every one of the market after a confirmation', async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const csrf = await signInContext(context, 'trader2@demo.exchange');
    // 23 resting buys far below the market of ETH/USDT: two pages of 20.
    for (let index = 0; index < 23; index += 1) {
      const answer = await context.request.post('/api/v1/exchange/create', {
        data: { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: `${100 + index}.00`, quantity: '0.01' },
        headers: { 'X-XSRF-TOKEN': csrf },
      });
      expect(((await answer.json()) as { errcode: number }).errcode).toBe(0);
    }
    const page = await context.newPage();
    await page.goto('/en/exchange?id=eth_usdt');
    const open = page.getByTestId('open-orders');
    await expect(open.getByTestId('order-row')).toHaveCount(20);
    await expect(page.getByTestId('open-orders-page')).toHaveText(/^Page 1 of \d+$/);
    await page.getByTestId('open-orders-next').click();
    await expect(page.getByTestId('open-orders-page')).toHaveText(/^Page 2 of \d+$/);
    await expect(open.getByTestId('order-row').first()).toBeVisible();

    await page.getByTestId('orders-cancel-all').click();
    const dialog = page.getByTestId('cancel-all-dialog');
    await expect(dialog).toContainText('ETH/USDT');
    await page.getByTestId('cancel-all-dialog-confirm').click();
    await expect(page.getByTestId('toast').filter({ hasText: /^Orders cancelled: \d+/ })).toBeVisible();
    await expect(page.getByTestId('open-orders-empty')).toBeVisible();
    await expect(page.getByTestId('orders-cancel-all')).toHaveCount(0);
    await context.close();
  });

  test('an order whose answer is lost says the outcome is unknown, then finds it; an order that never arrived is said so and, sent again, is placed once', async ({ browser }) => {
    const { context, page, form, bid, lost, rowsAt, cancelAt } = await openMerchantBuyForm(browser);

    // The server places the order, but its answer is lost on the way back (a proxy's 502).
    const placedPrice = scaled(bid, 50);
    await page.route('**/api/v1/exchange/create**', async (route) => {
      await route.fetch();
      await route.fulfill({ status: 502, body: 'Bad Gateway' });
    });
    await form.getByTestId('order-price-buy').fill(placedPrice);
    await form.getByTestId('order-amount-buy').fill('0.001');
    await form.getByTestId('order-submit-buy').click();
    // The phase and its words in one look: the check can end before a second look (seen once).
    await expect(lost.and(page.locator('[data-phase="checking"]')).filter({ hasText: 'Checking whether it was placed' })).toBeVisible();
    await expect(page.getByTestId('toast').filter({ hasText: 'Order placed' })).toBeVisible();
    await expect(lost).toHaveCount(0);
    await expect(rowsAt(placedPrice)).toHaveCount(1);

    // The request never reaches the server: the form says the order was not placed.
    const retriedPrice = scaled(bid, 45);
    await page.unroute('**/api/v1/exchange/create**');
    await page.route('**/api/v1/exchange/create**', (route) => route.abort('connectionreset'));
    await form.getByTestId('order-price-buy').fill(retriedPrice);
    await form.getByTestId('order-amount-buy').fill('0.001');
    await form.getByTestId('order-submit-buy').click();
    await expect(lost).toHaveAttribute('data-phase', 'absent');
    await expect(lost).toHaveText('The order was not placed. You can send it again.');
    await expect(rowsAt(retriedPrice)).toHaveCount(0);
    // The network is back; the same order goes again and is placed, once.
    await page.unroute('**/api/v1/exchange/create**');
    await form.getByTestId('order-submit-buy').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Order placed' })).toBeVisible();
    await expect(rowsAt(retriedPrice)).toHaveCount(1);

    expect(await cancelAt([placedPrice, retriedPrice])).toBe(2);
    await context.close();
  });

  test('an order whose answer is lost while the server stays unreachable says it is not known whether it was placed and offers a check, which finds it once the server answers', async ({ browser }) => {
    const { context, page, form, bid, lost, rowsAt, cancelAt } = await openMerchantBuyForm(browser);
    const checkAgain = form.getByTestId('order-lost-check-buy');
    const price = scaled(bid, 40);

    // The server places the order but its answer is lost, and the tab's lookups of the user's
    // orders (the form's own requests, not the hub's) get no answer either.
    const create = '**/api/v1/exchange/create**';
    const lookups = /\/api\/v1\/exchange\/(activeorders|orders)(\?|$)/;
    await page.route(create, async (route) => {
      await route.fetch();
      await route.fulfill({ status: 502, body: 'Bad Gateway' });
    });
    await page.route(lookups, (route) => route.abort('connectionrefused'));
    await form.getByTestId('order-price-buy').fill(price);
    await form.getByTestId('order-amount-buy').fill('0.001');
    await form.getByTestId('order-submit-buy').click();
    await expect(lost).toHaveAttribute('data-phase', 'unreachable');
    await expect(lost).toContainText('The server cannot be reached, so it is not known whether the order was placed.');
    await expect(checkAgain).toHaveText('Check again');
    // Checked again while the server still cannot be reached: it says so again.
    await checkAgain.click();
    await expect(lost).toHaveAttribute('data-phase', 'checking');
    await expect(lost).toHaveAttribute('data-phase', 'unreachable');
    await expect(checkAgain).toBeVisible();

    // The server answers again: the check finds the order the lost answer was about, once.
    await page.unroute(lookups);
    await page.unroute(create);
    await checkAgain.click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Order placed' })).toBeVisible();
    await expect(lost).toHaveCount(0);
    await expect(rowsAt(price)).toHaveCount(1);

    expect(await cancelAt([price])).toBe(1);
    await context.close();
  });

  test('errors go when the fields change, a newer toast replaces an older one, and the keyboard focus stays in the form and the orders', async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signInContext(context, 'merchant@demo.exchange');
    const page = await context.newPage();
    await page.goto('/en/exchange?id=eth_usdt');
    await expect(page.getByTestId('header')).toHaveAttribute('data-session', 'signedIn');
    await expect(page.getByTestId('exchange-screen')).toBeVisible();

    // From the page's top, the second skip link leads to the order form.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('skip-to-order-form')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('exchange-order-form')).toBeFocused();

    const form = page.getByTestId('order-form-buy');
    const { bid } = await bestPrices(page);
    const price = scaled(bid, 10);
    await form.getByTestId('order-price-buy').fill(price);
    // Below the market's minimum order value (1 USDT): refused, in the form and in a toast.
    await form.getByTestId('order-amount-buy').fill('0.0001');
    await form.getByTestId('order-amount-buy').press('Enter');
    const refusal = form.getByTestId('order-refusal-buy');
    await expect(refusal).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await form.getByTestId('order-amount-buy').fill('0.1');
    await expect(refusal).toHaveCount(0);
    // Placed from the keyboard: the focus is still in the form, and the success replaced the refusal's toast.
    await form.getByTestId('order-amount-buy').press('Enter');
    await expect(page.getByTestId('toast')).toHaveText(['Order placed']);
    expect(await form.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // Cancelled from the keyboard: the focus goes to what takes the row's place, not the page's start.
    const cancel = page.getByTestId('open-orders').getByTestId('order-row').filter({ hasText: trimZeros(price) }).getByTestId('order-cancel');
    await cancel.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast')).toHaveText(['Order cancelled']);
    await expect(page.getByTestId('open-orders').getByTestId('order-row').filter({ hasText: trimZeros(price) })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="exchange-orders"]') !== null)).toBe(true);
    await context.close();
  });

  test('R-LANG-06 the chart: a crosshair readout with a candle’s open, high, low and close, the latest candle again when the pointer leaves, and a German 24-hour time axis', async ({ page }) => {
    // uPlot writes the axis labels on its canvas: the page records what is written there.
    await page.addInitScript(`{
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      window.__canvasTexts = [];
      CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        window.__canvasTexts.push(String(text));
        return fillText.call(this, text, ...rest);
      };
    }`);
    await page.goto(PAGE);
    const candles = page.getByTestId('exchange-candles');
    await expect(candles).toHaveAttribute('data-state', 'ready');
    const readout = page.getByTestId('chart-readout');
    // Without a pointer the readout shows the latest candle.
    const latest = Number(await readout.getAttribute('data-time'));
    expect(latest).toBeGreaterThan(0);
    const box = (await candles.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await expect.poll(async () => Number(await readout.getAttribute('data-time'))).toBeLessThan(latest);
    const figure = async (field: string) => Number(await page.getByTestId(`chart-readout-${field}`).textContent());
    for (const field of ['open', 'high', 'low', 'close']) await expect(page.getByTestId(`chart-readout-${field}`)).toHaveText(/^\d+\.\d{2}$/);
    const [open, high, low, close] = [await figure('open'), await figure('high'), await figure('low'), await figure('close')];
    expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
    expect(low).toBeLessThanOrEqual(Math.min(open, close));
    await expect(page.getByTestId('chart-readout-change')).toHaveText(/^[+-]?\d+\.\d{2}%$/);
    await expect(page.getByTestId('chart-readout-volume')).toHaveText(/^\d+\.\d{6}$/);
    // English: year-month-day (R-LANG-06) and the 12-hour clock.
    await expect(readout.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}\s[AP]M$/);
    // The pointer leaves: the latest candle (or a newer one a trade opened meanwhile).
    await page.mouse.move(box.x + box.width / 2, box.y - 200);
    await expect.poll(async () => Number(await readout.getAttribute('data-time'))).toBeGreaterThanOrEqual(latest);
    // The last-price line's label on the price axis: the last close.
    const labels = (await page.evaluate('window.__canvasTexts')) as string[];
    expect(labels).toContain(await page.getByTestId('chart-readout-close').textContent());

    await page.goto('/de/exchange?id=btc_usdt');
    await expect(candles).toHaveAttribute('data-state', 'ready');
    await expect(readout.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(page.getByTestId('chart-readout-open')).toHaveText(/^\d+\.\d{2}$/);
    // The 15-minute axis: 24-hour times, no AM or PM anywhere on the canvas.
    await expect.poll(async () => ((await page.evaluate('window.__canvasTexts')) as string[]).some((text) => /^\d{2}:\d{2}$/.test(text))).toBe(true);
    const german = (await page.evaluate('window.__canvasTexts')) as string[];
    expect(german.filter((text) => /\b(AM|PM|am|pm)\b/.test(text))).toEqual([]);
  });

  test('R-API-04 a refused order (insufficient balance) shows the translated errmsg', async ({ context }) => {
    const page = await openSignedIn(context, '/de/exchange?id=btc_usdt');
    const form = page.getByTestId('order-form-buy');
    const { ask } = await bestPrices(page);
    await form.getByTestId('order-price-buy').fill(ask);
    await form.getByTestId('order-amount-buy').fill('1000');
    await form.getByTestId('order-submit-buy').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Unzureichendes Guthaben.' })).toBeVisible();
    await expect(form.getByTestId('order-refusal-buy')).toHaveText('Unzureichendes Guthaben.');
    await expect(page.getByTestId('open-orders').locator('[data-testid="order-row"]').filter({ hasText: '1000' })).toHaveCount(0);
  });

  test('R-STATE-02 a visitor sees the market and is sent to log in when placing an order', async ({ page }) => {
    await page.goto(PAGE);
    await expect(page.getByTestId('exchange-screen')).toBeVisible();
    await page.getByTestId('order-submit-buy').click();
    await expect(page).toHaveURL(/\/en\/login\?from=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('from') ?? '')).toBe('/en/exchange?id=btc_usdt');
  });

  test('R-ROUTE-09 the mobile trading page shows tabs for the chart, book and form, trades and markets', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(PAGE);
    await expect(page.getByTestId('exchange-screen')).toHaveAttribute('data-layout', 'phone');
    await expect(page.getByTestId('order-form-buy')).toBeVisible();
    await page.getByTestId('order-side-sell').click();
    await expect(page.getByTestId('order-form-sell')).toBeVisible();
    await page.getByTestId('mobile-tab-chart').click();
    await expect(page.getByTestId('exchange-candles')).toHaveAttribute('data-state', 'ready');
    await page.getByTestId('mobile-tab-markets').click();
    await expect(page.getByTestId('market-link').first()).toBeVisible();
    await context.close();
  });

  test('the exchange page loads at most its budget of gzipped JavaScript in the document', async ({ page, baseURL }) => {
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      const isHubWorker = /\/hub-worker-[^/]*\.js$/.test(url.pathname);
      if (url.origin === new URL(baseURL ?? '').origin && request.resourceType() === 'script' && !isHubWorker) scripts.add(url.pathname);
    });
    await page.goto(PAGE);
    await expect(page.getByTestId('exchange-candles')).toHaveAttribute('data-state', 'ready');
    const sizes = [...scripts].map((script) => ({ script, gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(WEB_ROOT, decodeURIComponent(script))), { level: 9 }).length }));
    const total = sizes.reduce((sum, entry) => sum + entry.gzipBytes, 0);
    console.log(`exchange page: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} scripts`);
    expect(sizes.length).toBeGreaterThan(0);
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(EXCHANGE_JS_BUDGET_BYTES);
  });
});
