/**
 * Engine ownership across instances (issue 19, decision 5; server/cluster): three app instances in
 * one process on one PostgreSQL database, each listening on its own port for the others' internal
 * calls. Every market has exactly one holder; an order placed through an instance that does not
 * hold its market lands in the holder's book and the answer is the holder's; book reads answer
 * the same from every instance; a deposed holder's command is refused by the epoch fence; an
 * internal call that is not signed, signed wrongly, stale or replayed is refused.
 *
 * PostgreSQL: TEST_DATABASE_URL's server when set, else one started here (scripts/lib/local-postgres.ts
 * installs it when missing).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPostgres, type LocalPostgres } from '../../../scripts/lib/local-postgres';
import { INTERNAL_PREFIX } from '../../../server/cluster/forwarder';
import { liveHolderUrl, lockedMarkets } from '../../../server/cluster/owners-repo';
import { signCall, FRESH_MS } from '../../../server/cluster/signing';
import { BusinessError } from '../../../server/core/errors';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from '../../helpers/postgres';
import { freePort } from '../../helpers/freePort';
import { buildTestServer, type TestServer } from '../../helpers/server';

const POSTGRES_PORT = 55436;
const INSTANCES = 3;
const BTC_USDT = 301;
const SECRET = 'cluster-test-secret';

let postgres: LocalPostgres | undefined;
let database: TestDatabase;
const servers: TestServer[] = [];
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  const adminUrl = testPostgresUrl() ?? (postgres = await startLocalPostgres({ port: POSTGRES_PORT, database: 'postgres' })).adminUrl;
  database = await createTestDatabase(adminUrl);
  for (let index = 0; index < INSTANCES; index += 1) {
    const port = await freePort();
    const server = await buildTestServer({ databaseUrl: database.url, demoMode: false, instanceId: `instance-${index}`, internalUrl: `http://127.0.0.1:${port}`, clusterSecret: SECRET });
    await server.app.listen({ port, host: '127.0.0.1' });
    servers.push(server);
  }
  alice = await createTestUser(servers[0]!);
  bob = await createTestUser(servers[0]!);
  await creditUser(servers[0]!, alice.userId, 'USDT', '50000');
  await creditUser(servers[0]!, bob.userId, 'BTC', '1');
  await waitFor(async () => (await lockedMarkets(servers[0]!.context.db)).held.size === servers[0]!.app.engine.symbols().length, 'every market to have a holder');
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  await database?.drop();
  await postgres?.stop();
});

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The instance holding a market now, and one that does not. */
async function holderAndOther(symbolId: number): Promise<{ holder: TestServer; other: TestServer }> {
  const url = await liveHolderUrl(servers[0]!.context.db, symbolId);
  const holder = servers.find((server) => server.context.config.internalUrl === url);
  if (!holder) throw new Error(`no live holder of ${symbolId}`);
  return { holder, other: servers.find((server) => server !== holder)! };
}

const post = (server: TestServer, user: TestUser, url: string, payload: Record<string, unknown> = {}) => callApi(server, 'POST', url, { as: user, payload });

describe('engine ownership on PostgreSQL', () => {
  it('gives every market exactly one holder and spreads the markets over the live instances', async () => {
    const markets = servers[0]!.app.engine.symbols().length;
    await waitFor(async () => {
      const { rows } = await sql<{ instance_id: string; count: string }>`select instance_id, count(*)::text as count from engine_owners group by instance_id`.execute(servers[0]!.context.db);
      return rows.length === servers.length && rows.every((row) => Number(row.count) <= Math.ceil(markets / servers.length));
    }, 'the markets to spread over the three instances');
    const { live, held } = await lockedMarkets(servers[0]!.context.db);
    expect(live).toBe(servers.length);
    expect(held.size).toBe(markets);
  });

  it('R-API-04 places an order through an instance that does not hold the market: it rests in the holder\'s book and the answer is the holder\'s', async () => {
    const { holder, other } = await holderAndOther(BTC_USDT);
    const placed = (await post(other, alice, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '80000', quantity: '0.1' })).json();
    expect(placed).toMatchObject({ errcode: 0, data: { symbol: 'BTC_USDT', status: 'open', price: '80000.00' } });
    expect(holder.app.engine.depth(BTC_USDT, 5).bids).toEqual([['80000.00', '0.100000']]);
    expect(other.app.engine.depth(BTC_USDT, 5).bids).toEqual([]);
    // Every instance answers the book from its holder.
    const depths = await Promise.all(servers.map(async (server) => (await callApi(server, 'GET', `/quotation/full_quote?id=${BTC_USDT}`)).json().data.depth));
    for (const depth of depths) expect(depth).toEqual(depths[0]);
    expect(depths[0].bids[0]).toEqual(['80000.00', '0.100000']);

    // A refusal is the holder's too: the same code and text.
    const refused = (await post(other, alice, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '80000', quantity: '100' })).json();
    const refusedHere = (await post(holder, alice, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '80000', quantity: '100' })).json();
    expect(refused.errcode).not.toBe(0);
    expect(refused).toEqual(refusedHere);

    // A crossing sell through a third instance fills against it.
    const third = servers.find((server) => server !== holder && server !== other)!;
    const sold = (await post(third, bob, '/exchange/create', { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '80000', quantity: '0.04' })).json();
    expect(sold).toMatchObject({ errcode: 0, data: { status: 'filled', filledQuantity: '0.040000' } });
    expect(holder.app.engine.depth(BTC_USDT, 5).bids).toEqual([['80000.00', '0.060000']]);

    // Cancelled through a non-holder.
    const cancelled = (await callApi(other, 'POST', `/exchange/cancelorder?id=${placed.data.id}`, { as: alice })).json();
    expect(cancelled).toMatchObject({ errcode: 0, data: { id: placed.data.id, status: 'cancelled' } });
    expect(holder.app.engine.depth(BTC_USDT, 5).bids).toEqual([]);
  });

  it('answers a market\'s best prices on every instance after a read from its holder, so the leader\'s index samples every book (the round itself: index-price.test.ts)', async () => {
    const { holder, other } = await holderAndOther(BTC_USDT);
    const bid = (await post(other, alice, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '59000', quantity: '0.01' })).json();
    const ask = (await post(other, bob, '/exchange/create', { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '60000', quantity: '0.01' })).json();
    try {
      expect([bid.errcode, ask.errcode]).toEqual([0, 0]);
      // No check that the other instance does not know them yet: the leader's index round
      // refreshes its copy in the background (every second), so it may already have them.
      await other.app.engine.refreshRemoteBests();
      expect(other.app.engine.bestPrices(BTC_USDT)).toEqual({ bid: '59000.00', ask: '60000.00' });
      expect(holder.app.engine.bestPrices(BTC_USDT)).toEqual({ bid: '59000.00', ask: '60000.00' });
    } finally {
      // Left resting, they would fill or count in the tests after this one.
      for (const order of [bid, ask]) if (order.errcode === 0) await callApi(other, 'POST', `/exchange/cancelorder?id=${order.data.id}`, { as: order === bid ? alice : bob });
    }
    await other.app.engine.refreshRemoteBests();
    expect(other.app.engine.bestPrices(BTC_USDT)).toEqual({ bid: null, ask: null });
  });

  it('cancels all of a user\'s orders across markets held by different instances', async () => {
    const symbols = servers[0]!.app.engine.symbols().filter((symbol) => symbol.quoteSymbol === 'USDT' && !symbol.testOnly);
    const holders = new Set<string>();
    const chosen = [];
    for (const symbol of symbols) {
      const url = await liveHolderUrl(servers[0]!.context.db, symbol.id);
      if (url && !holders.has(url)) {
        holders.add(url);
        chosen.push(symbol);
      }
    }
    expect(chosen.length).toBeGreaterThan(1);
    for (const symbol of chosen) {
      // Worth 2 USDT, far below any market: it rests.
      const placed = (await post(servers[0]!, alice, '/exchange/create', { symbol: symbol.symbol, side: 'buy', type: 'limit', price: '1', quantity: '2' })).json();
      expect(placed).toMatchObject({ errcode: 0, data: { status: 'open' } });
    }
    const answer = (await post(servers[1]!, alice, '/exchange/cancelall')).json();
    expect(answer).toEqual({ errcode: 0, data: { cancelled: chosen.length } });
    expect((await post(servers[2]!, alice, '/exchange/activeorders')).json().data).toEqual([]);
  });

  it('refuses a deposed holder\'s command with the epoch fence, and the market gets a holder again', async () => {
    const { holder } = await holderAndOther(BTC_USDT);
    // Another instance's bump, as when it takes the market while this one still runs.
    await sql`update engine_owners set epoch = epoch + 1 where symbol_id = ${BTC_USDT}`.execute(holder.context.db);
    const attempt = holder.app.engine.placeOrderHere({ userId: alice.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '70000', quantity: '0.01' });
    await expect(attempt).rejects.toSatisfy((error: unknown) => error instanceof BusinessError && error.code === 'clusterNotOwner');
    const { rows } = await sql<{ count: string }>`select count(*)::text as count from orders where user_id = ${alice.userId} and price_ticks = ${7_000_000}`.execute(holder.context.db);
    expect(rows[0]!.count).toBe('0');
    // It gave the lock back: an instance takes the market again within a round or two, and the
    // forwarder waits for it (up to 5 s) instead of refusing.
    const placed = (await post(holder, alice, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '70000', quantity: '0.01' })).json();
    expect(placed).toMatchObject({ errcode: 0, data: { status: 'open' } });
  });

  it('delists a market through an instance that does not hold it: its open orders are cancelled by the holder', async () => {
    const symbol = servers[0]!.app.engine.symbols().find((item) => item.quoteSymbol === 'USDT' && !item.testOnly && item.id !== BTC_USDT)!;
    const { holder, other } = await holderAndOther(symbol.id);
    const placed = (await post(holder, alice, '/exchange/create', { symbol: symbol.symbol, side: 'buy', type: 'limit', price: '1', quantity: '2' })).json();
    expect(placed).toMatchObject({ errcode: 0, data: { status: 'open' } });
    const delisted = await other.app.inject({
      method: 'POST',
      url: `/api/v1/operator/markets/update?id=${symbol.id}`,
      headers: { authorization: `Bearer ${other.context.adminToken}`, 'content-type': 'application/json' },
      payload: { status: 'delisted' },
    });
    expect(delisted.json()).toMatchObject({ errcode: 0, data: { market: { status: 'delisted' }, cancelledOrders: 1 } });
    expect(holder.app.engine.depth(symbol.id, 5).bids).toEqual([]);
    const { rows } = await sql<{ status: string; cancel_reason: string }>`select status, cancel_reason from orders where id = ${placed.data.id}`.execute(holder.context.db);
    expect(rows[0]).toEqual({ status: 'cancelled', cancel_reason: 'delisted' });
  });

  it('refuses an internal call that is not signed, signed with another secret, stale or replayed', async () => {
    const { holder } = await holderAndOther(BTC_USDT);
    const path = `${INTERNAL_PREFIX}depth`;
    const body = JSON.stringify({ symbolId: BTC_USDT, levels: 5 });
    const call = (headers: Record<string, string>) => holder.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', ...headers }, payload: body });

    expect((await call({})).statusCode).toBe(403);
    expect((await call({})).json()).toMatchObject({ errcode: 2653 });
    expect((await call(signCall('another-secret', 'POST', path, body))).statusCode).toBe(403);
    expect((await call(signCall(SECRET, 'POST', path, body, Date.now() - FRESH_MS - 1_000))).statusCode).toBe(403);
    expect((await call(signCall(SECRET, 'POST', `${INTERNAL_PREFIX}place`, body))).statusCode).toBe(403);
    const signed = signCall(SECRET, 'POST', path, body);
    const accepted = await call(signed);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ ok: true, value: { symbolId: BTC_USDT } });
    expect((await call(signed)).statusCode).toBe(403);
  });
});
