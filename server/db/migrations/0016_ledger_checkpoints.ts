/**
 * Ledger checkpoints and retention (issue 22, server/ledger/checkpoint.ts and retention.ts).
 *
 * - ledger_checkpoints: one row per verified checkpoint: the journal position (the last
 *   transaction id it covers) whose span the audit passed before the row was written, and what
 *   that span held. The newest row is where the audit starts; the older ones are the history of
 *   verifications (a row a day).
 * - ledger_checkpoint_accounts: per account, balance_units is its balance at the newest
 *   checkpoint's position (which, for a held bucket, is its held amount), and folded_units the
 *   sum of its postings that retention removed (all at or before that position). Only the newest
 *   checkpoint's balances are kept: retention removes postings older checkpoints would need to be
 *   replayed, so they could no longer be checked, and a row per account a day would be a growth of
 *   its own.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('ledger_checkpoints')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('position', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('accounts', 'bigint', (column) => column.notNull())
    .addColumn('transactions', 'bigint', (column) => column.notNull())
    .addColumn('postings', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('ledger_checkpoint_accounts')
    .addColumn('account_id', types.integer, (column) => column.primaryKey())
    .addColumn('balance_units', 'bigint', (column) => column.notNull())
    .addColumn('folded_units', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('the ledger checkpoint migration cannot be rolled back');
}
