/**
 * Security settings of an account beyond its login password (issue 15): the Google
 * Authenticator secret (bound, or pending while the user scans it) with the last time step that
 * was accepted, so that a code is taken once; the withdrawal password's argon2id hash; and the
 * time of the last security change, which starts the withdrawal cool-off. One row per user, made
 * on the first change. Secrets are stored encrypted (server/modules/security/secretBox.ts).
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('user_security')
    .addColumn('user_id', types.integer, (column) => column.primaryKey().references('users.id'))
    .addColumn('ga_secret', 'text')
    .addColumn('ga_pending_secret', 'text')
    .addColumn('ga_last_step', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('withdraw_password_hash', 'text')
    .addColumn('changed_at', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
}
