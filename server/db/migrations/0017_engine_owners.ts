/**
 * Engine ownership across server instances (issue 19, server/cluster/ownership.ts): one row per
 * exchange market naming the instance that holds its book now and where the others reach it.
 *
 * - epoch: raised by each instance that takes the market, in the piece that rebuilds its book;
 *   every engine command piece of the holder first matches its own epoch here (the fence), so a
 *   deposed holder can never commit to the book after the new one read it;
 * - instance_id, internal_url: who holds it and its internal address (INSTANCE_ID, INTERNAL_URL);
 * - taken_at: when it was taken, for the operator.
 *
 * Who holds a market is the advisory lock (PostgreSQL), not this row: a row whose holder died
 * stays until the next holder overwrites it. On SQLite the table stays empty (one instance owns
 * every market and no fence is needed).
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('engine_owners')
    .addColumn('symbol_id', types.integer, (column) => column.primaryKey())
    .addColumn('instance_id', 'text', (column) => column.notNull())
    .addColumn('internal_url', 'text', (column) => column.notNull())
    .addColumn('epoch', 'bigint', (column) => column.notNull())
    .addColumn('taken_at', 'bigint', (column) => column.notNull())
    .execute();
}
