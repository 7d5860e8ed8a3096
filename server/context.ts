/**
 * What every module needs from the running server, built once by main.ts (or a test) and handed
 * to the app. Modules take what they use from here instead of importing globals, so that a test
 * can build an app on its own temporary database with its own clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { CommitGroup } from './db/commit-group';
import type { Db } from './db/database';
import type { CodeSender } from './sender/sender';

export interface AppContext {
  db: Db;
  /** Group commit for money calls: one fsync for every piece queued in an event-loop turn. */
  commits: CommitGroup;
  config: ServerConfig;
  /** Milliseconds since the epoch; tests move it forward to expire sessions and codes. */
  now: () => number;
  sender: CodeSender;
  /** The secret the admin CLI presents to the operator API (written to DATA_DIR/admin-token). */
  adminToken: string;
  log?: FastifyBaseLogger;
}
