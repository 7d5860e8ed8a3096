// Proves the Assets pages in Chromium against the real server: the overview's total counts the
// spot wallet and the futures USDT, as spec 4 and the header do; a transfer from spot to futures through the dialog moves exactly its amount, and a
// second open tab sees it without reloading; the asset flow lists the transfer's two movements;
// Escape closes the transfer dialog onto the button that opened it.
// trader1 moves 1.5 USDT into its futures wallet, which no other test reads; its spot USDT may
// move meanwhile (other suites trade for it), so the spot side is checked in the asset flow, not
// in the balance.
import type { Page } from '@playwright/test';
import { signInContext } from './support/signin';
import { expect, test } from './support/test';

const DESKTOP = { width: 1440, height: 900 };
const USER = 'trader1@demo.exchange';
const AMOUNT = '1.5';

/** A decimal string as units of 10^-8 (no float on money). */
function units(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
  return negative ? -value : value;
}

/** The futures USDT as the futures page lists it (its total), in units. */
async function futuresUsdt(page: Page): Promise<bigint> {
  return units((await page.locator('[data-testid="wallet-row"][data-currency="USDT"]').getAttribute('data-balance')) ?? '');
}

test.describe('wallets', () => {
  test.use({ viewport: DESKTOP });

  test('R-STATE-09 R-VAL-10 the overview total is spot plus the futures USDT; a transfer spot -> futures moves its amount, a second tab sees it, the asset flow lists it', async ({ context }) => {
    const csrfToken = await signInContext(context, USER);
    const overview = await context.newPage();
    await overview.goto('/en/Assets');
    await expect(overview.getByTestId('page-title')).toHaveText('Assets');
    const total = overview.getByTestId('assets-total');
    await expect(total).toHaveAttribute('data-state', 'ready');
    await expect(total).toHaveText(/^\d{1,3}(,\d{3})*\.\d{3}$/);
    await expect(overview.getByTestId('assets-wallet')).toHaveCount(4);
    // Read in one go: the total and the wallets of the same render.
    const figures = (await overview.evaluate(
      `({ total: document.querySelector('[data-testid="assets-total"]').dataset.value, wallets: Object.fromEntries([...document.querySelectorAll('[data-testid="assets-wallet"]')].map((row) => [row.dataset.wallet, row.dataset.value])) })`,
    )) as { total: string; wallets: Record<string, string> };
    // Spec 4 counts the spot wallet and the futures USDT (FTUSDT); the demo trader's futures wallet holds USDT alone.
    const futuresCoins = (((await (await context.request.post('/api/v1/balance/get', { data: {}, headers: { 'X-XSRF-TOKEN': csrfToken } })).json()) as { data: { futures: { currency: string }[] } }).data.futures).map((balance) => balance.currency);
    expect(futuresCoins.every((currency) => currency === 'USDT'), futuresCoins.join()).toBe(true);
    expect(units(figures.wallets.spot ?? '') + units(figures.wallets.futures ?? '')).toBe(units(figures.total));

    const futures = await context.newPage();
    await futures.goto('/en/Assets/AssetContract');
    await expect(futures.locator('[data-testid="wallet-row"][data-currency="USDT"]')).toContainText('FTUSDT');
    const before = await futuresUsdt(futures);

    await overview.bringToFront();
    await overview.getByTestId('assets-transfer').click();
    const dialog = overview.getByTestId('transfer-dialog');
    await expect(dialog.getByTestId('transfer-from')).toContainText('Spot account');
    await expect(dialog.getByTestId('transfer-to')).toContainText('Futures account');
    await expect(dialog.getByTestId('transfer-coin')).toContainText('USDT');
    await expect(dialog.getByTestId('transfer-amount-max')).toBeVisible();
    await dialog.getByTestId('transfer-amount-input').fill(AMOUNT);
    await dialog.getByTestId('transfer-submit').click();
    await expect(overview.locator('[data-testid="toast"][data-tone="success"]')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The other tab follows on its own: the balance event, or the assets flag.
    await expect.poll(() => futuresUsdt(futures)).toBe(before + units(AMOUNT));

    await overview.goto('/en/Assets/FundDetails');
    const into = overview.locator('[data-testid="fund-row"][data-type="transfer"][data-wallet="futures"]').first();
    await expect(into).toHaveAttribute('data-amount', '1.500000');
    const transaction = (await into.getAttribute('data-transaction')) ?? '';
    await expect(overview.locator(`[data-testid="fund-row"][data-transaction="${transaction}"][data-wallet="spot"]`)).toHaveAttribute('data-amount', '-1.500000');
  });

  test('R-MENU-01 a visitor sees the Assets menu and is asked to log in', async ({ page }) => {
    await page.goto('/en/Assets/AssetSpot');
    await expect(page.getByTestId('profile-signin')).toBeVisible();
    const menu = page.getByTestId('assets-menu');
    await expect(menu.locator('[data-group]')).toHaveCount(6);
    await expect(menu.getByTestId('assets-menu-spotAssets')).toHaveAttribute('aria-current', 'page');
  });

  test('a transfer above what is available cannot be sent; Escape closes the dialog onto its opener', async ({ context }) => {
    await signInContext(context, USER);
    const spot = await context.newPage();
    await spot.goto('/en/Assets/AssetSpot');
    await spot.getByTestId('wallet-transfer').click();
    const dialog = spot.getByTestId('transfer-dialog');
    await expect(dialog.getByTestId('transfer-amount-max')).toBeVisible();
    await dialog.getByTestId('transfer-amount-input').fill('99999999');
    await expect(dialog.getByTestId('transfer-amount')).toHaveAttribute('data-invalid', 'true');
    await expect(dialog.getByTestId('transfer-submit')).toBeDisabled();
    // Closed with Escape, the dialog gives the focus back to the button that opened it.
    await spot.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(spot.getByTestId('wallet-transfer')).toBeFocused();
  });

  test('the Assets component pages render their part in the page frame', async ({ context }) => {
    await signInContext(context, USER);
    const page = await context.newPage();
    for (const [path, title, shows] of [
      ['/en/Assets/Components/AssetLeftMenu', 'Assets menu', 'assets-menu'],
      ['/en/Assets/Components/AssetSpot', 'Spot account summary', 'wallet-balances'],
      ['/en/Assets/Components/AssetTotal', 'Total assets', 'assets-total'],
      ['/en/Assets/Components/AssetTotalApp', 'Total assets (app)', 'assets-total'],
      ['/en/Assets/Components/AssetTransferDialog', 'Transfer between accounts', 'open-transfer'],
      ['/en/Assets/Components/CoinSelector', 'Coin selector', 'coin-selector'],
      ['/en/Assets/Components/FundDetails', 'Asset flow list', 'fund-list'],
      ['/en/Assets/Components/AssetFinanceAccount', 'Finance account summary', 'wallet-balances'],
      ['/en/Assets/Components/AssetFinanceRecord', 'Finance record list', 'fund-list'],
      ['/en/Assets/Components/LoanPage', 'Loan account summary', 'wallet-balances'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('page-title')).toHaveText(title);
      await expect(page.getByTestId('component-page').getByTestId(shows)).toBeVisible();
    }
  });
});
