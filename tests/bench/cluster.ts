/**
 * Cluster benchmark (issue 19): limit orders per second and their p50/p99 through POST
 * /exchange/create, through HAProxy in front of 1, 2 and 3 server instances on PostgreSQL and
 * Redis (scripts/lib/cluster.ts), against the single process on SQLite (server/main.ts as
 * `npm start` runs it). Robots off, so that only the benchmark's orders load the servers; the demo
 * traders alternate sides around one price on BTC/USDT and ETH/USDT, so orders rest, cross and
 * fill. Behind the balancer the calls carry no stickiness cookie: they go round robin, and an
 * instance that does not hold a market forwards its orders to the one that does.
 *
 * Every configuration runs on this one machine, so the instances share its cores with
 * PostgreSQL, Redis, HAProxy and the load generator: the figures say what one machine does, not
 * what a cluster of machines would. Bounded counts; override with BENCH_CLUSTER_REQUESTS and
 * BENCH_CLUSTER_CONCURRENCY.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startCluster } from '../../scripts/lib/cluster';
import type { BenchmarkModule, BenchmarkRow } from './run';
import { percentile, positiveInteger } from './support/numbers';
import { BenchServer } from './support/server';
import { freePort } from '../helpers/freePort';

const REQUESTS = positiveInteger(process.env.BENCH_CLUSTER_REQUESTS, 1_000);
const CONCURRENCY = positiveInteger(process.env.BENCH_CLUSTER_CONCURRENCY, 32);
const WARMUP_REQUESTS = 100;
const TRADERS = ['trader1@demo.exchange', 'trader2@demo.exchange', 'merchant@demo.exchange'];
const DEMO_PASSWORD = 'Demo1234!';
/** Each market's price and size: about 6 and 3 USDT an order, well within the demo traders' funds. */
const MARKETS = [
  { symbol: 'BTC_USDT', price: 60_000, quantity: '0.0001' },
  { symbol: 'ETH_USDT', price: 3_000, quantity: '0.001' },
];
const SETTINGS = { ROBOTS: 'off', RATE_LIMIT_SCALE: '100000', LOG_LEVEL: 'warn', DEMO_MODE: 'on' };

interface Trader {
  cookie: string;
  csrf: string;
}

/** The cookies a response sets, as a Cookie header, without the balancer's stickiness cookie. */
function cookiesOf(response: Response, before = ''): string {
  const jar = new Map(before.split('; ').filter(Boolean).map((pair) => [pair.split('=')[0]!, pair] as const));
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0]!;
    const name = pair.split('=')[0]!;
    if (name !== 'SERVERID') jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

async function signIn(baseUrl: string, email: string): Promise<Trader> {
  const csrf = await fetch(`${baseUrl}/api/v1/csrftoken`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const preSession = cookiesOf(csrf);
  const answer = await fetch(`${baseUrl}/api/v1/account/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: preSession, 'x-xsrf-token': token },
    body: new URLSearchParams({ username: email, password: DEMO_PASSWORD }).toString(),
  });
  const body = (await answer.json()) as { errcode: number; errmsg?: string; data: { csrfToken: string } };
  if (body.errcode !== 0) throw new Error(`sign-in of ${email} refused: ${body.errcode} ${body.errmsg ?? ''}`);
  return { cookie: cookiesOf(answer, preSession), csrf: body.data.csrfToken };
}

/** What one order took, and its errcode (0: placed). */
async function sendOrder(baseUrl: string, traders: Trader[], index: number): Promise<{ latencyMs: number; errcode: number }> {
  const trader = traders[index % traders.length]!;
  const market = MARKETS[Math.floor(index / traders.length) % MARKETS.length]!;
  const side = index % 2 === 0 ? 'buy' : 'sell';
  // A few ticks either side of the market's price, so about half the orders cross.
  const price = (market.price + ((index * 7) % 11) - 5).toFixed(2);
  const startedMs = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/exchange/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: trader.cookie, 'x-xsrf-token': trader.csrf },
    body: JSON.stringify({ symbol: market.symbol, side, type: 'limit', price, quantity: market.quantity }),
  });
  const body = (await response.json()) as { errcode: number };
  return { latencyMs: performance.now() - startedMs, errcode: body.errcode };
}

/** `count` orders from CONCURRENCY callers at once; answers each one's latency and the refusals by errcode. */
async function load(baseUrl: string, traders: Trader[], offset: number, count: number): Promise<{ latenciesMs: number[]; refused: Map<number, number> }> {
  const latenciesMs: number[] = [];
  const refused = new Map<number, number>();
  let next = 0;
  const caller = async () => {
    while (next < count) {
      const index = offset + next;
      next += 1;
      const { latencyMs, errcode } = await sendOrder(baseUrl, traders, index);
      latenciesMs.push(latencyMs);
      if (errcode !== 0) refused.set(errcode, (refused.get(errcode) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, caller));
  return { latenciesMs, refused };
}

/** Signs the traders in, warms up, then measures: throughput, p50 and p99 of one configuration. */
async function measure(label: string, baseUrl: string, note: string): Promise<BenchmarkRow[]> {
  const traders = await Promise.all(TRADERS.map((email) => signIn(baseUrl, email)));
  await load(baseUrl, traders, 0, WARMUP_REQUESTS);
  const startedMs = performance.now();
  const { latenciesMs, refused } = await load(baseUrl, traders, WARMUP_REQUESTS, REQUESTS);
  const elapsedMs = performance.now() - startedMs;
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  // A refusal is a finding, not a reason to hide the figures: it is counted in the note.
  const refusals = [...refused].map(([errcode, count]) => `${count} refused with errcode ${errcode}`);
  return [
    { metric: `${label}: throughput`, value: (REQUESTS / elapsedMs) * 1000, unit: 'orders/s', note: [note, ...refusals].join('; ') },
    { metric: `${label}: p50`, value: percentile(sorted, 0.5), unit: 'ms' },
    { metric: `${label}: p99`, value: percentile(sorted, 0.99), unit: 'ms' },
  ];
}

export const clusterBenchmark: BenchmarkModule = {
  name: 'cluster',
  async run(): Promise<BenchmarkRow[]> {
    const rows: BenchmarkRow[] = [];
    const upperBound = 'an upper bound: one shared machine';
    const single = await BenchServer.start({ name: 'cluster-sqlite', webRoot: '', env: SETTINGS });
    try {
      rows.push(...(await measure(`SQLite, one process, ${REQUESTS} orders, concurrency ${CONCURRENCY}`, single.baseUrl, upperBound)));
    } finally {
      await single.dispose();
    }
    for (const instances of [1, 2, 3]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `exchange-bench-cluster-${instances}-`));
      const cluster = await startCluster({ instances, dataDir, port: await freePort(), webRoot: '', env: SETTINGS });
      try {
        const label = `PostgreSQL + Redis, HAProxy, ${instances} instance${instances === 1 ? '' : 's'}, ${REQUESTS} orders, concurrency ${CONCURRENCY}`;
        rows.push(...(await measure(label, cluster.url, `${upperBound}; round robin, forwarded to each market's owner`)));
      } finally {
        await cluster.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
    return rows;
  },
};
