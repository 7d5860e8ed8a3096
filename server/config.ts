/**
 * Server settings from the environment, read once at boot. Every setting has a default that
 * makes `npm start` work on a fresh machine; a real deployment turns demo mode off.
 */
import os from 'node:os';
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /**
   * postgres://... puts the database in that PostgreSQL (several instances share it); unset, it is
   * the SQLite file in dataDir.
   */
  databaseUrl: string | undefined;
  /** Seed demo users, balances and content on an empty database. */
  demoMode: boolean;
  /** Serve the built web app from this folder (history-mode fallback to index.html). */
  webRoot: string | undefined;
  /** Mark cookies Secure (set when served over HTTPS). */
  secureCookies: boolean;
  /** Origins allowed on state-changing requests besides the server's own. */
  allowedOrigins: string[];
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Multiplier on every rate limit; tests raise it so that race tests measure the ledger, not the limiter. */
  rateLimitScale: number;
  /** argon2id cost; tests lower it to keep the suite fast. */
  passwordHashMemoryKib: number;
  logLevel: string;
  /** Market-maker robots quote every exchange market (and backfill candles on first start). */
  robotsEnabled: boolean;
  /** Trades the robots make per minute in each market (ROBOT_TRADES_PER_MINUTE): the journal's growth (README, "Data growth"). */
  robotTradesPerMinute: number;
  /** Robot-to-robot trades and their ledger transactions are folded away after this many days (ROBOT_RETENTION_DAYS). */
  robotRetentionMs: number;
  /** Every trade and transaction is folded away after this many days (USER_RETENTION_DAYS); null: kept for ever. */
  userRetentionMs: number | null;
  /** How often the ledger checkpoint is written (LEDGER_CHECKPOINT_HOURS). */
  checkpointIntervalMs: number;
  /**
   * Binary-option periods (seconds) offered on every option symbol besides those its rows name,
   * each on the terms of the symbol's shortest period: the tests' short options (BOPTION_EXTRA_PERIODS=5,10).
   */
  boptionExtraPeriodsSeconds: number[];
  /** This instance's name among several (INSTANCE_ID; default hostname-pid): who holds which market. */
  instanceId: string;
  /** Where the other instances reach this one's internal calls (INTERNAL_URL; default http://127.0.0.1:PORT). */
  internalUrl: string;
  /** Signs the internal calls between instances (CLUSTER_SECRET); unset, the admin token of DATA_DIR, which the instances of one machine share. */
  clusterSecret: string | undefined;
  /**
   * redis://... turns on what several instances share through Redis (server/redis): socket.io's
   * adapter, the rate limits, the sign-in turns and the session ends; unset, all of it stays in
   * this process.
   */
  redisUrl: string | undefined;
  /**
   * Addresses (or CIDR ranges) of the load balancers in front of the instances, whose
   * X-Forwarded-For names the client: without it every request behind a balancer comes from the
   * balancer's address, and the per-address rate limits and sign-in throttle count everyone as one.
   */
  trustedProxies: string[];
}

const DAY_MS = 24 * 60 * 60_000;
/** A crossing order every 30 s in each market: tickers and candles move; a day of robots is tens of MB (README, "Data growth"). */
export const ROBOT_TRADES_PER_MINUTE_DEFAULT = 2;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase());
}

/** A comma-separated list of positive whole numbers ("5,10"); empty for none. */
function integers(value: string | undefined): number[] {
  return (value ?? '').split(',').map((item) => item.trim()).filter(Boolean).map((item) => {
    const parsed = integer(item, 0);
    if (parsed === 0) throw new Error(`not a positive whole number: ${item}`);
    return parsed;
  });
}

function integer(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`not a whole number: ${value}`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const port = integer(env.PORT, 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    demoMode: flag(env.DEMO_MODE, true),
    webRoot: env.WEB_ROOT === '' ? undefined : path.resolve(env.WEB_ROOT ?? 'dist'),
    secureCookies: flag(env.SECURE_COOKIES, false),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
    sessionIdleMs: integer(env.SESSION_IDLE_MINUTES, 24 * 60) * 60_000,
    sessionAbsoluteMs: integer(env.SESSION_ABSOLUTE_DAYS, 30) * 24 * 60 * 60_000,
    rateLimitScale: integer(env.RATE_LIMIT_SCALE, 1),
    passwordHashMemoryKib: integer(env.PASSWORD_HASH_MEMORY_KIB, 19_456),
    logLevel: env.LOG_LEVEL ?? 'info',
    robotsEnabled: flag(env.ROBOTS, true),
    robotTradesPerMinute: integer(env.ROBOT_TRADES_PER_MINUTE, ROBOT_TRADES_PER_MINUTE_DEFAULT),
    robotRetentionMs: integer(env.ROBOT_RETENTION_DAYS, 7) * DAY_MS,
    userRetentionMs: env.USER_RETENTION_DAYS ? integer(env.USER_RETENTION_DAYS, 0) * DAY_MS : null,
    checkpointIntervalMs: Math.max(1, integer(env.LEDGER_CHECKPOINT_HOURS, 24)) * 60 * 60_000,
    boptionExtraPeriodsSeconds: integers(env.BOPTION_EXTRA_PERIODS),
    redisUrl: env.REDIS_URL || undefined,
    trustedProxies: (env.TRUST_PROXY ?? '').split(',').map((address) => address.trim()).filter(Boolean),
    instanceId: env.INSTANCE_ID || `${os.hostname()}-${process.pid}`,
    internalUrl: (env.INTERNAL_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    clusterSecret: env.CLUSTER_SECRET || undefined,
    ...overrides,
  };
}
