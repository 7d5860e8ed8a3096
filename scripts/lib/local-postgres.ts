/**
 * A throwaway PostgreSQL for the tests and `npm run cluster`: Debian's `postgresql` (installed with
 * apt-get when `initdb` is missing), a cluster made with `initdb` in a given or temporary folder,
 * its postmaster started as a child of this process on a given port (TCP on 127.0.0.1 only, no
 * Unix socket) with fsync on, because the reliability tests kill servers and count what survived.
 * PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` system user
 * (made when missing), otherwise to whoever runs this. Authentication is `trust` on the loopback:
 * the cluster lives only as long as the test run that made it.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { endChild, spawnServer } from './child';
import { findExecutable, installDebianPackages, isRoot, runLoud } from './debian';

export interface LocalPostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database>, for DATABASE_URL. */
  url: string;
  /** The same server's maintenance database (`postgres`), for creating and dropping databases. */
  adminUrl: string;
  port: number;
  /** Ends the server (fast shutdown, SIGKILL after 10 s) and removes the data folder if this made it. */
  stop: () => Promise<void>;
}

export interface LocalPostgresOptions {
  port: number;
  /** The cluster's folder (made by initdb when empty or missing); a temporary one, removed by `stop`, when not given. */
  dataDir?: string;
  /** The database to create (if missing) and point `url` at; `app` by default. */
  database?: string;
  /** max_connections: every test server holds a pool of its own; 300 by default. */
  maxConnections?: number;
  /** How long to wait for the first connection; 30 s by default. */
  startTimeoutMs?: number;
  /**
   * synchronous_commit, on by default. The test suite turns it off: its tests kill server
   * processes, never PostgreSQL, so a commit is as safe once PostgreSQL has it in memory, and
   * waiting for the WAL flush of each of thousands of small commits only slows the suite down.
   */
  synchronousCommit?: boolean;
}

const PREFIX = 'local-postgres';
const SUPERUSER = 'postgres';
/** Where Debian puts the server's binaries (they are not on PATH): /usr/lib/postgresql/<major>/bin. */
const DEBIAN_ROOT = '/usr/lib/postgresql';

function findServerBinaries(): string | undefined {
  const onPath = findExecutable('initdb');
  if (onPath) return path.dirname(fs.realpathSync(onPath));
  if (!fs.existsSync(DEBIAN_ROOT)) return undefined;
  const majors = fs.readdirSync(DEBIAN_ROOT).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  return majors.map((major) => path.join(DEBIAN_ROOT, major, 'bin')).find((folder) => fs.existsSync(path.join(folder, 'initdb')));
}

/** The folder of initdb and postgres, installing Debian's package when there is none; throws saying what to do when that is not possible. */
export function ensurePostgresServer(): string {
  const found = findServerBinaries();
  if (found) return found;
  installDebianPackages(PREFIX, ['postgresql'], 'for the PostgreSQL server tests and the cluster');
  const installed = findServerBinaries();
  if (installed) return installed;
  throw new Error('No PostgreSQL server, and installing one failed (see above). Install PostgreSQL 15 or later (Debian: `apt-get install postgresql`) so that initdb is on PATH or under /usr/lib/postgresql.');
}

interface RunAs {
  uid?: number;
  gid?: number;
}

function idOf(flag: '-u' | '-g', user: string): number | undefined {
  const result = spawnSync('id', [flag, user], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : undefined;
}

/** As root: the `postgres` system user, made when missing; otherwise this process's own user. */
function serverUser(): RunAs {
  if (!isRoot()) return {};
  if (idOf('-u', SUPERUSER) === undefined) {
    runLoud(PREFIX, 'useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER]);
  }
  const uid = idOf('-u', SUPERUSER);
  const gid = idOf('-g', SUPERUSER);
  if (uid === undefined || gid === undefined) throw new Error(`${PREFIX}: PostgreSQL refuses to run as root and there is no '${SUPERUSER}' user to run it as.`);
  return { uid, gid };
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => done(true));
  });
}

/** SIGINT is PostgreSQL's fast shutdown: sessions are ended and a checkpoint is written. */
function stopChild(child: ChildProcess): Promise<void> {
  return endChild(child, 'SIGINT', 10_000);
}

function initCluster(binaries: string, dataDir: string, runAs: RunAs): void {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (runAs.uid !== undefined && runAs.gid !== undefined) fs.chownSync(dataDir, runAs.uid, runAs.gid);
  const args = ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'];
  const result = spawnSync(path.join(binaries, 'initdb'), args, { encoding: 'utf8', ...runAs, cwd: dataDir });
  if (result.status !== 0) throw new Error(`${PREFIX}: initdb failed in ${dataDir}:\n${result.stdout}${result.stderr}${result.error?.message ?? ''}`);
}

async function connects(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export async function startLocalPostgres(options: LocalPostgresOptions): Promise<LocalPostgres> {
  const binaries = ensurePostgresServer();
  const { port } = options;
  const database = options.database ?? 'app';
  // A server already listening there is someone else's (or a leftover): using it would share
  // databases with a stranger.
  if (await portAnswers(port)) throw new Error(`${PREFIX}: something already listens on port ${port}; stop it or pick another port.`);
  const runAs = serverUser();
  const madeDir = options.dataDir === undefined;
  // The folder must be reachable by the server's user, so a temporary one is made world-traversable above it.
  const dataDir = options.dataDir ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'postgres-')), 'data');
  if (madeDir) fs.chmodSync(path.dirname(dataDir), 0o755);
  initCluster(binaries, dataDir, runAs);

  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    fsync: 'on',
    synchronous_commit: options.synchronousCommit === false ? 'off' : 'on',
    max_connections: String(options.maxConnections ?? 300),
    // Deadlocks are retried by the commit group; finding them sooner than the 1 s default keeps the retried piece's wait short.
    deadlock_timeout: '200ms',
  };
  const args = ['-D', dataDir, '-p', String(port), ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  // At this process's exit, SIGQUIT: the immediate shutdown, which also ends the backends.
  const { child, log, release } = spawnServer(path.join(binaries, 'postgres'), args, { ...runAs, cwd: dataDir }, 'SIGQUIT');
  const cleanUp = () => {
    release();
    if (madeDir) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  };

  const adminUrl = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  while (!(await connects(adminUrl))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      cleanUp();
      throw new Error(`${PREFIX}: postgres on port ${port} did not accept a connection. Its log:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await createDatabaseIfMissing(adminUrl, database);
  return {
    url: `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`,
    adminUrl,
    port,
    stop: async () => {
      await stopChild(child);
      cleanUp();
    },
  };
}
