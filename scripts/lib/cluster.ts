/**
 * A whole cluster on this machine (issue 19): a throwaway PostgreSQL and Redis
 * (./local-postgres.ts, ./local-redis.ts), N server instances (server/main.ts, each its own process
 * on its own port, sharing DATA_DIR, DATABASE_URL and REDIS_URL) and Debian's HAProxy in front of
 * them. `npm run cluster` (scripts/cluster.ts), the cluster's end-to-end test and
 * `npm run bench -- cluster` start it with startCluster.
 *
 * The balancer: round robin over the instances that answer GET /api/v1/config, sticky by a cookie
 * it sets (SERVERID), so that socket.io's long polling (a session of several requests, before the
 * upgrade to a WebSocket) stays on the instance that opened it; a WebSocket upgrade passes through
 * as a tunnel. The instances believe its X-Forwarded-For (TRUST_PROXY), so that rate limits count
 * clients, not the balancer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findExecutable, installDebianPackages } from './debian';
import { startLocalPostgres, type LocalPostgres } from './local-postgres';
import { startLocalRedis, type LocalRedis } from './local-redis';
import { freePort } from '../../tests/helpers/freePort';

const PREFIX = 'cluster';
const INSTANCE_START_TIMEOUT_MS = 120_000;
/** server/main.ts forces its exit after 10 s; past this a stop is a SIGKILL. */
const INSTANCE_STOP_TIMEOUT_MS = 15_000;

export interface ClusterOptions {
  /** Server instances behind the balancer. */
  instances: number;
  /** Where everything lives: postgres/, redis/, app/ (DATA_DIR), logs/, haproxy.cfg. */
  dataDir: string;
  /** The balancer's port; the other ports are free ones unless given. */
  port: number;
  postgresPort?: number;
  redisPort?: number;
  /** The first instance's port; the others follow it. Free ports when not given. */
  instancePortBase?: number;
  /** The built web app (WEB_ROOT). */
  webRoot: string;
  /** More settings for every instance (ROBOTS, LOG_LEVEL, RATE_LIMIT_SCALE ...). */
  env?: Record<string, string>;
}

export interface ClusterInstance {
  id: string;
  port: number;
  /** The instance itself, past the balancer. */
  url: string;
  process: ChildProcess;
  /** SIGTERM, waiting for its shutdown (SIGKILL past INSTANCE_STOP_TIMEOUT_MS). */
  stop(): Promise<void>;
}

export interface Cluster {
  /** The balancer's address: what a browser opens. */
  url: string;
  instances: ClusterInstance[];
  databaseUrl: string;
  redisUrl: string;
  /** Stops the balancer, the instances, Redis and PostgreSQL, in that order. */
  stop(): Promise<void>;
}

/** HAProxy, installing Debian's package when there is none. */
export function ensureHaproxy(): string {
  const found = findExecutable('haproxy');
  if (found) return found;
  installDebianPackages(PREFIX, ['haproxy'], 'as the load balancer in front of the instances');
  const installed = findExecutable('haproxy');
  if (installed) return installed;
  throw new Error('No haproxy, and installing one failed (see above). Install HAProxy 2.6 or later (Debian: `apt-get install haproxy`) so that haproxy is on PATH.');
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopChild(child: ChildProcess, killAfterMs: number): Promise<void> {
  const gone = exited(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await gone;
  clearTimeout(timer);
}

/** The balancer's configuration: sticky by cookie, health-checked, WebSockets tunnelled for an hour of silence. */
export function haproxyConfig(port: number, instances: ReadonlyArray<{ id: string; port: number }>): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  cookie SERVERID insert indirect nocache httponly',
    '  option httpchk GET /api/v1/config',
    ...instances.map((instance) => `  server ${instance.id} 127.0.0.1:${instance.port} check inter 1s fall 2 rise 1 cookie ${instance.id}`),
    '',
  ].join('\n');
}

async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (response) => response.ok,
    () => false,
  );
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, failed: () => string | undefined = () => undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    const failure = failed();
    if (failure) throw new Error(`${PREFIX}: ${what}: ${failure}`);
    if (Date.now() > deadline) throw new Error(`${PREFIX}: ${what} not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts one server instance (its output to logs/<id>.log) and waits until it answers. */
async function startInstance(id: string, port: number, env: NodeJS.ProcessEnv, logDir: string): Promise<ClusterInstance> {
  const log = fs.openSync(path.join(logDir, `${id}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...env, PORT: String(port), INSTANCE_ID: id, INTERNAL_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const instance: ClusterInstance = { id, port, url, process: child, stop: () => stopChild(child, INSTANCE_STOP_TIMEOUT_MS) };
  await waitUntil(`${id} answering on ${url}`, () => answers(`${url}/api/v1/config`), INSTANCE_START_TIMEOUT_MS, () =>
    child.exitCode === null ? undefined : `it exited with code ${child.exitCode}; see ${path.join(logDir, `${id}.log`)}`,
  );
  return instance;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxy = ensureHaproxy();
  const logDir = path.join(options.dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  // PostgreSQL's folder inside belongs to the postgres user when this runs as root: it must get through this one.
  fs.chmodSync(options.dataDir, 0o755);
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch((error: unknown) => console.error(`${PREFIX}: stopping failed:`, error));
  };
  try {
    const postgres: LocalPostgres = await startLocalPostgres({ port: options.postgresPort ?? (await freePort()), dataDir: path.join(options.dataDir, 'postgres'), database: 'exchange' });
    stops.push(postgres.stop);
    const redis: LocalRedis = await startLocalRedis({ port: options.redisPort ?? (await freePort()), dataDir: path.join(options.dataDir, 'redis') });
    stops.push(redis.stop);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(options.dataDir, 'app'),
      WEB_ROOT: options.webRoot,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      TRUST_PROXY: '127.0.0.1',
      ...options.env,
    };
    const ports = await Promise.all(Array.from({ length: options.instances }, (_, index) => (options.instancePortBase ? Promise.resolve(options.instancePortBase + index) : freePort())));
    // The first instance migrates and seeds alone (the others would wait on its lock anyway); the rest start together.
    const first = await startInstance('instance-1', ports[0]!, env, logDir);
    stops.push(first.stop);
    const others = await Promise.all(ports.slice(1).map((port, index) => startInstance(`instance-${index + 2}`, port, env, logDir)));
    for (const instance of others) stops.push(instance.stop);
    const instances = [first, ...others];

    const configFile = path.join(options.dataDir, 'haproxy.cfg');
    fs.writeFileSync(configFile, haproxyConfig(options.port, instances));
    const balancerLog = fs.openSync(path.join(logDir, 'haproxy.log'), 'a');
    // -db: in the foreground, so that it ends with this process's stop.
    const balancer = spawn(haproxy, ['-db', '-f', configFile], { stdio: ['ignore', balancerLog, balancerLog] });
    fs.closeSync(balancerLog);
    stops.push(() => stopChild(balancer, 5_000));
    const url = `http://127.0.0.1:${options.port}`;
    await waitUntil(`the balancer answering on ${url}`, () => answers(`${url}/api/v1/config`), 30_000, () =>
      balancer.exitCode === null ? undefined : `haproxy exited with code ${balancer.exitCode}; see ${path.join(logDir, 'haproxy.log')}`,
    );
    return { url, instances, databaseUrl: postgres.url, redisUrl: redis.url, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
