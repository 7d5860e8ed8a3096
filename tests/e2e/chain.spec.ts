// Proves deposits end to end in Chromium against the real server on a fresh e2e database: a fresh
// account (registered with a code from the outbox, so that no demo user's balances move under
// another test) opens the deposit page in two tabs, sees the same address with its QR code in
// both, the test puts a deposit on the simulated chain through the operator API with the admin
// token of the server's data folder (what `npm run admin -- chain deposit` does), and both tabs
// show it confirming, then credited, with the new balance; the deposit history shows it too. The
// deposit page opens on the coin its link names; the component pages of the deposit form and the
// records render in the page frame.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerAccount, uniqueEmail } from './support/outbox';
import { signInContext } from './support/signin';
import { expect, test, type APIRequestContext } from './support/test';

const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = 'Deposit1234';
/** USDT on TRC20 (the deposit page's first coin and network): six confirmations, a block a second. */
const CREDIT_TIMEOUT_MS = 20_000;

/** The token the admin CLI presents: DATA_DIR/admin-token of the e2e server (playwright.config.ts). */
function adminToken(baseURL: string | undefined): string {
  const port = new URL(baseURL ?? 'http://127.0.0.1:18080').port;
  return fs.readFileSync(path.join(os.tmpdir(), `exchange-e2e-data-${port}`, 'admin-token'), 'utf8').trim();
}

async function simulateDeposit(request: APIRequestContext, baseURL: string | undefined, address: string, amount: string): Promise<string> {
  const answer = await request.post('/api/v1/operator/chain/deposit', { headers: { authorization: `Bearer ${adminToken(baseURL)}` }, data: { address, amount } });
  const body = (await answer.json()) as { errcode: number; data: { txid: string; network: string } };
  expect(body.errcode).toBe(0);
  expect(body.data.network).toBe('TRC20');
  return body.data.txid;
}

test.describe('deposits', () => {
  test.use({ viewport: DESKTOP });

  test('a deposit on the simulated chain shows confirming, then credited, and the balance moves in two open tabs', async ({ context, request, baseURL }) => {
    test.setTimeout(60_000);
    await registerAccount(context.request, baseURL, uniqueEmail(), PASSWORD);
    const first = await context.newPage();
    await first.goto('/en/Assets/AssetDeposit');
    await expect(first.getByTestId('deposit')).toHaveAttribute('data-network', 'TRC20');
    const address = (await first.getByTestId('deposit-address').textContent()) ?? '';
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await expect(first.getByTestId('deposit-qr')).toHaveAttribute('data-value', address);
    const second = await context.newPage();
    await second.goto('/en/Assets/AssetDeposit');
    // One address per user, coin and network: the second tab's call answers the same one.
    await expect(second.getByTestId('deposit-address')).toHaveText(address);
    for (const page of [first, second]) await expect(page.getByTestId('deposit-balance')).toContainText(/(^|[^\d.,])0\.000 USDT/);

    const txid = await simulateDeposit(request, baseURL, address, '25');
    const row = first.locator(`[data-testid="deposit-row"][data-txid="${txid}"]`);
    await expect(row).toHaveAttribute('data-status', 'confirming');
    await expect(row.getByTestId(/^deposit-status-/)).toHaveAttribute('data-confirmations', /^[0-5]\/6$/);
    await expect(row).toHaveAttribute('data-status', 'credited', { timeout: CREDIT_TIMEOUT_MS });
    for (const page of [first, second]) {
      await expect(page.locator(`[data-testid="deposit-row"][data-txid="${txid}"]`)).toHaveAttribute('data-status', 'credited');
      await expect(page.getByTestId('deposit-balance')).toContainText(/(^|[^\d.,])25\.000 USDT/);
    }

    await second.goto('/en/Assets/DepositHistory');
    await expect(second.locator(`[data-testid="deposit-row"][data-txid="${txid}"]`)).toHaveAttribute('data-status', 'credited');
  });

  test('the deposit page opens on the coin its link names, and the component pages of the deposit form and the records render in the page frame', async ({ context }) => {
    await signInContext(context, 'tester@demo.exchange');
    const page = await context.newPage();
    await page.goto('/en/Assets/AssetDeposit?coin=btc');
    await expect(page.getByTestId('deposit')).toHaveAttribute('data-coin', 'BTC');
    await expect(page.getByTestId('deposit-address')).toHaveText(/^bc1q\w{38}$/);
    for (const [path, title, shows] of [
      ['/en/Assets/Components/AssetDeposit', 'Deposit form', 'deposit-address'],
      ['/en/Assets/Components/DWRecords', 'Deposit and withdrawal records', 'deposit-history'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('page-title')).toHaveText(title);
      await expect(page.getByTestId('component-page').getByTestId(shows)).toBeVisible();
    }
  });
});
