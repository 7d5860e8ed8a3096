/**
 * Proves that a futures position settles once however its closes race: the owner's close against
 * the risk loop's stop-loss, the owner's close against a liquidation, and many closes and risk
 * rounds of one position at once each leave one close in the ledger, one notification at most,
 * a wallet moved by exactly the recorded PnL and fees, and a clean audit. Each test prints its
 * figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesPosition } from '../../src/shared/api/futures';
import { auditLedger } from '../../server/ledger/audit';
import { riskLoopOf } from '../../server/modules/futures';
import { FUTURES_NOTIFICATION_TYPE } from '../../server/modules/notification/service';
import type { TestUser } from '../helpers/auth';
import { BTC_FUTURES, BTC_SPOT, createPosition, fundFuturesAccounts, futuresUsdtUnits, futuresUser } from '../helpers/futures';
import { callApi } from '../helpers/inject';
import { buildTestServer, type TestServer } from '../helpers/server';

const RACERS = 40;

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  // Rounds run when a test says: the one-second timer would settle before the race starts.
  server.app.prices.stop();
  await fundFuturesAccounts(server);
});
afterAll(async () => {
  await server.close();
});

async function post<T>(user: TestUser, url: string): Promise<{ errcode: number; data: T }> {
  const response = await callApi(server, 'POST', url, { as: user, payload: {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Each racer is its own user with one long BTC position opened at 60,000 (plus the spread). */
async function openLongs(count: number, order: { leverage: number; stopLoss?: string }): Promise<Array<{ user: TestUser; position: FuturesPosition; startUnits: bigint }>> {
  server.app.prices.setReference(BTC_SPOT, 6_000_000n);
  const racers = [];
  for (let index = 0; index < count; index += 1) {
    const user = await futuresUser(server, '1000');
    const startUnits = await futuresUsdtUnits(server, user.userId);
    const position = await createPosition(server, user, { symbol: 'BTC_USDT', side: 'long', margin: '100', ...order });
    racers.push({ user, position, startUnits });
  }
  return racers;
}

/** The checks every race ends with: one close per position, its money and its notifications. */
async function expectSettledOnce(racers: Array<{ user: TestUser; position: FuturesPosition; startUnits: bigint }>): Promise<Record<string, number>> {
  const reasons: Record<string, number> = {};
  for (const { user, position, startUnits } of racers) {
    const row = await server.context.db.selectFrom('futures_positions').selectAll().where('id', '=', BigInt(position.id)).executeTakeFirstOrThrow();
    expect(row.status).toBe('closed');
    reasons[row.close_reason!] = (reasons[row.close_reason!] ?? 0) + 1;
    const closes = await server.context.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `futures:close:${position.id}`).execute();
    expect(closes).toHaveLength(1);
    const fees = BigInt(row.open_fee_units) + BigInt(row.close_fee_units!);
    expect((await futuresUsdtUnits(server, user.userId)) - startUnits).toBe(BigInt(row.realized_pnl_units!) - fees);
    const notifications = await server.context.db.selectFrom('notifications').select('id').where('user_id', '=', BigInt(user.userId)).where('type', '=', BigInt(FUTURES_NOTIFICATION_TYPE)).execute();
    expect(notifications).toHaveLength(row.close_reason === 'user' ? 0 : 1);
  }
  expect((await auditLedger(server.context.db)).problems).toEqual([]);
  return reasons;
}

describe('futures closes racing', () => {
  it('an owner closing and the stop-loss firing at once close each position once', async () => {
    const racers = await openLongs(RACERS, { leverage: 10, stopLoss: '59500' });
    server.app.prices.setReference(BTC_SPOT, 5_940_000n);
    const loop = riskLoopOf(server.context);
    const close = ({ user, position }: (typeof racers)[number]) => post<FuturesPosition>(user, `/futures/closeorder?id=${position.id}`);
    // Half the owners ask first; the round starts once one of them is answered, and the other half ask while it runs.
    const first = racers.filter((_, index) => index % 2 === 0).map(close);
    await Promise.race(first);
    server.app.prices.sample();
    const second = racers.filter((_, index) => index % 2 === 1).map(close);
    const answers = await Promise.all([...first, ...second]);
    await loop.idle();
    for (const answer of answers) {
      expect(answer.errcode).toBe(0);
      expect(answer.data.status).toBe('closed');
    }
    const reasons = await expectSettledOnce(racers);
    expect(Object.keys(reasons).every((reason) => reason === 'user' || reason === 'stopLoss')).toBe(true);
    console.info(`futures close vs stop-loss, ${RACERS} positions: ${JSON.stringify(reasons)}, each closed once`);
  });

  it('an owner closing and the liquidation at once close each position once, as a liquidation', async () => {
    const racers = await openLongs(RACERS, { leverage: 100 });
    // 100x from 60,012 is liquidated near 59,712: a gap to 59,000 is past it, and past bankruptcy.
    server.app.prices.setReference(BTC_SPOT, 5_900_000n);
    const closes = racers.map(({ user, position }) => post<FuturesPosition>(user, `/futures/closeorder?id=${position.id}`));
    await Promise.race(closes);
    const round = riskLoopOf(server.context).settleDue(BTC_FUTURES, 590_000n);
    const answers = await Promise.all(closes);
    await round;
    for (const answer of answers) expect(answer.data.closeReason).toBe('liquidation');
    const reasons = await expectSettledOnce(racers);
    expect(reasons).toEqual({ liquidation: RACERS });
    console.info(`futures close vs liquidation, ${RACERS} positions: ${JSON.stringify(reasons)}, each closed once`);
  });

  it('many closes and risk rounds of one position at once close it once', async () => {
    const racers = await openLongs(1, { leverage: 20, stopLoss: '59000' });
    const [{ user, position }] = racers as [(typeof racers)[number]];
    server.app.prices.setReference(BTC_SPOT, 5_890_000n);
    const loop = riskLoopOf(server.context);
    const attempts = [
      ...Array.from({ length: 20 }, () => post<FuturesPosition>(user, `/futures/closeorder?id=${position.id}`)),
      ...Array.from({ length: 5 }, () => loop.settleDue(BTC_FUTURES, 589_000n)),
    ];
    await Promise.all(attempts);
    await loop.idle();
    const reasons = await expectSettledOnce(racers);
    console.info(`futures: 20 closes and 5 risk rounds of one position: ${JSON.stringify(reasons)}, closed once`);
  });
});
