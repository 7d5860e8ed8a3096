// Proves the operator's configuration in Chromium against the real server (issue 21): an operator
// adds a spot market in the console, which trades at once; a trader's tab, open since before,
// lists it without a reload; the trader places an order on it, its fee estimated at the fee the
// operator set; the operator then suspends it, which the audit log shows.
import { signInContext } from './support/signin';
import { expect, test } from './support/test';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test.describe('the operator configuration console', () => {
  test('an operator adds a market in the console; a trader sees it and places an order; the audit log shows the changes', async ({ browser }) => {
    const operator = await browser.newContext({ viewport: DESKTOP });
    await signInContext(operator, 'operator@demo.exchange');
    const console = await operator.newPage();
    await console.goto('/en/operator/markets');
    await expect(console.getByTestId('operator-nav-markets')).toHaveAttribute('aria-current', 'page');
    await expect(console.getByTestId('market-row').first()).toBeVisible();

    const trader = await browser.newContext({ viewport: PHONE });
    await signInContext(trader, 'trader1@demo.exchange');
    const page = await trader.newPage();
    await page.goto('/en/quotes');
    await expect(page.getByText('BTC', { exact: false }).first()).toBeVisible();

    const form = console.getByTestId('market-add');
    await form.getByTestId('market-add-base').fill('E2EC');
    await form.getByTestId('market-add-baseScale').fill('8');
    await form.getByTestId('market-add-pricePrecision').fill('4');
    await form.getByTestId('market-add-volumePrecision').fill('2');
    await form.getByTestId('market-add-minOrderValue').fill('1');
    await form.getByTestId('market-add-makerFee').fill('0.2');
    await form.getByTestId('market-add-submit').click();
    await expect(console.getByTestId('toast').filter({ hasText: 'E2EC_USDT is added and trades now.' })).toBeVisible();
    const row = console.locator('[data-testid="market-row"][data-symbol="E2EC_USDT"]');
    await expect(row).toContainText('Trading');
    await expect(row).toContainText('0.2 %');

    // The trader's tab, open since before the market was added, lists it without a reload.
    await expect(page.getByText('E2EC', { exact: false }).first()).toBeVisible({ timeout: 10_000 });
    await page.goto('/en/exchange?id=e2ec_usdt');
    await expect(page.getByTestId('exchange-screen')).toBeVisible();
    const buy = page.getByTestId('order-form-buy');
    await buy.getByTestId('order-price-buy').fill('0.0001');
    await buy.getByTestId('order-amount-buy').fill('10000');
    // The fee estimate is the market's own maker fee, as the operator set it: 0.2 % of 10000 E2EC.
    await expect(buy).toContainText('Fee (maker 0.2%)');
    await expect(buy.getByTestId('order-fee-buy')).toHaveText('≈ 20.00 E2EC');
    await buy.getByTestId('order-submit-buy').click();
    const placed = page.getByTestId('open-orders').getByTestId('order-row').filter({ hasText: '0.0001' });
    await expect(placed).toBeVisible();

    // Suspended: the trader's next order is refused with the reason, and the audit log has both changes.
    await row.getByTestId('market-edit').click();
    await console.getByTestId('market-dialog-status').click();
    await console.getByRole('option', { name: 'Suspended' }).click();
    await console.getByTestId('market-dialog-save').click();
    await expect(row).toContainText('Suspended');
    await buy.getByTestId('order-price-buy').fill('0.0002');
    await buy.getByTestId('order-amount-buy').fill('10000');
    await buy.getByTestId('order-submit-buy').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'This market is suspended' })).toBeVisible();

    await console.getByTestId('operator-nav-auditlog').click();
    await expect(console.locator('[data-testid="audit-row"][data-action="market.suspend"]')).toContainText('operator@demo.exchange');
    await expect(console.locator('[data-testid="audit-row"][data-action="market.add"]')).toContainText('E2EC_USDT');
    await trader.close();
    await operator.close();
  });

  test('an operator moves money into the rewards fund and back, never below its floor; the audit log shows each move', async ({ browser }) => {
    const operator = await browser.newContext({ viewport: DESKTOP });
    await signInContext(operator, 'operator@demo.exchange');
    const page = await operator.newPage();
    await page.goto('/en/operator/limits');
    const rewards = page.getByTestId('floors-table').getByRole('row').filter({ hasText: 'Rewards fund · USDT' });
    await expect(rewards).toBeVisible();
    const holds = async () => Number((await rewards.getByRole('cell').nth(1).innerText()).replace(/,/g, ''));
    const before = await holds();

    const move = async (direction: 'Into the account (your own deposit)' | 'Back out of the account', amount: string, memo: string) => {
      await page.getByTestId('limits-move-money').click();
      const dialog = page.getByTestId('limit-dialog');
      await dialog.getByTestId('limit-dialog-account').click();
      await page.getByRole('option', { name: 'Rewards fund' }).click();
      await dialog.getByTestId('limit-dialog-direction').click();
      await page.getByRole('option', { name: direction }).click();
      await dialog.getByTestId('limit-dialog-amount').fill(amount);
      await dialog.getByTestId('limit-dialog-memo').fill(memo);
      await dialog.getByTestId('limit-dialog-save').click();
      return dialog;
    };
    await expect(await move('Into the account (your own deposit)', '1234.5', 'e2e budget')).toBeHidden();
    await expect.poll(holds).toBe(before + 1234.5);
    // More out than the account holds: refused, and the dialog stays with the reason.
    const refused = await move('Back out of the account', String(before + 2000), 'too much');
    await expect(page.getByTestId('toast').filter({ hasText: 'The platform cannot take on this amount' })).toBeVisible();
    await expect(refused).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(refused).toBeHidden();
    await expect(await move('Back out of the account', '1234.5', 'e2e budget back')).toBeHidden();
    await expect.poll(holds).toBe(before);

    await page.getByTestId('operator-nav-auditlog').click();
    await expect(page.locator('[data-testid="audit-row"][data-action="limit.fund"]').first()).toContainText('e2e budget');
    await expect(page.locator('[data-testid="audit-row"][data-action="limit.defund"]').first()).toContainText('e2e budget back');
    await operator.close();
  });
});
