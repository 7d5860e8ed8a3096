/** SQL of the binary-options area: the periods and limits, the orders, the recorded index. */
import { sql, type Selectable } from 'kysely';
import type { BoptionDirection, BoptionStatus } from '../../../src/shared/api/boption';
import type { BoptionOrdersTable } from '../../db/schema';
import type { Executor } from '../../core/executor';

export type OrderRow = Selectable<BoptionOrdersTable>;

export interface PeriodTerms {
  seconds: number;
  payoutRatePpm: number;
  minStakeUnits: bigint;
  maxStakeUnits: bigint;
  liabilityMaxUnits: bigint;
}

/** A symbol's periods as stored, shortest first. */
export async function periodsOf(executor: Executor, symbolId: number): Promise<PeriodTerms[]> {
  const rows = await executor.selectFrom('boption_periods').selectAll().where('symbol_id', '=', BigInt(symbolId)).orderBy('seconds').execute();
  return rows.map((row) => ({
    seconds: Number(row.seconds),
    payoutRatePpm: Number(row.payout_rate_ppm),
    minStakeUnits: row.min_stake_units,
    maxStakeUnits: row.max_stake_units,
    liabilityMaxUnits: row.liability_max_units,
  }));
}

/** The key in `settings` of what is not per symbol (migration 0013). */
const SETTINGS_KEY = 'boption';

export async function openOrdersMax(executor: Executor): Promise<number> {
  const row = await executor.selectFrom('settings').select('value_json').where('key', '=', SETTINGS_KEY).executeTakeFirst();
  const value = row ? (JSON.parse(row.value_json) as { openOrdersMax?: unknown }).openOrdersMax : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

export interface NewOrder {
  userId: number;
  idempotencyKey: string;
  requestHash: string;
  symbolId: number;
  direction: BoptionDirection;
  periodSeconds: number;
  currency: string;
  stakeUnits: bigint;
  payoutRatePpm: number;
  winProfitUnits: bigint;
  pricePrecision: number;
  openPriceTicks: bigint;
  openedAt: number;
  expiresAt: number;
}

export function insertOrder(executor: Executor, order: NewOrder): Promise<OrderRow> {
  return executor
    .insertInto('boption_orders')
    .values({
      user_id: order.userId,
      idempotency_key: order.idempotencyKey,
      request_hash: order.requestHash,
      symbol_id: order.symbolId,
      direction: order.direction,
      period_seconds: order.periodSeconds,
      currency: order.currency,
      stake_units: order.stakeUnits,
      payout_rate_ppm: order.payoutRatePpm,
      win_profit_units: order.winProfitUnits,
      price_precision: order.pricePrecision,
      open_price_ticks: order.openPriceTicks,
      status: 'open',
      opened_at: order.openedAt,
      expires_at: order.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findByKey(executor: Executor, userId: number, idempotencyKey: string): Promise<OrderRow | undefined> {
  return executor.selectFrom('boption_orders').selectAll().where('user_id', '=', BigInt(userId)).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export function findOrder(executor: Executor, id: number): Promise<OrderRow | undefined> {
  return executor.selectFrom('boption_orders').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

export async function countOpen(executor: Executor, userId: number): Promise<number> {
  const row = await executor
    .selectFrom('boption_orders')
    .select((eb) => eb.fn.countAll<bigint>().as('total'))
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Per direction, the open stakes and what their wins would add, on one symbol and period. */
export async function openExposure(executor: Executor, symbolId: number, periodSeconds: number): Promise<Record<BoptionDirection, { stakeUnits: bigint; winProfitUnits: bigint }>> {
  const rows = await executor
    .selectFrom('boption_orders')
    .select(['direction', sql<bigint>`coalesce(sum(stake_units), 0)`.as('stakes'), sql<bigint>`coalesce(sum(win_profit_units), 0)`.as('profits')])
    .where('status', '=', 'open')
    .where('symbol_id', '=', BigInt(symbolId))
    .where('period_seconds', '=', BigInt(periodSeconds))
    .groupBy('direction')
    .execute();
  const exposure = { up: { stakeUnits: 0n, winProfitUnits: 0n }, down: { stakeUnits: 0n, winProfitUnits: 0n } };
  for (const row of rows) exposure[row.direction as BoptionDirection] = { stakeUnits: BigInt(row.stakes), winProfitUnits: BigInt(row.profits) };
  return exposure;
}

/** What the house would pay if every open order in `currency` won. */
export async function openWinProfits(executor: Executor, currency: string): Promise<bigint> {
  const row = await executor
    .selectFrom('boption_orders')
    .select(sql<bigint>`coalesce(sum(win_profit_units), 0)`.as('total'))
    .where('status', '=', 'open')
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** Closes an open order; false when it is not open any more (settled meanwhile), so that it settles once. */
export async function markSettled(
  executor: Executor,
  id: number,
  settlement: { status: Exclude<BoptionStatus, 'open'>; settlePriceTicks: bigint | null; payoutUnits: bigint; settledAt: number },
): Promise<boolean> {
  const result = await executor
    .updateTable('boption_orders')
    .set({ status: settlement.status, settle_price_ticks: settlement.settlePriceTicks, payout_units: settlement.payoutUnits, settled_at: settlement.settledAt })
    .where('id', '=', BigInt(id))
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The caller's open orders (of one symbol), soonest expiry first. */
export function listOpen(executor: Executor, userId: number, symbolId: number | undefined, limit: number): Promise<OrderRow[]> {
  let query = executor.selectFrom('boption_orders').selectAll().where('user_id', '=', BigInt(userId)).where('status', '=', 'open');
  if (symbolId !== undefined) query = query.where('symbol_id', '=', BigInt(symbolId));
  return query.orderBy('expires_at').orderBy('id').limit(limit).execute();
}

export interface HistoryFilter {
  symbolId?: number;
  /** One status; without it, every settled one. */
  status?: BoptionStatus;
  from?: number;
  to?: number;
  offset: number;
  limit: number;
}

export async function listForUser(executor: Executor, userId: number, filter: HistoryFilter): Promise<{ total: number; rows: OrderRow[] }> {
  let query = executor.selectFrom('boption_orders').where('user_id', '=', BigInt(userId));
  query = filter.status === undefined ? query.where('status', '!=', 'open') : query.where('status', '=', filter.status);
  if (filter.symbolId !== undefined) query = query.where('symbol_id', '=', BigInt(filter.symbolId));
  if (filter.from !== undefined) query = query.where('opened_at', '>=', BigInt(filter.from));
  if (filter.to !== undefined) query = query.where('opened_at', '<', BigInt(filter.to));
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
  ]);
  return { total: Number(count.total), rows };
}

export async function insertIndexPrices(executor: Executor, at: number, prices: { symbolId: number; priceTicks: bigint }[]): Promise<void> {
  if (prices.length === 0) return;
  await executor
    .insertInto('boption_index')
    .values(prices.map((price) => ({ symbol_id: price.symbolId, at, price_ticks: price.priceTicks })))
    .onConflict((conflict) => conflict.columns(['symbol_id', 'at']).doNothing())
    .execute();
}

/** The last recorded index of a symbol at or before `time`, no older than `since`. */
export async function indexAt(executor: Executor, symbolId: number, time: number, since: number): Promise<{ at: number; priceTicks: bigint } | undefined> {
  const row = await executor
    .selectFrom('boption_index')
    .select(['at', 'price_ticks'])
    .where('symbol_id', '=', BigInt(symbolId))
    .where('at', '<=', BigInt(time))
    .where('at', '>=', BigInt(since))
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { at: Number(row.at), priceTicks: row.price_ticks };
}

export async function currencyScale(executor: Executor, code: string): Promise<number> {
  const row = await executor.selectFrom('currencies').select('scale').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.scale);
}

/** Symbols' names (BTC_USDT) by id. */
export async function symbolNames(executor: Executor, ids: readonly bigint[]): Promise<Map<bigint, string>> {
  const rows = await executor.selectFrom('symbols').select(['id', 'symbol']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, row.symbol]));
}

/** The binary-option symbols' ids. */
export async function optionSymbolIds(executor: Executor, type: number): Promise<Set<number>> {
  const rows = await executor.selectFrom('symbols').select('id').where('type', '=', BigInt(type)).execute();
  return new Set(rows.map((row) => Number(row.id)));
}
