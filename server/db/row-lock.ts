/**
 * Row locks where a read decides a write (ARCHITECTURE.md, "Database"). On PostgreSQL several
 * instances run transactions at once under READ COMMITTED: a row read, then written from what was
 * read (a hold's remaining amount, a status), could be changed by another transaction in between,
 * so the read takes the row's lock with FOR UPDATE and a competitor waits for the commit. SQLite
 * has one writer, which already serializes such transactions, and does not know FOR UPDATE.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { dialectOf } from './migrations/columns';
import type { Database } from './schema';

/** Whether row locks exist (and are needed) on this database: PostgreSQL. */
export function takesRowLocks(executor: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return dialectOf(executor) === 'postgres';
}

/** The query with FOR UPDATE on PostgreSQL, as it is on SQLite. */
export function forUpdate<DB, TB extends keyof DB, O>(executor: Pick<Kysely<unknown>, 'getExecutor'>, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return takesRowLocks(executor) ? query.forUpdate() : query;
}

/**
 * Locks a user's row: for a check of the user's own rows that decides an insert (how many payment
 * accounts, whether a first withdrawal password exists). A missing row cannot be locked, so the
 * user's row stands for all of them; every such transaction of the user takes turns on it.
 */
export async function lockUserRow(executor: Kysely<Database>, userId: number): Promise<void> {
  if (!takesRowLocks(executor)) return;
  await executor.selectFrom('users').select('id').where('id', '=', BigInt(userId)).forUpdate().execute();
}

/** The first key of lockName's two-key advisory locks ("nam"), apart from the cluster's keys. */
const NAME_LOCK_KEY = 0x6e616d;

/**
 * Locks a name until the transaction ends (PostgreSQL's two-key advisory lock on the name's
 * hash): for a check that decides an insert where no row exists yet to lock, such as the last
 * verification code sent to an address that has no account. Two names with the same hash only
 * take turns. SQLite's one writer already serializes such transactions.
 */
export async function lockName(executor: Kysely<Database>, name: string): Promise<void> {
  if (!takesRowLocks(executor)) return;
  await sql`select pg_advisory_xact_lock(${NAME_LOCK_KEY}, hashtext(${name}))`.execute(executor);
}
