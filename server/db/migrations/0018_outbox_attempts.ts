/**
 * The outbox's failed deliveries (server/outbox.ts): an event whose handler fails is tried again
 * later, each time after a longer pause, and set aside after OUTBOX_MAX_ATTEMPTS failures instead
 * of being tried at every drain for ever.
 *
 * - attempts: the failed deliveries so far;
 * - retry_at: not before this time is it tried again (null: at the next drain);
 * - failed_at: when it was set aside (null: still pending or dispatched); the drain no longer reads
 *   it, the operator finds it with its last error;
 * - last_error: the last failure's message.
 *
 * The pending index now covers failed_at, so that set-aside events do not stay in every drain's range.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema.alterTable('outbox').addColumn('attempts', types.integer, (column) => column.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('outbox').addColumn('retry_at', 'bigint').execute();
  await db.schema.alterTable('outbox').addColumn('failed_at', 'bigint').execute();
  await db.schema.alterTable('outbox').addColumn('last_error', 'text').execute();
  await db.schema.dropIndex('outbox_pending').execute();
  await db.schema.createIndex('outbox_pending').on('outbox').columns(['dispatched_at', 'failed_at', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('the outbox attempts migration cannot be rolled back');
}
