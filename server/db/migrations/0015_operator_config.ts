/**
 * The operator's configuration (issue 21, server/modules/operator): what an operator of a real
 * deployment sets on the running server instead of in code.
 *
 * - symbols gains the market's terms: its status ('active'; 'suspended': cancel-only, new orders
 *   refused; 'delisted': gone from every list, its open orders cancelled), its maker and taker fees
 *   (parts per million; 800 and 1000 were the engine's constants before) and the smallest order
 *   value (units of the quote currency; the engine's per-quote constants before: 1 USDT or USDC,
 *   0.00001 BTC, 0.0005 ETH). Rows that exist get those figures here; the seed writes them for new
 *   databases, whose symbols it inserts after the migrations run.
 * - fee_tiers: fees by VIP level. A user pays the lower of the market's fee and that of the highest
 *   tier at or below their VIP level, so a tier only ever lowers a fee and a market with a
 *   promotional fee keeps it. Empty: every user pays the market's fees.
 * - operator_audit: every change an operator makes through the operator API (roles, markets, fee
 *   tiers, coins, networks, platform limits): who (the operator's user id, or null for the admin
 *   token of DATA_DIR), what (an action and its target), when, and the state before and after as
 *   JSON. Rows are only ever added.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './columns';

/** The per-quote minimums the engine had as constants, in units of the seeded scales (USDT and USDC 6, BTC and ETH 8). */
const MINIMUM_ORDER_VALUE_UNITS: Record<string, number> = { USDT: 1_000_000, USDC: 1_000_000, BTC: 1_000, ETH: 50_000 };

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema.alterTable('symbols').addColumn('status', 'text', (column) => column.notNull().defaultTo('active')).execute();
  await db.schema.alterTable('symbols').addColumn('maker_fee_ppm', 'bigint', (column) => column.notNull().defaultTo(800)).execute();
  await db.schema.alterTable('symbols').addColumn('taker_fee_ppm', 'bigint', (column) => column.notNull().defaultTo(1_000)).execute();
  await db.schema.alterTable('symbols').addColumn('min_order_value_units', 'bigint', (column) => column.notNull().defaultTo(0)).execute();
  for (const [quote, units] of Object.entries(MINIMUM_ORDER_VALUE_UNITS)) {
    await sql`update symbols set min_order_value_units = ${units} where quote_symbol = ${quote}`.execute(db);
  }

  await db.schema
    .createTable('fee_tiers')
    .addColumn('vip_level', 'bigint', (column) => column.primaryKey())
    .addColumn('maker_fee_ppm', 'bigint', (column) => column.notNull())
    .addColumn('taker_fee_ppm', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('operator_audit')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('actor_user_id', 'bigint')
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('target', 'text', (column) => column.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('operator_audit_target').on('operator_audit').columns(['target', 'id']).execute();
}
