/**
 * SQL of the engine: orders, trades and the symbols it trades. Rows come back as plain records
 * with bigint ticks, lots and units; the engine turns them into views at its boundary.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Executor } from '../core/executor';
import { prepared } from '../db/prepared';
import type { MarketSymbol, OrderStatus, OrderType, Side } from './types';

export interface OrderRecord {
  id: number;
  userId: number;
  symbolId: number;
  side: Side;
  type: OrderType;
  priceTicks: bigint | null;
  quantityLots: bigint | null;
  quoteBudgetUnits: bigint | null;
  filledLots: bigint;
  filledNotional: bigint;
  filledQuoteUnits: bigint;
  feeUnits: bigint;
  status: OrderStatus;
  cancelReason: string | null;
  clientOrderId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** An orders row as the database answers it. */
interface OrderRow {
  id: bigint;
  user_id: bigint;
  symbol_id: bigint;
  side: string;
  type: string;
  price_ticks: bigint | null;
  quantity_lots: bigint | null;
  quote_budget_units: bigint | null;
  filled_lots: bigint;
  filled_notional: string;
  filled_quote_units: bigint;
  fee_units: bigint;
  status: string;
  cancel_reason: string | null;
  client_order_id: string | null;
  created_at: bigint;
  updated_at: bigint;
}

function toRecord(row: OrderRow): OrderRecord {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    symbolId: Number(row.symbol_id),
    side: row.side as Side,
    type: row.type as OrderType,
    priceTicks: row.price_ticks,
    quantityLots: row.quantity_lots,
    quoteBudgetUnits: row.quote_budget_units,
    filledLots: row.filled_lots,
    filledNotional: BigInt(row.filled_notional),
    filledQuoteUnits: row.filled_quote_units,
    feeUnits: row.fee_units,
    status: row.status as OrderStatus,
    cancelReason: row.cancel_reason,
    clientOrderId: row.client_order_id,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function loadExchangeSymbols(executor: Executor): Promise<MarketSymbol[]> {
  const rows = await executor
    .selectFrom('symbols')
    .innerJoin('currencies as base', 'base.code', 'symbols.base_symbol')
    .innerJoin('currencies as quote', 'quote.code', 'symbols.quote_symbol')
    .select([
      'symbols.id',
      'symbols.type',
      'symbols.symbol',
      'symbols.base_symbol',
      'symbols.quote_symbol',
      'symbols.price_precision',
      'symbols.volume_precision',
      'symbols.test_only',
      'base.scale as base_scale',
      'quote.scale as quote_scale',
    ])
    .where('symbols.type', '=', 3n)
    .orderBy('symbols.id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    type: Number(row.type),
    symbol: row.symbol,
    baseSymbol: row.base_symbol,
    quoteSymbol: row.quote_symbol,
    pricePrecision: Number(row.price_precision),
    volumePrecision: Number(row.volume_precision),
    baseScale: Number(row.base_scale),
    quoteScale: Number(row.quote_scale),
    testOnly: row.test_only === 1n,
  }));
}

/** Open limit orders of a symbol in time priority, for rebuilding its book. */
export async function loadRestingOrders(executor: Executor, symbolId: number): Promise<OrderRecord[]> {
  const rows = await executor
    .selectFrom('orders')
    .selectAll()
    .where('symbol_id', '=', BigInt(symbolId))
    .where('status', '=', 'open')
    .where('type', '=', 'limit')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

// The statements of every order, compiled once (server/db/prepared.ts).
const insertOrderRow = prepared<{
  user_id: number;
  symbol_id: number;
  side: string;
  type: string;
  price_ticks: bigint | null;
  quantity_lots: bigint | null;
  quote_budget_units: bigint | null;
  client_order_id: string | null;
  now: number;
}>()((db, p) =>
  db
    .insertInto('orders')
    .values({
      user_id: p.user_id,
      symbol_id: p.symbol_id,
      side: p.side,
      type: p.type,
      price_ticks: p.price_ticks,
      quantity_lots: p.quantity_lots,
      quote_budget_units: p.quote_budget_units,
      filled_lots: 0,
      filled_notional: '0',
      filled_quote_units: 0,
      fee_units: 0,
      status: 'open',
      cancel_reason: null,
      client_order_id: p.client_order_id,
      created_at: p.now,
      updated_at: p.now,
    })
    .returningAll(),
);
const orderById = prepared<{ id: bigint }>()((db, p) => db.selectFrom('orders').selectAll().where('id', '=', p.id));
const orderByClientId = prepared<{ user_id: bigint; client_order_id: string }>()((db, p) =>
  db.selectFrom('orders').selectAll().where('user_id', '=', p.user_id).where('client_order_id', '=', p.client_order_id),
);
const vipLevelOf = prepared<{ id: bigint }>()((db, p) => db.selectFrom('users').select('vip_level').where('id', '=', p.id));
const updateOrderProgress = prepared<
  Pick<OrderRow, 'id' | 'filled_lots' | 'filled_notional' | 'filled_quote_units' | 'fee_units' | 'status' | 'cancel_reason'> & { updated_at: number }
>()((db, p) =>
  db
    .updateTable('orders')
    .set({
      filled_lots: p.filled_lots,
      filled_notional: p.filled_notional,
      filled_quote_units: p.filled_quote_units,
      fee_units: p.fee_units,
      status: p.status,
      cancel_reason: p.cancel_reason,
      updated_at: p.updated_at,
    })
    .where('id', '=', p.id),
);
const insertTradeRow = prepared<{
  symbol_id: number;
  price_ticks: bigint;
  quantity_lots: bigint;
  taker_order_id: number;
  maker_order_id: number;
  taker_user_id: number;
  maker_user_id: number;
  taker_side: string;
  created_at: number;
}>()((db, p) =>
  db
    .insertInto('trades')
    .values({
      symbol_id: p.symbol_id,
      price_ticks: p.price_ticks,
      quantity_lots: p.quantity_lots,
      taker_order_id: p.taker_order_id,
      maker_order_id: p.maker_order_id,
      taker_user_id: p.taker_user_id,
      maker_user_id: p.maker_user_id,
      taker_side: p.taker_side,
      created_at: p.created_at,
    })
    .returning('id'),
);

export async function insertOrder(
  trx: Transaction<Database>,
  order: {
    userId: number;
    symbolId: number;
    side: Side;
    type: OrderType;
    priceTicks: bigint | null;
    quantityLots: bigint | null;
    quoteBudgetUnits: bigint | null;
    clientOrderId: string | null;
    now: number;
  },
): Promise<OrderRecord> {
  const row = await insertOrderRow.firstOrThrow(trx, {
    user_id: order.userId,
    symbol_id: order.symbolId,
    side: order.side,
    type: order.type,
    price_ticks: order.priceTicks,
    quantity_lots: order.quantityLots,
    quote_budget_units: order.quoteBudgetUnits,
    client_order_id: order.clientOrderId,
    now: order.now,
  });
  return toRecord(row);
}

/** A user's VIP level, which picks their fee tier. */
export async function selectVipLevel(executor: Executor, userId: number): Promise<number> {
  const row = await vipLevelOf.first(executor, { id: BigInt(userId) });
  return Number(row?.vip_level ?? 0n);
}

export async function findOrder(executor: Executor, orderId: number): Promise<OrderRecord | undefined> {
  const row = await orderById.first(executor, { id: BigInt(orderId) });
  return row ? toRecord(row) : undefined;
}

export async function findOrderByClientId(executor: Executor, userId: number, clientOrderId: string): Promise<OrderRecord | undefined> {
  const row = await orderByClientId.first(executor, { user_id: BigInt(userId), client_order_id: clientOrderId });
  return row ? toRecord(row) : undefined;
}

export async function saveOrderProgress(trx: Transaction<Database>, order: OrderRecord): Promise<void> {
  await updateOrderProgress.execute(trx, {
    id: BigInt(order.id),
    filled_lots: order.filledLots,
    filled_notional: order.filledNotional.toString(),
    filled_quote_units: order.filledQuoteUnits,
    fee_units: order.feeUnits,
    status: order.status,
    cancel_reason: order.cancelReason,
    updated_at: order.updatedAt,
  });
}

export async function insertTrade(
  trx: Transaction<Database>,
  trade: { symbolId: number; priceTicks: bigint; quantityLots: bigint; takerOrderId: number; makerOrderId: number; takerUserId: number; makerUserId: number; takerSide: Side; now: number },
): Promise<number> {
  const row = await insertTradeRow.firstOrThrow(trx, {
    symbol_id: trade.symbolId,
    price_ticks: trade.priceTicks,
    quantity_lots: trade.quantityLots,
    taker_order_id: trade.takerOrderId,
    maker_order_id: trade.makerOrderId,
    taker_user_id: trade.takerUserId,
    maker_user_id: trade.makerUserId,
    taker_side: trade.takerSide,
    created_at: trade.now,
  });
  return Number(row.id);
}

export async function selectUserOrders(
  executor: Executor,
  userId: number,
  filter: { symbolId?: number; status?: OrderStatus | 'closed'; offset: number; limit: number },
): Promise<{ total: number; list: OrderRecord[] }> {
  let query = executor.selectFrom('orders').where('user_id', '=', BigInt(userId));
  if (filter.symbolId !== undefined) query = query.where('symbol_id', '=', BigInt(filter.symbolId));
  if (filter.status === 'closed') query = query.where('status', '!=', 'open');
  else if (filter.status) query = query.where('status', '=', filter.status);
  const count = await query.select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow();
  const rows = await query.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  return { total: Number(count.total), list: rows.map(toRecord) };
}

export async function selectRecentTrades(executor: Executor, symbolId: number, limit: number) {
  return executor
    .selectFrom('trades')
    .select(['id', 'price_ticks', 'quantity_lots', 'taker_side', 'created_at'])
    .where('symbol_id', '=', BigInt(symbolId))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function lastTradePrices(executor: Executor): Promise<Map<number, bigint>> {
  const rows = await executor
    .selectFrom('trades')
    .select(['symbol_id', 'price_ticks'])
    .where('id', 'in', (eb) => eb.selectFrom('trades').select((inner) => inner.fn.max('id').as('id')).groupBy('symbol_id'))
    .execute();
  return new Map(rows.map((row) => [Number(row.symbol_id), row.price_ticks]));
}
