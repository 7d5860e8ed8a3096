// Proves withdrawals end to end in Chromium against the real server on a fresh e2e database: a fresh
// account (registered with a code from the outbox, so that no demo user's balances or security
// settings change) gets 50 USDT by a deposit on the simulated chain through the operator API (what
// `npm run admin -- chain demo` does), is told on the withdrawal page to set a withdrawal password
// first and sets it on the security page (the first password adds protection: no cool-off), binds
// Google Authenticator with a code computed here (it adds a factor: no cool-off either), then
// withdraws to a TRON address: the address is checked as it is typed, Max fills in the balance less
// the fee, a wrong withdrawal password is refused on its field, the right one with the next TOTP
// code submits. An operator approves it in the console, the simulated chain confirms it, and the
// history shows it completed. Unbinding GA afterwards takes a protection away: it starts the 24 h
// cool-off, which the page explains and which keeps the form from being sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { registerAccount, uniqueEmail } from './support/outbox';
import { signIn } from './support/signin';
import { expect, test, type APIRequestContext } from './support/test';

const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = 'Withdraw1234';
const WITHDRAW_PASSWORD = 'Payout5678';
/** A TRON address nobody on the platform was given (not a deposit address, so it credits no one). */
const TRON_ADDRESS = `TX${'7'.repeat(8)}${'abcdefghijk'.repeat(2)}${'MN'}`;
/** TRC20 waits for six confirmations, a block a second; a credit or a completion well within this. */
const CHAIN_TIMEOUT_MS = 30_000;

/** The token the admin CLI presents: DATA_DIR/admin-token of the e2e server (playwright.config.ts). */
function adminToken(baseURL: string | undefined): string {
  const port = new URL(baseURL ?? 'http://127.0.0.1:18080').port;
  return fs.readFileSync(path.join(os.tmpdir(), `exchange-e2e-data-${port}`, 'admin-token'), 'utf8').trim();
}

const TOTP_STEP_MS = 30_000;

/**
 * The authenticator's code for the step after `lastStep`, once the clock allows it: the server
 * takes each step once, in order, and only within one step of now. Answers the step it used.
 */
async function nextTotp(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  const step = lastStep + 1;
  const wait = (step - 1) * TOTP_STEP_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 250));
  return { code: TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * TOTP_STEP_MS }), step };
}

async function spotUsdt(api: APIRequestContext): Promise<number> {
  const answer = await api.get('/api/v1/balance/get2', { params: { currency: 'USDT' } });
  return Number(((await answer.json()) as { data: { spot: string } }).data.spot);
}

test.describe('withdrawals', () => {
  test.use({ viewport: DESKTOP });

  test('R-API-03 a fresh account sets a withdrawal password and binds GA, withdraws USDT on TRC20 with the password and a TOTP code, an operator approves it in the console and the history shows it completed; unbinding GA then pauses withdrawals', async ({
    browser,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    expect(TRON_ADDRESS).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const email = uniqueEmail();
    await registerAccount(context.request, baseURL, email, PASSWORD);
    const deposit = await request.post('/api/v1/operator/chain/demo_deposit', { headers: { authorization: `Bearer ${adminToken(baseURL)}` }, data: { email, coin: 'USDT', amount: '50' } });
    expect(((await deposit.json()) as { errcode: number }).errcode).toBe(0);
    await expect.poll(() => spotUsdt(context.request), { timeout: CHAIN_TIMEOUT_MS }).toBe(50);

    // No withdrawal password yet: the page says so, links to the security page and cannot be sent.
    const page = await context.newPage();
    await page.goto('/en/Assets/AssetWithdraw');
    const form = page.getByTestId('withdraw-blockchain');
    await expect(form).toHaveAttribute('data-network', 'TRC20');
    await expect(form.getByTestId('withdraw-need-password')).toBeVisible();
    await expect(form.getByTestId('withdraw-submit')).toBeDisabled();
    await form.getByTestId('withdraw-set-password').click();
    await expect(page).toHaveURL(/\/en\/Profile\/SecuritySettings$/);
    await page.getByTestId('withdraw-set').click();
    const dialog = page.getByTestId('withdraw-password-dialog');
    await dialog.getByTestId('withdraw-login-password').fill(PASSWORD);
    await dialog.getByTestId('withdraw-new-password').fill(WITHDRAW_PASSWORD);
    await dialog.getByTestId('withdraw-confirm-password').fill(WITHDRAW_PASSWORD);
    await dialog.getByTestId('withdraw-password-submit').click();
    await expect(dialog).toHaveCount(0);

    await page.goto('/en/Assets/AssetWithdraw');
    await expect(form.getByTestId('withdraw-need-password')).toHaveCount(0);
    // GA is not bound: recommended, not required.
    await expect(form.getByTestId('withdraw-need-ga')).toBeVisible();
    await form.getByTestId('withdraw-bind-ga').click();
    await expect(page).toHaveURL(/\/en\/Profile\/Authentication$/);
    const bind = page.getByTestId('ga-bind');
    const secret = (await bind.getByTestId('ga-secret').textContent())?.trim() ?? '';
    let totp = await nextTotp(secret, Math.floor(Date.now() / TOTP_STEP_MS) - 1);
    await bind.getByTestId('ga-bind-code').fill(totp.code);
    await bind.getByTestId('ga-bind-password').fill(PASSWORD);
    await bind.getByTestId('ga-bind-submit').click();
    await expect(page.getByTestId('ga-bound')).toBeVisible();

    // Neither the first withdrawal password nor binding GA takes a protection away: no cool-off.
    await page.goto('/en/Assets/AssetWithdraw');
    await expect(form.getByTestId('withdraw-cool-off')).toHaveCount(0);
    await expect(form.getByTestId('withdraw-need-ga')).toHaveCount(0);
    await expect(form.getByTestId('withdraw-fee')).toContainText('1 USDT');
    await expect(form.getByTestId('withdraw-remaining')).toContainText('200000 USDT');

    // The address is checked against the network's format as it is typed.
    const address = form.getByTestId('withdraw-address');
    await address.fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await address.fill(TRON_ADDRESS);
    await expect(address).not.toHaveAttribute('aria-invalid', 'true');
    // Max: the balance less the fee, which is paid on top.
    await form.getByTestId('withdraw-amount-max').click();
    await expect(form.getByTestId('withdraw-amount-input')).toHaveValue('49');
    await form.getByTestId('withdraw-amount-input').fill('20');
    await expect(form.getByTestId('withdraw-receive')).toContainText('20 USDT');
    await expect(form.getByTestId('withdraw-deducted')).toContainText('21 USDT');
    await form.getByTestId('withdraw-submit').click();

    const confirm = page.getByTestId('withdraw-confirm');
    await expect(confirm.getByTestId('withdraw-summary-address')).toContainText(TRON_ADDRESS);
    // GA is bound: the password and a code.
    await expect(confirm.getByTestId('withdraw-proof-ga')).toBeVisible();
    await confirm.getByTestId('withdraw-proof-password').fill('Wrong-password-1');
    await confirm.getByTestId('withdraw-proof-ga').fill('000000');
    await confirm.getByTestId('withdraw-confirm-submit').click();
    await expect(confirm.getByTestId('withdraw-proof-password')).toHaveAttribute('aria-invalid', 'true');
    totp = await nextTotp(secret, totp.step);
    await confirm.getByTestId('withdraw-proof-password').fill(WITHDRAW_PASSWORD);
    await confirm.getByTestId('withdraw-proof-ga').fill(totp.code);
    await confirm.getByTestId('withdraw-confirm-submit').click();
    await expect(confirm).toHaveCount(0);
    // Held at once: the amount and the fee.
    await expect.poll(() => spotUsdt(context.request)).toBe(29);
    const row = page.getByTestId('withdraw-recent').getByTestId('withdrawal-row').first();
    await expect(row).toHaveAttribute('data-status', 'submitted');
    const id = (await row.getAttribute('data-id')) ?? '';

    // An operator approves it in the console: the simulated chain sends it.
    const operator = await browser.newContext({ viewport: DESKTOP });
    await signIn(operator.request, 'operator@demo.exchange');
    const consolePage = await operator.newPage();
    await consolePage.goto('/en/operator/withdrawals');
    await consolePage.locator(`[data-testid="withdraw-row"][data-id="${id}"]`).getByTestId('withdraw-review').click();
    await consolePage.getByTestId('withdraw-dialog').getByTestId('withdraw-approve').click();
    await expect(consolePage.getByTestId('withdraw-dialog')).toHaveCount(0);
    await operator.close();

    await page.goto('/en/Assets/WithdrawHistory');
    const done = page.locator(`[data-testid="withdrawal-row"][data-id="${id}"]`);
    await expect(done).toHaveAttribute('data-status', 'completed', { timeout: CHAIN_TIMEOUT_MS });
    await expect(done).toHaveAttribute('data-txid', /.+/);
    expect(await spotUsdt(context.request)).toBe(29);

    // Unbinding GA takes a protection away: withdrawals pause for 24 h, and the page says until when.
    await page.goto('/en/Profile/Authentication');
    totp = await nextTotp(secret, totp.step);
    await page.getByTestId('ga-bound').getByTestId('ga-unbind-code').fill(totp.code);
    await page.getByTestId('ga-unbind-submit').click();
    await expect(page.getByTestId('ga-bind')).toBeVisible();
    await page.goto('/en/Assets/AssetWithdraw');
    await expect(form.getByTestId('withdraw-cool-off')).toBeVisible();
    await expect(form.getByTestId('withdraw-submit')).toBeDisabled();
  });

  test('the withdrawal component pages and the deposit and withdrawal records render in the page frame', async ({ context, baseURL }) => {
    await registerAccount(context.request, baseURL, uniqueEmail(), PASSWORD);
    const page = await context.newPage();
    for (const [pagePath, shows] of [
      ['/en/Assets/Components/AssetWithdraw', 'withdraw-blockchain'],
      ['/en/Assets/Components/BlockChainWithdrawForm', 'withdraw-blockchain'],
      ['/en/Assets/Components/WithdrawForm', 'withdraw-no-bank'],
      ['/en/Assets/Components/DWRecords', 'withdraw-history'],
    ] as const) {
      await page.goto(pagePath);
      await expect(page.getByTestId('component-page').getByTestId(shows)).toBeVisible();
    }
  });
});
