/**
 * Futures (issue 17, server/modules/futures; the contract is src/shared/api/futures.ts).
 *
 * futures_symbols: the terms of each futures symbol (type 2), as data an operator edits (issue 21):
 * the leverage choices, the size bounds, the fee, maintenance and spread rates and the limits.
 * Sizes are lots of the symbol's volume precision, rates parts per million, limits USDT units;
 * the symbol's precisions therefore stay as they are while it has terms or positions.
 *
 * futures_positions: one row per position (the contract's "futures order"), prices in ticks of
 * the symbol's price precision, the size in lots, money in USDT units. A position copies the rates
 * it was opened under, so that an operator's later change moves no position already taken. Its
 * status moves pending -> open -> closed or pending -> cancelled, each step guarded in SQL by the
 * status it leaves, in the piece of the group commit that moves its money: that guard and the
 * ledger's idempotency keys (futures:open:{id}, futures:close:{id}) make every step happen once.
 * (user_id, idempotency_key) is unique, so a repeated create is one position.
 *
 * The futures house (systemOwner('futures_house'): every trader's counterparty) and the insurance fund
 * (systemOwner('insurance'): what liquidations leave and gaps cost) may not go below zero, as the
 * convert house may not (migration 0004): their rows get the floor here when they already exist;
 * new rows take it from SYSTEM_ACCOUNT_FLOORS.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './columns';

interface SeedTerms {
  symbolId: number;
  leverages: number[];
  minVolumeLots: number;
  maxVolumeLots: number;
  maintenancePpm: number;
  spreadPpm: number;
  userNotionalMaxUsdt: number;
  netExposureMaxUsdt: number;
}

const USDT_SCALE = 6;
const FEE_PPM = 500;

/** The six futures symbols of server/seed/market.ts (201-206); smaller coins get less leverage and a higher maintenance rate. */
const SEED_TERMS: readonly SeedTerms[] = [
  // BTC_USDT, volume precision 3: 0.001 to 50 BTC.
  { symbolId: 201, leverages: [1, 2, 3, 5, 10, 20, 50, 75, 100], minVolumeLots: 1, maxVolumeLots: 50_000, maintenancePpm: 5_000, spreadPpm: 200, userNotionalMaxUsdt: 1_000_000, netExposureMaxUsdt: 5_000_000 },
  // ETH_USDT, 3: 0.01 to 1000 ETH.
  { symbolId: 202, leverages: [1, 2, 3, 5, 10, 20, 50, 75, 100], minVolumeLots: 10, maxVolumeLots: 1_000_000, maintenancePpm: 5_000, spreadPpm: 200, userNotionalMaxUsdt: 500_000, netExposureMaxUsdt: 2_500_000 },
  // SOL_USDT, 1: 0.1 to 20000 SOL.
  { symbolId: 203, leverages: [1, 2, 3, 5, 10, 20, 50], minVolumeLots: 1, maxVolumeLots: 200_000, maintenancePpm: 10_000, spreadPpm: 300, userNotionalMaxUsdt: 200_000, netExposureMaxUsdt: 1_000_000 },
  // BNB_USDT, 2: 0.01 to 5000 BNB.
  { symbolId: 204, leverages: [1, 2, 3, 5, 10, 20, 50], minVolumeLots: 1, maxVolumeLots: 500_000, maintenancePpm: 10_000, spreadPpm: 300, userNotionalMaxUsdt: 200_000, netExposureMaxUsdt: 1_000_000 },
  // XRP_USDT, 1: 1 to 2,000,000 XRP.
  { symbolId: 205, leverages: [1, 2, 3, 5, 10, 20], minVolumeLots: 10, maxVolumeLots: 20_000_000, maintenancePpm: 20_000, spreadPpm: 500, userNotionalMaxUsdt: 100_000, netExposureMaxUsdt: 500_000 },
  // DOGE_USDT, 0: 10 to 10,000,000 DOGE.
  { symbolId: 206, leverages: [1, 2, 3, 5, 10, 20], minVolumeLots: 10, maxVolumeLots: 10_000_000, maintenancePpm: 20_000, spreadPpm: 500, userNotionalMaxUsdt: 100_000, netExposureMaxUsdt: 500_000 },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('futures_symbols')
    // The futures symbol (symbols.id, type 2). No foreign key: on a new database the symbols are
    // seeded after the migrations run; terms of a symbol that does not exist are never read.
    .addColumn('symbol_id', types.integer, (column) => column.primaryKey())
    // The leverage choices, ascending, as a JSON array of integers.
    .addColumn('leverages_json', 'text', (column) => column.notNull())
    .addColumn('min_volume_lots', 'bigint', (column) => column.notNull())
    .addColumn('max_volume_lots', 'bigint', (column) => column.notNull())
    .addColumn('open_fee_ppm', types.integer, (column) => column.notNull())
    .addColumn('close_fee_ppm', types.integer, (column) => column.notNull())
    .addColumn('maintenance_ppm', types.integer, (column) => column.notNull())
    .addColumn('spread_ppm', types.integer, (column) => column.notNull())
    .addColumn('user_notional_max_units', 'bigint', (column) => column.notNull())
    .addColumn('net_exposure_max_units', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  const usdt = (amount: number) => BigInt(amount) * 10n ** BigInt(USDT_SCALE);
  await db
    .insertInto('futures_symbols' as never)
    .values(
      SEED_TERMS.map((terms) => ({
        symbol_id: terms.symbolId,
        leverages_json: JSON.stringify(terms.leverages),
        min_volume_lots: terms.minVolumeLots,
        max_volume_lots: terms.maxVolumeLots,
        open_fee_ppm: FEE_PPM,
        close_fee_ppm: FEE_PPM,
        maintenance_ppm: terms.maintenancePpm,
        spread_ppm: terms.spreadPpm,
        user_notional_max_units: usdt(terms.userNotionalMaxUsdt),
        net_exposure_max_units: usdt(terms.netExposureMaxUsdt),
        updated_at: 0,
      })) as never,
    )
    .execute();

  await db.schema
    .createTable('futures_positions')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull().references('users.id'))
    .addColumn('symbol_id', types.integer, (column) => column.notNull())
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    // What makes two creates with one key the same request (sha256 of its canonical form).
    .addColumn('request_hash', 'text', (column) => column.notNull())
    // 'long' or 'short'; type 'market' or 'limit'.
    .addColumn('side', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('leverage', types.integer, (column) => column.notNull())
    // pending, open, closed, cancelled.
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('volume_lots', 'bigint', (column) => column.notNull())
    .addColumn('margin_units', 'bigint', (column) => column.notNull())
    // The size at the entry price (at the trigger price while pending), in USDT units: the per-user limit counts it.
    .addColumn('notional_units', 'bigint', (column) => column.notNull())
    .addColumn('open_fee_units', 'bigint', (column) => column.notNull())
    .addColumn('close_fee_ppm', types.integer, (column) => column.notNull())
    .addColumn('maintenance_ppm', types.integer, (column) => column.notNull())
    .addColumn('spread_ppm', types.integer, (column) => column.notNull())
    .addColumn('trigger_ticks', 'bigint')
    .addColumn('entry_ticks', 'bigint')
    .addColumn('liquidation_ticks', 'bigint')
    .addColumn('take_profit_ticks', 'bigint')
    .addColumn('stop_loss_ticks', 'bigint')
    .addColumn('close_ticks', 'bigint')
    .addColumn('close_fee_units', 'bigint')
    .addColumn('realized_pnl_units', 'bigint')
    // user, takeProfit, stopLoss, liquidation.
    .addColumn('close_reason', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('opened_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addUniqueConstraint('futures_positions_request', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('futures_positions_user').on('futures_positions').columns(['user_id', 'id']).execute();
  // The risk book is rebuilt from the pending and open positions; the exposure sums read the open ones per symbol.
  await db.schema.createIndex('futures_positions_status').on('futures_positions').columns(['status', 'symbol_id']).execute();

  await sql`update ledger_accounts set min_balance_units = 0 where owner_key in ('s:futures_house', 's:insurance') and bucket = 'available'`.execute(db);
}
