/**
 * Proves that money cannot be spent twice: 200 concurrent spends of one whole balance through the
 * real HTTP calls (orders, transfers, converts, and all three at once), 200 concurrent cancels of
 * one order, 200 concurrent repeats of one idempotency key, 200 concurrent check-ins of one user and
 * 200 concurrent draws with one lucky-draw ticket each have exactly one effect, and the ledger audit
 * stays clean. Each test prints its figure.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../server/ledger/audit';
import { userBalances } from '../../server/ledger/ledger';
import { ERRCODES } from '../../src/shared/errcodes';
import { insertTicket } from '../../server/modules/rewards/repo';
import { createTestUser, creditUser, fundHouse, fundPlatformAccount, type TestUser } from '../helpers/auth';
import { callApi } from '../helpers/inject';
import { buildTestServer, type TestServer } from '../helpers/server';

const BTC_USDT = 301;
const RACERS = 200;

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  // A book to convert against (a maker's asks and bids around 90000) and a house to pay out.
  const maker = await createTestUser(server);
  await creditUser(server, maker.userId, 'BTC', '10');
  await creditUser(server, maker.userId, 'USDT', '1000000');
  await server.app.engine.placeOrder({ userId: maker.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90100', quantity: '5' });
  await server.app.engine.placeOrder({ userId: maker.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '89900', quantity: '5' });
  await fundHouse(server, { BTC: '100', USDT: '10000000' });
  await fundPlatformAccount(server, 'rewards', { USDT: '10000' });
});
beforeEach(() => {
  server.app.prices.setReference(BTC_USDT, 9_000_000n);
});
afterAll(async () => {
  await server.close();
});

function post(user: TestUser, url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return callApi(server, 'POST', url, { as: user, payload, headers });
}

const errcodeOf = (response: LightMyRequestResponse) => response.json<{ errcode: number }>().errcode;

function tally(codes: number[]): string {
  const counts = new Map<number, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].map(([code, count]) => `${count} x ${code === 0 ? 'accepted' : code}`).join(', ');
}

async function spotUnits(userId: number, currency: string): Promise<bigint> {
  return (await userBalances(server.context.db, userId)).find((entry) => entry.wallet === 'spot' && entry.currency === currency)?.availableUnits ?? 0n;
}

async function expectAuditClean(): Promise<void> {
  expect((await auditLedger(server.context.db)).problems).toEqual([]);
}

async function quoteId(user: TestUser, amount: string): Promise<string> {
  const answer = await post(user, '/convert/quote', { from: 'USDT', to: 'BTC', amount });
  return answer.json<{ data: { quoteId: string } }>().data.quoteId;
}

describe('concurrent spends of one balance', () => {
  it(`${RACERS} concurrent orders that each need the whole balance: exactly one is accepted`, async () => {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', '900');
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () => post(user, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '80000', quantity: '0.01125' })),
    );
    const codes = responses.map(errcodeOf);
    console.info(`${RACERS} concurrent whole-balance orders: ${tally(codes)}`);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ERRCODES.insufficientBalance)).toHaveLength(RACERS - 1);
    expect(await spotUnits(user.userId, 'USDT')).toBe(0n);
    await expectAuditClean();
  });

  it(`${RACERS} concurrent whole-balance transfers: exactly one is accepted`, async () => {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', '50');
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () => post(user, '/balance/transfer', { from: 'spot', to: 'futures', currency: 'USDT', amount: '50' }, { 'idempotency-key': crypto.randomUUID() })),
    );
    const codes = responses.map(errcodeOf);
    console.info(`${RACERS} concurrent whole-balance transfers: ${tally(codes)}`);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(await spotUnits(user.userId, 'USDT')).toBe(0n);
    await expectAuditClean();
  });

  it(`${RACERS} concurrent whole-balance converts: exactly one is accepted`, async () => {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', '100');
    const quotes = await Promise.all(Array.from({ length: RACERS }, () => quoteId(user, '100')));
    const responses = await Promise.all(quotes.map((id) => post(user, '/convert/create', { quoteId: id })));
    const codes = responses.map(errcodeOf);
    console.info(`${RACERS} concurrent whole-balance converts: ${tally(codes)}`);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(await spotUnits(user.userId, 'USDT')).toBe(0n);
    await expectAuditClean();
  });

  it('an order, a transfer and a convert racing for the same funds: one of them takes them', async () => {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', '900');
    const convertQuotes = await Promise.all(Array.from({ length: RACERS / 4 }, () => quoteId(user, '900')));
    const racers = [
      ...Array.from({ length: RACERS / 4 }, () => post(user, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '80000', quantity: '0.01125' })),
      ...Array.from({ length: RACERS / 2 }, () => post(user, '/balance/transfer', { from: 'spot', to: 'finance', currency: 'USDT', amount: '900' }, { 'idempotency-key': crypto.randomUUID() })),
      ...convertQuotes.map((id) => post(user, '/convert/create', { quoteId: id })),
    ];
    const codes = (await Promise.all(racers)).map(errcodeOf);
    console.info(`${RACERS} concurrent spends of one balance by order, transfer and convert: ${tally(codes)}`);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(await spotUnits(user.userId, 'USDT')).toBe(0n);
    await expectAuditClean();
  });
});

describe('concurrent repeats', () => {
  it(`${RACERS} concurrent cancels of one order: one cancels it, the others find it closed`, async () => {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', '900');
    const order = (await post(user, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '80000', quantity: '0.01' })).json<{ data: { id: number } }>().data;
    const codes = (await Promise.all(Array.from({ length: RACERS }, () => post(user, `/exchange/cancelorder?id=${order.id}`, {})))).map(errcodeOf);
    console.info(`${RACERS} concurrent cancels of one order: ${tally(codes)}`);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ERRCODES.orderNotOpen)).toHaveLength(RACERS - 1);
    expect(await spotUnits(user.userId, 'USDT')).toBe(900_000_000n);
    await expectAuditClean();
  });

  it(`${RACERS} concurrent repeats of one idempotency key: one transfer, the same answer to all`, async () => {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', '100');
    const key = crypto.randomUUID();
    const responses = await Promise.all(Array.from({ length: RACERS }, () => post(user, '/balance/transfer', { from: 'spot', to: 'futures', currency: 'USDT', amount: '7' }, { 'idempotency-key': key })));
    const bodies = new Set(responses.map((response) => response.body));
    console.info(`${RACERS} concurrent repeats of one idempotency key: ${bodies.size} distinct answer, ${tally(responses.map(errcodeOf))}`);
    expect(bodies.size).toBe(1);
    expect(await spotUnits(user.userId, 'USDT')).toBe(93_000_000n);
    await expectAuditClean();
  });

  it(`${RACERS} concurrent check-ins of one user: one reward, the others hear alreadyCheckedIn`, async () => {
    // A race that straddled UTC midnight would be two days: start it clear of one.
    const untilMidnightMs = 86_400_000 - (server.context.now() % 86_400_000);
    if (untilMidnightMs < 60_000) server.advance(untilMidnightMs + 1_000);
    const user = await createTestUser(server);
    const codes = (await Promise.all(Array.from({ length: RACERS }, () => post(user, '/checkin', {})))).map(errcodeOf);
    console.info(`${RACERS} concurrent check-ins of one user: ${tally(codes)}`);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ERRCODES.alreadyCheckedIn)).toHaveLength(RACERS - 1);
    expect(await spotUnits(user.userId, 'USDT')).toBe(100_000n);
    await expectAuditClean();
  });

  it(`${RACERS} concurrent draws with one lucky-draw ticket: one prize, the same draw answered to all`, async () => {
    const user = await createTestUser(server);
    await insertTicket(server.context.db, user.userId, 1, server.context.now());
    const ticketId = (await callApi(server, 'GET', '/luckydraw', { as: user })).json<{ data: { ticketIds: number[] } }>().data.ticketIds[0];
    const responses = await Promise.all(Array.from({ length: RACERS }, () => post(user, '/luckydraw', { ticketId })));
    const draws = new Set(responses.map((response) => JSON.stringify(response.json<{ data: { draw: unknown } }>().data.draw)));
    console.info(`${RACERS} concurrent draws with one ticket: ${draws.size} distinct draw, ${tally(responses.map(errcodeOf))}`);
    expect(draws.size).toBe(1);
    const paid = await server.context.db.selectFrom('lucky_draws').select('amount_units').where('user_id', '=', BigInt(user.userId)).execute();
    expect(paid).toHaveLength(1);
    expect(await spotUnits(user.userId, 'USDT')).toBe(paid[0]!.amount_units);
    await expectAuditClean();
  });
});
