/** Proves the market-data calls: candles written by the engine's trades hook, klines paging and caps, 24-hour quotes, recent trades, the full_quote snapshot with its sequence, latest quotes, rankings and favourites, including futures and binary options that follow the exchange symbol. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEPTH_LEVELS_MAX,
  KLINE_INTERVALS,
  KLINE_LIMIT_MAX,
  LATEST_SYMBOLS_MAX,
  RECENT_TRADES_MAX,
  depthSchema,
  homeSymbolSchema,
  quoteSchema,
  symbolWithQuoteSchema,
  toQuoteArray,
  tradeSchema,
  type Quote,
  type SymbolWithQuote,
} from '../../../src/shared/api/market';
import { ERRCODES } from '../../../src/shared/errcodes';
import { aggregateCandles, candleOpenTime, upsertCandles, type Candle } from '../../../server/engine/candles';
import { QUOTE_WINDOW_MS } from '../../../server/engine/quotes';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

let server: TestServer;
let seller: TestUser;
let buyer: TestUser;
let bookUser: TestUser;
let reader: TestUser;

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false, robotsEnabled: false });
  [seller, buyer, bookUser, reader] = await Promise.all([createTestUser(server), createTestUser(server), createTestUser(server), createTestUser(server)]);
  for (const user of [seller, buyer, bookUser]) {
    await creditUser(server, user.userId, 'BTC', '100');
    await creditUser(server, user.userId, 'USDT', '1000000');
    await creditUser(server, user.userId, 'USDC', '100000');
  }
});
afterAll(async () => {
  await server.close();
});

function engine() {
  return server.app.engine;
}

/** One trade: the seller rests a limit sell, the buyer takes it with a limit buy. */
async function cross(symbolId: number, price: string, quantity: string): Promise<void> {
  await engine().placeOrder({ userId: seller.userId, symbolId, side: 'sell', type: 'limit', price, quantity });
  const taker = await engine().placeOrder({ userId: buyer.userId, symbolId, side: 'buy', type: 'limit', price, quantity });
  expect(taker.status).toBe('filled');
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await callApi(server, 'GET', url, { headers });
  return { status: response.statusCode, body: response.json() };
}

async function post(url: string, payload: unknown = {}, user: TestUser | null = reader) {
  const response = await callApi(server, 'POST', url, { as: user, payload });
  return { status: response.statusCode, body: response.json() };
}

async function data<T = unknown>(request: Promise<{ status: number; body: { errcode: number; data?: T } }>): Promise<T> {
  const { status, body } = await request;
  expect(status).toBe(200);
  expect(body.errcode).toBe(0);
  return body.data as T;
}

async function storedCandles(symbolId: number) {
  const rows = await server.context.db.selectFrom('candles').selectAll().where('symbol_id', '=', BigInt(symbolId)).execute();
  const byInterval = new Map<string, Candle[]>();
  for (const row of rows.sort((left, right) => Number(left.open_time - right.open_time))) {
    const list = byInterval.get(row.interval) ?? [];
    list.push({
      openTime: Number(row.open_time),
      openTicks: row.open_ticks,
      highTicks: row.high_ticks,
      lowTicks: row.low_ticks,
      closeTicks: row.close_ticks,
      volumeLots: row.volume_lots,
      tradeCount: Number(row.trade_count),
    });
    byInterval.set(row.interval, list);
  }
  return byInterval;
}

async function storedTrades(symbolId: number) {
  const rows = await server.context.db.selectFrom('trades').selectAll().where('symbol_id', '=', BigInt(symbolId)).orderBy('id').execute();
  return rows.map((row) => ({ priceTicks: row.price_ticks, quantityLots: row.quantity_lots, time: Number(row.created_at) }));
}

/** Every interval's stored candles equal the aggregation of the symbol's whole trades table. */
async function expectCandlesMatchTrades(symbolId: number) {
  const trades = await storedTrades(symbolId);
  const candles = await storedCandles(symbolId);
  for (const interval of KLINE_INTERVALS) expect(candles.get(interval), interval).toEqual(aggregateCandles(trades, interval));
}

describe('the candles trades hook', () => {
  it('writes the candle of every interval for a command that trades', async () => {
    await cross(301, '100.00', '0.5');
    const [trade] = await storedTrades(301);
    const candles = await storedCandles(301);
    expect([...candles.keys()].sort()).toEqual([...KLINE_INTERVALS].sort());
    for (const interval of KLINE_INTERVALS) {
      expect(candles.get(interval), interval).toEqual([
        { openTime: candleOpenTime(trade!.time, interval), openTicks: 10_000n, highTicks: 10_000n, lowTicks: 10_000n, closeTicks: 10_000n, volumeLots: 500_000n, tradeCount: 1 },
      ]);
    }
  });

  it('merges later trades into the open candles and opens new ones in a new minute', async () => {
    await cross(301, '101.00', '0.25');
    await expectCandlesMatchTrades(301);
    server.advance(MINUTE_MS);
    await cross(301, '99.50', '0.1');
    await expectCandlesMatchTrades(301);
    const minutes = (await storedCandles(301)).get('1m') ?? [];
    expect(minutes.length).toBeGreaterThanOrEqual(2);
    expect(minutes.at(-1)).toMatchObject({ closeTicks: 9_950n, volumeLots: 100_000n, tradeCount: 1 });
    const week = (await storedCandles(301)).get('1w')?.at(-1);
    expect(week?.highTicks).toBe(10_100n);
    expect(week?.lowTicks).toBe(9_950n);
  });

  it('takes open from the first and close from the last fill of a sweeping market order', async () => {
    await engine().placeOrder({ userId: seller.userId, symbolId: 301, side: 'sell', type: 'limit', price: '100.20', quantity: '0.1' });
    await engine().placeOrder({ userId: seller.userId, symbolId: 301, side: 'sell', type: 'limit', price: '100.30', quantity: '0.1' });
    server.advance(MINUTE_MS);
    // A market buy spends a quote amount: exactly what the two levels cost.
    await engine().placeOrder({ userId: buyer.userId, symbolId: 301, side: 'buy', type: 'market', quoteAmount: '20.05' });
    const minute = (await storedCandles(301)).get('1m')?.at(-1);
    expect(minute).toMatchObject({ openTicks: 10_020n, closeTicks: 10_030n, highTicks: 10_030n, lowTicks: 10_020n, volumeLots: 200_000n, tradeCount: 2 });
    await expectCandlesMatchTrades(301);
  });

  it('writes nothing for an order that rests without trading', async () => {
    const before = await storedCandles(302);
    await engine().placeOrder({ userId: bookUser.userId, symbolId: 302, side: 'buy', type: 'limit', price: '10.00', quantity: '1' });
    expect(await storedCandles(302)).toEqual(before);
    expect(before.size).toBe(0);
  });
});

describe('GET quotation/klines', () => {
  const symbolId = 304;
  const count = 2_000;
  let firstOpenTime = 0;

  beforeAll(async () => {
    firstOpenTime = candleOpenTime(server.context.now() - 3 * 24 * HOUR_MS, '1m');
    const rows = Array.from({ length: count }, (_, index) => ({
      interval: '1m' as const,
      candle: {
        openTime: firstOpenTime + index * MINUTE_MS,
        openTicks: BigInt(30_000 + index),
        highTicks: BigInt(30_010 + index),
        lowTicks: BigInt(29_990 + index),
        closeTicks: BigInt(30_005 + index),
        volumeLots: BigInt(index + 1),
        tradeCount: 1,
      },
    }));
    for (let start = 0; start < rows.length; start += 400) await upsertCandles(server.context.db, symbolId, rows.slice(start, start + 400));
  });

  const timeOf = (index: number) => firstOpenTime + index * MINUTE_MS;
  const klines = (query: string) => data<[number, string, string, string, string, string][]>(get(`/quotation/klines?${query}`));

  it('R-API-01 answers [time, open, high, low, close, volume] oldest first at the symbol precisions', async () => {
    const candles = await klines(`id=${symbolId}&type=1m&from=${timeOf(0)}&limit=2`);
    expect(candles).toEqual([
      [timeOf(0), '300.00', '300.10', '299.90', '300.05', '0.001'],
      [timeOf(1), '300.01', '300.11', '299.91', '300.06', '0.002'],
    ]);
  });

  it('accepts type=1 of the spec as one minute, and the other names and minute lengths', async () => {
    expect(await klines(`id=${symbolId}&type=1&from=${timeOf(0)}&limit=2`)).toEqual(await klines(`id=${symbolId}&type=1m&from=${timeOf(0)}&limit=2`));
    expect(await klines(`id=${symbolId}&from=${timeOf(0)}&limit=2`)).toHaveLength(2);
    // Only one-minute candles were stored for this symbol.
    expect(await klines(`id=${symbolId}&type=60`)).toEqual([]);
    expect(await klines(`id=${symbolId}&type=1w`)).toEqual([]);
    const hours = await klines('id=301&type=1h');
    expect(hours.length).toBeGreaterThan(0);
  });

  it('caps the page at KLINE_LIMIT_MAX and answers the latest candles without from', async () => {
    const capped = await klines(`id=${symbolId}&type=1m&limit=1000000`);
    expect(capped).toHaveLength(KLINE_LIMIT_MAX);
    expect(capped[0]?.[0]).toBe(timeOf(count - KLINE_LIMIT_MAX));
    expect(capped.at(-1)?.[0]).toBe(timeOf(count - 1));
    const defaultPage = await klines(`id=${symbolId}&type=1m`);
    expect(defaultPage).toHaveLength(500);
    expect(defaultPage.at(-1)?.[0]).toBe(timeOf(count - 1));
  });

  it('pages forward from `from` (inclusive) and back from `to` (exclusive)', async () => {
    expect((await klines(`id=${symbolId}&type=1m&from=${timeOf(10)}&limit=3`)).map((candle) => candle[0])).toEqual([timeOf(10), timeOf(11), timeOf(12)]);
    expect((await klines(`id=${symbolId}&type=1m&to=${timeOf(10)}&limit=3`)).map((candle) => candle[0])).toEqual([timeOf(7), timeOf(8), timeOf(9)]);
    expect((await klines(`id=${symbolId}&type=1m&from=${timeOf(5)}&to=${timeOf(8)}`)).map((candle) => candle[0])).toEqual([timeOf(5), timeOf(6), timeOf(7)]);
    expect(await klines(`id=${symbolId}&type=1m&from=${timeOf(count)}`)).toEqual([]);
    // Paging back from the oldest candle of each page walks the whole history without overlap.
    const seen: number[] = [];
    let to = timeOf(count);
    for (;;) {
      const page = await klines(`id=${symbolId}&type=1m&to=${to}&limit=${KLINE_LIMIT_MAX}`);
      if (page.length === 0) break;
      seen.unshift(...page.map((candle) => candle[0]));
      to = page[0]![0];
    }
    expect(seen).toEqual(Array.from({ length: count }, (_, index) => timeOf(index)));
  });

  it('shows a futures and a binary-option symbol with the candles of the exchange symbol at their own precisions', async () => {
    const exchange = await klines('id=301&type=1d');
    const futures = await klines('id=201&type=1d');
    const boption = await klines('id=101&type=1d');
    expect(futures).toHaveLength(exchange.length);
    const [time, open, high, low, close, volume] = exchange.at(-1)!;
    expect(futures.at(-1)).toEqual([time, open.slice(0, -1), high.slice(0, -1), low.slice(0, -1), close.slice(0, -1), volume.slice(0, -3)]);
    expect(boption.at(-1)).toEqual([time, open, high, low, close, volume.slice(0, -4)]);
  });

  it('refuses an unknown or hidden symbol with symbolNotFound', async () => {
    for (const id of [999, 311]) {
      const { status, body } = await get(`/quotation/klines?id=${id}`);
      expect(status).toBe(200);
      expect(body.errcode).toBe(ERRCODES.symbolNotFound);
    }
    const tester = await createTestUser(server, { testEnabled: true });
    expect(await data(get('/quotation/klines?id=311', tester.headers))).toEqual([]);
  });

  it('answers 400 for a missing id, an unknown interval or a bad limit', async () => {
    for (const query of ['type=1m', `id=${symbolId}&type=2m`, `id=${symbolId}&type=7`, `id=${symbolId}&limit=0`, `id=${symbolId}&from=yesterday`, 'id=abc']) {
      const { status, body } = await get(`/quotation/klines?${query}`);
      expect(status, query).toBe(400);
      expect(body.errcode).toBe(400);
    }
  });
});

describe('quotes', () => {
  const now = () => server.context.now();
  const minuteOf = (time: number) => candleOpenTime(time, '1m');
  const candle = (openTime: number, ohlc: [number, number, number, number], volumeLots: number, tradeCount = 1) => ({
    interval: '1m' as const,
    candle: {
      openTime,
      openTicks: BigInt(ohlc[0]),
      highTicks: BigInt(ohlc[1]),
      lowTicks: BigInt(ohlc[2]),
      closeTicks: BigInt(ohlc[3]),
      volumeLots: BigInt(volumeLots),
      tradeCount,
    },
  });

  beforeAll(async () => {
    const time = now();
    // XRP_USDT (4 price, 1 volume decimals): one candle before the window and three inside it.
    await upsertCandles(server.context.db, 305, [
      candle(minuteOf(time - QUOTE_WINDOW_MS - HOUR_MS), [5_000, 9_000, 1_000, 5_500], 1_000),
      candle(minuteOf(time - 23 * HOUR_MS), [5_500, 6_000, 5_400, 5_800], 20, 2),
      candle(minuteOf(time - 2 * HOUR_MS), [5_800, 6_200, 5_300, 6_100], 30, 3),
      candle(minuteOf(time - MINUTE_MS), [6_100, 6_150, 6_000, 6_050], 5),
    ]);
    // DOGE_USDT: quiet for three days.
    await upsertCandles(server.context.db, 306, [candle(minuteOf(time - 3 * 24 * HOUR_MS), [123_000, 124_000, 122_000, 123_456], 70)]);
    // LTC_USDT falls ten percent.
    await upsertCandles(server.context.db, 308, [candle(minuteOf(time - HOUR_MS), [10_000, 10_000, 9_000, 9_000], 2_000)]);
    // ETH_BTC: 10 ETH at 0.05 BTC.
    await upsertCandles(server.context.db, 309, [candle(minuteOf(time - HOUR_MS), [5_000, 5_000, 5_000, 5_000], 100_000)]);
  });

  const latest = (payload: unknown) => data<Quote[]>(post('/quotation/latest', payload));

  it('R-ENT-07 computes c, dl, dh, dv, ds and t over the last 24 hours of one-minute candles', async () => {
    const before = now();
    const [quote] = await latest({ symbols: '305' });
    expect(quoteSchema.parse(quote)).toEqual({
      id: 305,
      ds: '0.5500',
      c: '0.6050',
      dh: '0.6200',
      dl: '0.5300',
      dv: '5.5',
      t: quote!.t,
      changePercent: '10.00',
      turnover: '3.3275',
    });
    expect(quote!.t).toBeGreaterThanOrEqual(before);
    expect(quote!.t).toBeLessThanOrEqual(now());
  });

  it('R-ENT-07 orders the realtime quote array as open, close, low, high, (unused), volume', async () => {
    const [quote] = await latest({ symbols: '305' });
    expect(toQuoteArray(quote!)).toEqual(['0.5500', '0.6050', '0.5300', '0.6200', null, '5.5']);
  });

  it('keeps a quiet market at its last price with no volume, and leaves out one that never traded', async () => {
    const quotes = await latest({ symbols: '306,307' });
    expect(quotes).toEqual([{ id: 306, ds: '0.123456', c: '0.123456', dh: '0.123456', dl: '0.123456', dv: '0', t: quotes[0]!.t, changePercent: '0.00', turnover: '0.000000' }]);
  });

  it('moves out of the window as the clock moves on', async () => {
    server.advance(21 * HOUR_MS);
    try {
      const [quote] = await latest({ symbols: '305' });
      expect(quote).toMatchObject({ ds: '0.5800', c: '0.6050', dh: '0.6200', dl: '0.5300', dv: '3.5' });
    } finally {
      server.advance(-21 * HOUR_MS);
    }
  });

  it('gives futures the quote of the exchange symbol of the same name, at their own precisions', async () => {
    const [exchange, futures, boption] = await latest({ symbols: '301,201,101' });
    expect(futures).toMatchObject({ id: 201, c: exchange!.c.slice(0, -1), dh: exchange!.dh.slice(0, -1), dv: exchange!.dv.slice(0, -3) });
    expect(boption).toMatchObject({ id: 101, c: exchange!.c, dv: exchange!.dv.slice(0, -4), changePercent: exchange!.changePercent });
    expect(exchange).toMatchObject({ c: '100.30', dh: '101.00', dl: '99.50' });
  });

  it('R-API-01 answers several symbols by id or name, in the order asked, once each', async () => {
    const byIds = await latest({ symbols: '305, 306,305' });
    expect(byIds.map((quote) => quote.id)).toEqual([305, 306]);
    expect((await latest({ symbols: ['XRP_USDT', 'doge/usdt', 308] })).map((quote) => quote.id)).toEqual([305, 306, 308]);
    expect((await latest({ symbols: 'XRP_USDT,BTC_USDT', type: 2 })).map((quote) => quote.id)).toEqual([205, 201]);
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/quotation/latest?symbols=305,308', headers: reader.headers });
    expect(response.json().data.map((quote: Quote) => quote.id)).toEqual([305, 308]);
  });

  it('leaves out unknown and hidden symbols instead of failing the whole answer', async () => {
    expect((await latest({ symbols: '999,305,311,NOPE_USDT' })).map((quote) => quote.id)).toEqual([305]);
    const tester = await createTestUser(server, { testEnabled: true });
    expect(await data(post('/quotation/latest', { symbols: '311' }, tester))).toEqual([]);
  });

  it('refuses a missing, malformed or oversized symbol list with 400', async () => {
    const tooMany = Array.from({ length: LATEST_SYMBOLS_MAX + 1 }, (_, index) => String(index + 1)).join(',');
    for (const payload of [{}, { symbols: '' }, { symbols: 'a;b' }, { symbols: tooMany }, { symbols: '305', type: 4 }]) {
      const { status, body } = await post('/quotation/latest', payload);
      expect(status, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(body.errcode).toBe(400);
    }
    const { body } = await post('/quotation/latest', {});
    expect(body.fields).toHaveProperty('symbols');
  });
});

describe('POST quotation/recent', () => {
  beforeAll(async () => {
    const time = server.context.now();
    const rows = Array.from({ length: RECENT_TRADES_MAX + 20 }, (_, index) => ({
      symbol_id: 310,
      price_ticks: 10_000 + index,
      quantity_lots: 100 + index,
      taker_order_id: 1,
      maker_order_id: 2,
      taker_user_id: seller.userId,
      maker_user_id: buyer.userId,
      taker_side: index % 2 === 0 ? 'buy' : 'sell',
      created_at: time - (RECENT_TRADES_MAX + 20 - index) * 1_000,
    }));
    await server.context.db.insertInto('trades').values(rows).execute();
  });

  const recent = (query: string, payload: unknown = {}) => data<{ id: number; price: string; quantity: string; takerSide: string; time: number }[]>(post(`/quotation/recent${query}`, payload));

  it('R-API-01 answers the latest trades of a symbol, newest first', async () => {
    const trades = await recent('?id=301');
    const stored = await storedTrades(301);
    expect(trades).toHaveLength(stored.length);
    for (const trade of trades) tradeSchema.parse(trade);
    expect(trades.map((trade) => trade.id)).toEqual([...trades.map((trade) => trade.id)].sort((left, right) => right - left));
    expect(trades[0]).toMatchObject({ price: '100.30', quantity: '0.100000', takerSide: 'buy' });
    expect(trades.at(-1)).toMatchObject({ price: '100.00', quantity: '0.500000', takerSide: 'buy' });
  });

  it('takes the id and limit from the body as well, and caps the limit', async () => {
    const [newest] = await recent('', { id: 310, limit: 1 });
    expect(newest).toMatchObject({ price: '1.0119', quantity: '2.19', takerSide: 'sell' });
    expect(await recent('?id=310', { limit: 100_000 })).toHaveLength(RECENT_TRADES_MAX);
    expect(await recent('?id=310&limit=5')).toHaveLength(5);
  });

  it('gives a futures symbol the trades of the exchange symbol at its own precisions', async () => {
    const exchange = await recent('?id=301');
    const futures = await recent('?id=201');
    expect(futures.map((trade) => trade.id)).toEqual(exchange.map((trade) => trade.id));
    expect(futures[0]).toMatchObject({ price: '100.3', quantity: '0.100' });
  });

  it('answers an empty list for a market without trades', async () => {
    expect(await recent('?id=307')).toEqual([]);
  });

  it('refuses an unknown symbol and a missing id', async () => {
    const unknown = await post('/quotation/recent?id=999');
    expect(unknown.body.errcode).toBe(ERRCODES.symbolNotFound);
    const missing = await post('/quotation/recent');
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('id');
  });
});

describe('GET quotation/full_quote', () => {
  type FullQuote = { id: number; quote: Quote | null; depth: { symbolId: number; sequence: number; bids: [string, string][]; asks: [string, string][] }; sequence: number };
  const fullQuote = (id: number) => data<FullQuote>(get(`/quotation/full_quote?id=${id}`));

  beforeAll(async () => {
    const rest = (side: 'buy' | 'sell', price: string, quantity: string) =>
      engine().placeOrder({ userId: bookUser.userId, symbolId: 301, side, type: 'limit', price, quantity });
    await rest('buy', '50.01', '0.1');
    await rest('buy', '50.10', '0.2');
    await rest('buy', '50.19', '0.3');
    await rest('sell', '150.01', '0.1');
    await rest('sell', '150.04', '0.2');
  });

  it('R-API-01 answers the quote and the book best first with the sequence of the last change it includes', async () => {
    const snapshot = await fullQuote(301);
    expect(snapshot.id).toBe(301);
    expect(quoteSchema.parse(snapshot.quote)).toMatchObject({ id: 301, c: '100.30' });
    depthSchema.parse(snapshot.depth);
    expect(snapshot.depth.bids).toEqual([
      ['50.19', '0.300000'],
      ['50.10', '0.200000'],
      ['50.01', '0.100000'],
    ]);
    expect(snapshot.depth.asks).toEqual([
      ['150.01', '0.100000'],
      ['150.04', '0.200000'],
    ]);
    expect(snapshot.sequence).toBe(engine().depth(301, 1).sequence);
    expect(snapshot.depth.sequence).toBe(snapshot.sequence);
    expect(snapshot.sequence).toBeGreaterThan(0);
  });

  it('moves the sequence by one for each command that changes the book', async () => {
    const before = await fullQuote(301);
    await engine().placeOrder({ userId: bookUser.userId, symbolId: 301, side: 'buy', type: 'limit', price: '49.00', quantity: '0.1' });
    const after = await fullQuote(301);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(after.depth.bids.at(-1)).toEqual(['49.00', '0.100000']);
  });

  it('merges the levels of the exchange book at a futures symbol precision, never showing a better price', async () => {
    const futures = await fullQuote(201);
    expect(futures.id).toBe(201);
    expect(futures.depth.symbolId).toBe(201);
    expect(futures.sequence).toBe(engine().depth(301, 1).sequence);
    expect(futures.depth.bids).toEqual([
      ['50.1', '0.500'],
      ['50.0', '0.100'],
      ['49.0', '0.100'],
    ]);
    expect(futures.depth.asks).toEqual([['150.1', '0.300']]);
    expect(futures.quote).toMatchObject({ id: 201, c: '100.3' });
    const boption = await fullQuote(101);
    expect(boption.depth.bids[0]).toEqual(['50.19', '0.30']);
  });

  it('caps the book at DEPTH_LEVELS_MAX levels a side', async () => {
    for (let index = 0; index < DEPTH_LEVELS_MAX + 10; index += 1) {
      await engine().placeOrder({ userId: bookUser.userId, symbolId: 310, side: 'buy', type: 'limit', price: (0.9 + index / 10_000).toFixed(4), quantity: '10' });
    }
    const snapshot = await fullQuote(310);
    expect(snapshot.depth.bids).toHaveLength(DEPTH_LEVELS_MAX);
    expect(snapshot.depth.bids[0]).toEqual([(0.9 + (DEPTH_LEVELS_MAX + 9) / 10_000).toFixed(4), '10.00']);
    expect(snapshot.depth.asks).toEqual([]);
  });

  it('answers an empty book and no quote for a market that never traded', async () => {
    const snapshot = await fullQuote(307);
    const sequence = server.app.engine.depth(307, 1).sequence;
    expect(snapshot).toEqual({ id: 307, quote: null, depth: { symbolId: 307, sequence, bids: [], asks: [] }, sequence });
  });

  it('refuses an unknown symbol and a missing id', async () => {
    expect((await get('/quotation/full_quote?id=999')).body.errcode).toBe(ERRCODES.symbolNotFound);
    expect((await get('/quotation/full_quote?id=311')).body.errcode).toBe(ERRCODES.symbolNotFound);
    expect((await get('/quotation/full_quote')).status).toBe(400);
  });
});

describe('GET /quotation/rankings', () => {
  type Rankings = { data: { symbols: Record<string, unknown>; gainers: SymbolWithQuote[]; losers: SymbolWithQuote[]; volume: SymbolWithQuote[] } };
  const percent = (entry: SymbolWithQuote) => Number(entry.quote.changePercent);

  it('R-API-01 answers data.data.symbols, an object whose values are the home symbols', async () => {
    const rankings = await data<Rankings>(get('/quotation/rankings'));
    const symbols = rankings.data.symbols;
    expect(Object.keys(symbols).sort()).toEqual(['101', '201', '301', '302', '303']);
    for (const [key, value] of Object.entries(symbols)) {
      const symbol = homeSymbolSchema.parse(value);
      expect(String(symbol.id)).toBe(key);
      expect(symbol.prompted).toBe(true);
    }
    expect(homeSymbolSchema.parse(symbols['301']).quote).toMatchObject({ id: 301, c: '100.30' });
    expect(homeSymbolSchema.parse(symbols['101']).quote).toMatchObject({ id: 101, c: '100.30' });
    expect(homeSymbolSchema.parse(symbols['303']).quote).toBeNull();
  });

  it('ranks exchange symbols by 24-hour change both ways', async () => {
    const { data: ranks } = await data<Rankings>(get('/quotation/rankings'));
    for (const entry of [...ranks.gainers, ...ranks.losers, ...ranks.volume]) {
      symbolWithQuoteSchema.parse(entry);
      expect(entry.type).toBe(3);
      expect(entry.testOnly).toBe(false);
    }
    expect(ranks.gainers.map(percent)).toEqual([...ranks.gainers.map(percent)].sort((left, right) => right - left));
    expect(ranks.losers.map(percent)).toEqual([...ranks.losers.map(percent)].sort((left, right) => left - right));
    expect(ranks.gainers[0]).toMatchObject({ id: 305, quote: { changePercent: '10.00' } });
    expect(ranks.losers[0]).toMatchObject({ id: 308, quote: { changePercent: '-10.00' } });
    expect(ranks.gainers.map((entry) => entry.id)).not.toContain(307);
  });

  it('ranks volume by turnover valued in USDT, converting a pair quoted in BTC at the BTC close', async () => {
    const { data: ranks } = await data<Rankings>(get('/quotation/rankings'));
    const btcClose = Number(ranks.gainers.find((entry) => entry.id === 301)?.quote.c);
    const usdt = (entry: SymbolWithQuote) => Number(entry.quote.turnover) * (entry.quoteSymbol === 'BTC' ? btcClose : 1);
    expect(ranks.volume.map(usdt)).toEqual([...ranks.volume.map(usdt)].sort((left, right) => right - left));
    const ethBtc = ranks.volume.find((entry) => entry.id === 309);
    expect(ethBtc?.quote.turnover).toBe('0.50000');
    expect(ranks.volume.map((entry) => entry.id).indexOf(309)).toBeLessThan(ranks.volume.map((entry) => entry.id).indexOf(305));
  });
});

describe('favourites', () => {
  const favourites = (path: string, payload: unknown, user: TestUser) => data<number[]>(post(`/fav/${path}`, payload, user));

  it('R-API-01 adds, lists and deletes a user favourites, each change idempotent', async () => {
    const user = await createTestUser(server);
    expect(await favourites('query', {}, user)).toEqual([]);
    expect(await favourites('add', { id: 301 }, user)).toEqual([301]);
    expect(await favourites('add?id=205', {}, user)).toEqual([301, 205]);
    expect(await favourites('add', { id: '301' }, user)).toEqual([301, 205]);
    expect(await favourites('query', {}, user)).toEqual([301, 205]);
    expect(await favourites('delete', { id: 301 }, user)).toEqual([205]);
    expect(await favourites('delete', { id: 301 }, user)).toEqual([205]);
    expect(await favourites('delete?id=205', {}, user)).toEqual([]);
  });

  it('accepts a form-encoded body', async () => {
    const user = await createTestUser(server);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/fav/add',
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=302',
    });
    expect(response.json()).toEqual({ errcode: 0, data: [302] });
  });

  it('shows and changes only the signed-in user own favourites', async () => {
    const alice = await createTestUser(server);
    const bob = await createTestUser(server);
    await favourites('add', { id: 301 }, alice);
    await favourites('add', { id: 302 }, alice);
    expect(await favourites('query', {}, bob)).toEqual([]);
    expect(await favourites('delete', { id: 301 }, bob)).toEqual([]);
    expect(await favourites('add', { id: 303 }, bob)).toEqual([303]);
    expect(await favourites('query', {}, alice)).toEqual([301, 302]);
  });

  it('refuses an unknown or hidden symbol with symbolNotFound', async () => {
    const user = await createTestUser(server);
    for (const path of ['add', 'delete']) {
      for (const id of [999, 311]) {
        const { status, body } = await post(`/fav/${path}`, { id }, user);
        expect(status).toBe(200);
        expect(body.errcode).toBe(ERRCODES.symbolNotFound);
      }
    }
    expect(await favourites('query', {}, user)).toEqual([]);
    const tester = await createTestUser(server, { testEnabled: true });
    expect(await favourites('add', { id: 311 }, tester)).toEqual([311]);
  });

  it('answers 400 without an id', async () => {
    const user = await createTestUser(server);
    for (const payload of [{}, { id: 'abc' }, { id: 0 }]) {
      const { status, body } = await post('/fav/add', payload, user);
      expect(status).toBe(400);
      expect(body.errcode).toBe(400);
    }
  });

  it('answers 401 to a visitor and changes nothing', async () => {
    const countFavourites = async () =>
      Number((await server.context.db.selectFrom('favourites').select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow()).total);
    const before = await countFavourites();
    for (const path of ['add', 'delete', 'query']) {
      const { status, body } = await post(`/fav/${path}`, { id: 301 }, null);
      expect(status).toBe(401);
      expect(body.errcode).toBe(401);
    }
    const stale = await post('/fav/query', {}, { ...reader, headers: { cookie: 'sid=not-a-session' } });
    expect(stale.status).toBe(401);
    expect(await countFavourites()).toBe(before);
  });
});
