/**
 * Failed sign-ins counted by what a guesser cannot change for free: the account named (its
 * normalized username, hashed, whether or not such an account exists) and the address the
 * attempts come from. The session's own count (sessions.failed_signins) is only the first line:
 * a new session per try resets it. Rows older than the window are swept by maintenance.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('signin_throttle')
    // 'account:<sha256 of the normalized username>' or 'address:<ip>'.
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('failures', types.integer, (column) => column.notNull())
    .addColumn('last_at', 'bigint', (column) => column.notNull())
    .addColumn('blocked_until', 'bigint', (column) => column.notNull())
    .execute();
}
