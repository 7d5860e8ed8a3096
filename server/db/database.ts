/**
 * Opens the database: better-sqlite3 embedded by default (WAL, synchronous=FULL because money
 * lives here, safe integers so that 64-bit unit counts never pass through a JS number), behind
 * Kysely so that SQL stays portable to PostgreSQL. Migrations are code and run at boot.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import type { Database } from './schema';
import * as foundation from './migrations/0001_foundation';
import * as engine from './migrations/0002_engine';
import * as helpdesk from './migrations/0003_helpdesk';
import * as platformLimits from './migrations/0004_platform_limits';
import * as signinThrottle from './migrations/0005_signin_throttle';
import * as scheduler from './migrations/0006_scheduler';
import * as security from './migrations/0007_security';
import * as identity from './migrations/0008_identity';
import * as rewards from './migrations/0009_rewards';
import * as chain from './migrations/0010_chain';
import * as withdrawals from './migrations/0011_withdrawals';
import * as futures from './migrations/0012_futures';
import * as boption from './migrations/0013_boption';
import * as futuresExposure from './migrations/0014_futures_exposure';
import * as engineOwners from './migrations/0017_engine_owners';

export type Db = Kysely<Database>;

/** Every migration, in order. A new one is appended here with the next number. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_engine': engine,
  '0003_helpdesk': helpdesk,
  '0004_platform_limits': platformLimits,
  '0005_signin_throttle': signinThrottle,
  '0006_scheduler': scheduler,
  '0007_security': security,
  '0008_identity': identity,
  '0009_rewards': rewards,
  '0010_chain': chain,
  '0011_withdrawals': withdrawals,
  '0012_futures': futures,
  '0013_boption': boption,
  '0014_futures_exposure': futuresExposure,
  '0017_engine_owners': engineOwners,
};

class CodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export interface OpenedDatabase {
  db: Db;
  /** The raw driver, for the few places that need it (backups, tests that corrupt a row). */
  sqlite: SqliteDatabase.Database;
  close(): Promise<void>;
}

/** Distinct SQL texts kept prepared; our queries are a few hundred shapes at most. */
const STATEMENT_CACHE_MAX = 1_000;

/**
 * Kysely prepares every query anew, and better-sqlite3's prepare was an eighth of the server's
 * time under transfer load. Queries are built from a fixed set of shapes with bound parameters,
 * so prepared statements are kept by their SQL text (bounded, oldest dropped first). Kysely only
 * calls all() and run() to completion, so one statement is never in use twice at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_MAX) statements.delete(statements.keys().next().value as string);
        statements.set(sqlText, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

export function openDatabase(file: string): OpenedDatabase {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.defaultSafeIntegers(true);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    sqlite,
    async close() {
      await db.destroy();
    },
  };
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: new CodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
