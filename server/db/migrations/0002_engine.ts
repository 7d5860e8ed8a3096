/**
 * The market's tables: orders and their fills, candles per interval, favourites, and convert
 * quotes and orders. Prices are integer ticks and sizes integer lots of their symbol; amounts of
 * money are integer units of their currency, as everywhere.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('orders')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull())
    .addColumn('symbol_id', types.integer, (column) => column.notNull())
    .addColumn('side', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('price_ticks', 'bigint')
    .addColumn('quantity_lots', 'bigint')
    .addColumn('quote_budget_units', 'bigint')
    .addColumn('filled_lots', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('filled_notional', 'text', (column) => column.notNull().defaultTo('0'))
    .addColumn('filled_quote_units', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('fee_units', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('cancel_reason', 'text')
    .addColumn('client_order_id', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('orders_user_status').on('orders').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('orders_symbol_status').on('orders').columns(['symbol_id', 'status', 'id']).execute();
  await db.schema.createIndex('orders_client_id').unique().on('orders').columns(['user_id', 'client_order_id']).execute();

  await db.schema
    .createTable('trades')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('symbol_id', types.integer, (column) => column.notNull())
    .addColumn('price_ticks', 'bigint', (column) => column.notNull())
    .addColumn('quantity_lots', 'bigint', (column) => column.notNull())
    .addColumn('taker_order_id', types.integer, (column) => column.notNull())
    .addColumn('maker_order_id', types.integer, (column) => column.notNull())
    .addColumn('taker_user_id', types.integer, (column) => column.notNull())
    .addColumn('maker_user_id', types.integer, (column) => column.notNull())
    .addColumn('taker_side', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('trades_symbol').on('trades').columns(['symbol_id', 'id']).execute();
  await db.schema.createIndex('trades_taker_order').on('trades').column('taker_order_id').execute();
  await db.schema.createIndex('trades_maker_order').on('trades').column('maker_order_id').execute();

  await db.schema
    .createTable('candles')
    .addColumn('symbol_id', types.integer, (column) => column.notNull())
    .addColumn('interval', 'text', (column) => column.notNull())
    .addColumn('open_time', 'bigint', (column) => column.notNull())
    .addColumn('open_ticks', 'bigint', (column) => column.notNull())
    .addColumn('high_ticks', 'bigint', (column) => column.notNull())
    .addColumn('low_ticks', 'bigint', (column) => column.notNull())
    .addColumn('close_ticks', 'bigint', (column) => column.notNull())
    .addColumn('volume_lots', 'bigint', (column) => column.notNull())
    .addColumn('trade_count', types.integer, (column) => column.notNull())
    .addPrimaryKeyConstraint('candles_pk', ['symbol_id', 'interval', 'open_time'])
    .execute();

  await db.schema
    .createTable('favourites')
    .addColumn('user_id', types.integer, (column) => column.notNull())
    .addColumn('symbol_id', types.integer, (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'symbol_id'])
    .execute();

  await db.schema
    .createTable('convert_quotes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', types.integer, (column) => column.notNull())
    .addColumn('from_currency', 'text', (column) => column.notNull())
    .addColumn('to_currency', 'text', (column) => column.notNull())
    .addColumn('from_units', 'bigint', (column) => column.notNull())
    .addColumn('to_units', 'bigint', (column) => column.notNull())
    .addColumn('price', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('convert_quotes_user').on('convert_quotes').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('convert_orders')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull())
    .addColumn('quote_id', 'text', (column) => column.notNull().unique())
    .addColumn('from_currency', 'text', (column) => column.notNull())
    .addColumn('to_currency', 'text', (column) => column.notNull())
    .addColumn('from_units', 'bigint', (column) => column.notNull())
    .addColumn('to_units', 'bigint', (column) => column.notNull())
    .addColumn('price', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('convert_orders_user').on('convert_orders').columns(['user_id', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('the engine migration cannot be rolled back');
}
