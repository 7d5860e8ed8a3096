/**
 * Space back after the sweeps (server/maintenance.ts), behind one function for both databases.
 *
 * SQLite keeps a deleted row's pages in the file for reuse; with auto_vacuum=INCREMENTAL,
 * `PRAGMA incremental_vacuum` hands the free pages back to the file system. The mode only takes
 * effect when set before the first table is created, or by a VACUUM that rewrites the file:
 * useIncrementalVacuum sets it on every open, before the migrations create anything, so a new
 * database has it from its start, and converts an older database with one VACUUM at its first
 * boot with this version (a copy of the file: seconds for a demo's database, minutes and twice
 * the disk for gigabytes; it happens once). Why not VACUUM after every sweep: it rewrites the
 * whole file each time, where incremental vacuum moves only the free pages.
 *
 * PostgreSQL's autovacuum already marks deleted rows' space reusable, which is what keeps a table
 * at its size when old rows go as fast as new ones come; after a sweep that deleted many rows,
 * a VACUUM (ANALYZE) of the tables it touched does that at once and refreshes the planner's
 * counts. A plain VACUUM does not shrink the files (VACUUM FULL would, under an exclusive lock
 * that stops trading): the space is reused by the next rows, so the database stays flat.
 */
import { sql } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import { dialectOf } from './migrations/columns';
import type { Db } from './database';

/** SQLite's auto_vacuum value for INCREMENTAL. */
const AUTO_VACUUM_INCREMENTAL = 2n;
/** Rows a sweep deleted from a table before PostgreSQL gets a VACUUM of it now rather than at autovacuum's turn. */
const POSTGRES_VACUUM_ROWS_MIN = 10_000;

/** Sets auto_vacuum=INCREMENTAL on a SQLite database: before its first table, or once by a VACUUM. */
export function useIncrementalVacuum(sqlite: SqliteDatabase.Database): void {
  if (BigInt(sqlite.pragma('auto_vacuum', { simple: true }) as bigint) === AUTO_VACUUM_INCREMENTAL) return;
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  const tables = BigInt(sqlite.prepare("select count(*) from sqlite_schema where type = 'table'").pluck().get() as bigint);
  if (tables > 0n) sqlite.exec('VACUUM');
}

/** Gives the space of the rows a sweep deleted back: `deleted` says how many rows went from which table. */
export async function reclaimSpace(db: Db, deleted: Record<string, number>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql`pragma incremental_vacuum`.execute(db);
    return;
  }
  for (const [table, rows] of Object.entries(deleted)) {
    if (rows >= POSTGRES_VACUUM_ROWS_MIN) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  }
}
