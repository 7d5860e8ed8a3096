/** Proves the total asset value of the Assets overview over the real calls: every wallet of POST /balance/get valued in USDT, the total counting spot and the futures USDT as spec 4 does, and what a transfer between wallets does to each (R-STATE-09). */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletBalances } from '../../../src/shared/api/balance';
import { formatAssetTotal } from '../../../src/shared/format';
import { walletValues, type PriceOf } from '../../../src/shared/valuation';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let user: TestUser;
const PRICES: Record<string, string> = { BTC: '60000.123456789', ETH: '3000' };
const priceOf: PriceOf = (currency) => PRICES[currency];

async function wallets(): Promise<WalletBalances> {
  const response = await callApi(server, 'POST', '/balance/get', { as: user, payload: {} });
  expect(response.json().errcode).toBe(0);
  return response.json().data as WalletBalances;
}

async function transfer(from: string, to: string, currency: string, amount: string): Promise<void> {
  const response = await callApi(server, 'POST', '/balance/transfer', { as: user, payload: { from, to, currency, amount }, headers: { 'idempotency-key': crypto.randomUUID() } });
  expect(response.json().errcode).toBe(0);
}

beforeAll(async () => {
  server = await buildTestServer();
  user = await createTestUser(server);
  await creditUser(server, user.userId, 'USDT', '1234.567891');
  await creditUser(server, user.userId, 'BTC', '0.01234567');
  await creditUser(server, user.userId, 'ETH', '1.5');
  await creditUser(server, user.userId, 'USDT', '100', 'futures');
});
afterAll(async () => {
  await server.close();
});

describe('the total asset value and the wallets', () => {
  it('R-STATE-09 values each wallet, FTUSDT at par; the total is spot plus FTUSDT; areas not built yet add nothing', async () => {
    const { byWallet, total } = walletValues(await wallets(), priceOf);
    // 1234.567891 + 0.01234567 * 60000.12345678 (down) + 1.5 * 3000
    expect(byWallet).toEqual({ spot: '6475.30961515', futures: '100.00000000', finance: '0.00000000', loan: '0.00000000' });
    expect(total).toBe('6575.30961515');
    expect(formatAssetTotal(total)).toBe('6575.309');
  });

  it('R-STATE-09 USDT moved spot -> futures stays in the total; a coin moved to the finance wallet, in no product, leaves it', async () => {
    const before = walletValues(await wallets(), priceOf);
    await transfer('spot', 'futures', 'USDT', '34.5');
    const afterFutures = walletValues(await wallets(), priceOf);
    expect(afterFutures.total).toBe(before.total);
    expect(afterFutures.byWallet.futures).toBe('134.50000000');
    await transfer('spot', 'finance', 'ETH', '0.5');
    const after = walletValues(await wallets(), priceOf);
    expect(after.byWallet.finance).toBe('1500.00000000');
    expect(after.byWallet.spot).toBe('4940.80961515');
    expect(after.total).toBe('5075.30961515');
  });
});
