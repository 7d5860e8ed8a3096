/**
 * SQL of the market module: symbols as stored by the seed and the operator API, the candles the
 * engine's trades hook writes, and favourites.
 */
import type { Executor } from '../../core/executor';
import type { DayStats } from '../../engine/quotes';
import type { Candle } from '../../engine/candles';

export interface SymbolRow {
  id: number;
  type: number;
  symbol: string;
  name: string;
  testOnly: boolean;
  prompted: boolean;
  pricePrecision: number;
  volumePrecision: number;
  svgIcon: string;
}

/** Every symbol, by type and then by its sort order; test-only ones only when asked for. */
export async function listSymbols(executor: Executor, options: { includeTestOnly: boolean }): Promise<SymbolRow[]> {
  let query = executor
    .selectFrom('symbols')
    .select(['id', 'type', 'symbol', 'name', 'test_only', 'prompted', 'price_precision', 'volume_precision', 'svg_icon'])
    // A delisted market leaves every list (issue 21); its past orders still read through the engine.
    .where('status', '!=', 'delisted')
    .orderBy('type')
    .orderBy('sort_order')
    .orderBy('id');
  if (!options.includeTestOnly) query = query.where('test_only', '=', 0n);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    type: Number(row.type),
    symbol: row.symbol,
    name: row.name,
    testOnly: row.test_only === 1n,
    prompted: row.prompted === 1n,
    pricePrecision: Number(row.price_precision),
    volumePrecision: Number(row.volume_precision),
    svgIcon: row.svg_icon,
  }));
}

/** A stored candle as klines answer it: the engine's Candle without its trade count. */
export type CandleRow = Omit<Candle, 'tradeCount'>;

/**
 * A page of candles, oldest first: forward from `from` when given, else the latest before `to`
 * (`from` inclusive, `to` exclusive).
 */
export async function selectCandles(
  executor: Executor,
  symbolId: number,
  interval: string,
  page: { from?: number; to?: number; limit: number },
): Promise<CandleRow[]> {
  let query = executor
    .selectFrom('candles')
    .select(['open_time', 'open_ticks', 'high_ticks', 'low_ticks', 'close_ticks', 'volume_lots'])
    .where('symbol_id', '=', BigInt(symbolId))
    .where('interval', '=', interval);
  if (page.from !== undefined) query = query.where('open_time', '>=', BigInt(page.from));
  if (page.to !== undefined) query = query.where('open_time', '<', BigInt(page.to));
  const forward = page.from !== undefined;
  const rows = await query.orderBy('open_time', forward ? 'asc' : 'desc').limit(page.limit).execute();
  if (!forward) rows.reverse();
  return rows.map((row) => ({
    openTime: Number(row.open_time),
    openTicks: row.open_ticks,
    highTicks: row.high_ticks,
    lowTicks: row.low_ticks,
    closeTicks: row.close_ticks,
    volumeLots: row.volume_lots,
  }));
}

/** SQLite sums integers to an integer; PostgreSQL to a numeric that arrives as a string. */
function toBigint(value: string | number | bigint | null): bigint {
  return value === null ? 0n : BigInt(value);
}

/**
 * The statistics of each symbol's one-minute candles since `sinceMs`: extremes, summed volume
 * and trade count, the first candle's open and the last one's close. Symbols without a candle
 * in the window are absent.
 */
export async function selectDayStats(executor: Executor, symbolIds: readonly number[], sinceMs: number): Promise<Map<number, DayStats>> {
  const stats = new Map<number, DayStats>();
  if (symbolIds.length === 0) return stats;
  const ids = symbolIds.map(BigInt);
  const totals = await executor
    .selectFrom('candles')
    .select((eb) => [
      'symbol_id',
      eb.fn.min('low_ticks').as('low_ticks'),
      eb.fn.max('high_ticks').as('high_ticks'),
      eb.fn.sum<bigint>('volume_lots').as('volume_lots'),
      eb.fn.sum<bigint>('trade_count').as('trade_count'),
      eb.fn.min('open_time').as('first_time'),
      eb.fn.max('open_time').as('last_time'),
    ])
    .where('interval', '=', '1m')
    .where('symbol_id', 'in', ids)
    .where('open_time', '>=', BigInt(sinceMs))
    .groupBy('symbol_id')
    .execute();
  if (totals.length === 0) return stats;
  const edgeTimes = [...new Set(totals.flatMap((row) => [row.first_time, row.last_time]))];
  const edges = await executor
    .selectFrom('candles')
    .select(['symbol_id', 'open_time', 'open_ticks', 'close_ticks'])
    .where('interval', '=', '1m')
    .where('symbol_id', 'in', totals.map((row) => row.symbol_id))
    .where('open_time', 'in', edgeTimes)
    .execute();
  const edgeOf = (symbolId: bigint, time: bigint) => edges.find((edge) => edge.symbol_id === symbolId && edge.open_time === time);
  for (const row of totals) {
    const first = edgeOf(row.symbol_id, row.first_time);
    const last = edgeOf(row.symbol_id, row.last_time);
    // Candles are only ever added or widened, but a retention sweep may drop old ones between the
    // two reads: the symbol then counts as quiet rather than failing the whole answer.
    if (!first || !last) continue;
    stats.set(Number(row.symbol_id), {
      openTicks: first.open_ticks,
      highTicks: row.high_ticks,
      lowTicks: row.low_ticks,
      closeTicks: last.close_ticks,
      volumeLots: toBigint(row.volume_lots),
      tradeCount: Number(toBigint(row.trade_count)),
    });
  }
  return stats;
}

/** The close of each symbol's latest one-minute candle, whenever it was. */
export async function selectLastCloses(executor: Executor, symbolIds: readonly number[]): Promise<Map<number, bigint>> {
  const closes = new Map<number, bigint>();
  if (symbolIds.length === 0) return closes;
  const rows = await executor
    .selectFrom('candles as candle')
    .select(['candle.symbol_id', 'candle.close_ticks'])
    .where('candle.interval', '=', '1m')
    .where('candle.symbol_id', 'in', symbolIds.map(BigInt))
    .where((eb) =>
      eb(
        'candle.open_time',
        '=',
        eb
          .selectFrom('candles as latest')
          .select((inner) => inner.fn.max('latest.open_time').as('open_time'))
          .whereRef('latest.symbol_id', '=', 'candle.symbol_id')
          .where('latest.interval', '=', '1m'),
      ),
    )
    .execute();
  for (const row of rows) closes.set(Number(row.symbol_id), row.close_ticks);
  return closes;
}

/** Adds a favourite; adding one twice changes nothing. */
export async function insertFavourite(executor: Executor, userId: number, symbolId: number, now: number): Promise<void> {
  await executor
    .insertInto('favourites')
    .values({ user_id: userId, symbol_id: symbolId, created_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'symbol_id']).doNothing())
    .execute();
}

export async function deleteFavourite(executor: Executor, userId: number, symbolId: number): Promise<void> {
  await executor.deleteFrom('favourites').where('user_id', '=', BigInt(userId)).where('symbol_id', '=', BigInt(symbolId)).execute();
}

/** A user's favourite symbol ids in the order they were added. */
export async function selectFavouriteIds(executor: Executor, userId: number): Promise<number[]> {
  const rows = await executor
    .selectFrom('favourites')
    .select('symbol_id')
    .where('user_id', '=', BigInt(userId))
    .orderBy('created_at')
    .orderBy('symbol_id')
    .execute();
  return rows.map((row) => Number(row.symbol_id));
}
