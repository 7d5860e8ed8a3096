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

/**
 * The raw SQLite handle of each database: `PRAGMA incremental_vacuum` frees one page per step of
 * its statement, and Kysely runs a statement without result columns for a single step, so the
 * pragma goes through better-sqlite3's pragma(), which steps it to the end.
 */
const sqliteHandles = new WeakMap<Db, SqliteDatabase.Database>();

/** SQLite's auto_vacuum value for INCREMENTAL. */
const AUTO_VACUUM_INCREMENTAL = 2n;
/** Rows a sweep deleted from a table before PostgreSQL gets a VACUUM of it now rather than at autovacuum's turn. */
const POSTGRES_VACUUM_ROWS_MIN = 10_000;

/**
 * Sets auto_vacuum=INCREMENTAL on a SQLite database: before its first table, or once by a VACUUM.
 * Call it before the journal mode is set: setting WAL on a new file writes its header, after which
 * the mode no longer takes effect without a VACUUM.
 */
export function useIncrementalVacuum(sqlite: SqliteDatabase.Database): void {
  if (BigInt(sqlite.pragma('auto_vacuum', { simple: true }) as bigint) === AUTO_VACUUM_INCREMENTAL) return;
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  const tables = BigInt(sqlite.prepare("select count(*) from sqlite_schema where type = 'table'").pluck().get() as bigint);
  if (tables > 0n) sqlite.exec('VACUUM');
}

/** Makes a SQLite database's handle known to reclaimSpace. */
export function rememberSqliteHandle(db: Db, sqlite: SqliteDatabase.Database): void {
  sqliteHandles.set(db, sqlite);
}

/** Gives the space of the rows a sweep deleted back: `deleted` says how many rows went from which table. */
export async function reclaimSpace(db: Db, deleted: Record<string, number>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    const sqlite = sqliteHandles.get(db);
    // On Kysely's one connection, so that no transaction is open around it.
    if (sqlite) await db.connection().execute(async () => sqlite.pragma('incremental_vacuum'));
    return;
  }
  for (const [table, rows] of Object.entries(deleted)) {
    if (rows >= POSTGRES_VACUUM_ROWS_MIN) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  }
}
