// Proves the binary-options page end to end in Chromium against the real server, its index and its
// scheduler: a fresh account (funded by a simulated deposit, so no demo user's balance moves under
// another test) places a 5-second option (BOPTION_EXTRA_PERIODS in playwright.config.ts) through
// the order panel and its confirmation, with an Idempotency-Key; two open tabs show it running
// with its countdown and then its result (won, lost or tie) from the hub, with the balance changed
// by what it paid; /Boption/BoptionCoinOrder lists it settled. A visitor sees the market and a
// sign-in button in place of Up and Down, without a footer and with the trade tab active.
import { depositedAccount } from './support/admin';
import { expect, test, type Page } from './support/test';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PAGE = '/en/boption?id=btc_usdt';
const PASSWORD = 'Options1234';
/** A 5-second option settles at the scheduler's next round after its expiry. */
const SETTLE_TIMEOUT_MS = 30_000;

async function openOptions(page: Page): Promise<void> {
  await page.goto(PAGE);
  await expect(page.getByTestId('boption-screen')).toHaveAttribute('data-symbol', 'BTC_USDT');
  await expect(page.getByTestId('boption-index')).toHaveText(/^\d+\.\d{2}$/);
}

/** The number an amount text like "40.000 USDT" starts with. */
function amountOf(text: string | null): number {
  return Number((text ?? '').split(' ')[0]);
}

test.describe('binary options', () => {
  test.use({ viewport: DESKTOP });

  test('R-ROUTE-09 R-MENU-02 a 5 s option placed through the confirmation runs with its countdown and settles in two tabs and in the orders page', async ({ context, baseURL }) => {
    test.setTimeout(120_000);
    await depositedAccount(context.request, baseURL, '50', PASSWORD);
    const first = await context.newPage();
    const second = await context.newPage();
    for (const page of [first, second]) await openOptions(page);
    await expect(first.getByTestId('boption-available')).toHaveText('50.000 USDT');

    await first.getByTestId('boption-period-5').click();
    await first.getByTestId('boption-stake-input').fill('10');
    await expect(first.getByTestId('boption-win')).toHaveText(/^1\d\.\d{3} USDT$/);
    await first.getByTestId('boption-up').click();
    const confirm = first.getByTestId('boption-confirm');
    await expect(confirm.getByTestId('boption-confirm-direction')).toHaveAttribute('data-tone', 'buy');
    await expect(confirm.getByTestId('boption-confirm-stake')).toHaveText('10.000 USDT');
    await expect(confirm.getByTestId('boption-confirm-open')).toHaveText(/^\d+\.\d{2}$/);
    const created = first.waitForRequest((request) => request.url().includes('/api/v1/boption/create'));
    await confirm.getByTestId('boption-confirm-confirm').click();
    expect((await created).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await expect(confirm).toBeHidden();

    // Both tabs show it running, with the time left, from the hub's boption feed.
    for (const page of [first, second]) {
      const running = page.getByTestId('boption-running');
      await expect(running).toHaveCount(1);
      await expect(running.getByTestId('boption-running-countdown')).toHaveText(/^\ds$/);
      await expect(page.getByTestId('boption-open-orders').getByTestId('option-row')).toHaveCount(1);
    }
    await expect(first.getByTestId('boption-chart-countdown')).toHaveText(/^\ds$/);
    const id = await first.getByTestId('boption-running').getAttribute('data-id');

    // The result reaches both tabs alike, and the balance moves by what it paid back.
    const results = [first, second].map((page) => page.getByTestId('boption-result'));
    for (const result of results) await expect(result).toHaveAttribute('data-status', /^(won|lost|tie)$/, { timeout: SETTLE_TIMEOUT_MS });
    const status = await results[0]!.getAttribute('data-status');
    expect(await results[1]!.getAttribute('data-status')).toBe(status);
    await expect(results[0]!).toHaveAttribute('data-id', id ?? '');
    const payout = amountOf(await results[0]!.getByTestId('boption-result-payout').textContent());
    expect(payout).toBe(status === 'won' ? 18.5 : status === 'tie' ? 10 : 0);
    for (const page of [first, second]) {
      await expect(page.getByTestId('boption-running')).toHaveCount(0);
      await expect.poll(async () => amountOf(await page.getByTestId('boption-available').textContent())).toBe(40 + payout);
    }

    // The orders menu's page lists it settled.
    await first.getByTestId('orders-menu').hover();
    await first.getByTestId('orders-item-boptionOrders').click();
    await expect(first).toHaveURL(/\/en\/boption\/boptioncoinorder$/i);
    const row = first.getByTestId('boption-settled-orders').locator(`[data-testid="option-row"][data-id="${id}"]`);
    await expect(row).toHaveAttribute('data-status', status ?? '');
    await first.getByTestId('boption-filter-status').selectOption(status ?? '');
    await expect(row).toBeVisible();
  });

  test('R-STATE-02 R-LAY-02 a visitor sees the market and a sign-in button instead of Up and Down, without a footer, the trade tab active', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openOptions(page);
    await expect(page.getByTestId('boption-login')).toBeVisible();
    await expect(page.getByTestId('boption-up')).toHaveCount(0);
    await expect(page.getByTestId('boption-markets').getByTestId('boption-market-index').first()).toHaveText(/^\d+\.\d+$/);
    await expect(page.getByTestId('boption-chart-canvas')).toHaveAttribute('data-points', /^[1-9]\d*$/);
    await expect(page.getByTestId('footer')).toHaveCount(0);
    await expect(page.getByTestId('bottom-tab-trade')).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('boption-market-link').filter({ hasText: 'ETH/USDT' }).click();
    await expect(page).toHaveURL(/\/en\/boption\?id=eth_usdt$/);
    await expect(page.getByTestId('boption-screen')).toHaveAttribute('data-symbol', 'ETH_USDT');
  });
});
