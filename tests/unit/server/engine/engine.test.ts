/**
 * Proves the engine against the real database: orders hold funds, fills move money through the
 * ledger with fees rounded against the user, cancels release holds, refusals leave nothing
 * behind, events come only after commit, books rebuild from the database, and many users racing
 * orders and cancels never overdraw or touch another's order, with the audit clean throughout.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BusinessError } from '../../../../server/core/errors';
import { Engine } from '../../../../server/engine/engine';
import { auditLedger } from '../../../../server/ledger/audit';
import { userBalances } from '../../../../server/ledger/ledger';
import { formatUnits } from '../../../../src/shared/money';
import { errcodeName } from '../../../../src/shared/errcodes';
import { createTestUser, creditUser, fundHouse, type TestUser } from '../../../helpers/auth';
import { buildTestServer, type TestServer } from '../../../helpers/server';

const BTC_USDT = 301;

let server: TestServer;
beforeEach(async () => {
  server = await buildTestServer({ demoMode: false });
});
afterEach(async () => {
  await server.close();
});

async function balancesOf(userId: number) {
  const list = await userBalances(server.context.db, userId);
  const scale = (currency: string) => (currency === 'BTC' ? 8 : 6);
  return Object.fromEntries(
    list.filter((entry) => entry.wallet === 'spot').map((entry) => [entry.currency, { available: formatUnits(entry.availableUnits, scale(entry.currency)), held: formatUnits(entry.heldUnits, scale(entry.currency)) }]),
  );
}

async function expectAuditOk() {
  const report = await auditLedger(server.context.db);
  expect(report.problems).toEqual([]);
}

async function fundedPair() {
  const seller = await createTestUser(server);
  const buyer = await createTestUser(server);
  await creditUser(server, seller.userId, 'BTC', '2');
  await creditUser(server, buyer.userId, 'USDT', '100000');
  return { seller, buyer };
}

describe('Engine', () => {
  it('holds funds for a resting order and releases them on cancel', async () => {
    const { seller } = await fundedPair();
    const engine = server.app.engine;
    const order = await engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90000', quantity: '0.5' });
    expect(order.status).toBe('open');
    expect(await balancesOf(seller.userId)).toMatchObject({ BTC: { available: '1.50000000', held: '0.50000000' } });
    expect(engine.depth(BTC_USDT, 5).asks).toEqual([['90000.00', '0.500000']]);
    const cancelled = await engine.cancelOrder(seller.userId, order.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await balancesOf(seller.userId)).toMatchObject({ BTC: { available: '2.00000000', held: '0.00000000' } });
    expect(engine.depth(BTC_USDT, 5).asks).toEqual([]);
    await expectAuditOk();
  });

  it('fills a crossing order at the maker price, charges maker and taker fees, and refunds price improvement', async () => {
    const { seller, buyer } = await fundedPair();
    const engine = server.app.engine;
    await engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90000', quantity: '0.5' });
    const taker = await engine.placeOrder({ userId: buyer.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '91000', quantity: '0.5' });
    expect(taker).toMatchObject({ status: 'filled', filledQuantity: '0.500000', filledQuote: '45000.000000', averagePrice: '90000.00', feeCurrency: 'BTC' });
    // Taker fee 0.1% of 0.5 BTC = 0.0005 BTC; maker fee 0.08% of 45000 USDT = 36 USDT.
    expect(taker.fee).toBe('0.00050000');
    expect(await balancesOf(buyer.userId)).toMatchObject({ BTC: { available: '0.49950000', held: '0.00000000' }, USDT: { available: '55000.000000', held: '0.000000' } });
    expect(await balancesOf(seller.userId)).toMatchObject({ BTC: { available: '1.50000000', held: '0.00000000' }, USDT: { available: '44964.000000', held: '0.000000' } });
    expect(engine.depth(BTC_USDT, 5)).toMatchObject({ bids: [], asks: [] });
    await expectAuditOk();
  });

  it('spends a market buy budget and closes it as filled; a market sell sells into the bids', async () => {
    const { seller, buyer } = await fundedPair();
    const engine = server.app.engine;
    await engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90000', quantity: '0.01' });
    await engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90010', quantity: '1' });
    const marketBuy = await engine.placeOrder({ userId: buyer.userId, symbolId: BTC_USDT, side: 'buy', type: 'market', quoteAmount: '1800.5' });
    expect(marketBuy.status).toBe('filled');
    expect(Number(marketBuy.filledQuote)).toBeLessThanOrEqual(1800.5);
    expect(Number(marketBuy.filledQuantity)).toBeGreaterThan(0.01);
    expect((await balancesOf(buyer.userId)).USDT?.held).toBe('0.000000');
    await engine.placeOrder({ userId: buyer.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '89000', quantity: '0.1' });
    const marketSell = await engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'market', quantity: '0.05' });
    expect(marketSell).toMatchObject({ status: 'filled', filledQuantity: '0.050000', averagePrice: '89000.00' });
    await expectAuditOk();
  });

  it('refuses an order the user cannot pay for and writes nothing', async () => {
    const poor = await createTestUser(server);
    await creditUser(server, poor.userId, 'USDT', '10');
    const before = await server.context.db.selectFrom('orders').select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow();
    await expect(server.app.engine.placeOrder({ userId: poor.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '90000', quantity: '0.01' })).rejects.toMatchObject({ code: 'insufficientBalance' });
    const after = await server.context.db.selectFrom('orders').select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow();
    expect(after.total).toBe(before.total);
    expect(server.app.engine.depth(BTC_USDT, 5).bids).toEqual([]);
    await expectAuditOk();
  });

  it('refuses bad prices, quantities, tiny orders and another user cancelling', async () => {
    const { seller, buyer } = await fundedPair();
    const engine = server.app.engine;
    const place = (fields: Record<string, string>) => engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90000', quantity: '0.1', ...fields });
    await expect(place({ price: '90000.001' })).rejects.toMatchObject({ code: 'invalidPrice' });
    await expect(place({ price: '0' })).rejects.toMatchObject({ code: 'invalidPrice' });
    await expect(place({ quantity: '0.0000001' })).rejects.toMatchObject({ code: 'invalidQuantity' });
    await expect(place({ quantity: '0.000001', price: '1' })).rejects.toMatchObject({ code: 'orderValueTooSmall' });
    // Worth 0.99999999 USDT as placed (99999.99 x 0.00001): under the 1 USDT minimum, though its
    // hold rounds up to 1.000000. Exactly 1 USDT passes.
    await expect(place({ quantity: '0.00001', price: '99999.99' })).rejects.toMatchObject({ code: 'orderValueTooSmall' });
    await expect(engine.placeOrder({ userId: buyer.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '99999.99', quantity: '0.00001' })).rejects.toMatchObject({ code: 'orderValueTooSmall' });
    const exact = await place({ quantity: '0.00001', price: '100000' });
    await engine.cancelOrder(seller.userId, exact.id);
    await expect(engine.placeOrder({ userId: seller.userId, symbolId: 999, side: 'sell', type: 'limit', price: '1', quantity: '1' })).rejects.toMatchObject({ code: 'symbolNotFound' });
    const order = await place({});
    await expect(engine.cancelOrder(buyer.userId, order.id)).rejects.toMatchObject({ code: 'orderNotFound' });
    await engine.cancelOrder(seller.userId, order.id);
    await expect(engine.cancelOrder(seller.userId, order.id)).rejects.toMatchObject({ code: 'orderNotOpen' });
    await expectAuditOk();
  });

  it('publishes book deltas with consecutive sequence numbers, trades, orders and balances after commit', async () => {
    const { seller, buyer } = await fundedPair();
    const engine = server.app.engine;
    const seen: string[] = [];
    const sequences: number[] = [];
    engine.events.on('book', (event) => sequences.push(event.sequence));
    engine.events.on('trades', (event) => seen.push(`trades:${event.trades.length}`));
    engine.events.on('order', (event) => seen.push(`order:${event.userId}:${event.order.status}`));
    await engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90000', quantity: '0.5' });
    await engine.placeOrder({ userId: buyer.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '90000', quantity: '0.2' });
    expect(sequences).toHaveLength(2);
    expect(sequences[1]).toBe(sequences[0]! + 1);
    expect(engine.depth(BTC_USDT, 5).sequence).toBe(sequences[1]);
    // Each command wrote its domain event to the outbox in its own transaction.
    const outbox = await server.context.db.selectFrom('outbox').select('payload_json').where('topic', '=', 'engine.command').orderBy('id').execute();
    expect(outbox.map((row) => JSON.parse(row.payload_json))).toEqual([
      { symbolId: BTC_USDT, orders: [{ id: expect.any(Number), userId: seller.userId, status: 'open' }], tradeIds: [] },
      { symbolId: BTC_USDT, orders: [{ id: expect.any(Number), userId: buyer.userId, status: 'filled' }, { id: expect.any(Number), userId: seller.userId, status: 'open' }], tradeIds: [expect.any(Number)] },
    ]);
    expect(seen).toEqual([`order:${seller.userId}:open`, 'trades:1', `order:${buyer.userId}:filled`, `order:${seller.userId}:open`]);
  });

  it('halts a market whose command failed after touching the book and rebuilds it from the database', async () => {
    const { seller, buyer } = await fundedPair();
    const engine = server.app.engine;
    await engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90000', quantity: '0.5' });
    let failNext = true;
    engine.addTradesHook(async () => {
      if (failNext) {
        failNext = false;
        throw new Error('disk full while writing candles');
      }
    });
    await expect(engine.placeOrder({ userId: buyer.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '90000', quantity: '0.2' })).rejects.toThrow('disk full');
    // The fill never committed: once rebuilt, the book shows the whole maker order again.
    const retried = await engine.placeOrder({ userId: buyer.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '89000', quantity: '0.1' });
    expect(retried.status).toBe('open');
    expect(engine.depth(BTC_USDT, 5)).toMatchObject({ asks: [['90000.00', '0.500000']], bids: [['89000.00', '0.100000']] });
    expect(await balancesOf(buyer.userId)).toMatchObject({ USDT: { available: '91100.000000', held: '8900.000000' } });
    await expectAuditOk();
  });

  it('refuses a command whose market was given up while it waited on the database, so no order rests on an emptied book', async () => {
    const { seller, buyer } = await fundedPair();
    const engine = server.app.engine;
    await engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90000', quantity: '0.5' });
    // An instance of a cluster gives a market up (its share shrank, or another took it) after a
    // command passed the fence and the halted check, while the command waits on the database and
    // before it matches: the book it would match is emptied under it. The release is queued at
    // the halted check's read, so it runs at the command's first database wait.
    const market = (engine as unknown as { markets: Map<number, { halted: boolean }> }).markets.get(BTC_USDT)!;
    let held = true;
    let halted = market.halted;
    let releaseAtNextCheck = false;
    Object.defineProperty(market, 'halted', {
      configurable: true,
      get() {
        if (releaseAtNextCheck) {
          releaseAtNextCheck = false;
          queueMicrotask(() => {
            held = false;
            engine.releaseMarket(BTC_USDT);
          });
        }
        return halted;
      },
      set(value: boolean) {
        halted = value;
      },
    });
    engine.setRouting({
      route: (_kind, _request, here) => here(),
      holds: () => held,
      fence: async () => {
        if (!held) throw new BusinessError('clusterNotOwner');
        releaseAtNextCheck = true;
      },
    });
    await expect(engine.placeOrder({ userId: buyer.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '90100', quantity: '0.2' })).rejects.toMatchObject({ code: 'clusterNotOwner' });
    // Nothing of it was written: the stored book is the one resting sell, which the next holder rebuilds without a cross.
    const stored = await server.context.db.selectFrom('orders').select(['side', 'status']).where('symbol_id', '=', BigInt(BTC_USDT)).execute();
    expect(stored).toEqual([{ side: 'sell', status: 'open' }]);
    expect(await balancesOf(buyer.userId)).toMatchObject({ USDT: { available: '100000.000000', held: '0.000000' } });
    await expectAuditOk();
  });

  it('rebuilds the same books from the database', async () => {
    const { seller, buyer } = await fundedPair();
    const engine = server.app.engine;
    await engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90000', quantity: '0.5' });
    await engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90100', quantity: '0.3' });
    await engine.placeOrder({ userId: buyer.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '90050', quantity: '0.6' });
    await engine.placeOrder({ userId: buyer.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '89000', quantity: '0.2' });
    const rebuilt = new Engine(server.context);
    await rebuilt.start();
    const { sequence: _ignored, ...expected } = engine.depth(BTC_USDT, 50);
    const { sequence: _alsoIgnored, ...actual } = rebuilt.depth(BTC_USDT, 50);
    expect(actual).toEqual(expected);
  });

  it('keeps the ledger whole while many users race orders, cancels and converts', async () => {
    const engine = server.app.engine;
    /** A convert through the real calls; a refusal rejects with its errcode name, like the engine. */
    const convert = async (user: TestUser, [from, to, amount]: [string, string, string]) => {
      const quote = await server.app.inject({ method: 'POST', url: '/api/v1/convert/quote', headers: user.headers, payload: { from, to, amount } });
      const quoteBody = quote.json<{ errcode: number; data?: { quoteId: string } }>();
      const created = quoteBody.data
        ? await server.app.inject({ method: 'POST', url: '/api/v1/convert/create', headers: user.headers, payload: { quoteId: quoteBody.data.quoteId } })
        : quote;
      const errcode = created.json<{ errcode: number }>().errcode;
      if (errcode !== 0) throw Object.assign(new Error(`convert refused: ${errcode}`), { code: errcodeName(errcode) });
    };
    const users = await Promise.all(Array.from({ length: 6 }, () => createTestUser(server)));
    for (const user of users) {
      await creditUser(server, user.userId, 'BTC', '0.3');
      await creditUser(server, user.userId, 'USDT', '30000');
    }
    // Converts pay from the house's inventory at the index price (the test is the reference feed).
    await fundHouse(server, { BTC: '10', USDT: '1000000' });
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const placed: { userId: number; orderId: number }[] = [];
    for (let round = 0; round < 12; round += 1) {
      server.app.prices.setReference(BTC_USDT, 9_000_000n);
      const batch = users.flatMap((user) =>
        Array.from({ length: 4 }, () => {
          const roll = random();
          if (roll > 0.9) return convert(user, random() < 0.5 ? ['USDT', 'BTC', '700'] : ['BTC', 'USDT', '0.008']);
          if (roll < 0.2 && placed.length > 0) {
            const target = placed[Math.floor(random() * placed.length)]!;
            // A quarter of the cancels name someone else's order: they must be refused.
            const canceller = random() < 0.25 ? users[Math.floor(random() * users.length)]!.userId : target.userId;
            return engine.cancelOrder(canceller, target.orderId).then(() => undefined);
          }
          const side = random() < 0.5 ? 'buy' : 'sell';
          const price = (90000 + Math.floor(random() * 200) - 100).toFixed(2);
          const quantity = (0.01 + Math.floor(random() * 10) / 100).toFixed(6);
          return engine.placeOrder({ userId: user.userId, symbolId: BTC_USDT, side, type: random() < 0.1 ? 'market' : 'limit', price, quantity, quoteAmount: '500' }).then((order) => {
            placed.push({ userId: user.userId, orderId: order.id });
          });
        }),
      );
      const results = await Promise.allSettled(batch);
      for (const result of results) {
        if (result.status === 'rejected') {
          expect(['insufficientBalance', 'orderNotOpen', 'orderNotFound', 'orderValueTooSmall', 'noLiquidity']).toContain((result.reason as { code?: string }).code);
        }
      }
      await expectAuditOk();
    }
    const orders = await server.context.db.selectFrom('orders').select(['id', 'user_id', 'status']).execute();
    const byId = new Map(orders.map((order) => [Number(order.id), order]));
    for (const { userId, orderId } of placed) expect(Number(byId.get(orderId)?.user_id)).toBe(userId);
    const trades = await server.context.db.selectFrom('trades').select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow();
    expect(Number(trades.total)).toBeGreaterThan(10);
    const converts = await server.context.db.selectFrom('convert_orders').select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow();
    expect(Number(converts.total)).toBeGreaterThan(0);
  });
});
