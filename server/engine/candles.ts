/**
 * Candles (klines) from trades. Every command that trades upserts the candle of each interval its
 * trades fall in, inside the command's own transaction, so candles never disagree with the trades
 * table and a crash loses neither. Buckets are aligned on UTC: minutes, hours and days on the
 * epoch, weeks on Monday 00:00 UTC. Prices stay integer ticks and volumes integer lots of the
 * symbol, as in the book.
 */
import { KLINE_INTERVAL_MS, KLINE_INTERVALS, type KlineInterval } from '../../src/shared/api/market';
import type { Executor } from '../core/executor';
import type { TradesHook } from './types';

const DAY_MS = 86_400_000;
/** 1970-01-05, the first Monday after the epoch (a Thursday): week buckets start from here. */
const WEEK_ORIGIN_MS = 4 * DAY_MS;

export interface TradeTicks {
  priceTicks: bigint;
  quantityLots: bigint;
  /** Milliseconds since the epoch. */
  time: number;
}

export interface Candle {
  /** Start of the bucket, ms since the epoch. */
  openTime: number;
  openTicks: bigint;
  highTicks: bigint;
  lowTicks: bigint;
  closeTicks: bigint;
  volumeLots: bigint;
  tradeCount: number;
}

/** The start of the bucket of `interval` that contains `timeMs`. */
export function candleOpenTime(timeMs: number, interval: KlineInterval): number {
  const lengthMs = KLINE_INTERVAL_MS[interval];
  const originMs = interval === '1w' ? WEEK_ORIGIN_MS : 0;
  return Math.floor((timeMs - originMs) / lengthMs) * lengthMs + originMs;
}

/**
 * The candles of `interval` made by trades given in execution order: open is the first trade of
 * a bucket, close the last, high and low the extremes, volume the sum of lots. Buckets come out
 * oldest first.
 */
export function aggregateCandles(trades: readonly TradeTicks[], interval: KlineInterval): Candle[] {
  const byOpenTime = new Map<number, Candle>();
  for (const trade of trades) {
    const openTime = candleOpenTime(trade.time, interval);
    const candle = byOpenTime.get(openTime);
    const single = {
      openTime,
      openTicks: trade.priceTicks,
      highTicks: trade.priceTicks,
      lowTicks: trade.priceTicks,
      closeTicks: trade.priceTicks,
      volumeLots: trade.quantityLots,
      tradeCount: 1,
    };
    byOpenTime.set(openTime, candle ? mergeCandles(candle, single) : single);
  }
  return [...byOpenTime.values()].sort((left, right) => left.openTime - right.openTime);
}

/** One bucket's candle from an earlier and a later part of its trades. */
export function mergeCandles(earlier: Candle, later: Candle): Candle {
  if (earlier.openTime !== later.openTime) throw new Error('candles of different buckets cannot merge');
  return {
    openTime: earlier.openTime,
    openTicks: earlier.openTicks,
    highTicks: later.highTicks > earlier.highTicks ? later.highTicks : earlier.highTicks,
    lowTicks: later.lowTicks < earlier.lowTicks ? later.lowTicks : earlier.lowTicks,
    closeTicks: later.closeTicks,
    volumeLots: earlier.volumeLots + later.volumeLots,
    tradeCount: earlier.tradeCount + later.tradeCount,
  };
}

export interface IntervalCandle {
  interval: KlineInterval;
  candle: Candle;
}

/**
 * Adds later trades to stored candles, or stores new ones: the stored open stays, the close is
 * the new one, extremes widen and volumes add up. One statement for all rows; CASE and
 * `excluded` keep it valid on both SQLite and PostgreSQL. The rows must be of distinct buckets.
 */
export async function upsertCandles(executor: Executor, symbolId: number, rows: readonly IntervalCandle[]): Promise<void> {
  if (rows.length === 0) return;
  await executor
    .insertInto('candles')
    .values(
      rows.map(({ interval, candle }) => ({
        symbol_id: symbolId,
        interval,
        open_time: candle.openTime,
        open_ticks: candle.openTicks,
        high_ticks: candle.highTicks,
        low_ticks: candle.lowTicks,
        close_ticks: candle.closeTicks,
        volume_lots: candle.volumeLots,
        trade_count: candle.tradeCount,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['symbol_id', 'interval', 'open_time']).doUpdateSet((eb) => ({
        high_ticks: eb
          .case()
          .when('excluded.high_ticks', '>', eb.ref('candles.high_ticks'))
          .then(eb.ref('excluded.high_ticks'))
          .else(eb.ref('candles.high_ticks'))
          .end(),
        low_ticks: eb
          .case()
          .when('excluded.low_ticks', '<', eb.ref('candles.low_ticks'))
          .then(eb.ref('excluded.low_ticks'))
          .else(eb.ref('candles.low_ticks'))
          .end(),
        close_ticks: eb.ref('excluded.close_ticks'),
        volume_lots: eb('candles.volume_lots', '+', eb.ref('excluded.volume_lots')),
        trade_count: eb('candles.trade_count', '+', eb.ref('excluded.trade_count')),
      })),
    )
    .execute();
}

/** The candles of every interval made by one batch of trades. */
export function candlesOfEveryInterval(trades: readonly TradeTicks[]): IntervalCandle[] {
  return KLINE_INTERVALS.flatMap((interval) => aggregateCandles(trades, interval).map((candle) => ({ interval, candle })));
}

/** The engine's trades hook: a command's trades land in the candles of the same transaction. */
export const candlesTradesHook: TradesHook = async (trx, symbol, _trades, tradeTicks) => {
  await upsertCandles(trx, symbol.id, candlesOfEveryInterval(tradeTicks));
};
