/**
 * Replays the attacks of the trust review (issue 12) against a real server and shows each gains
 * nothing: a convert priced after moving the book with one's own orders, orders on a test-only
 * market by an account without test access, a password guessed with a new session for every try,
 * an order worth just under the minimum, and a socket that keeps listening after sign-out. Each
 * test prints its figure.
 */
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../server/ledger/audit';
import { userBalances } from '../../server/ledger/ledger';
import { SPREAD_PPM } from '../../server/modules/convert/service';
import { ERRCODES } from '../../src/shared/errcodes';
import { formatUnits } from '../../src/shared/money';
import { REALTIME_PATH, userChannel, type OrderMessage } from '../../src/shared/realtime';
import { createTestUser, creditUser, fundHouse, type TestUser } from '../helpers/auth';
import { callApi } from '../helpers/inject';
import { buildTestServer, type TestServer } from '../helpers/server';
import { startSession } from '../helpers/signin';

const ETH_BTC = 309;
const BTC_USDC = 311;
/** ETH at 3000 USD, BTC at 90000: 0.03333 BTC per ETH, in ticks of 5 decimals. */
const ETH_BTC_INDEX_TICKS = 3_333n;

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  await fundHouse(server, { BTC: '100', ETH: '3000', USDT: '1000000' });
});
afterAll(async () => {
  await server.close();
});

function post(user: TestUser, url: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return callApi(server, 'POST', url, { as: user, payload });
}

async function spot(userId: number): Promise<Map<string, bigint>> {
  return new Map((await userBalances(server.context.db, userId)).filter((entry) => entry.wallet === 'spot').map((entry) => [entry.currency, entry.availableUnits + entry.heldUnits]));
}

describe('attacks that must gain nothing', () => {
  it('a convert priced after moving the book with one\'s own orders pays no more than the index', async () => {
    server.app.prices.setReference(ETH_BTC, ETH_BTC_INDEX_TICKS);
    // A thin market as the robots keep it: a few levels each side of the index.
    const maker = await createTestUser(server);
    await creditUser(server, maker.userId, 'ETH', '10');
    await creditUser(server, maker.userId, 'BTC', '1');
    const place = (side: 'buy' | 'sell', price: string, quantity: string) =>
      server.app.engine.placeOrder({ userId: maker.userId, symbolId: ETH_BTC, side, type: 'limit', price, quantity });
    for (const [price, quantity] of [['0.03340', '0.2'], ['0.03345', '0.2'], ['0.03350', '0.2']] as const) await place('sell', price, quantity);
    for (const [price, quantity] of [['0.03325', '0.2'], ['0.03320', '0.2'], ['0.03315', '0.2']] as const) await place('buy', price, quantity);

    const attacker = await createTestUser(server);
    await creditUser(server, attacker.userId, 'ETH', '1');
    await creditUser(server, attacker.userId, 'BTC', '1');
    const before = await spot(attacker.userId);
    // 1. Buy out the ask side at market. 2. Rest a bid at three times the market.
    expect((await post(attacker, '/exchange/create', { symbol: 'ETH_BTC', side: 'buy', type: 'market', quoteAmount: '0.02011' })).json()).toMatchObject({ errcode: 0 });
    const bid = (await post(attacker, '/exchange/create', { symbol: 'ETH_BTC', side: 'buy', type: 'limit', price: '0.10000', quantity: '0.5' })).json<{ errcode: number; data: { id: number } }>();
    expect(bid.errcode).toBe(0);
    // 3. Quote 0.3 ETH to BTC against the moved book. 4. Cancel the bid. 5. Convert.
    const quote = (await post(attacker, '/convert/quote', { from: 'ETH', to: 'BTC', amount: '0.3' })).json<{ errcode: number; data: { quoteId: string; toAmount: string } }>();
    expect((await post(attacker, `/exchange/cancelorder?id=${bid.data.id}`, {})).json()).toMatchObject({ errcode: 0 });
    const offeredBtc = quote.errcode === 0 ? quote.data.toAmount : '0';
    if (quote.errcode === 0) expect((await post(attacker, '/convert/create', { quoteId: quote.data.quoteId })).json()).toMatchObject({ errcode: 0 });

    // Fair: 0.3 ETH (30,000,000 units) at the index (ticks of 1e-5 BTC), less the spread, in satoshi.
    const fairSatoshi = (((30_000_000n * ETH_BTC_INDEX_TICKS) / 100_000n) * (1_000_000n - SPREAD_PPM)) / 1_000_000n;
    expect(BigInt(Math.round(Number(offeredBtc) * 1e8))).toBeLessThanOrEqual(fairSatoshi);
    // Valued at the index, the attacker ends with less than they started with (fees, spread).
    const after = await spot(attacker.userId);
    const valueSatoshi = (balances: Map<string, bigint>) => (balances.get('BTC') ?? 0n) + ((balances.get('ETH') ?? 0n) * ETH_BTC_INDEX_TICKS) / 100_000n;
    const gain = valueSatoshi(after) - valueSatoshi(before);
    console.info(`convert after moving the book (bid at 3x, then cancelled): offered ${offeredBtc} BTC for 0.3 ETH, fair ${formatUnits(fairSatoshi, 8)}; gain at the index ${formatUnits(gain, 8)} BTC`);
    expect(gain).toBeLessThanOrEqual(0n);
    expect((await auditLedger(server.context.db)).problems).toEqual([]);
  });

  it('a test-only market refuses every order of an account without test access, and takes a tester\'s', async () => {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDC', '1000');
    await creditUser(server, user.userId, 'BTC', '1');
    const attempts = [
      { symbol: 'BTC_USDC', side: 'buy', type: 'limit', price: '80000', quantity: '0.001' },
      { symbol: String(BTC_USDC), side: 'sell', type: 'limit', price: '99000', quantity: '0.001' },
      { symbol: 'btc/usdc', side: 'buy', type: 'market', quoteAmount: '100' },
      { symbol: 'BTC_USDC', side: 'sell', type: 'market', quantity: '0.001' },
    ];
    const codes = await Promise.all(attempts.map(async (body) => (await post(user, '/exchange/create', body)).json<{ errcode: number }>().errcode));
    console.info(`orders on a hidden test-only market: ${codes.filter((code) => code === ERRCODES.symbolNotFound).length} of ${codes.length} refused as unknown`);
    expect(codes).toEqual(attempts.map(() => ERRCODES.symbolNotFound));
    expect((await post(user, '/exchange/activeorders?symbol=BTC_USDC', {})).json()).toMatchObject({ errcode: ERRCODES.symbolNotFound });
    const tester = await createTestUser(server, { testEnabled: true });
    await creditUser(server, tester.userId, 'USDC', '1000');
    expect((await post(tester, '/exchange/create', attempts[0]!)).json()).toMatchObject({ errcode: 0 });
  });

  it('a password guessed from a new session every try meets the captcha after three', async () => {
    const { userId } = await createTestUser(server);
    const row = await server.context.db.selectFrom('users').select('email').where('id', '=', BigInt(userId)).executeTakeFirstOrThrow();
    const codes: number[] = [];
    for (let guess = 0; guess < 10; guess += 1) {
      const session = await startSession(server);
      const answer = await server.app.inject({ method: 'POST', url: '/api/v1/account/signin', headers: session.headers, payload: { username: row.email, password: `Guess${guess}xyz` }, remoteAddress: '192.0.2.44' });
      codes.push(answer.json<{ errcode: number }>().errcode);
    }
    console.info(`10 guesses from 10 new sessions: ${codes.filter((code) => code === ERRCODES.wrongCredentials).length} checked, ${codes.filter((code) => code === ERRCODES.captchaRequired).length} stopped at the captcha`);
    expect(codes.filter((code) => code === ERRCODES.wrongCredentials)).toHaveLength(3);
  });

  it('an order worth just under the minimum is refused, however it rounds', async () => {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', '10');
    const answer = await post(user, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '99999.99', quantity: '0.00001' });
    console.info(`an order worth 0.9999999 USDT against a 1 USDT minimum: errcode ${answer.json<{ errcode: number }>().errcode}`);
    expect(answer.json()).toMatchObject({ errcode: ERRCODES.orderValueTooSmall });
  });

  it('a socket opened before sign-out hears none of the user\'s events after it', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as AddressInfo).port;
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', '100');
    const socket = connectSocket(`http://127.0.0.1:${port}`, { path: REALTIME_PATH, transports: ['websocket'], extraHeaders: { cookie: user.cookie, origin: `http://127.0.0.1:${port}` }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    try {
      const orders: OrderMessage[] = [];
      socket.on('order', (message: OrderMessage) => orders.push(message));
      expect(server.app.realtime.sockets.adapter.rooms.get(userChannel(user.userId))?.size).toBe(1);
      expect((await post(user, '/account/signout', {})).json()).toMatchObject({ errcode: 0 });
      await server.app.engine.placeOrder({ userId: user.userId, symbolId: 301, side: 'buy', type: 'limit', price: '50000', quantity: '0.001' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      console.info(`events heard by a socket after its sign-out: ${orders.length}`);
      expect(orders).toEqual([]);
    } finally {
      socket.disconnect();
    }
  });
});
