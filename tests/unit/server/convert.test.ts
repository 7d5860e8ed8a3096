/**
 * Proves the convert calls against a real book and ledger: quotes take the worse for the user of
 * the index price and the book (the user's own orders left out), are refused where there is no
 * index or the book would take the amount only far from it, round what the user receives down; a
 * convert moves exactly the quoted amounts once against the house, within the house's inventory;
 * expired, foreign and unaffordable quotes are refused with nothing written, racing converts
 * never overdraw and keep the audit clean, and history is paged and private.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { auditLedger } from '../../../server/ledger/audit';
import { systemOwner, userBalances } from '../../../server/ledger/ledger';
import { QUOTE_VALIDITY_MS } from '../../../server/modules/convert/service';
import { ERRCODES } from '../../../src/shared/errcodes';
import type { ConvertOrder, ConvertQuote } from '../../../src/shared/api/convert';
import { formatUnits, parseUnits } from '../../../src/shared/money';
import { createTestUser, creditUser, fundHouse, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

const BTC_USDT = 301;
const ETH_USDT = 302;
const USDC_USDT = 310;
/** The index prices the tests' reference feed gives (ticks of each symbol): BTC at the book's mid. */
const INDEX_TICKS: Record<number, bigint> = { [BTC_USDT]: 5_950_000n, [USDC_USDT]: 9_995n };
const SCALES: Record<string, number> = { BTC: 8, USDT: 6, USDC: 6, ETH: 8 };

let server: TestServer;

/**
 * One maker's book, the same for every test (converts trade with the house, never on the book):
 * BTC_USDT asks 0.5 @ 60000 and 1 @ 61000, bids 0.5 @ 59000 and 1 @ 58000; USDC_USDT a bid of
 * 1000 @ 0.999; ETH_USDT empty.
 */
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  const maker = await createTestUser(server);
  await creditUser(server, maker.userId, 'BTC', '10');
  await creditUser(server, maker.userId, 'USDT', '200000');
  const engine = server.app.engine;
  const place = (symbolId: number, side: 'buy' | 'sell', price: string, quantity: string) =>
    engine.placeOrder({ userId: maker.userId, symbolId, side, type: 'limit', price, quantity });
  await place(BTC_USDT, 'sell', '60000', '0.5');
  await place(BTC_USDT, 'sell', '61000', '1');
  await place(BTC_USDT, 'buy', '59000', '0.5');
  await place(BTC_USDT, 'buy', '58000', '1');
  await place(USDC_USDT, 'buy', '0.999', '1000');
  expect(engine.depth(BTC_USDT, 10)).toMatchObject({ asks: [['60000.00', '0.500000'], ['61000.00', '1.000000']], bids: [['59000.00', '0.500000'], ['58000.00', '1.000000']] });
  await fundHouse(server, { BTC: '50', USDT: '5000000', USDC: '1000000' });
});
/** The tests are the reference feed: a fresh reference before each (one goes stale after 30 s). */
beforeEach(() => {
  for (const [symbolId, ticks] of Object.entries(INDEX_TICKS)) server.app.prices.setReference(Number(symbolId), ticks);
});
afterAll(async () => {
  await server.close();
});

function post(url: string, user: TestUser | null, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return callApi(server, 'POST', url, { as: user, payload });
}

async function quote(user: TestUser, from: string, to: string, amount: string): Promise<ConvertQuote> {
  const response = await post('/convert/quote', user, { from, to, amount });
  const body = response.json();
  expect(body, JSON.stringify(body)).toMatchObject({ errcode: 0 });
  return body.data as ConvertQuote;
}

async function create(user: TestUser, quoteId: string): Promise<{ errcode: number; data?: ConvertOrder }> {
  return (await post('/convert/create', user, { quoteId })).json();
}

async function spot(userId: number): Promise<Record<string, string>> {
  const list = await userBalances(server.context.db, userId);
  return Object.fromEntries(list.filter((entry) => entry.wallet === 'spot').map((entry) => [entry.currency, formatUnits(entry.availableUnits, SCALES[entry.currency] ?? 8)]));
}

async function fundedUser(currency: string, amount: string, options: { testEnabled?: boolean } = {}): Promise<TestUser> {
  const user = await createTestUser(server, options);
  await creditUser(server, user.userId, currency, amount);
  return user;
}

/** What a refused create must leave: the quote unused, no order, no convert postings. */
async function expectNothingWritten(user: TestUser, quoteId: string) {
  const row = await server.context.db.selectFrom('convert_quotes').select('used_at').where('id', '=', quoteId).executeTakeFirstOrThrow();
  expect(row.used_at).toBeNull();
  const orders = await server.context.db.selectFrom('convert_orders').select('id').where('user_id', '=', BigInt(user.userId)).execute();
  expect(orders).toEqual([]);
  const transactions = await server.context.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('kind', '=', 'convert')
    .where('owner_key', '=', `u:${user.userId}`)
    .execute();
  expect(transactions).toEqual([]);
}

async function expectAuditOk() {
  const report = await auditLedger(server.context.db);
  expect(report.problems).toEqual([]);
}

describe('POST /convert/quote', () => {
  it('prices USDT -> BTC from the best ask (worse for the user than the index of 59500), takes the 0.2% spread and rounds what the user receives down', async () => {
    const user = await fundedUser('USDT', '1000');
    const before = server.context.now();
    const answer = await quote(user, 'usdt', 'btc', '1000');
    // 1000 / 60000 = 0.016666666.. BTC -> 1666666 units; less 0.2% = 1663332.668 -> 1663332.
    expect(answer).toMatchObject({ from: 'USDT', to: 'BTC', fromAmount: '1000.000000', toAmount: '0.01663332', route: ['BTC_USDT'], validForMs: QUOTE_VALIDITY_MS });
    expect(answer.price).toBe('0.00001663');
    // 1000 / 0.01663332 = 60120.288673578.. rounded up.
    expect(answer.inversePrice).toBe('60120.28867358');
    expect(answer.expiresAt).toBeGreaterThanOrEqual(before + QUOTE_VALIDITY_MS);
    expect(answer.quoteId).toMatch(/^[\w-]{22}$/);
    const again = await quote(user, 'USDT', 'BTC', '1000');
    expect(again.quoteId).not.toBe(answer.quoteId);
  });

  it('walks the book: a large convert fills deeper levels at a worse price', async () => {
    const user = await fundedUser('USDT', '1');
    const small = await quote(user, 'USDT', 'BTC', '1000');
    // 30000 USDT buys the 0.5 BTC at 60000, the other 10000 buys 0.16393442 BTC at 61000.
    const large = await quote(user, 'USDT', 'BTC', '40000');
    expect(large.toAmount).toBe('0.66260655');
    expect(Number(large.inversePrice)).toBeGreaterThan(Number(small.inversePrice));
  });

  it('prices BTC -> USDT from the best bid', async () => {
    const user = await fundedUser('BTC', '1');
    const answer = await quote(user, 'BTC', 'USDT', '0.1');
    // 0.1 x 59000 = 5900 USDT, less 0.2% = 5888.2.
    expect(answer).toMatchObject({ fromAmount: '0.10000000', toAmount: '5888.200000', price: '58882.00000000', inversePrice: '0.00001699' });
  });

  it('routes two currencies without a common symbol through USDT', async () => {
    const user = await fundedUser('USDC', '100');
    const answer = await quote(user, 'USDC', 'BTC', '100');
    // 100 USDC x 0.999 = 99.9 USDT; 99.9 / 60000 = 0.001665 BTC; less 0.2% = 0.00166167.
    expect(answer).toMatchObject({ route: ['USDC_USDT', 'BTC_USDT'], toAmount: '0.00166167' });
  });

  it('refuses an amount the book cannot fill, or fills only far from the index, with noLiquidity', async () => {
    const user = await fundedUser('BTC', '5');
    const tooDeep = await post('/convert/quote', user, { from: 'BTC', to: 'USDT', amount: '1.6' });
    expect(tooDeep.json()).toMatchObject({ errcode: ERRCODES.noLiquidity });
    // 1.4 BTC sells 0.5 at 59000 and 0.9 at 58000: 81700, 1.9 % under the index's 83300: quoted.
    expect((await post('/convert/quote', user, { from: 'BTC', to: 'USDT', amount: '1.4' })).json()).toMatchObject({ errcode: 0 });
    // With the index at 60000, the same walk is 2.7 % under it: quoted; at 61000, 4.3 %: refused.
    server.app.prices.setReference(BTC_USDT, 6_000_000n);
    expect((await post('/convert/quote', user, { from: 'BTC', to: 'USDT', amount: '1.4' })).json()).toMatchObject({ errcode: 0 });
    server.app.prices.setReference(BTC_USDT, 6_100_000n);
    expect((await post('/convert/quote', user, { from: 'BTC', to: 'USDT', amount: '1.4' })).json()).toMatchObject({ errcode: ERRCODES.noLiquidity });
    server.app.prices.setReference(BTC_USDT, INDEX_TICKS[BTC_USDT]!);
    server.app.prices.setReference(ETH_USDT, 300_000n);
    const emptyBook = await post('/convert/quote', user, { from: 'USDT', to: 'ETH', amount: '10' });
    expect(emptyBook.json()).toMatchObject({ errcode: ERRCODES.noLiquidity });
  });

  it('refuses a market without an index price (no fresh reference, not enough of the book) with indexUnavailable', async () => {
    const user = await fundedUser('USDT', '100');
    // LTC_USDT has neither a reference nor a book; BTC's reference goes stale after 30 s.
    expect((await post('/convert/quote', user, { from: 'USDT', to: 'LTC', amount: '10' })).json()).toMatchObject({ errcode: ERRCODES.indexUnavailable });
    server.advance(30_001);
    expect((await post('/convert/quote', user, { from: 'USDT', to: 'BTC', amount: '10' })).json()).toMatchObject({ errcode: ERRCODES.indexUnavailable });
  });

  it('refuses an amount that would bring nothing with amountTooSmall', async () => {
    const user = await fundedUser('USDT', '1');
    const response = await post('/convert/quote', user, { from: 'USDT', to: 'BTC', amount: '0.000001' });
    expect(response.json()).toMatchObject({ errcode: ERRCODES.amountTooSmall });
  });

  it('refuses a currency to itself, unknown currencies and malformed amounts', async () => {
    const user = await fundedUser('USDT', '1');
    expect((await post('/convert/quote', user, { from: 'USDT', to: 'USDT', amount: '1' })).json()).toMatchObject({ errcode: ERRCODES.pairNotSupported });
    expect((await post('/convert/quote', user, { from: 'ABC', to: 'USDT', amount: '1' })).json()).toMatchObject({ errcode: ERRCODES.unknownCurrency });
    expect((await post('/convert/quote', user, { from: 'USDT', to: 'BTC', amount: '1.0000001' })).json()).toMatchObject({ errcode: ERRCODES.invalidAmount });
    expect((await post('/convert/quote', user, { from: 'USDT', to: 'BTC', amount: '0' })).json()).toMatchObject({ errcode: ERRCODES.invalidAmount });
    const badField = await post('/convert/quote', user, { from: 'USDT', to: 'BTC', amount: '-5' });
    expect(badField.statusCode).toBe(400);
    expect(badField.json()).toMatchObject({ errcode: 400, fields: { amount: expect.any(String) } });
  });
});

describe('POST /convert/create', () => {
  it('converts USDT -> BTC at the quoted amounts against the house, out of its inventory', async () => {
    const user = await fundedUser('USDT', '1500');
    const houseBefore = await houseBalances();
    const answer = await quote(user, 'USDT', 'BTC', '1000');
    const result = await create(user, answer.quoteId);
    expect(result).toMatchObject({ errcode: 0, data: { from: 'USDT', to: 'BTC', fromAmount: '1000.000000', toAmount: '0.01663332', price: answer.price, inversePrice: answer.inversePrice } });
    expect(await spot(user.userId)).toEqual({ USDT: '500.000000', BTC: '0.01663332' });
    const houseAfter = await houseBalances();
    expect(houseAfter.USDT - houseBefore.USDT).toBe(1_000_000_000n);
    expect(houseAfter.BTC - houseBefore.BTC).toBe(-1_663_332n);
    await expectAuditOk();
    // The result is in the notification centre, written with the convert.
    const notifications = (await post('/notification/list', user, {})).json().data as { typeName: string; message: string }[];
    expect(notifications.map((item) => [item.typeName, item.message])).toEqual([['other', 'Converted 1000.000000 USDT to 0.01663332 BTC.']]);
  });

  it('converts BTC -> USDT and the user pays exactly the amount while receiving it rounded down', async () => {
    const user = await fundedUser('BTC', '0.1');
    // One satoshi at 59000 is 0.00059 USDT; less 0.2% is 0.00058882, rounded down to the USDT scale.
    const tiny = await quote(user, 'BTC', 'USDT', '0.00000001');
    expect(tiny.toAmount).toBe('0.000588');
    expect(await create(user, tiny.quoteId)).toMatchObject({ errcode: 0 });
    const rest = await quote(user, 'BTC', 'USDT', '0.09999999');
    expect(await create(user, rest.quoteId)).toMatchObject({ errcode: 0, data: { fromAmount: '0.09999999' } });
    // 0.09999999 x 59000 = 5899.99941 USDT; less 0.2% = 5888.199411.. -> 5888.199411.
    expect(rest.toAmount).toBe('5888.199411');
    expect(await spot(user.userId)).toEqual({ BTC: '0.00000000', USDT: '5888.199999' });
  });

  it('refuses a quote once the server clock passes its validity and posts nothing', async () => {
    const user = await fundedUser('USDT', '100');
    const inTime = await quote(user, 'USDT', 'BTC', '10');
    const late = await quote(user, 'USDT', 'BTC', '10');
    server.advance(QUOTE_VALIDITY_MS - 3_000);
    expect(await create(user, inTime.quoteId)).toMatchObject({ errcode: 0 });
    server.advance(3_000);
    expect(await create(user, late.quoteId)).toMatchObject({ errcode: ERRCODES.quoteExpired });
    const row = await server.context.db.selectFrom('convert_quotes').select('used_at').where('id', '=', late.quoteId).executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
    const orders = await server.context.db.selectFrom('convert_orders').select('quote_id').where('user_id', '=', BigInt(user.userId)).execute();
    expect(orders.map((order) => order.quote_id)).toEqual([inTime.quoteId]);
    expect(await spot(user.userId)).toMatchObject({ USDT: '90.000000' });
  });

  it("answers another user's quote exactly like an unknown one and leaves it usable by its owner", async () => {
    const owner = await fundedUser('USDT', '100');
    const other = await fundedUser('USDT', '100');
    const answer = await quote(owner, 'USDT', 'BTC', '10');
    const foreign = await create(other, answer.quoteId);
    const unknown = await create(other, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(foreign).toMatchObject({ errcode: ERRCODES.quoteNotFound });
    expect(foreign).toEqual(unknown);
    await expectNothingWritten(other, answer.quoteId);
    expect(await spot(other.userId)).toEqual({ USDT: '100.000000' });
    expect(await create(owner, answer.quoteId)).toMatchObject({ errcode: 0 });
  });

  it('has one effect for a reused quote: a repeat, even a concurrent one, answers the same order', async () => {
    const user = await fundedUser('USDT', '100');
    const first = await quote(user, 'USDT', 'BTC', '10');
    const order = await create(user, first.quoteId);
    expect(order).toMatchObject({ errcode: 0 });
    expect(await create(user, first.quoteId)).toEqual(order);

    const second = await quote(user, 'USDT', 'BTC', '10');
    const racing = await Promise.all([create(user, second.quoteId), create(user, second.quoteId), create(user, second.quoteId)]);
    expect(racing[0]).toMatchObject({ errcode: 0 });
    expect(racing[1]).toEqual(racing[0]);
    expect(racing[2]).toEqual(racing[0]);
    expect(racing[0]!.data!.id).not.toBe(order.data!.id);
    expect(await spot(user.userId)).toEqual({ USDT: '80.000000', BTC: formatUnits(2n * 16_632n, 8) });
    await expectAuditOk();
  });

  it('refuses a convert the balance does not cover with insufficientBalance and writes nothing', async () => {
    const user = await fundedUser('USDT', '10');
    const answer = await quote(user, 'USDT', 'BTC', '1000');
    expect(await create(user, answer.quoteId)).toMatchObject({ errcode: ERRCODES.insufficientBalance });
    await expectNothingWritten(user, answer.quoteId);
    expect(await spot(user.userId)).toEqual({ USDT: '10.000000' });
    await expectAuditOk();
  });

  it('never overdraws under 50 concurrent converts that the balance covers only some of, and the audit stays clean', async () => {
    const user = await fundedUser('USDT', '100');
    const quotes = await Promise.all(Array.from({ length: 50 }, () => quote(user, 'USDT', 'BTC', '12')));
    const results = await Promise.all(quotes.map((answer) => create(user, answer.quoteId)));
    const succeeded = results.filter((result) => result.errcode === 0);
    const refused = results.filter((result) => result.errcode === ERRCODES.insufficientBalance);
    // 100 USDT covers eight converts of 12 USDT.
    expect(succeeded).toHaveLength(8);
    expect(refused).toHaveLength(42);
    const perConvert = parseUnits(quotes[0]!.toAmount, 8);
    expect(await spot(user.userId)).toEqual({ USDT: '4.000000', BTC: formatUnits(8n * perConvert, 8) });
    await expectAuditOk();
  });

  it('refuses a convert the house\'s inventory cannot pay with platformLimitReached, and writes nothing', async () => {
    const user = await fundedUser('USDC', '2000000');
    // The house holds 1,000,000 USDC and 5,000,000 USDT: 1,500,000 USDT -> USDC is more USDC than it has.
    const rich = await fundedUser('USDT', '1500000');
    server.app.prices.setReference(USDC_USDT, 10_000n);
    await server.app.engine.placeOrder({ userId: user.userId, symbolId: USDC_USDT, side: 'sell', type: 'limit', price: '1.0000', quantity: '2000000' });
    const answer = await quote(rich, 'USDT', 'USDC', '1500000');
    expect(await create(rich, answer.quoteId)).toMatchObject({ errcode: ERRCODES.platformLimitReached });
    await expectNothingWritten(rich, answer.quoteId);
    const house = await server.context.db
      .selectFrom('ledger_accounts')
      .select('balance_units')
      .where('owner_key', '=', systemOwner('house'))
      .where('currency', '=', 'USDC')
      .executeTakeFirstOrThrow();
    expect(house.balance_units).toBeGreaterThanOrEqual(0n);
    await expectAuditOk();
  });

  it('validates the quote id', async () => {
    const user = await fundedUser('USDT', '1');
    const response = await post('/convert/create', user, { quoteId: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errcode: 400, fields: { quoteId: expect.any(String) } });
  });
});

describe('GET /convert/history', () => {
  it("pages the user's converts newest first with a total, and shows nobody else's", async () => {
    const user = await fundedUser('USDT', '100');
    const other = await fundedUser('USDT', '100');
    const ids: number[] = [];
    for (const amount of ['1', '2', '3']) {
      const result = await create(user, (await quote(user, 'USDT', 'BTC', amount)).quoteId);
      ids.push(result.data!.id);
    }
    await create(other, (await quote(other, 'USDT', 'BTC', '5')).quoteId);

    const history = (query: string, who: TestUser) => server.app.inject({ method: 'GET', url: `/api/v1/convert/history${query}`, headers: who.headers });
    const first = (await history('?limit=2', user)).json();
    expect(first).toMatchObject({ errcode: 0, data: { total: 3 } });
    expect(first.data.list.map((order: ConvertOrder) => order.id)).toEqual([ids[2], ids[1]]);
    expect(first.data.list[0]).toMatchObject({ from: 'USDT', to: 'BTC', fromAmount: '3.000000' });
    const second = (await history('?offset=2&limit=2', user)).json();
    expect(second.data.list.map((order: ConvertOrder) => order.id)).toEqual([ids[0]]);
    const capped = (await history('?limit=2147483647', user)).json();
    expect(capped.data.list).toHaveLength(3);
    const others = (await history('', other)).json();
    expect(others.data.total).toBe(1);
    expect(others.data.list[0].fromAmount).toBe('5.000000');
    expect((await history('?offset=-1', user)).statusCode).toBe(400);
  });
});

describe('GET /convert/pairs', () => {
  it('lists the visible pairs with indicative prices, spread included, to visitors', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/convert/pairs' });
    const body = response.json();
    expect(body).toMatchObject({ errcode: 0, data: { spread: '0.002', validForMs: QUOTE_VALIDITY_MS } });
    const bySymbol = new Map(body.data.pairs.map((pair: { symbol: string }) => [pair.symbol, pair]));
    // From the index (59500): buying pays 59500 / 0.998 rounded up; selling gets 59500 x 0.998.
    expect(bySymbol.get('BTC_USDT')).toEqual({ symbol: 'BTC_USDT', base: 'BTC', quote: 'USDT', buyPrice: '59619.24', sellPrice: '59381.00' });
    expect(bySymbol.get('LTC_USDT')).toMatchObject({ buyPrice: null, sellPrice: null });
    expect(bySymbol.has('BTC_USDC')).toBe(false);
    expect(body.data.currencies).toContainEqual({ code: 'BTC', displayName: 'Bitcoin', scale: 8 });
  });

  it('shows test-only pairs, and quotes through them, only for test-enabled accounts', async () => {
    const tester = await fundedUser('USDC', '10', { testEnabled: true });
    const pairs = (await server.app.inject({ method: 'GET', url: '/api/v1/convert/pairs', headers: tester.headers })).json();
    expect(pairs.data.pairs.map((pair: { symbol: string }) => pair.symbol)).toContain('BTC_USDC');
    // The test-only market has no index (nor a book), so the tester's direct route is refused while others route through USDT.
    expect((await post('/convert/quote', tester, { from: 'USDC', to: 'BTC', amount: '10' })).json()).toMatchObject({ errcode: ERRCODES.indexUnavailable });
  });
});

describe('signed out', () => {
  it('answers every user call with 401 and changes nothing', async () => {
    expect((await post('/convert/quote', null, { from: 'USDT', to: 'BTC', amount: '1' })).statusCode).toBe(401);
    expect((await post('/convert/create', null, { quoteId: 'AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/convert/history' })).statusCode).toBe(401);
  });
});

async function houseBalances(): Promise<{ USDT: bigint; BTC: bigint }> {
  const rows = await server.context.db
    .selectFrom('ledger_accounts')
    .select(['currency', 'balance_units'])
    .where('owner_key', '=', systemOwner('house'))
    .where('wallet', '=', 'system')
    .execute();
  const units = (currency: string) => rows.find((row) => row.currency === currency)?.balance_units ?? 0n;
  return { USDT: units('USDT'), BTC: units('BTC') };
}

