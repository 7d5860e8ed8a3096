/** Proves candle aggregation: UTC bucket boundaries of every interval (weeks from Monday), OHLCV from trades in execution order, and the upsert that merges later trades into stored candles. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KLINE_INTERVAL_MS, KLINE_INTERVALS, klineIntervalOf, type KlineInterval } from '../../../src/shared/api/market';
import {
  aggregateCandles,
  candleOpenTime,
  candlesOfEveryInterval,
  mergeCandles,
  upsertCandles,
  type Candle,
  type TradeTicks,
} from '../../../server/engine/candles';
import { buildTestServer, type TestServer } from '../../helpers/server';

const MINUTE_MS = 60_000;

function trade(time: number, priceTicks: bigint, quantityLots: bigint): TradeTicks {
  return { time, priceTicks, quantityLots };
}

describe('candleOpenTime', () => {
  // Wednesday 15 May 2024, 13:47:31.500 UTC.
  const instant = Date.UTC(2024, 4, 15, 13, 47, 31, 500);
  const expected: Record<KlineInterval, number> = {
    '1m': Date.UTC(2024, 4, 15, 13, 47),
    '5m': Date.UTC(2024, 4, 15, 13, 45),
    '15m': Date.UTC(2024, 4, 15, 13, 45),
    '30m': Date.UTC(2024, 4, 15, 13, 30),
    '1h': Date.UTC(2024, 4, 15, 13),
    '4h': Date.UTC(2024, 4, 15, 12),
    '1d': Date.UTC(2024, 4, 15),
    '1w': Date.UTC(2024, 4, 13),
  };

  it('puts an instant in the UTC bucket of every interval', () => {
    for (const interval of KLINE_INTERVALS) expect(candleOpenTime(instant, interval), interval).toBe(expected[interval]);
  });

  it('starts a bucket exactly at its boundary and ends it one millisecond before the next', () => {
    for (const interval of KLINE_INTERVALS) {
      const start = expected[interval];
      const next = start + KLINE_INTERVAL_MS[interval];
      expect(candleOpenTime(start, interval), interval).toBe(start);
      expect(candleOpenTime(next - 1, interval), interval).toBe(start);
      expect(candleOpenTime(next, interval), interval).toBe(next);
      expect(candleOpenTime(start - 1, interval), interval).toBe(start - KLINE_INTERVAL_MS[interval]);
    }
  });

  it('starts weeks on Monday 00:00 UTC, whatever the weekday of the epoch', () => {
    const monday = Date.UTC(2024, 0, 1);
    expect(new Date(monday).getUTCDay()).toBe(1);
    expect(candleOpenTime(monday, '1w')).toBe(monday);
    expect(candleOpenTime(Date.UTC(2024, 0, 7, 23, 59, 59, 999), '1w')).toBe(monday);
    expect(candleOpenTime(Date.UTC(2024, 0, 8), '1w')).toBe(Date.UTC(2024, 0, 8));
    expect(candleOpenTime(Date.UTC(2023, 11, 31, 12), '1w')).toBe(Date.UTC(2023, 11, 25));
    // Before the first Monday after the epoch the week started on 29 December 1969.
    expect(candleOpenTime(0, '1w')).toBe(Date.UTC(1969, 11, 29));
    for (let day = 0; day < 14; day += 1) {
      const open = candleOpenTime(Date.UTC(2024, 5, 1 + day, 9), '1w');
      expect(new Date(open).getUTCDay()).toBe(1);
      expect(open % KLINE_INTERVAL_MS['1d']).toBe(0);
    }
  });

  it('keeps days on UTC midnight and hours on the hour', () => {
    const time = Date.UTC(2025, 1, 28, 23, 59, 59, 999);
    expect(candleOpenTime(time, '1d')).toBe(Date.UTC(2025, 1, 28));
    expect(candleOpenTime(time + 1, '1d')).toBe(Date.UTC(2025, 2, 1));
    expect(candleOpenTime(time, '4h')).toBe(Date.UTC(2025, 1, 28, 20));
  });
});

describe('klineIntervalOf', () => {
  it('accepts the interval names and their length in minutes (spec: type=1 is one minute)', () => {
    expect(klineIntervalOf('1m')).toBe('1m');
    expect(klineIntervalOf(1)).toBe('1m');
    expect(klineIntervalOf('1')).toBe('1m');
    expect(klineIntervalOf(60)).toBe('1h');
    expect(klineIntervalOf(240)).toBe('4h');
    expect(klineIntervalOf('1440')).toBe('1d');
    expect(klineIntervalOf(10_080)).toBe('1w');
    expect(klineIntervalOf('1w')).toBe('1w');
  });

  it('refuses anything else', () => {
    for (const value of ['2m', '1M', '1y', '', ' ', '7', 2, 0, -1, 1.5, '1e3']) expect(klineIntervalOf(value), String(value)).toBeUndefined();
  });
});

describe('aggregateCandles', () => {
  const start = Date.UTC(2024, 4, 15, 10, 0);

  it('makes open the first trade, close the last, high and low the extremes and volume the sum', () => {
    const trades = [
      trade(start + 5_000, 10_050n, 3n),
      trade(start + 10_000, 10_200n, 1n),
      trade(start + 20_000, 9_900n, 4n),
      trade(start + 59_999, 10_000n, 2n),
    ];
    expect(aggregateCandles(trades, '1m')).toEqual<Candle[]>([
      { openTime: start, openTicks: 10_050n, highTicks: 10_200n, lowTicks: 9_900n, closeTicks: 10_000n, volumeLots: 10n, tradeCount: 4 },
    ]);
  });

  it('splits trades at bucket boundaries and returns buckets oldest first', () => {
    const trades = [
      trade(start + MINUTE_MS + 1, 101n, 1n),
      trade(start + MINUTE_MS - 1, 100n, 2n),
      trade(start + 5 * MINUTE_MS, 105n, 5n),
    ];
    const minutes = aggregateCandles(trades, '1m');
    expect(minutes.map((candle) => candle.openTime)).toEqual([start, start + MINUTE_MS, start + 5 * MINUTE_MS]);
    expect(minutes.map((candle) => candle.volumeLots)).toEqual([2n, 1n, 5n]);
    const fives = aggregateCandles(trades, '5m');
    expect(fives).toHaveLength(2);
    // Execution order decides open and close, not the timestamps within a bucket.
    expect(fives[0]).toMatchObject({ openTime: start, openTicks: 101n, closeTicks: 100n, highTicks: 101n, lowTicks: 100n, volumeLots: 3n, tradeCount: 2 });
    expect(fives[1]).toMatchObject({ openTime: start + 5 * MINUTE_MS, openTicks: 105n, closeTicks: 105n, tradeCount: 1 });
    expect(aggregateCandles(trades, '1h')).toHaveLength(1);
  });

  it('makes nothing of no trades', () => {
    expect(aggregateCandles([], '1d')).toEqual([]);
    expect(candlesOfEveryInterval([])).toEqual([]);
  });

  it('gives one candle per interval for a single command and the same totals in every interval', () => {
    const trades = [trade(start + 1_000, 500n, 7n), trade(start + 1_000, 499n, 3n)];
    const rows = candlesOfEveryInterval(trades);
    expect(rows.map((row) => row.interval)).toEqual(KLINE_INTERVALS);
    for (const { interval, candle } of rows) {
      expect(candle.openTime).toBe(candleOpenTime(start, interval));
      expect(candle).toMatchObject({ openTicks: 500n, closeTicks: 499n, highTicks: 500n, lowTicks: 499n, volumeLots: 10n, tradeCount: 2 });
    }
  });
});

describe('mergeCandles', () => {
  const base: Candle = { openTime: 0, openTicks: 100n, highTicks: 110n, lowTicks: 95n, closeTicks: 105n, volumeLots: 10n, tradeCount: 3 };

  it('keeps the earlier open, takes the later close, widens the extremes and adds volumes', () => {
    const later: Candle = { openTime: 0, openTicks: 104n, highTicks: 120n, lowTicks: 99n, closeTicks: 101n, volumeLots: 5n, tradeCount: 2 };
    expect(mergeCandles(base, later)).toEqual({ openTime: 0, openTicks: 100n, highTicks: 120n, lowTicks: 95n, closeTicks: 101n, volumeLots: 15n, tradeCount: 5 });
    const narrow: Candle = { ...later, highTicks: 106n, lowTicks: 94n };
    expect(mergeCandles(base, narrow)).toMatchObject({ highTicks: 110n, lowTicks: 94n });
  });

  it('refuses to merge candles of different buckets', () => {
    expect(() => mergeCandles(base, { ...base, openTime: MINUTE_MS })).toThrow(/different buckets/);
  });
});

describe('upsertCandles', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({ demoMode: false, robotsEnabled: false });
  });
  afterAll(async () => {
    await server.close();
  });

  async function stored(symbolId: number) {
    const rows = await server.context.db
      .selectFrom('candles')
      .selectAll()
      .where('symbol_id', '=', BigInt(symbolId))
      .orderBy('interval')
      .orderBy('open_time')
      .execute();
    return rows.map((row) => ({
      interval: row.interval,
      openTime: Number(row.open_time),
      ohlc: [row.open_ticks, row.high_ticks, row.low_ticks, row.close_ticks],
      volumeLots: row.volume_lots,
      tradeCount: Number(row.trade_count),
    }));
  }

  it('stores new candles and merges later trades of the same buckets into them', async () => {
    const start = Date.UTC(2024, 4, 15, 10, 0);
    await upsertCandles(server.context.db, 305, candlesOfEveryInterval([trade(start + 1_000, 5_000n, 10n), trade(start + 2_000, 5_100n, 5n)]));
    await upsertCandles(server.context.db, 305, candlesOfEveryInterval([trade(start + 30_000, 4_900n, 1n), trade(start + 40_000, 5_050n, 2n)]));
    const rows = await stored(305);
    expect(rows).toHaveLength(KLINE_INTERVALS.length);
    for (const row of rows) {
      expect(row.openTime).toBe(candleOpenTime(start, row.interval as KlineInterval));
      expect(row.ohlc).toEqual([5_000n, 5_100n, 4_900n, 5_050n]);
      expect(row.volumeLots).toBe(18n);
      expect(row.tradeCount).toBe(4);
    }
    // A trade in the next minute opens a new one-minute candle and widens the others.
    await upsertCandles(server.context.db, 305, candlesOfEveryInterval([trade(start + MINUTE_MS, 5_200n, 1n)]));
    const after = await stored(305);
    const minutes = after.filter((row) => row.interval === '1m');
    expect(minutes.map((row) => row.openTime)).toEqual([start, start + MINUTE_MS]);
    expect(minutes[1]?.ohlc).toEqual([5_200n, 5_200n, 5_200n, 5_200n]);
    const hour = after.find((row) => row.interval === '1h');
    expect(hour).toMatchObject({ ohlc: [5_000n, 5_200n, 4_900n, 5_200n], volumeLots: 19n, tradeCount: 5 });
  });

  it('keeps symbols apart and does nothing for no rows', async () => {
    await upsertCandles(server.context.db, 306, []);
    expect(await stored(306)).toEqual([]);
    await upsertCandles(server.context.db, 306, candlesOfEveryInterval([trade(Date.UTC(2024, 4, 15, 10, 0), 7n, 1n)]));
    expect((await stored(306)).every((row) => row.ohlc[0] === 7n)).toBe(true);
    expect((await stored(305)).every((row) => row.ohlc[0] === 5_000n || row.ohlc[0] === 5_200n)).toBe(true);
  });
});
