/** Proves the market-maker robots on a real server: they quote both sides of every market, trade with each other and with users, stay funded and under their order cap with a clean ledger, survive failures, pause and stop, and the first-start candle backfill is bounded and runs once. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app';
import { boot } from '../../../server/boot';
import { readRobotsRecord, robotFundingUnits, ROBOT_ACCOUNTS, type RobotsRecord } from '../../../server/modules/robots/accounts';
import { BACKFILL_SETTINGS_KEY } from '../../../server/engine/backfill';
import {
  MarketMakers,
  ROBOT_ORDER_RETENTION_MS,
  ROBOT_ORDERS_PER_SYMBOL_MAX,
  setRobotsPaused,
  startMarketMakers,
  sweepRobotOrders,
  type RobotEngine,
} from '../../../server/modules/robots/robots';
import { auditLedger } from '../../../server/ledger/audit';
import { postTransaction, systemOwner, userBalances, userOwner } from '../../../server/ledger/ledger';
import { MemorySender } from '../../../server/sender/sender';
import { createTestUser, creditUser } from '../../helpers/auth';
import { buildTestServer, type TestServer } from '../../helpers/server';

const BTC_USDT = 301;
const TICK_MS = 1_500;

async function expectAuditOk(server: TestServer) {
  expect((await auditLedger(server.context.db)).problems).toEqual([]);
}

async function robotsRecord(server: TestServer): Promise<RobotsRecord> {
  const record = await readRobotsRecord(server.context.db);
  if (!record) throw new Error('no robot accounts');
  return record;
}

/** Open orders per robot and symbol, the largest count. */
async function largestOpenOrderCount(server: TestServer, robotIds: readonly number[]): Promise<number> {
  const rows = await server.context.db
    .selectFrom('orders')
    .select(['user_id', 'symbol_id', (eb) => eb.fn.countAll<bigint>().as('count')])
    .where('status', '=', 'open')
    .where('user_id', 'in', robotIds.map(BigInt))
    .groupBy(['user_id', 'symbol_id'])
    .execute();
  return Math.max(0, ...rows.map((row) => Number(row.count)));
}

async function runTicks(server: TestServer, makers: MarketMakers, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    server.advance(TICK_MS);
    await makers.tick();
    expect(await largestOpenOrderCount(server, makers.robotIds)).toBeLessThanOrEqual(ROBOT_ORDERS_PER_SYMBOL_MAX);
  }
}

async function countRows(server: TestServer, table: 'orders' | 'trades' | 'candles'): Promise<number> {
  const row = await server.context.db.selectFrom(table).select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('robot accounts', () => {
  it('are seeded, funded and unable to sign in when robots are on, and absent when off', async () => {
    const on = await buildTestServer({ robotsEnabled: true, demoMode: false });
    const off = await buildTestServer({ robotsEnabled: false, demoMode: false });
    try {
      const record = await robotsRecord(on);
      expect(record.userIds).toHaveLength(ROBOT_ACCOUNTS);
      expect(record.paused).toBe(false);
      for (const userId of record.userIds) {
        const user = await on.context.db.selectFrom('users').select(['disabled', 'password_hash']).where('id', '=', BigInt(userId)).executeTakeFirstOrThrow();
        expect(user.disabled).toBe(1n);
        const usdt = (await userBalances(on.context.db, userId)).find((balance) => balance.currency === 'USDT');
        expect(usdt?.availableUnits).toBe(robotFundingUnits('USDT', 6));
      }
      expect(robotFundingUnits('BTC', 8)).toBe(2_200_000_000n);
      const signIn = await on.app.inject({ method: 'POST', url: '/api/v1/account/signin', payload: { email: 'market-maker-1@robots.invalid', password: 'anything' } });
      expect(signIn.json().errcode).not.toBe(0);
      await expectAuditOk(on);
      expect(await readRobotsRecord(off.context.db)).toBeUndefined();
    } finally {
      await on.close();
      await off.close();
    }
  });
});

describe('MarketMakers', () => {
  let server: TestServer;
  let makers: MarketMakers;

  beforeAll(async () => {
    server = await buildTestServer({ robotsEnabled: true, demoMode: false });
    makers = new MarketMakers(server.context, server.app.engine, await robotsRecord(server), { seed: 7 });
    await runTicks(server, makers, 12);
  });
  afterAll(async () => {
    await makers.stop();
    await server.close();
  });

  it('quotes both sides of every market around the walk within a few ticks', async () => {
    for (const symbol of server.app.engine.symbols()) {
      const depth = server.app.engine.depth(symbol.id, 50);
      expect(depth.bids.length, symbol.symbol).toBeGreaterThan(0);
      expect(depth.asks.length, symbol.symbol).toBeGreaterThan(0);
      const walkTicks = makers.walkTicks(symbol)!;
      const bestBid = Number(depth.bids[0]![0]) * 10 ** symbol.pricePrecision;
      const bestAsk = Number(depth.asks[0]![0]) * 10 ** symbol.pricePrecision;
      // The book stays near the walk: within the ladder's reach on both sides.
      expect(Math.abs(bestBid - walkTicks) / walkTicks).toBeLessThan(0.01);
      expect(Math.abs(bestAsk - walkTicks) / walkTicks).toBeLessThan(0.01);
    }
  });

  it('trades robot with robot, leaving trades and candles behind', async () => {
    const [first, second] = makers.robotIds.map(BigInt);
    const trades = await server.context.db.selectFrom('trades').select(['taker_user_id', 'maker_user_id', 'symbol_id']).execute();
    const betweenRobots = trades.filter(
      (trade) => (trade.taker_user_id === first && trade.maker_user_id === second) || (trade.taker_user_id === second && trade.maker_user_id === first),
    );
    expect(betweenRobots.length).toBeGreaterThan(5);
    expect(new Set(betweenRobots.map((trade) => trade.symbol_id)).size).toBeGreaterThan(3);
    expect(trades.every((trade) => trade.taker_user_id !== trade.maker_user_id)).toBe(true);
    const candle = await server.context.db.selectFrom('candles').select('symbol_id').where('interval', '=', '1m').executeTakeFirst();
    expect(candle).toBeDefined();
  });

  it("fills a user's crossing order against a robot's quote", async () => {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', '10000');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/exchange/create',
      headers: user.headers,
      payload: { symbol: BTC_USDT, side: 'buy', type: 'market', quoteAmount: '50' },
    });
    expect(response.json().errcode).toBe(0);
    expect(response.json().data).toMatchObject({ status: 'filled' });
    expect(Number(response.json().data.filledQuantity)).toBeGreaterThan(0.0005);
    const trades = await server.context.db.selectFrom('trades').select('maker_user_id').where('taker_user_id', '=', BigInt(user.userId)).execute();
    expect(trades.length).toBeGreaterThan(0);
    for (const trade of trades) expect(makers.robotIds).toContain(Number(trade.maker_user_id));
    await expectAuditOk(server);
  });

  it('keeps the ledger audit clean and every robot under its open-order cap over many ticks', async () => {
    await runTicks(server, makers, 20);
    await expectAuditOk(server);
    // Funds are only held for the robots' own open orders: the ladder is small against the funding.
    for (const robotId of makers.robotIds) {
      const usdt = (await userBalances(server.context.db, robotId)).find((balance) => balance.wallet === 'spot' && balance.currency === 'USDT')!;
      expect(usdt.heldUnits).toBeLessThan(robotFundingUnits('USDT', 6) / 10n);
    }
  });

  it('refills a robot that ran short: from the other robot, or from genesis when both are short', async () => {
    const [first, second] = makers.robotIds as [number, number];
    const funding = robotFundingUnits('LTC', 8);
    const drain = async (userId: number) => {
      const ltc = (await userBalances(server.context.db, userId)).find((balance) => balance.wallet === 'spot' && balance.currency === 'LTC')!;
      await server.context.db.transaction().execute((trx) =>
        postTransaction(trx, {
          kind: 'test-drain',
          owner: userOwner(userId),
          now: server.context.now(),
          postings: [
            { account: { owner: userOwner(userId), wallet: 'spot', currency: 'LTC' }, amountUnits: -ltc.availableUnits },
            { account: { owner: systemOwner('genesis'), wallet: 'system', currency: 'LTC' }, amountUnits: ltc.availableUnits },
          ],
        }),
      );
    };
    const availableLtc = async (userId: number) =>
      (await userBalances(server.context.db, userId)).find((balance) => balance.wallet === 'spot' && balance.currency === 'LTC')!.availableUnits;

    await drain(first);
    await runTicks(server, makers, 1);
    expect(await availableLtc(first)).toBeGreaterThan(funding / 4n);
    const rebalance = await server.context.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'robot-rebalance').executeTakeFirst();
    expect(rebalance).toBeDefined();

    const fundingsBefore = await server.context.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'robot-funding').execute();
    await drain(first);
    await drain(second);
    await runTicks(server, makers, 1);
    expect(await availableLtc(first)).toBeGreaterThan(funding / 4n);
    expect(await availableLtc(second)).toBeGreaterThan(funding / 4n);
    const fundingsAfter = await server.context.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'robot-funding').execute();
    expect(fundingsAfter.length).toBe(fundingsBefore.length + 1);
    await expectAuditOk(server);
  });

  it('logs a failing market and keeps the others going: the tick never throws', async () => {
    const engine = server.app.engine;
    const failing: RobotEngine = {
      symbols: () => engine.symbols(),
      bookDepth: (symbolId, levels) => engine.bookDepth(symbolId, levels),
      activeOrders: (userId, symbolId) => engine.activeOrders(userId, symbolId),
      cancelOrder: (userId, orderId) => engine.cancelOrder(userId, orderId),
      placeOrder: async (input) => {
        if (input.symbolId === BTC_USDT) throw new Error('disk on fire');
        return engine.placeOrder(input);
      },
    };
    const warn = vi.spyOn(server.context.log!, 'warn');
    try {
      // A second set of makers over the same accounts, whose engine fails on one market.
      const shaky = new MarketMakers(server.context, failing, await robotsRecord(server), { seed: 99 });
      // An empty BTC_USDT ladder makes the next tick want to quote it.
      for (const robotId of shaky.robotIds) {
        for (const order of await engine.activeOrders(robotId, BTC_USDT)) await engine.cancelOrder(robotId, order.id);
      }
      const ordersBefore = await countRows(server, 'orders');
      const warnedAboutBtc = () => warn.mock.calls.some(([details]) => (details as { symbol?: string }).symbol === 'BTC_USDT');
      // Whether a tick wants a new BTC_USDT order depends on the walk and the book the earlier
      // tests left, so tick until it has tried (bounded), every tick resolving.
      for (let index = 0; index < 40 && (index < 5 || !warnedAboutBtc()); index += 1) {
        server.advance(TICK_MS);
        await expect(shaky.tick()).resolves.toBeUndefined();
      }
      expect(warnedAboutBtc()).toBe(true);
      expect(await countRows(server, 'orders')).toBeGreaterThan(ordersBefore);
    } finally {
      warn.mockRestore();
    }
    await expectAuditOk(server);
  });

  it("withdraws every quote and stays idle while the operator's setting pauses it, then resumes", async () => {
    await setRobotsPaused(server.context, true);
    for (let index = 0; index < 10; index += 1) {
      server.advance(TICK_MS);
      await makers.tick();
    }
    expect(await largestOpenOrderCount(server, makers.robotIds)).toBe(0);
    const ordersWhilePaused = await countRows(server, 'orders');
    await runTicks(server, makers, 2);
    expect(await countRows(server, 'orders')).toBe(ordersWhilePaused);

    await setRobotsPaused(server.context, false);
    await runTicks(server, makers, 3);
    expect(await largestOpenOrderCount(server, makers.robotIds)).toBeGreaterThan(0);
    await expectAuditOk(server);
  });

  it('deletes closed robot orders after the retention, never open ones, users\' ones or any a hold still refers to', async () => {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', '100');
    const userOrder = await server.app.engine.placeOrder({ userId: user.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '1000', quantity: '0.01' });
    await server.app.engine.cancelOrder(user.userId, userOrder.id);
    const robotIds = makers.robotIds.map(BigInt);
    const closedBefore = await server.context.db.selectFrom('orders').select('id').where('user_id', 'in', robotIds).where('status', '!=', 'open').execute();
    expect(closedBefore.length).toBeGreaterThan(0);
    expect(await sweepRobotOrders(server.context)).toBe(0);

    // One closed robot order is made to look reserved: it must survive the sweep.
    const guarded = closedBefore[0]!.id;
    const hold = await server.context.db
      .selectFrom('ledger_holds')
      .select(['id', 'released_at'])
      .where('reference_type', '=', 'order')
      .where('reference_id', '=', String(guarded))
      .executeTakeFirstOrThrow();
    await server.context.db.updateTable('ledger_holds').set({ released_at: null }).where('id', '=', hold.id).execute();
    server.advance(ROBOT_ORDER_RETENTION_MS + 60_000);
    try {
      const openBefore = await server.context.db.selectFrom('orders').select('id').where('status', '=', 'open').execute();
      expect(await sweepRobotOrders(server.context)).toBe(closedBefore.length - 1);
      const left = await server.context.db.selectFrom('orders').select(['id', 'user_id', 'status']).execute();
      expect(left.filter((order) => order.status === 'open')).toHaveLength(openBefore.length);
      expect(left.map((order) => order.id)).toContain(guarded);
      expect(left.map((order) => Number(order.id))).toContain(userOrder.id);
      expect(await countRows(server, 'trades')).toBeGreaterThan(0);
    } finally {
      await server.context.db.updateTable('ledger_holds').set({ released_at: hold.released_at }).where('id', '=', hold.id).execute();
    }
    await expectAuditOk(server);
  });
});

describe('startMarketMakers', () => {
  it('backfills a bounded candle history once, ticks on its own timer, and stops', async () => {
    const server = await buildTestServer({ robotsEnabled: true, demoMode: false });
    const copyDir = `${server.dataDir}-second`;
    try {
      const startedAt = performance.now();
      const makers = (await startMarketMakers(server.app, { seed: 5 }))!;
      // PostgreSQL takes each batch of rows over a socket from another process: a looser bound there.
      expect(performance.now() - startedAt).toBeLessThan(server.database.dialect === 'sqlite' ? 10_000 : 30_000);
      const symbols = server.app.engine.symbols();
      const candles = await countRows(server, 'candles');
      // About 5,800 per market: a day of 1m, a week of 5m/15m/30m, a month of 1h/4h, a year of 1d/1w.
      expect(candles).toBeGreaterThan(5_700 * symbols.length);
      expect(candles).toBeLessThan(5_900 * symbols.length);
      const daily = await server.context.db.selectFrom('candles').select('open_time').where('symbol_id', '=', BigInt(BTC_USDT)).where('interval', '=', '1d').execute();
      expect(daily.length).toBeGreaterThanOrEqual(365);
      expect(daily.length).toBeLessThanOrEqual(367);
      const record = await server.context.db.selectFrom('settings').select('value_json').where('key', '=', BACKFILL_SETTINGS_KEY).executeTakeFirstOrThrow();
      expect(JSON.parse(record.value_json).symbolIds).toHaveLength(symbols.length);

      // The timer ticks by itself (1-2 s) until stopped.
      const ordersAtStart = await countRows(server, 'orders');
      const deadline = Date.now() + 6_000;
      while ((await countRows(server, 'orders')) === ordersAtStart && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await countRows(server, 'orders')).toBeGreaterThan(ordersAtStart);
      await makers.stop({ withdrawQuotes: true });
      const ordersAfterStop = await countRows(server, 'orders');
      expect(await largestOpenOrderCount(server, makers.robotIds)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 2_200));
      expect(await countRows(server, 'orders')).toBe(ordersAfterStop);
      await expectAuditOk(server);

      // A second boot of the same data does not backfill again.
      fs.cpSync(server.dataDir, copyDir, { recursive: true });
      const again = await boot({ ...server.context.config, dataDir: copyDir }, { sender: new MemorySender() });
      const app = await buildApp(again.context);
      try {
        const second = (await startMarketMakers(app, { seed: 5 }))!;
        await second.stop();
        const row = await again.context.db.selectFrom('candles').select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow();
        expect(Number(row.count)).toBe(await countRows(server, 'candles'));
      } finally {
        await app.close();
        await again.database.close();
      }
    } finally {
      await server.close();
      fs.rmSync(copyDir, { recursive: true, force: true });
    }
  });

  it('withdraws quotes robots left behind when robots are switched off', async () => {
    const server = await buildTestServer({ robotsEnabled: true, demoMode: false });
    try {
      const record = await robotsRecord(server);
      const makers = new MarketMakers(server.context, server.app.engine, record, { seed: 3 });
      await runTicks(server, makers, 2);
      expect(await largestOpenOrderCount(server, record.userIds)).toBeGreaterThan(0);
      server.context.config.robotsEnabled = false;
      expect(await startMarketMakers(server.app)).toBeUndefined();
      expect(await largestOpenOrderCount(server, record.userIds)).toBe(0);
      await expectAuditOk(server);
    } finally {
      await server.close();
    }
  });
});
