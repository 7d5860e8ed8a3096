/**
 * A throwaway Redis for the tests and `npm run cluster`: Debian's `redis-server` (installed with
 * apt-get when missing), started as a child of this process on a given port with its data in a
 * given or temporary folder, nothing persisted (no RDB snapshots, no append-only file: the tests
 * and a local cluster need the shared state only while they run). Not daemonized, so that `stop`
 * (or this process's exit) ends it.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { endChild, spawnServer } from './child';
import { findOrInstall } from './debian';

export interface LocalRedis {
  /** redis://127.0.0.1:<port>, for REDIS_URL. */
  url: string;
  port: number;
  /** Ends the server (SIGTERM, SIGKILL after 5 s) and removes the data folder if this made it. */
  stop: () => Promise<void>;
}

export interface LocalRedisOptions {
  /**
   * The port, or a range to try in order: the first where nothing answers and the server starts
   * is taken (two runs of one suite at once, say on SQLite and on PostgreSQL, each get one).
   */
  port: number | readonly number[];
  /** The data folder; a temporary one (removed by `stop`) when not given. */
  dataDir?: string;
  /** How long to wait for the first PONG; 15 s by default. */
  startTimeoutMs?: number;
}

const PREFIX = 'local-redis';

/** The redis-server binary, installing Debian's package when there is none; throws saying what to do when that is not possible. */
export function ensureRedisServer(): string {
  return findOrInstall(PREFIX, 'redis-server', ['redis-server'], 'for the shared state of several server instances', 'Install Redis 7 (Debian: `apt-get install redis-server`) so that redis-server is on PATH.');
}

/** One PING over a plain socket (RESP inline command): true on +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

/** redis-server saves nothing here, so SIGTERM ends it at once; this is only a bound. */
const STOP_TIMEOUT_MS = 5_000;

export async function startLocalRedis(options: LocalRedisOptions): Promise<LocalRedis> {
  const ports = typeof options.port === 'number' ? [options.port] : options.port;
  const failures: string[] = [];
  for (const port of ports) {
    try {
      return await startOn(ensureRedisServer(), port, options);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  throw new Error(failures.join('\n'));
}

async function startOn(binary: string, port: number, options: LocalRedisOptions): Promise<LocalRedis> {
  // A server already answering there is someone else's (or a leftover): using it would share state
  // with a stranger, and flushing it would destroy theirs.
  if (await ping(port)) throw new Error(`${PREFIX}: something already answers PING on port ${port}; stop it or pick another port.`);
  const madeDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'redis-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dataDir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--logfile', ''];
  const { child, log, release } = spawnServer(binary, args, {}, 'SIGKILL');
  const cleanUp = () => {
    release();
    if (madeDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.startTimeoutMs ?? 15_000);
  // Its own log line first: a PONG alone could come from another run's server that took the port
  // while this one failed to bind it.
  while (!(log().includes('Ready to accept connections') && child.exitCode === null && (await ping(port)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await endChild(child, 'SIGTERM', STOP_TIMEOUT_MS);
      cleanUp();
      throw new Error(`${PREFIX}: redis-server on port ${port} did not answer PING. Its log:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      await endChild(child, 'SIGTERM', STOP_TIMEOUT_MS);
      cleanUp();
    },
  };
}
