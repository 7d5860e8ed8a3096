/**
 * Binary options (issue 18, server/modules/boption): the terms of each option symbol's periods,
 * the orders, and the index of every option symbol each second.
 *
 * - boption_periods: one row per (symbol, period) with its payout rate, the stake bounds and the
 *   bound on the platform's open liability; data that operators edit (issue 21). Seeded here for
 *   the binary-option symbols 101-104 (the seed writes the symbols themselves later, so there is
 *   no foreign key). Amounts are units of USDT, the staked currency (scale 6).
 * - settings 'boption': what is not per symbol (the open orders one user may have at once).
 * - boption_orders: (user_id, idempotency_key) is unique, so a repeated create is one order
 *   however the copies race; an order leaves 'open' once, guarded by its status in SQL.
 * - boption_index: the index of each option symbol at each sampling round, kept for a day. The
 *   server's own history of the index is in memory and gone after a restart; settlement reads the
 *   price of an expiry instant here, however late it runs.
 *
 * The options house (systemOwner('options_house'), the other side of every option) may not go below
 * zero, like the convert house (migration 0004): its floor is set on every row it already has.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './columns';

const USDT_SCALE = 6;
const usdt = (whole: number) => BigInt(whole) * 10n ** BigInt(USDT_SCALE);

/** The seeded periods: seconds and payout rate (parts per million). */
const SEED_PERIODS = [
  { seconds: 30, payoutRatePpm: 850_000 },
  { seconds: 60, payoutRatePpm: 850_000 },
  { seconds: 120, payoutRatePpm: 800_000 },
  { seconds: 300, payoutRatePpm: 800_000 },
];
const SEED_SYMBOL_IDS = [101, 102, 103, 104];

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('boption_periods')
    .addColumn('symbol_id', types.integer, (column) => column.notNull())
    .addColumn('seconds', types.integer, (column) => column.notNull())
    .addColumn('payout_rate_ppm', types.integer, (column) => column.notNull())
    .addColumn('min_stake_units', 'bigint', (column) => column.notNull())
    .addColumn('max_stake_units', 'bigint', (column) => column.notNull())
    // What the platform may owe at most on the open orders of this symbol and period.
    .addColumn('liability_max_units', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('boption_periods_key', ['symbol_id', 'seconds'])
    .execute();
  await db
    .insertInto('boption_periods' as never)
    .values(
      SEED_SYMBOL_IDS.flatMap((symbolId) =>
        SEED_PERIODS.map((period) => ({
          symbol_id: symbolId,
          seconds: period.seconds,
          payout_rate_ppm: period.payoutRatePpm,
          min_stake_units: usdt(1),
          max_stake_units: usdt(10_000),
          liability_max_units: usdt(100_000),
        })),
      ) as never,
    )
    .execute();
  await sql`insert into settings (key, value_json) values ('boption', ${JSON.stringify({ openOrdersMax: 20 })}) on conflict (key) do nothing`.execute(db);

  await db.schema
    .createTable('boption_orders')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull().references('users.id'))
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('request_hash', 'text', (column) => column.notNull())
    .addColumn('symbol_id', types.integer, (column) => column.notNull())
    // 'up' or 'down'.
    .addColumn('direction', 'text', (column) => column.notNull())
    .addColumn('period_seconds', types.integer, (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('stake_units', 'bigint', (column) => column.notNull())
    .addColumn('payout_rate_ppm', types.integer, (column) => column.notNull())
    // What a win adds to the stake: stake x payout rate, rounded down (fixed at acceptance).
    .addColumn('win_profit_units', 'bigint', (column) => column.notNull())
    // Prices in ticks of the symbol's price precision, which is kept with them.
    .addColumn('price_precision', types.integer, (column) => column.notNull())
    .addColumn('open_price_ticks', 'bigint', (column) => column.notNull())
    // 'open', 'won', 'lost', 'tie'.
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('settle_price_ticks', 'bigint')
    .addColumn('payout_units', 'bigint')
    .addColumn('opened_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('settled_at', 'bigint')
    .addUniqueConstraint('boption_orders_request', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('boption_orders_user').on('boption_orders').columns(['user_id', 'status', 'expires_at']).execute();
  await db.schema.createIndex('boption_orders_open').on('boption_orders').columns(['status', 'symbol_id', 'period_seconds']).execute();

  await db.schema
    .createTable('boption_index')
    .addColumn('symbol_id', types.integer, (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .addColumn('price_ticks', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('boption_index_key', ['symbol_id', 'at'])
    .execute();
  await db.schema.createIndex('boption_index_at').on('boption_index').columns(['at']).execute();

  await sql`update ledger_accounts set min_balance_units = 0 where owner_key = 's:options_house' and bucket = 'available'`.execute(db);
}
