/**
 * SQL of the convert module: quotes and orders. Every read is scoped to one user's rows except
 * the lookup of a quote by its id, whose owner the service checks. Balances never change here:
 * the service moves money through server/ledger/ledger.ts.
 */
import type { Executor } from '../../core/executor';

export interface CurrencyRow {
  code: string;
  displayName: string;
  scale: number;
}

export interface QuoteRow {
  id: string;
  userId: number;
  fromCurrency: string;
  toCurrency: string;
  fromUnits: bigint;
  toUnits: bigint;
  price: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface OrderRow {
  id: number;
  userId: number;
  quoteId: string;
  fromCurrency: string;
  toCurrency: string;
  fromUnits: bigint;
  toUnits: bigint;
  price: string;
  createdAt: number;
}

export async function listCurrencies(executor: Executor): Promise<CurrencyRow[]> {
  const rows = await executor.selectFrom('currencies').select(['code', 'display_name', 'scale']).orderBy('sort_order').orderBy('code').execute();
  return rows.map((row) => ({ code: row.code, displayName: row.display_name, scale: Number(row.scale) }));
}

export async function insertQuote(executor: Executor, quote: Omit<QuoteRow, 'usedAt'>): Promise<void> {
  await executor
    .insertInto('convert_quotes')
    .values({
      id: quote.id,
      user_id: quote.userId,
      from_currency: quote.fromCurrency,
      to_currency: quote.toCurrency,
      from_units: quote.fromUnits,
      to_units: quote.toUnits,
      price: quote.price,
      created_at: quote.createdAt,
      expires_at: quote.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Deletes the user's quotes that expired unused before `expiredBefore`: nothing can use them any
 * more, and without this the table would grow by every price a convert form ever asked for.
 */
export async function deleteStaleQuotes(executor: Executor, userId: number, expiredBefore: number): Promise<void> {
  await executor
    .deleteFrom('convert_quotes')
    .where('user_id', '=', BigInt(userId))
    .where('used_at', 'is', null)
    .where('expires_at', '<', BigInt(expiredBefore))
    .execute();
}

export async function findQuote(executor: Executor, quoteId: string): Promise<QuoteRow | undefined> {
  const row = await executor.selectFrom('convert_quotes').selectAll().where('id', '=', quoteId).executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: Number(row.user_id),
      fromCurrency: row.from_currency,
      toCurrency: row.to_currency,
      fromUnits: row.from_units,
      toUnits: row.to_units,
      price: row.price,
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
      usedAt: row.used_at === null ? null : Number(row.used_at),
    }
  );
}

/** Marks an unused quote used; false when it was used already (the guard is in the statement). */
export async function markQuoteUsed(executor: Executor, quoteId: string, now: number): Promise<boolean> {
  const result = await executor
    .updateTable('convert_quotes')
    .set({ used_at: now })
    .where('id', '=', quoteId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertOrder(executor: Executor, order: Omit<OrderRow, 'id'>): Promise<number> {
  const row = await executor
    .insertInto('convert_orders')
    .values({
      user_id: order.userId,
      quote_id: order.quoteId,
      from_currency: order.fromCurrency,
      to_currency: order.toCurrency,
      from_units: order.fromUnits,
      to_units: order.toUnits,
      price: order.price,
      created_at: order.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

type OrderRecord = {
  id: bigint;
  user_id: bigint;
  quote_id: string;
  from_currency: string;
  to_currency: string;
  from_units: bigint;
  to_units: bigint;
  price: string;
  created_at: bigint;
};

function toOrderRow(row: OrderRecord): OrderRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    quoteId: row.quote_id,
    fromCurrency: row.from_currency,
    toCurrency: row.to_currency,
    fromUnits: row.from_units,
    toUnits: row.to_units,
    price: row.price,
    createdAt: Number(row.created_at),
  };
}

export async function findOrderByQuote(executor: Executor, userId: number, quoteId: string): Promise<OrderRow | undefined> {
  const row = await executor
    .selectFrom('convert_orders')
    .selectAll()
    .where('quote_id', '=', quoteId)
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return row && toOrderRow(row);
}

/** The user's orders, newest first, and how many there are in all. */
export async function listOrders(executor: Executor, userId: number, page: { offset: number; limit: number }): Promise<{ total: number; list: OrderRow[] }> {
  const [count, rows] = await Promise.all([
    executor.selectFrom('convert_orders').select((eb) => eb.fn.countAll<bigint>().as('total')).where('user_id', '=', BigInt(userId)).executeTakeFirstOrThrow(),
    executor
      .selectFrom('convert_orders')
      .selectAll()
      .where('user_id', '=', BigInt(userId))
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(count.total), list: rows.map(toOrderRow) };
}
