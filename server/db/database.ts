/**
 * Opens the database: better-sqlite3 embedded by default (WAL, synchronous=FULL because money
 * lives here, safe integers so that 64-bit unit counts never pass through a JS number), or
 * PostgreSQL when DATABASE_URL names one (several server instances share it), both behind Kysely
 * so that the repositories are one code. On PostgreSQL every integer reads back as a JS bigint, as
 * SQLite's safe integers give it. Migrations are code and run at boot.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Dialect } from './migrations/columns';
import type { Database } from './schema';
import { rememberSqliteHandle, useIncrementalVacuum } from './space';
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
import * as operatorConfig from './migrations/0015_operator_config';
import * as ledgerCheckpoints from './migrations/0016_ledger_checkpoints';
import * as engineOwners from './migrations/0017_engine_owners';
import * as outboxAttempts from './migrations/0018_outbox_attempts';
import * as helpdeskOneOpenChat from './migrations/0019_helpdesk_one_open_chat';

export type Db = Kysely<Database>;

/** Every migration, in order. A new one is appended here with the next number. */
export const MIGRATIONS: Record<string, Migration> = {
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
  '0015_operator_config': operatorConfig,
  '0016_ledger_checkpoints': ledgerCheckpoints,
  '0017_engine_owners': engineOwners,
  '0018_outbox_attempts': outboxAttempts,
  '0019_helpdesk_one_open_chat': helpdeskOneOpenChat,
};

class CodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

interface OpenedCommon {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

/** The raw driver stays reachable on SQLite only, for the few places that need it (backups, tests of SQLite itself). */
export type OpenedDatabase = (OpenedCommon & { dialect: 'sqlite'; sqlite: SqliteDatabase.Database }) | (OpenedCommon & { dialect: 'postgres'; pool: pg.Pool });

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
  // Before anything creates a table: the sweeps give space back (space.ts).
  useIncrementalVacuum(sqlite);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  rememberSqliteHandle(db, sqlite);
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    async close() {
      await db.destroy();
    },
  };
}

const POSTGRES_OID = { bool: 16, int8: 20, int2: 21, int4: 23, numeric: 1700 } as const;

/**
 * sum() of a bigint column is a numeric in PostgreSQL. Our sums are sums of integers, so a numeric
 * with a fraction means a query is wrong: it throws rather than round money.
 */
function parseIntegerNumeric(text: string): bigint {
  if (!/^-?\d+$/.test(text)) throw new Error(`a numeric with a fraction reached the server: ${text}`);
  return BigInt(text);
}

/**
 * Every integer as a bigint and a boolean as 1n or 0n: exactly what better-sqlite3 with safe
 * integers returns, so that a repository never sees a type that depends on the dialect.
 */
const POSTGRES_TYPE_PARSERS: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    switch (oid) {
      case POSTGRES_OID.int2:
      case POSTGRES_OID.int4:
      case POSTGRES_OID.int8:
        return (text: string) => BigInt(text);
      case POSTGRES_OID.numeric:
        return parseIntegerNumeric;
      case POSTGRES_OID.bool:
        return (text: string) => (text === 't' ? 1n : 0n);
      default:
        return pg.types.getTypeParser(oid, format ?? 'text');
    }
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** Connections per instance: one is held by each group-commit batch, the rest serve reads. */
const POSTGRES_POOL_MAX = 10;

export function openPostgresDatabase(url: string, options: { poolMax?: number } = {}): OpenedDatabase {
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? POSTGRES_POOL_MAX, types: POSTGRES_TYPE_PARSERS });
  // An idle connection that breaks (the database restarted) is dropped by the pool; the next
  // query reports the failure to its caller. Without a listener the error would end the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    pool,
    async close() {
      await db.destroy();
    },
  };
}

/** DATABASE_URL's PostgreSQL when set, else the SQLite file. */
export function openConfiguredDatabase(databaseUrl: string | undefined, sqliteFile: string): OpenedDatabase {
  return databaseUrl ? openPostgresDatabase(databaseUrl) : openDatabase(sqliteFile);
}

/** pg_advisory_lock's key for migrating and seeding; one bigint key ('exch' then 1), apart from Kysely's own. */
const STARTUP_LOCK_KEY = 0x6578_6368_0000_0001n;

/**
 * Runs `work` (migrations and the seed) while holding PostgreSQL's advisory lock on one connection
 * of the pool, so that instances booting at once migrate and seed one after the other: the second
 * finds everything done. On SQLite the one file has one writer, so `work` just runs.
 */
export async function withStartupLock<T>(opened: OpenedDatabase, work: () => Promise<T>): Promise<T> {
  if (opened.dialect === 'sqlite') return work();
  return opened.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}

export async function migrate(db: Db): Promise<void> {
  // The parts of one stage take their migration numbers up front and land in any order (0016 and
  // 0017 before 0015): a database migrated in between must still get the earlier number when it
  // lands. Each migration touches only its own tables and columns, so their order does not matter.
  const migrator = new Migrator({ db, provider: new CodeMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
