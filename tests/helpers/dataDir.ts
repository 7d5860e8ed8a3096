/** Reads the SQLite database of a data folder that a server process (running or killed) wrote, read-only. */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { DATABASE_FILE } from '../../server/boot';

export function readDatabaseIn<T>(dataDir: string, read: (database: SqliteDatabase.Database) => T): T {
  const database = new SqliteDatabase(path.join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return read(database);
  } finally {
    database.close();
  }
}
