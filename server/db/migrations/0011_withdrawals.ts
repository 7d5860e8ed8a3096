/**
 * Withdrawals (issue 16, server/modules/withdraw): one row per withdrawal with the hold it keeps
 * on the user's spot wallet until it is paid out or released, and the wrong-password throttle.
 *
 * A repeated request is one withdrawal: (user_id, idempotency_key) is a unique key, so however
 * many copies of a request race, one row and one hold are made. The review queue reads by status.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull().references('users.id'))
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    // What makes two requests with one key the same request (sha256 of its canonical form).
    .addColumn('request_hash', 'text', (column) => column.notNull())
    // 'blockchain' or 'fiat'; via 'direct' or 'custody' (POST /udun/withdraw).
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('via', 'text', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('network', 'text')
    .addColumn('address', 'text')
    // Fiat: the bank account paid, copied at submission so that deleting it later changes nothing.
    .addColumn('bank_account_id', types.integer)
    .addColumn('bank_name', 'text')
    .addColumn('account_number', 'text')
    .addColumn('holder_name', 'text')
    .addColumn('amount_units', 'bigint', (column) => column.notNull())
    .addColumn('fee_units', 'bigint', (column) => column.notNull())
    // submitted, approved, broadcast, completed, cancelled, rejected.
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('txid', 'text')
    .addColumn('output_index', types.integer)
    .addColumn('confirmations_required', types.integer, (column) => column.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('decided_by', types.integer)
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('completed_at', 'bigint')
    .addUniqueConstraint('withdrawals_request', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();
  // Wrong withdrawal passwords (and GA codes) per user: the count in the current window, and the lock.
  await db.schema
    .createTable('withdraw_throttle')
    .addColumn('user_id', types.integer, (column) => column.primaryKey().references('users.id'))
    .addColumn('failures', types.integer, (column) => column.notNull())
    .addColumn('window_started_at', 'bigint', (column) => column.notNull())
    .addColumn('locked_until', 'bigint', (column) => column.notNull())
    .execute();
}
