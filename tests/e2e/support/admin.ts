/**
 * The operator API as the admin CLI reaches it: the bearer token the e2e server keeps in its data
 * folder (DATA_DIR/admin-token, playwright.config.ts), for tests that set the platform up the way
 * an operator would (a simulated deposit that funds a fresh account).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { registerAccount, uniqueEmail } from './outbox';

/** The token the admin CLI presents to the e2e server at `baseURL`. */
export function adminToken(baseURL: string | undefined): string {
  const port = new URL(baseURL ?? 'http://127.0.0.1:18080').port;
  return fs.readFileSync(path.join(os.tmpdir(), `exchange-e2e-data-${port}`, 'admin-token'), 'utf8').trim();
}

/** Puts a deposit of `amount` USDT for the account `email` on the simulated chain (operator/chain/demo_deposit). */
export async function demoDeposit(request: APIRequestContext, baseURL: string | undefined, email: string, amount: string): Promise<void> {
  const answer = await request.post('/api/v1/operator/chain/demo_deposit', { headers: { authorization: `Bearer ${adminToken(baseURL)}` }, data: { email, coin: 'USDT', amount } });
  expect(((await answer.json()) as { errcode: number }).errcode).toBe(0);
}

/** A deposit waits for six blocks of the simulated chain, a block a second. */
const CREDIT_TIMEOUT_MS = 30_000;

/**
 * A fresh account with `amount` USDT in its spot wallet: registered (the request context is then
 * signed in as it) and a simulated deposit credited. For tests that move money, so that no demo
 * user's balances change under another test.
 */
export async function depositedAccount(request: APIRequestContext, baseURL: string | undefined, amount: string, password: string): Promise<string> {
  const email = uniqueEmail();
  await registerAccount(request, baseURL, email, password);
  await demoDeposit(request, baseURL, email, amount);
  const csrf = await request.post('/api/v1/csrftoken', { data: {} });
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  await expect
    .poll(
      async () => {
        const answer = await request.post('/api/v1/balance/list', { data: {}, headers: { 'X-XSRF-TOKEN': token } });
        const balances = ((await answer.json()) as { data: { currency: string; balance: string }[] }).data;
        return Number(balances.find((balance) => balance.currency === 'USDT')?.balance ?? 0);
      },
      { timeout: CREDIT_TIMEOUT_MS, message: 'the deposit is credited' },
    )
    .toBeGreaterThanOrEqual(Number(amount));
  return email;
}
