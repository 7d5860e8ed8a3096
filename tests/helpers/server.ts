/**
 * Builds a real server for a test: a temporary data folder with its own SQLite file (or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a fresh PostgreSQL database of its own, see
 * ./postgres), migrated and seeded, codes captured in memory, a clock the test can move, cheap
 * password hashing and rate limits scaled up (tests that check a limit set rateLimitScale back to 1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { boot } from '../../server/boot';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import type { OpenedDatabase } from '../../server/db/database';
import { MemorySender } from '../../server/sender/sender';
import { testDatabaseFor, testPostgresUrl } from './postgres';

export interface TestServer {
  app: FastifyInstance;
  context: AppContext;
  database: OpenedDatabase;
  sender: MemorySender;
  dataDir: string;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** `beforeReady` adds routes of the caller's own (a benchmark's reference route) before the app is ready. */
export async function buildTestServer(overrides: Partial<ServerConfig> = {}, options: { beforeReady?: (app: FastifyInstance) => Promise<void> } = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-test-'));
  const postgresUrl = testPostgresUrl();
  const postgres = postgresUrl && overrides.databaseUrl === undefined ? await testDatabaseFor(postgresUrl, overrides.dataDir) : undefined;
  const config = loadConfig(
    {},
    { dataDir, databaseUrl: postgres?.url, webRoot: undefined, demoMode: true, rateLimitScale: 1000, passwordHashMemoryKib: 1024, logLevel: 'silent', robotsEnabled: false, ...overrides },
  );
  let offsetMs = 0;
  const sender = new MemorySender();
  const { context, database } = await boot(config, { sender, now: () => Date.now() + offsetMs });
  const app = await buildApp(context);
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    context,
    database,
    sender,
    dataDir,
    advance(ms) {
      offsetMs += ms;
    },
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
