/** SQL of the futures area: the symbols' terms, the positions, and the sums the limits read. */
import type { Selectable } from 'kysely';
import type { FuturesCloseReason, FuturesOrderType, FuturesSide, FuturesStatus } from '../../../src/shared/api/futures';
import { SYMBOL_TYPE } from '../../../src/shared/constants';
import type { FuturesPositionsTable } from '../../db/schema';
import type { Executor } from '../../core/executor';
import { forUpdate } from '../../db/row-lock';

export type PositionRow = Selectable<FuturesPositionsTable>;

/** A futures symbol with its terms, as stored: sizes in lots, rates in ppm, limits in USDT units. */
export interface SymbolTermsRow {
  symbolId: number;
  symbol: string;
  testOnly: boolean;
  pricePrecision: number;
  volumePrecision: number;
  leverages: number[];
  minVolumeLots: bigint;
  maxVolumeLots: bigint;
  openFeePpm: bigint;
  closeFeePpm: bigint;
  maintenancePpm: bigint;
  spreadPpm: bigint;
  userNotionalMaxUnits: bigint;
  netExposureMaxUnits: bigint;
}

/** Every futures symbol (type 2) that has terms, in the symbols' order. */
export async function listSymbolTerms(executor: Executor): Promise<SymbolTermsRow[]> {
  const rows = await executor
    .selectFrom('futures_symbols')
    .innerJoin('symbols', 'symbols.id', 'futures_symbols.symbol_id')
    .selectAll('futures_symbols')
    .select(['symbols.symbol', 'symbols.test_only', 'symbols.price_precision', 'symbols.volume_precision'])
    .where('symbols.type', '=', BigInt(SYMBOL_TYPE.futures))
    .orderBy('symbols.sort_order')
    .orderBy('symbols.id')
    .execute();
  return rows.map((row) => ({
    symbolId: Number(row.symbol_id),
    symbol: row.symbol,
    testOnly: row.test_only === 1n,
    pricePrecision: Number(row.price_precision),
    volumePrecision: Number(row.volume_precision),
    leverages: (JSON.parse(row.leverages_json) as number[]).sort((left, right) => left - right),
    minVolumeLots: row.min_volume_lots,
    maxVolumeLots: row.max_volume_lots,
    openFeePpm: row.open_fee_ppm,
    closeFeePpm: row.close_fee_ppm,
    maintenancePpm: row.maintenance_ppm,
    spreadPpm: row.spread_ppm,
    userNotionalMaxUnits: row.user_notional_max_units,
    netExposureMaxUnits: row.net_exposure_max_units,
  }));
}

export interface NewPosition {
  userId: number;
  symbolId: number;
  idempotencyKey: string;
  requestHash: string;
  side: FuturesSide;
  type: FuturesOrderType;
  leverage: number;
  volumeLots: bigint;
  marginUnits: bigint;
  notionalUnits: bigint;
  openFeeUnits: bigint;
  closeFeePpm: bigint;
  maintenancePpm: bigint;
  spreadPpm: bigint;
  triggerTicks: bigint | null;
  takeProfitTicks: bigint | null;
  stopLossTicks: bigint | null;
  now: number;
}

/** Writes a position as pending; a market one is opened in the same piece (openPosition). */
export async function insertPosition(executor: Executor, position: NewPosition): Promise<PositionRow> {
  const row = await executor
    .insertInto('futures_positions')
    .values({
      user_id: position.userId,
      symbol_id: position.symbolId,
      idempotency_key: position.idempotencyKey,
      request_hash: position.requestHash,
      side: position.side,
      type: position.type,
      leverage: position.leverage,
      status: 'pending',
      volume_lots: position.volumeLots,
      margin_units: position.marginUnits,
      notional_units: position.notionalUnits,
      open_fee_units: position.openFeeUnits,
      close_fee_ppm: position.closeFeePpm,
      maintenance_ppm: position.maintenancePpm,
      spread_ppm: position.spreadPpm,
      trigger_ticks: position.triggerTicks,
      take_profit_ticks: position.takeProfitTicks,
      stop_loss_ticks: position.stopLossTicks,
      created_at: position.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await changeExposure(executor, row, { pendingLots: row.volume_lots });
  return row;
}

export function findByKey(executor: Executor, userId: number, idempotencyKey: string): Promise<PositionRow | undefined> {
  return executor.selectFrom('futures_positions').selectAll().where('user_id', '=', BigInt(userId)).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export function findPosition(executor: Executor, id: number): Promise<PositionRow | undefined> {
  return executor.selectFrom('futures_positions').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

/** The position, locked until the piece commits (PostgreSQL): for a read that decides a write, such as the stop points checked against its terms. */
export function lockPosition(executor: Executor, id: number): Promise<PositionRow | undefined> {
  return forUpdate(executor, executor.selectFrom('futures_positions').selectAll().where('id', '=', BigInt(id))).executeTakeFirst();
}

/** Pending -> open at the entry; false when it is not pending any more (cancelled or opened meanwhile). */
export async function markOpen(executor: Executor, id: number, entry: { entryTicks: bigint; liquidationTicks: bigint; notionalUnits: bigint; now: number }): Promise<boolean> {
  const opened = await executor
    .updateTable('futures_positions')
    .set({ status: 'open', entry_ticks: entry.entryTicks, liquidation_ticks: entry.liquidationTicks, notional_units: entry.notionalUnits, opened_at: entry.now })
    .where('id', '=', BigInt(id))
    .where('status', '=', 'pending')
    .returning(EXPOSURE_FIGURES)
    .executeTakeFirst();
  if (!opened) return false;
  await changeExposure(executor, opened, { pendingLots: -opened.volume_lots, openLots: opened.volume_lots, openEntryValue: opened.volume_lots * entry.entryTicks });
  return true;
}

/** Open -> closed with how; false when it is not open any more (closed by another path meanwhile). */
export async function markClosed(
  executor: Executor,
  id: number,
  closed: { reason: FuturesCloseReason; closeTicks: bigint; closeFeeUnits: bigint; realizedPnlUnits: bigint; now: number },
): Promise<boolean> {
  const row = await executor
    .updateTable('futures_positions')
    .set({
      status: 'closed',
      close_reason: closed.reason,
      close_ticks: closed.closeTicks,
      close_fee_units: closed.closeFeeUnits,
      realized_pnl_units: closed.realizedPnlUnits,
      closed_at: closed.now,
    })
    .where('id', '=', BigInt(id))
    .where('status', '=', 'open')
    .returning([...EXPOSURE_FIGURES, 'entry_ticks'])
    .executeTakeFirst();
  if (!row) return false;
  if (row.entry_ticks === null) throw new Error(`futures position ${id} was open without an entry`);
  await changeExposure(executor, row, { openLots: -row.volume_lots, openEntryValue: -row.volume_lots * row.entry_ticks });
  return true;
}

/** Pending -> cancelled by its owner; false when it is not pending any more. */
export async function markCancelled(executor: Executor, id: number, now: number): Promise<boolean> {
  const cancelled = await executor
    .updateTable('futures_positions')
    .set({ status: 'cancelled', close_reason: 'user', closed_at: now })
    .where('id', '=', BigInt(id))
    .where('status', '=', 'pending')
    .returning(EXPOSURE_FIGURES)
    .executeTakeFirst();
  if (!cancelled) return false;
  await changeExposure(executor, cancelled, { pendingLots: -cancelled.volume_lots });
  return true;
}

/** Sets both stop points as given (null clears); false when the position is closed or cancelled meanwhile. */
export async function updateStopPoints(executor: Executor, id: number, points: { takeProfitTicks: bigint | null; stopLossTicks: bigint | null }): Promise<boolean> {
  const result = await executor
    .updateTable('futures_positions')
    .set({ take_profit_ticks: points.takeProfitTicks, stop_loss_ticks: points.stopLossTicks })
    .where('id', '=', BigInt(id))
    .where('status', 'in', ['pending', 'open'])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Every pending and open position, for rebuilding the risk book at boot. */
export function listLive(executor: Executor): Promise<PositionRow[]> {
  return executor.selectFrom('futures_positions').selectAll().where('status', 'in', ['pending', 'open']).orderBy('id').execute();
}

/** A user's pending and open positions (of one symbol), oldest first. */
export function listLiveOfUser(executor: Executor, userId: number, symbolId?: number): Promise<PositionRow[]> {
  let query = executor.selectFrom('futures_positions').selectAll().where('user_id', '=', BigInt(userId)).where('status', 'in', ['pending', 'open']);
  if (symbolId !== undefined) query = query.where('symbol_id', '=', BigInt(symbolId));
  return query.orderBy('id').execute();
}

/** The notional a user holds pending and open in a symbol, in USDT units. */
export async function userNotionalUnits(executor: Executor, userId: number, symbolId: number): Promise<bigint> {
  const row = await executor
    .selectFrom('futures_positions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('notional_units'), eb.val(0n)).as('total'))
    .where('user_id', '=', BigInt(userId))
    .where('symbol_id', '=', BigInt(symbolId))
    .where('status', 'in', ['pending', 'open'])
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** What a step of a position changes in its side's totals: the columns it reads. */
const EXPOSURE_FIGURES = ['symbol_id', 'side', 'volume_lots'] as const;

/** A change of one side's totals (futures_exposure; migration 0014): sizes in lots, the entry value in lots x ticks. */
interface ExposureChange {
  pendingLots?: bigint;
  openLots?: bigint;
  openEntryValue?: bigint;
}

/**
 * Moves a side's totals by a position's step, in the piece that takes the step (right after its
 * status guard succeeded), so that the totals always equal a recount of the live positions. The sums
 * are made here in bigints: a total past 64 bits is refused by the driver rather than rounded.
 */
async function changeExposure(executor: Executor, position: { symbol_id: bigint; side: string }, change: ExposureChange): Promise<void> {
  const key = { symbol_id: position.symbol_id, side: position.side };
  // Locked on PostgreSQL: steps of one side on several instances (a close here, the leader's
  // liquidation there) take turns, each adding to what the other wrote. A side's first row
  // inserted by two at once: the second's unique violation runs its piece again (commit group).
  const current = await forUpdate(executor, executor.selectFrom('futures_exposure').selectAll().where('symbol_id', '=', key.symbol_id).where('side', '=', key.side)).executeTakeFirst();
  const totals = {
    pending_lots: (current?.pending_lots ?? 0n) + (change.pendingLots ?? 0n),
    open_lots: (current?.open_lots ?? 0n) + (change.openLots ?? 0n),
    open_entry_value: (current?.open_entry_value ?? 0n) + (change.openEntryValue ?? 0n),
  };
  await executor
    .insertInto('futures_exposure')
    .values({ ...key, ...totals })
    .onConflict((conflict) => conflict.columns(['symbol_id', 'side']).doUpdateSet(totals))
    .execute();
}

/** One side of one symbol's live positions: the pending and open sizes in lots, and the open ones' entry value in lots x ticks. */
export interface SideExposure {
  symbolId: number;
  side: FuturesSide;
  pendingLots: bigint;
  openLots: bigint;
  openEntryValue: bigint;
}

/** The running totals of every symbol's sides: two rows per symbol at most, however many positions are live. */
export async function exposureTotals(executor: Executor): Promise<SideExposure[]> {
  const rows = await executor.selectFrom('futures_exposure').selectAll().execute();
  return rows.map((row) => ({ symbolId: Number(row.symbol_id), side: row.side as FuturesSide, pendingLots: row.pending_lots, openLots: row.open_lots, openEntryValue: row.open_entry_value }));
}

export interface ListFilter {
  statuses?: readonly FuturesStatus[];
  symbolId?: number;
  side?: FuturesSide;
  closeReason?: FuturesCloseReason;
  from?: number;
  to?: number;
  offset: number;
  limit: number;
}

/** A user's positions by the filter, newest first, with the count of all that match. */
export async function listForUser(executor: Executor, userId: number, filter: ListFilter): Promise<{ total: number; rows: PositionRow[] }> {
  let query = executor.selectFrom('futures_positions').where('user_id', '=', BigInt(userId));
  if (filter.statuses !== undefined) query = query.where('status', 'in', [...filter.statuses]);
  if (filter.symbolId !== undefined) query = query.where('symbol_id', '=', BigInt(filter.symbolId));
  if (filter.side !== undefined) query = query.where('side', '=', filter.side);
  // A pending position its owner cancelled has the reason 'user' too: it is in that filter's list.
  if (filter.closeReason !== undefined) query = query.where('close_reason', '=', filter.closeReason);
  if (filter.from !== undefined) query = query.where('created_at', '>=', BigInt(filter.from));
  if (filter.to !== undefined) query = query.where('created_at', '<', BigInt(filter.to));
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
  ]);
  return { total: Number(count.total), rows };
}

/** Realised PnL minus both fees of a user's positions closed since `since`, in USDT units. */
export async function closedNetSince(executor: Executor, userId: number, since: number): Promise<bigint> {
  const row = await executor
    .selectFrom('futures_positions')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<bigint>('realized_pnl_units'), eb.val(0n)).as('pnl'),
      eb.fn.coalesce(eb.fn.sum<bigint>('close_fee_units'), eb.val(0n)).as('close_fees'),
      eb.fn.coalesce(eb.fn.sum<bigint>('open_fee_units'), eb.val(0n)).as('open_fees'),
    ])
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'closed')
    .where('closed_at', '>=', BigInt(since))
    .executeTakeFirstOrThrow();
  return BigInt(row.pnl) - BigInt(row.close_fees) - BigInt(row.open_fees);
}

/** The decimals of the margin currency (USDT), which every money column of the area counts in. */
export async function marginScale(executor: Executor, currency: string): Promise<number> {
  const row = await executor.selectFrom('currencies').select('scale').where('code', '=', currency).executeTakeFirstOrThrow();
  return Number(row.scale);
}
