// Proves the futures page end to end in Chromium against the real server, its index and its risk
// loop: a fresh account (funded by a simulated deposit and a transfer to its futures wallet, so no
// demo user's balances move under another test) opens a long with a take-profit through the order
// panel and its confirmation, sees the position's PnL move with the mark in two open tabs (the
// robots' walk moves the index), closes it through the close-order modal and finds it in
// /Futures/FuturesContractOrder; a screen reached by an in-app move from the trading page shows the
// account it already watched; a visitor sees the market with a sign-in button in place of submit.
import { depositedAccount } from './support/admin';
import { navigateInApp } from './support/navigation';
import { registerAccount, uniqueEmail } from './support/outbox';
import { expect, test, type APIRequestContext, type Page } from './support/test';

const DESKTOP = { width: 1440, height: 900 };
const PAGE = '/en/futures?id=btc_usdt';
const PASSWORD = 'Futures1234';
/** The robots' walk moves the reference price every few seconds; the mark follows it. */
const MARK_MOVE_TIMEOUT_MS = 60_000;

/** A fresh account with `amount` USDT in its futures wallet: a deposit credited, then a transfer from spot. */
async function fundedAccount(request: APIRequestContext, baseURL: string | undefined, amount: string): Promise<void> {
  await depositedAccount(request, baseURL, amount, PASSWORD);
  const csrf = await request.post('/api/v1/csrftoken', { data: {} });
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const moved = await request.post('/api/v1/balance/transfer', {
    form: { from: 'spot', to: 'futures', currency: 'USDT', amount },
    headers: { 'X-XSRF-TOKEN': token, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(((await moved.json()) as { errcode: number }).errcode).toBe(0);
}

async function openFutures(page: Page): Promise<void> {
  await page.goto(PAGE);
  await expect(page.getByTestId('futures-screen')).toHaveAttribute('data-symbol', 'BTC_USDT');
  await expect(page.getByTestId('futures-mark')).toHaveText(/^\d+\.\d$/);
}

test.describe('futures', () => {
  test.use({ viewport: DESKTOP });

  test('a long with a take-profit opens through the confirmation, its PnL moves with the mark in two tabs, the close-order modal closes it, the history lists it', async ({ context, baseURL }) => {
    test.setTimeout(150_000);
    await fundedAccount(context.request, baseURL, '200');
    const first = await context.newPage();
    const second = await context.newPage();
    for (const page of [first, second]) await openFutures(page);
    await expect(first.getByTestId('futures-available')).toHaveText('200 FTUSDT');

    const mark = Number(await first.getByTestId('futures-mark').textContent());
    const takeProfit = (mark * 2).toFixed(1);
    await first.getByTestId('futures-side-long').click();
    await first.getByTestId('futures-amount').fill('100');
    await first.getByTestId('futures-stops').click();
    await first.getByTestId('futures-take-profit').fill(takeProfit);
    await expect(first.getByTestId('futures-estimate-cost')).toHaveText(/^100\.\d+ USDT$/);
    await expect(first.getByTestId('futures-estimate-liquidation')).toHaveText(/^\d+\.\d$/);
    await first.getByTestId('futures-submit').click();
    const confirm = first.getByTestId('futures-confirm');
    await expect(confirm.getByTestId('futures-confirm-take-profit')).toHaveText(takeProfit);
    await expect(confirm.getByTestId('futures-confirm-liquidation')).toHaveText(/^\d+\.\d$/);
    await confirm.getByTestId('futures-confirm-confirm').click();
    await expect(confirm).toBeHidden();

    // The position reaches both tabs through the hub's futures feed, with the popup in each.
    const rows = [first, second].map((page) => page.locator('[data-testid="futures-position"][data-status="open"]'));
    for (const row of rows) await expect(row).toHaveCount(1);
    const id = await rows[0]!.getAttribute('data-id');
    expect(id).toMatch(/^\d+$/);
    await expect(first.getByTestId('toast')).toHaveAttribute('data-tone', 'success');
    await expect(rows[1]!.getByRole('cell').filter({ hasText: takeProfit })).toHaveCount(1);

    // The PnL follows the mark: each tab's text changes without a reload.
    for (const row of rows) {
      const pnl = row.getByTestId('futures-position-pnl');
      await expect(pnl).toHaveText(/^-?\d+(\.\d+)? USDT \(-?\d+\.\d{2}%\)$/);
      const before = await pnl.textContent();
      await expect.poll(() => pnl.textContent(), { timeout: MARK_MOVE_TIMEOUT_MS, message: 'the PnL moves with the mark' }).not.toBe(before);
    }

    await rows[0]!.getByTestId('futures-position-close').click();
    const close = first.getByTestId('futures-close');
    await expect(close.getByTestId('futures-close-pnl')).toHaveText(/USDT$/);
    await close.getByTestId('futures-close-confirm').click();
    for (const page of [first, second]) await expect(page.getByTestId('futures-position')).toHaveCount(0);

    await second.goto('/en/Futures/FuturesContractOrder');
    const entry = second.locator(`[data-testid="futures-history-row"][data-id="${id}"]`);
    await expect(entry.getByTestId('futures-history-outcome')).toHaveAttribute('data-outcome', 'user');
    await second.getByTestId('futures-filter-reason').selectOption('liquidation');
    await expect(entry).toHaveCount(0);
    await second.getByTestId('futures-filter-reason').selectOption('user');
    await expect(entry).toHaveCount(1);
  });

  test('a screen that mounts while the trading page watches the account (an in-app move) shows it, not loading', async ({ page, baseURL }) => {
    // The hub greets a tab only for topics new to it: the trading page still watches `futures` when the next screen mounts.
    await registerAccount(page.request, baseURL, uniqueEmail(), PASSWORD);
    await openFutures(page);
    await expect(page.getByTestId('futures-available')).toHaveText('0 FTUSDT');
    // Twice: the first move may wait for the component pages' code, so that the trading page unmounts first.
    for (let round = 0; round < 2; round += 1) {
      await navigateInApp(page, '/en/Futures/Components/OpenOrderStats');
      await expect(page.getByTestId('futures-stats')).not.toHaveAttribute('aria-busy', 'true');
      await expect(page.getByTestId('futures-stat-equity')).toContainText('0 USDT');
      await navigateInApp(page, '/en/futures');
      await expect(page.getByTestId('futures-available')).toHaveText('0 FTUSDT');
    }
    await navigateInApp(page, '/en/Futures/FuturesContractOrder');
    await expect(page.getByTestId('futures-history-results')).toHaveAttribute('data-loading', 'false');
    await navigateInApp(page, '/en/Futures/Components/HoldOrder');
    await expect(page.getByTestId('futures-positions')).toContainText('No open positions.');
  });

  test('R-ROUTE-09 R-LAY-02 R-STATE-02 a visitor sees the market the id names and its marks, with a sign-in button where the order is sent, without a footer', async ({ page }) => {
    await openFutures(page);
    await expect(page.getByTestId('futures-market-link')).toHaveCount(6);
    await expect(page.getByTestId('futures-submit')).toHaveCount(0);
    await expect(page.getByTestId('futures-sign-in')).toHaveAttribute('href', /\/en\/login\?from=/);
    await expect(page.getByTestId('footer')).toHaveCount(0);
  });
});
