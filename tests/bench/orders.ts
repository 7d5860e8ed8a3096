/**
 * Order benchmark: limit orders per second through POST /exchange/create over real HTTP on
 * loopback, each one durable before it is answered (group commit, WAL, synchronous=FULL), with
 * p50/p99 latency. Traders alternate sides around one price so orders rest, cross and fill:
 * the load includes matching, fees and settlement, not only inserts. Bounded counts; override
 * with BENCH_ORDER_REQUESTS and BENCH_ORDER_CONCURRENCY.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { auditLedger } from '../../server/ledger/audit';
import { createTestUser, creditUser, type TestUser } from '../helpers/auth';
import { buildTestServer } from '../helpers/server';
import type { BenchmarkModule, BenchmarkRow } from './run';
import { percentile } from './support/numbers';

const REQUESTS = positiveInteger(process.env.BENCH_ORDER_REQUESTS, 3_000);
const CONCURRENCY = positiveInteger(process.env.BENCH_ORDER_CONCURRENCY, 32);
const WARMUP_REQUESTS = 200;
const TRADERS = 8;

function positiveInteger(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

async function sendOrder(baseUrl: string, traders: TestUser[], index: number): Promise<{ latencyMs: number; filled: boolean }> {
  const trader = traders[index % traders.length]!;
  const side = index % 2 === 0 ? 'buy' : 'sell';
  // Prices wander over a few ticks either side, so about half the orders cross.
  const price = (60_000 + ((index * 7) % 11) - 5).toFixed(2);
  const startedMs = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/exchange/create`, {
    method: 'POST',
    headers: { ...trader.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ symbol: 301, side, type: 'limit', price, quantity: '0.001' }),
  });
  const body = (await response.json()) as { errcode: number; errmsg?: string; data?: { status: string } };
  const latencyMs = performance.now() - startedMs;
  if (body.errcode !== 0) throw new Error(`order ${index} refused: ${body.errcode} ${body.errmsg ?? ''}`);
  return { latencyMs, filled: body.data?.status === 'filled' };
}

async function run(baseUrl: string, traders: TestUser[], offset: number, count: number): Promise<{ latenciesMs: number[]; filled: number }> {
  const latenciesMs: number[] = [];
  let filled = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = offset + next;
      next += 1;
      const outcome = await sendOrder(baseUrl, traders, index);
      latenciesMs.push(outcome.latencyMs);
      if (outcome.filled) filled += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { latenciesMs, filled };
}

export const ordersBenchmark: BenchmarkModule = {
  name: 'orders',
  async run(): Promise<BenchmarkRow[]> {
    const server = await buildTestServer({ demoMode: false, rateLimitScale: 100_000 });
    try {
      const traders: TestUser[] = [];
      for (let index = 0; index < TRADERS; index += 1) {
        const trader = await createTestUser(server);
        await creditUser(server, trader.userId, 'USDT', '10000000');
        await creditUser(server, trader.userId, 'BTC', '100');
        traders.push(trader);
      }
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
      await run(baseUrl, traders, 0, WARMUP_REQUESTS);
      const startedMs = performance.now();
      const { latenciesMs, filled } = await run(baseUrl, traders, WARMUP_REQUESTS, REQUESTS);
      const elapsedMs = performance.now() - startedMs;
      const sorted = [...latenciesMs].sort((a, b) => a - b);
      const audit = await auditLedger(server.context.db);
      if (!audit.ok) throw new Error(`audit failed after the order run: ${audit.problems.join('; ')}`);
      const label = `POST /exchange/create, ${REQUESTS} limit orders, concurrency ${CONCURRENCY}`;
      return [
        { metric: `${label}: throughput`, value: (REQUESTS / elapsedMs) * 1000, unit: 'orders/s', note: `${Math.round((filled / REQUESTS) * 100)}% filled on arrival; durable before answered` },
        { metric: `${label}: p50`, value: percentile(sorted, 0.5), unit: 'ms' },
        { metric: `${label}: p99`, value: percentile(sorted, 0.99), unit: 'ms' },
        { metric: 'audit after the order run', value: 'ok', unit: '', note: `${audit.checked.transactions} transactions` },
      ];
    } finally {
      await server.close();
    }
  },
};
