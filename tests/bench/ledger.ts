/**
 * Ledger benchmark: (a) durable transfers per second through the wallet service, each its own
 * committed database transaction (WAL, synchronous=FULL, so every commit waits for the disk), and
 * (b) latency and throughput of POST /balance/transfer over real HTTP on loopback, many requests
 * in flight, each with its own Idempotency-Key, sent from a worker thread (support/load.ts) so that
 * the client's work is not counted in the server's event loop. The server is a real one on a temporary data
 * folder, listening on 127.0.0.1 on a free port. Counts are bounded; override them with
 * BENCH_LEDGER_TRANSFERS, BENCH_HTTP_REQUESTS and BENCH_HTTP_CONCURRENCY.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { auditLedger } from '../../server/ledger/audit';
import { transfer } from '../../server/modules/balance/service';
import { createTestUser, creditUser, type TestUser } from '../helpers/auth';
import { buildTestServer, type TestServer } from '../helpers/server';
import type { BenchmarkModule, BenchmarkRow } from './run';
import { assertNoRefusals, runLoad } from './support/load';

const SERVICE_TRANSFERS = positiveInteger(process.env.BENCH_LEDGER_TRANSFERS, 2_000);
const HTTP_REQUESTS = positiveInteger(process.env.BENCH_HTTP_REQUESTS, 3_000);
const HTTP_CONCURRENCY = positiveInteger(process.env.BENCH_HTTP_CONCURRENCY, 32);
/** Requests sent before measuring, so that JIT compilation and first-time account rows are not timed. */
const HTTP_WARMUP_REQUESTS = 200;
const HTTP_USERS = 8;
const TRANSFER_AMOUNT = '0.01';
const TRANSFER_PATH = '/api/v1/balance/transfer';
const STARTING_USDT = '1000000';

function positiveInteger(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
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

async function benchHttp(server: TestServer): Promise<BenchmarkRow[]> {
  const users: TestUser[] = [];
  for (let index = 0; index < HTTP_USERS; index += 1) {
    const user = await createTestUser(server);
    await creditUser(server, user.userId, 'USDT', STARTING_USDT);
    users.push(user);
  }
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  const load = async (count: number) => {
    const result = await runLoad({ baseUrl: `http://127.0.0.1:${port}`, path: TRANSFER_PATH, traders: users.map((user) => user.headers), count, concurrency: HTTP_CONCURRENCY, body: 'transfer' });
    assertNoRefusals(result, `${TRANSFER_PATH} at concurrency ${HTTP_CONCURRENCY}`);
    return result;
  };
  await load(HTTP_WARMUP_REQUESTS);
  const busyBefore = performance.eventLoopUtilization();
  const result = await load(HTTP_REQUESTS);
  const busy = performance.eventLoopUtilization(busyBefore);
  const label = `POST /balance/transfer, ${HTTP_REQUESTS} requests, concurrency ${HTTP_CONCURRENCY}`;
  return [
    { metric: `${label}: throughput`, value: result.perSecond, unit: 'requests/s', note: 'loopback, keep-alive; the client in a worker thread' },
    { metric: `${label}: p50`, value: result.p50, unit: 'ms' },
    { metric: `${label}: p99`, value: result.p99, unit: 'ms' },
    { metric: `${label}: p99.9`, value: result.p999, unit: 'ms' },
    {
      metric: `${label}: server thread busy per transfer`,
      value: Math.round((busy.active * 1000) / HTTP_REQUESTS),
      unit: 'µs',
      note: `event loop ${Math.round(busy.utilization * 100)}% busy during the run`,
    },
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
