/**
 * A fresh PostgreSQL database per test server when TEST_DATABASE_URL names a PostgreSQL server
 * (`npm run test:pg` starts one and points it at that server's `postgres` database). Migrating
 * a new database costs far more than copying one, so the first test server of the run migrates a
 * template (under an advisory lock, because vitest runs files in several processes at once) and
 * every test server gets `CREATE DATABASE t_<random> TEMPLATE` of it, dropped when it closes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DATABASE_FILE } from '../../server/boot';
import { migrate, openDatabase, openPostgresDatabase, type OpenedDatabase } from '../../server/db/database';

const DATABASE_DIR = fileURLToPath(new URL('../../server/db', import.meta.url));

/**
 * The template's name carries a digest of the migrations and of the module that lists them, so
 * that a server that outlives a run (TEST_DATABASE_URL pointed at one by hand, two checkouts
 * sharing it) never hands out a template migrated by other code.
 */
function templateName(): string {
  const digest = crypto.createHash('sha256');
  const files = ['database.ts', ...fs.readdirSync(path.join(DATABASE_DIR, 'migrations')).sort().map((file) => path.join('migrations', file))];
  for (const file of files) digest.update(file).update(fs.readFileSync(path.join(DATABASE_DIR, file)));
  return `exchange_template_${digest.digest('hex').slice(0, 16)}`;
}

const TEMPLATE = templateName();
/** pg_advisory_lock's key while the template is made; apart from the server's own keys. */
const TEMPLATE_LOCK_KEY = 0x6578_6368_7465_7374n;

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The PostgreSQL server's URL that the tests run on, or undefined for SQLite. */
export function testPostgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/**
 * Runs of a property test: every statement on PostgreSQL is a round trip to another process, so a
 * property that commits and audits thousands of times runs a quarter as many cases there (the
 * concurrency it proves is exercised in every case all the same).
 */
export function propertyRuns(sqliteRuns: number): number {
  return testPostgresUrl() ? Math.ceil(sqliteRuns / 4) : sqliteRuns;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let templateReady: Promise<void> | undefined;

/** Makes (or brings up to date) the migrated template once per process; other processes wait on the lock. */
function ensureTemplate(adminUrl: string): Promise<void> {
  templateReady ??= withAdmin(adminUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const existing = await client.query('select 1 from pg_database where datname = $1', [TEMPLATE]);
      if (existing.rowCount === 0) await client.query(`create database ${TEMPLATE}`);
      const template = openPostgresDatabase(withDatabase(adminUrl, TEMPLATE), { poolMax: 2 });
      try {
        await migrate(template.db);
      } finally {
        await template.close();
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return templateReady;
}

/** A copy of the migrated template; `empty` for one without even the migrations (a first boot's). */
export async function createTestDatabase(adminUrl: string, options: { empty?: boolean } = {}): Promise<TestDatabase> {
  if (!options.empty) await ensureTemplate(adminUrl);
  const name = `t_${crypto.randomBytes(8).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(options.empty ? `create database ${name}` : `create database ${name} template ${TEMPLATE}`));
  return {
    url: withDatabase(adminUrl, name),
    drop: () => withAdmin(adminUrl, async (client) => void (await client.query(`drop database if exists ${name} with (force)`))),
  };
}

/** The databases of data folders a test chose itself (a restart on the folder), kept for the run. */
const databasesOfDataDirs = new Map<string, Promise<TestDatabase>>();

/**
 * The database of a test server: a fresh one, dropped when the server closes; or, for a data
 * folder the test chose itself, the one made for that folder the first time, so that a server
 * restarted on the folder finds its database as it finds its files. Those are not dropped on
 * close (the run's PostgreSQL goes away with them).
 */
export async function testDatabaseFor(adminUrl: string, dataDir: string | undefined): Promise<TestDatabase> {
  if (dataDir === undefined) return createTestDatabase(adminUrl);
  let database = databasesOfDataDirs.get(dataDir);
  if (!database) {
    database = createTestDatabase(adminUrl);
    databasesOfDataDirs.set(dataDir, database);
  }
  const { url } = await database;
  return { url, drop: async () => undefined };
}

export interface ServerProcessDatabase {
  /** What the server process's environment needs: DATABASE_URL on PostgreSQL, nothing on SQLite. */
  env: Record<string, string>;
  /** Opens what the server processes wrote (running or killed), for the test's own checks. */
  open(): OpenedDatabase;
  drop(): Promise<void>;
}

/** The database of server processes a test starts itself in `dataDir`: a fresh PostgreSQL one, or the data folder's SQLite file. */
export async function serverProcessDatabase(dataDir: string): Promise<ServerProcessDatabase> {
  const postgresUrl = testPostgresUrl();
  if (!postgresUrl) return { env: {}, open: () => openDatabase(path.join(dataDir, DATABASE_FILE)), drop: async () => undefined };
  const database = await createTestDatabase(postgresUrl);
  return { env: { DATABASE_URL: database.url }, open: () => openPostgresDatabase(database.url, { poolMax: 2 }), drop: database.drop };
}
