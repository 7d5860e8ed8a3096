/**
 * Futures exposure totals (issue 17, server/modules/futures): one row per futures symbol and side
 * with the sums the create path's limits need, so that a create reads two rows instead of adding
 * up every live position (a GROUP BY that took 69 ms per create with 100,000 positions open).
 *
 * - pending_lots: the size of the side's pending positions, in lots;
 * - open_lots: the size of its open positions, in lots;
 * - open_entry_value: the sum of volume_lots x entry_ticks over its open positions, exactly (lots
 *   times ticks; it becomes USDT units through the symbol's scales only when read, so no rounding
 *   accumulates). Every symbol's price and volume precisions add up to at most the USDT scale, so
 *   it is at most the side's notional in USDT units and far inside 64 bits.
 *
 * The totals move in the piece of the group commit that moves the position (repo.ts: insert,
 * open, close, cancel; each after its status guard), so they always equal a recount of the live
 * positions. fillExposure is that recount, run here for the positions that exist already.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('futures_exposure')
    .addColumn('symbol_id', types.integer, (column) => column.notNull())
    // 'long' or 'short'.
    .addColumn('side', 'text', (column) => column.notNull())
    .addColumn('pending_lots', 'bigint', (column) => column.notNull())
    .addColumn('open_lots', 'bigint', (column) => column.notNull())
    .addColumn('open_entry_value', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('futures_exposure_key', ['symbol_id', 'side'])
    .execute();
  await fillExposure(db);
}

/** Sets the totals from the live positions as they are (SQLite's sum() refuses to overflow rather than round). */
export async function fillExposure(db: Pick<Kysely<unknown>, 'getExecutor'>): Promise<void> {
  await sql`delete from futures_exposure`.execute(db);
  await sql`
    insert into futures_exposure (symbol_id, side, pending_lots, open_lots, open_entry_value)
    select symbol_id, side,
      sum(case when status = 'pending' then volume_lots else 0 end),
      sum(case when status = 'open' then volume_lots else 0 end),
      sum(case when status = 'open' then volume_lots * entry_ticks else 0 end)
    from futures_positions
    where status in ('pending', 'open')
    group by symbol_id, side
  `.execute(db);
}
