/**
 * Ledger benchmark: (a) durable transfers per second through the wallet service, each its own
 * committed database transaction (WAL, synchronous=FULL, so every commit waits for the disk), and
 * (b) latency and throughput of POST /balance/transfer over real HTTP on loopback, many requests
 * in flight, each with its own Idempotency-Key. The server is a real one on a temporary data
 * folder, listening on 127.0.0.1 on a free port. Counts are bounded; override them with
 * BENCH_LEDGER_TRANSFERS, BENCH_HTTP_REQUESTS and BENCH_HTTP_CONCURRENCY.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { auditLedger } from '../../server/ledger/audit';
import { transfer } from '../../server/modules/balance/service';
import { createTestUser, creditUser, type TestUser } from '../helpers/auth';
import { buildTestServer, type TestServer } from '../helpers/server';
import type { BenchmarkModule, BenchmarkRow } from './run';

const SERVICE_TRANSFERS = positiveInteger(process.env.BENCH_LEDGER_TRANSFERS, 2_000);
const HTTP_REQUESTS = positiveInteger(process.env.BENCH_HTTP_REQUESTS, 3_000);
const HTTP_CONCURRENCY = positiveInteger(process.env.BENCH_HTTP_CONCURRENCY, 32);
/** Requests sent before measuring, so that JIT compilation and first-time account rows are not timed. */
const HTTP_WARMUP_REQUESTS = 200;
const HTTP_USERS = 8;
const TRANSFER_AMOUNT = '0.01';
const STARTING_USDT = '1000000';

function positiveInteger(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The value below which `share` of the sorted samples fall (nearest rank). */
function percentile(sorted: number[], share: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

async function benchService(server: TestServer, user: TestUser): Promise<BenchmarkRow[]> {
  const { database } = server;
  if (database.dialect !== 'sqlite') throw new Error('the ledger bench measures SQLite');
  const synchronous = database.sqlite.pragma('synchronous', { simple: true });
  const journalMode = database.sqlite.pragma('journal_mode', { simple: true });
  const startedMs = performance.now();
  for (let index = 0; index < SERVICE_TRANSFERS; index += 1) {
    // Back and forth, so that both accounts stay funded however many transfers run.
    const direction = index % 2 === 0 ? ({ from: 'spot', to: 'futures' } as const) : ({ from: 'futures', to: 'spot' } as const);
    await transfer(server.context, user.userId, { ...direction, currency: 'USDT', amount: TRANSFER_AMOUNT }, `bench-service-${index}`);
  }
  const elapsedMs = performance.now() - startedMs;
  const durability = `journal_mode=${String(journalMode)}, synchronous=${String(synchronous)} (2 = FULL)`;
  return [
    { metric: `service transfers, sequential (${SERVICE_TRANSFERS})`, value: (SERVICE_TRANSFERS / elapsedMs) * 1000, unit: 'transfers/s', note: durability },
    { metric: 'service transfer, mean time', value: elapsedMs / SERVICE_TRANSFERS, unit: 'ms' },
  ];
}

interface HttpTarget {
  baseUrl: string;
  users: TestUser[];
}

/** Sends one transfer and returns its latency; a refused or failed transfer is an error. */
async function sendTransfer(target: HttpTarget, index: number): Promise<number> {
  const user = target.users[index % target.users.length] as TestUser;
  const startedMs = performance.now();
  const response = await fetch(`${target.baseUrl}/api/v1/balance/transfer`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ from: 'spot', to: 'futures', currency: 'USDT', amount: TRANSFER_AMOUNT }),
  });
  const text = await response.text();
  const latencyMs = performance.now() - startedMs;
  if (response.status !== 200 || !text.startsWith('{"errcode":0')) throw new Error(`transfer ${index} failed: HTTP ${response.status} ${text.slice(0, 200)}`);
  return latencyMs;
}

/** Runs `count` transfers with `concurrency` in flight; every worker takes the next index. */
async function runTransfers(target: HttpTarget, count: number, concurrency: number): Promise<number[]> {
  const latenciesMs: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      latenciesMs.push(await sendTransfer(target, index));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return latenciesMs;
}

async function benchHttp(server: TestServer): Promise<BenchmarkRow[]> {
  const users: TestUser[] = [];
  for (let index = 0; index < HTTP_USERS; index += 1) {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', STARTING_USDT);
    users.push(user);
  }
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  const target = { baseUrl: `http://127.0.0.1:${port}`, users };
  await runTransfers(target, HTTP_WARMUP_REQUESTS, HTTP_CONCURRENCY);
  const startedMs = performance.now();
  const latenciesMs = await runTransfers(target, HTTP_REQUESTS, HTTP_CONCURRENCY);
  const elapsedMs = performance.now() - startedMs;
  latenciesMs.sort((a, b) => a - b);
  const label = `POST /balance/transfer, ${HTTP_REQUESTS} requests, concurrency ${HTTP_CONCURRENCY}`;
  return [
    { metric: `${label}: throughput`, value: (HTTP_REQUESTS / elapsedMs) * 1000, unit: 'requests/s', note: 'loopback, keep-alive' },
    { metric: `${label}: p50`, value: percentile(latenciesMs, 0.5), unit: 'ms' },
    { metric: `${label}: p99`, value: percentile(latenciesMs, 0.99), unit: 'ms' },
    { metric: `${label}: p99.9`, value: percentile(latenciesMs, 0.999), unit: 'ms' },
    { metric: `${label}: max`, value: latenciesMs[latenciesMs.length - 1] ?? Number.NaN, unit: 'ms' },
  ];
}

export const ledgerBenchmark: BenchmarkModule = {
  name: 'ledger',
  async run() {
    // Rate limits are scaled up as in the tests: this measures the ledger, not the limiter.
    const server = await buildTestServer({ demoMode: false, rateLimitScale: 1_000 });
    try {
      const serviceUser = await createTestUser(server);
      await creditUser(server, serviceUser.userId, 'USDT', STARTING_USDT);
      const rows = [...(await benchService(server, serviceUser)), ...(await benchHttp(server))];
      const audit = await auditLedger(server.context.db);
      if (!audit.ok) throw new Error(`the audit failed after the benchmark: ${audit.problems.join('; ')}`);
      rows.push({ metric: 'audit after the run', value: 'ok', unit: '', note: `${audit.checked.transactions} transactions, ${audit.checked.postings} postings` });
      return rows;
    } finally {
      await server.close();
    }
  },
};
