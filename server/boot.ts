/**
 * Prepares a server's dependencies: the database (created and migrated), the seed, the admin
 * token and the code sender. main.ts boots with it; tests use it with a temporary data folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { CommitGroup } from './db/commit-group';
import { migrate, openConfiguredDatabase, withStartupLock, type OpenedDatabase } from './db/database';
import { seedDatabase } from './seed/index';
import { LocalOutboxSender, type CodeSender } from './sender/sender';

export const DATABASE_FILE = 'exchange.sqlite';
export const ADMIN_TOKEN_FILE = 'admin-token';

export interface Booted {
  context: AppContext;
  database: OpenedDatabase;
}

/** The admin token is created once per data folder, readable only by its owner. */
export function readOrCreateAdminToken(dataDir: string): string {
  const file = path.join(dataDir, ADMIN_TOKEN_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const token = crypto.randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

export async function boot(config: ServerConfig, options: { sender?: CodeSender; now?: () => number } = {}): Promise<Booted> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = openConfiguredDatabase(config.databaseUrl, path.join(config.dataDir, DATABASE_FILE));
  const context: AppContext = {
    db: database.db,
    commits: new CommitGroup(database.db),
    config,
    now: options.now ?? Date.now,
    sender: options.sender ?? new LocalOutboxSender(config.dataDir),
    adminToken: readOrCreateAdminToken(config.dataDir),
  };
  // Instances booting at once on one PostgreSQL take turns: the first migrates and seeds, the rest find it done.
  await withStartupLock(database, async () => {
    await migrate(database.db);
    await seedDatabase(context);
  });
  return { context, database };
}
