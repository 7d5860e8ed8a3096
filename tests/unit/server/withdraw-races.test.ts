/**
 * Proves that a withdrawal cannot spend money twice, through the real calls on a real database:
 * 200 concurrent withdrawals of one balance hold exactly what it covers (one when each takes it
 * all), a withdrawal racing orders and transfers for the same funds never lets them spend more
 * than the balance, 200 concurrent repeats of one request are one withdrawal, and 200 concurrent
 * decisions on one withdrawal settle or release it once. The ledger audit stays clean; each test
 * prints its figure.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/ledger/audit';
import type { Withdrawal } from '../../../src/shared/api/withdraw';
import { ERRCODES } from '../../../src/shared/errcodes';
import { createTestUser, creditUser } from '../../helpers/auth';
import { mineBlocks } from '../../helpers/chain';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';
import { newRound, postWithdraw, trc20Address, usdtUnits, WITHDRAW_PASSWORD, withdrawingUser } from '../../helpers/withdraw';

const BTC_USDT = 301;
const RACERS = 200;
const USDT = 1_000_000n;

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  // A maker's ask far above the buyers' price, so that their orders rest and hold their funds.
  const maker = await createTestUser(server);
  await creditUser(server, maker.userId, 'BTC', '10');
  await server.app.engine.placeOrder({ userId: maker.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90100', quantity: '5' });
  server.app.prices.setReference(BTC_USDT, 9_000_000n);
});
afterAll(async () => {
  await server.close();
});

const errcodeOf = (response: LightMyRequestResponse) => response.json<{ errcode: number }>().errcode;

function tally(codes: number[]): string {
  const counts = new Map<number, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].map(([code, count]) => `${count} x ${code === 0 ? 'accepted' : code}`).join(', ');
}

async function expectAuditClean(): Promise<void> {
  expect((await auditLedger(server.context.db)).problems).toEqual([]);
}

function operator() {
  return { headers: { authorization: `Bearer ${server.context.adminToken}` } };
}

const usdtWithdrawal = (amount: string) => ({ currency: 'USDT', network: 'TRC20', address: trc20Address(), amount, withdrawPassword: WITHDRAW_PASSWORD });

describe('concurrent withdrawals', () => {
  it(`${RACERS} concurrent withdrawals that each need the whole balance: exactly one is held`, async () => {
    const user = await withdrawingUser(server, '101');
    const codes = (await Promise.all(Array.from({ length: RACERS }, () => postWithdraw(server, user, usdtWithdrawal('100'))))).map(errcodeOf);
    console.info(`${RACERS} concurrent whole-balance withdrawals: ${tally(codes)}`);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ERRCODES.insufficientBalance)).toHaveLength(RACERS - 1);
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 0n, held: 101n * USDT });
    await expectAuditClean();
  });

  it(`${RACERS} concurrent withdrawals of a tenth of the balance each: exactly ten are held`, async () => {
    const user = await withdrawingUser(server, '1010');
    const codes = (await Promise.all(Array.from({ length: RACERS }, () => postWithdraw(server, user, usdtWithdrawal('100'))))).map(errcodeOf);
    console.info(`${RACERS} concurrent tenth-of-balance withdrawals: ${tally(codes)}`);
    expect(codes.filter((code) => code === 0)).toHaveLength(10);
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 0n, held: 1010n * USDT });
    await expectAuditClean();
  });

  it('withdrawals, orders and transfers racing for the same funds never spend more than the balance', async () => {
    const user = await withdrawingUser(server, '900');
    const racers = [
      ...Array.from({ length: RACERS / 2 }, () => postWithdraw(server, user, usdtWithdrawal('899'))),
      ...Array.from({ length: RACERS / 4 }, () =>
        callApi(server, 'POST', '/exchange/create', { as: user, payload: { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '80000', quantity: '0.01125' } }),
      ),
      ...Array.from({ length: RACERS / 4 }, () =>
        callApi(server, 'POST', '/balance/transfer', {
          as: user,
          payload: { from: 'spot', to: 'futures', currency: 'USDT', amount: '900' },
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    ];
    const codes = (await Promise.all(racers)).map(errcodeOf);
    console.info(`${RACERS} concurrent spends of one balance by withdrawal, order and transfer: ${tally(codes)}`);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    const spot = await usdtUnits(server, user.userId);
    expect(spot.available).toBe(0n);
    await expectAuditClean();
  });

  it(`${RACERS} concurrent repeats of one request are one withdrawal with one hold`, async () => {
    const user = await withdrawingUser(server, '500');
    const body = usdtWithdrawal('99');
    const responses = await Promise.all(Array.from({ length: RACERS }, () => postWithdraw(server, user, body, { key: 'one-request-key' })));
    const ids = new Set(responses.map((response) => response.json<{ data?: Withdrawal }>().data?.id));
    console.info(`${RACERS} concurrent repeats of one withdrawal request: ${ids.size} withdrawal, ${tally(responses.map(errcodeOf))}`);
    expect(ids.size).toBe(1);
    expect(ids.has(undefined)).toBe(false);
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 400n * USDT, held: 100n * USDT });
    await expectAuditClean();
  });

  it(`${RACERS} concurrent decisions on one withdrawal (approve, reject, cancel): one happens, and it settles or releases once`, async () => {
    const user = await withdrawingUser(server, '300');
    const made = (await postWithdraw(server, user, usdtWithdrawal('199'))).json<{ data: Withdrawal }>().data;
    const decisions = Array.from({ length: RACERS }, (_, index) => {
      if (index % 3 === 0) return callApi(server, 'POST', `/operator/withdrawals/approve?id=${made.id}`, { as: operator(), payload: {} });
      if (index % 3 === 1) return callApi(server, 'POST', `/operator/withdrawals/reject?id=${made.id}`, { as: operator(), payload: { reason: 'Racing' } });
      return callApi(server, 'POST', `/finance/withdraw_cancel?id=${made.id}`, { as: user, payload: {} });
    });
    const codes = (await Promise.all(decisions)).map(errcodeOf);
    console.info(`${RACERS} concurrent decisions on one withdrawal: ${tally(codes)}`);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ERRCODES.withdrawalNotPending)).toHaveLength(RACERS - 1);
    mineBlocks(server, 20);
    await Promise.all([newRound(server).runNow(), newRound(server).runNow()]);
    const spot = await usdtUnits(server, user.userId);
    // Approved and completed: 200 paid out; rejected or cancelled: all 300 back.
    expect([{ available: 100n * USDT, held: 0n }, { available: 300n * USDT, held: 0n }]).toContainEqual(spot);
    await expectAuditClean();
  });
});
