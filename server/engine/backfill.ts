/**
 * The first-start candle backfill: a new install's charts are full at once instead of empty
 * until the robots have traded for a year. For each exchange symbol it generates one price path
 * with the robots' own walk (price-walk.ts), backwards from the symbol's current price, so the
 * history ends exactly where the robots continue. The path is fine where charts look closely
 * (one-minute steps over the last week), coarser further back (15 minutes for the month, an hour
 * for the year), and every interval's candles aggregate the same steps, so a day's 1d candle
 * agrees with its 1m candles. Futures and binary-option symbols reuse the exchange symbol's
 * candles by name, so only exchange symbols are backfilled.
 *
 * Bounded: about 5,800 candles and 21,000 walk steps per symbol (see BACKFILL_WINDOW_MS),
 * inserted in batches inside one transaction per symbol. Each backfilled symbol is recorded in
 * settings in that same transaction, so a second start (or a crash halfway) never repeats one;
 * a symbol that already has candles is never touched.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { Executor } from '../core/executor';
import { KLINE_INTERVALS, type KlineInterval } from '../../src/shared/api/market';
import { candleOpenTime } from './candles';
import { currencyPriceUsd, createRandom, gaussian, hashSeed, PriceWalk, priceToTicks, symbolWalkProfile, YEAR_MS } from './price-walk';
import type { MarketSymbol } from './types';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How far back each interval is backfilled. */
export const BACKFILL_WINDOW_MS: Readonly<Record<KlineInterval, number>> = {
  '1m': DAY_MS,
  '5m': 7 * DAY_MS,
  '15m': 7 * DAY_MS,
  '30m': 7 * DAY_MS,
  '1h': 30 * DAY_MS,
  '4h': 30 * DAY_MS,
  '1d': YEAR_MS,
  '1w': YEAR_MS,
};

/**
 * The path's resolution by age, finest first. Each segment starts on a day (the last on a
 * Monday), so that every step lies inside one candle of each interval backfilled over it.
 */
const PATH_SEGMENTS: readonly { stepMs: number; reachesBackMs: number; alignTo: KlineInterval }[] = [
  { stepMs: MINUTE_MS, reachesBackMs: 7 * DAY_MS, alignTo: '1d' },
  { stepMs: 15 * MINUTE_MS, reachesBackMs: 31 * DAY_MS, alignTo: '1d' },
  { stepMs: HOUR_MS, reachesBackMs: YEAR_MS, alignTo: '1w' },
];

export const BACKFILL_SETTINGS_KEY = 'backfill:candles';
const INSERT_BATCH_ROWS = 500;
/** The average trade of the synthetic history, in USD: turns volume into a trade count. */
const AVERAGE_TRADE_USD = 400;

interface PathStep {
  startTime: number;
  durationMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volumeLots: number;
  tradeCount: number;
}

export interface CandleRow {
  symbol_id: number;
  interval: KlineInterval;
  open_time: number;
  open_ticks: number;
  high_ticks: number;
  low_ticks: number;
  close_ticks: number;
  volume_lots: number;
  trade_count: number;
}

/** Step boundaries from `now` back to the start of the oldest segment, newest first. */
function stepDurations(now: number): { startTime: number; durationMs: number }[] {
  const steps: { startTime: number; durationMs: number }[] = [];
  let time = now;
  const firstBoundary = candleOpenTime(now, '1m');
  if (firstBoundary < time) {
    steps.push({ startTime: firstBoundary, durationMs: time - firstBoundary });
    time = firstBoundary;
  }
  for (const segment of PATH_SEGMENTS) {
    const segmentStart = candleOpenTime(now - segment.reachesBackMs, segment.alignTo);
    while (time > segmentStart) {
      steps.push({ startTime: time - segment.stepMs, durationMs: segment.stepMs });
      time -= segment.stepMs;
    }
  }
  return steps;
}

/**
 * The synthetic path of one symbol, oldest step first, ending at `endPrice` at `now`. The walk
 * runs backwards in time from the end price; its increments are symmetric, so the reversed path
 * is a path of the same process. Volume follows each step's size: busy when the price moves.
 */
export function generatePath(symbol: MarketSymbol, endPrice: number, now: number, seed: number): PathStep[] {
  const profile = symbolWalkProfile(symbol.symbol);
  const walk = new PriceWalk(profile, hashSeed(seed, symbol.symbol, 'backfill'), endPrice);
  const volumeRandom = createRandom(hashSeed(seed, symbol.symbol, 'volume'));
  const averageTradeQuote = AVERAGE_TRADE_USD / currencyPriceUsd(symbol.quoteSymbol);
  const lotsPerBase = 10 ** symbol.volumePrecision;
  const steps: PathStep[] = [];
  for (const { startTime, durationMs } of stepDurations(now)) {
    const backwards = walk.step(durationMs);
    const stepVolatility = profile.volatilityAnnual * Math.sqrt(durationMs / YEAR_MS);
    const moveSize = stepVolatility > 0 ? Math.abs(Math.log(backwards.close / backwards.open)) / stepVolatility : 0;
    const activity = (0.6 + 0.4 * moveSize) * Math.exp(0.6 * gaussian(volumeRandom) - 0.18);
    const volumeQuote = profile.dailyVolumeQuote * (durationMs / DAY_MS) * activity;
    const middle = (backwards.open + backwards.close) / 2;
    steps.push({
      startTime,
      durationMs,
      open: backwards.close,
      close: backwards.open,
      high: backwards.high,
      low: backwards.low,
      volumeLots: Math.round((volumeQuote / middle) * lotsPerBase),
      tradeCount: Math.max(1, Math.round(volumeQuote / averageTradeQuote)),
    });
  }
  return steps.reverse();
}

/** The candles of one interval over the path's steps that start inside its window. */
export function pathCandles(symbol: MarketSymbol, steps: readonly PathStep[], interval: KlineInterval, now: number): CandleRow[] {
  const windowStart = candleOpenTime(now - BACKFILL_WINDOW_MS[interval], interval);
  const rows: CandleRow[] = [];
  let current: CandleRow | undefined;
  for (const step of steps) {
    if (step.startTime < windowStart) continue;
    const openTime = candleOpenTime(step.startTime, interval);
    const high = priceToTicks(step.high, symbol.pricePrecision);
    const low = priceToTicks(step.low, symbol.pricePrecision);
    if (current?.open_time !== openTime) {
      current = {
        symbol_id: symbol.id,
        interval,
        open_time: openTime,
        open_ticks: priceToTicks(step.open, symbol.pricePrecision),
        high_ticks: high,
        low_ticks: low,
        close_ticks: 0,
        volume_lots: 0,
        trade_count: 0,
      };
      rows.push(current);
    }
    current.high_ticks = Math.max(current.high_ticks, high);
    current.low_ticks = Math.min(current.low_ticks, low);
    current.close_ticks = priceToTicks(step.close, symbol.pricePrecision);
    current.volume_lots += step.volumeLots;
    current.trade_count += step.tradeCount;
  }
  return rows;
}

export interface BackfillRecord {
  at: number;
  seed: number;
  symbolIds: number[];
}

async function readBackfillRecord(executor: Executor): Promise<BackfillRecord | undefined> {
  const row = await executor.selectFrom('settings').select('value_json').where('key', '=', BACKFILL_SETTINGS_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value_json) as BackfillRecord) : undefined;
}

async function writeBackfillRecord(trx: Transaction<Database>, record: BackfillRecord): Promise<void> {
  const value = JSON.stringify(record);
  await trx
    .insertInto('settings')
    .values({ key: BACKFILL_SETTINGS_KEY, value_json: value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value_json: value }))
    .execute();
}

/** The price a symbol's history must end at: its last trade, else the walk's reference price. */
export async function currentSymbolPrice(executor: Executor, symbol: MarketSymbol): Promise<number> {
  const trade = await executor
    .selectFrom('trades')
    .select('price_ticks')
    .where('symbol_id', '=', BigInt(symbol.id))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (trade) return Number(trade.price_ticks) / 10 ** symbol.pricePrecision;
  const candle = await executor
    .selectFrom('candles')
    .select('close_ticks')
    .where('symbol_id', '=', BigInt(symbol.id))
    .where('interval', '=', '1m')
    .orderBy('open_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (candle) return Number(candle.close_ticks) / 10 ** symbol.pricePrecision;
  return symbolWalkProfile(symbol.symbol).referencePrice;
}

async function hasCandles(executor: Executor, symbolId: number): Promise<boolean> {
  const row = await executor.selectFrom('candles').select('symbol_id').where('symbol_id', '=', BigInt(symbolId)).limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface BackfillResult {
  symbols: number;
  candles: number;
}

/**
 * Backfills every given exchange symbol not backfilled before and without candles of its own.
 * The seed is recorded with the first backfill; later symbols (an operator adds a market) use it
 * too, so one install's history is reproducible.
 */
export async function backfillCandles(context: AppContext, symbols: readonly MarketSymbol[], seed: number): Promise<BackfillResult> {
  const now = context.now();
  let record = (await readBackfillRecord(context.db)) ?? { at: now, seed, symbolIds: [] };
  const result: BackfillResult = { symbols: 0, candles: 0 };
  for (const symbol of symbols) {
    if (record.symbolIds.includes(symbol.id)) continue;
    const nextRecord: BackfillRecord = { ...record, symbolIds: [...record.symbolIds, symbol.id] };
    if (await hasCandles(context.db, symbol.id)) {
      await context.db.transaction().execute((trx) => writeBackfillRecord(trx, nextRecord));
      record = nextRecord;
      continue;
    }
    const steps = generatePath(symbol, await currentSymbolPrice(context.db, symbol), now, record.seed);
    const rows = KLINE_INTERVALS.flatMap((interval) => pathCandles(symbol, steps, interval, now));
    await context.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += INSERT_BATCH_ROWS) {
        await trx
          .insertInto('candles')
          .values(rows.slice(start, start + INSERT_BATCH_ROWS))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
      await writeBackfillRecord(trx, nextRecord);
    });
    record = nextRecord;
    result.symbols += 1;
    result.candles += rows.length;
  }
  return result;
}
