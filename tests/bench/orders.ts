/**
 * Order benchmark (issue 20): limit orders per second through POST /exchange/create over real HTTP
 * on loopback, each one durable before it is answered (group commit, WAL, synchronous=FULL, every
 * fill settled through the ledger with fees, candles and the outbox), with p50, p99 and p99.9 at
 * concurrency 1, 8, 32 and 128; beside it the same load on a bare route of the same server (the
 * same JSON body and its validation, the same session and CSRF check, the same reply schema, no
 * engine and no commit), and the ratio of the two. The load comes from a worker thread
 * (support/load.ts), so the client's work is not counted in the server's event loop. Traders
 * alternate sides around one price, so about half the orders cross and fill.
 *
 * Counts: BENCH_ORDER_REQUESTS per run (3000; a tenth of it at concurrency 1), after a warm-up.
 *
 * Where the time goes (CPU profile of the server under this load, `node --cpu-prof`, before the
 * client moved to a worker; shares of the process's samples at concurrency 32):
 * - SQLite itself (better-sqlite3's statements, inside Kysely's executeQuery): about 18 %;
 * - Kysely building and compiling each statement (visitors, freezing nodes, parameter parsing):
 *   about 15 %; the statement text is cached and prepared once (server/db/database.ts), but the
 *   query tree is built and compiled again for every statement of every order;
 * - garbage collection: about 10 %, mostly those query trees;
 * - the ledger's postings (postTransaction, 13 % inclusive): an order that fills writes a
 *   transaction, its postings and the guarded balance updates one statement each;
 * - COMMIT with its fsync: about 5 %, shared by the batch (the group commit works: one fsync per
 *   batch, not per order);
 * - the HTTP client (undici's fetch): about 8 %, now out of the server's thread;
 * - Fastify's hooks, the session read per request (a SELECT that waits for the commit batch that
 *   holds SQLite's one connection), schema validation and serialization: the rest.
 *
 * Done since (2026-11-27, same machine, quiet, three runs each at concurrency 32):
 * - the statements of the order path and the session read are built and compiled once per dialect
 *   (server/db/prepared.ts): 1,668 orders/s (p99 27.6 ms) before, 2,430 to 2,750 (p99 20 to
 *   23 ms) after; the bare route 6,763 before, 7,400 to 8,200 after (its session read);
 * - an account's row id is remembered once the piece that read it committed (committedFacts in
 *   server/db/commit-group.ts): within this benchmark's noise on SQLite, where an indexed SELECT
 *   costs microseconds; it saves two or three round trips per ledger transaction on PostgreSQL;
 * - a transaction's postings in one multi-row INSERT and one locked hold read per closed order
 *   instead of two: the machine had grown noisier by then (the bare route at 5,350 to 5,600), so
 *   read the ratio: 0.34 to 0.41 at concurrency 32, against 0.31 to 0.38 before.
 * The profile after the prepared queries (same load): better-sqlite3 running statements is now
 * the largest share, 30 % of the samples, a third of it the COMMIT's fsync; Kysely's building and
 * compiling fell to under 2 %, garbage collection to 7 %; HTTP writing about 5 %, helmet's
 * headers 3 %.
 * Ruled out since (2026-11-28, same load, two runs each, same hour): the COMMIT's fsync. With
 * synchronous=NORMAL (no fsync at a commit; a trial only, never kept) the server took 2,346 and
 * 2,118 orders/s at concurrency 32 against 2,295 and 2,099 with FULL: the disk's wait is not
 * what limits this machine, so moving the fsync off the event loop would win nothing here. What
 * is left is CPU: SQLite running some twenty statements per order (about 0.2 ms, counted per
 * statement) and the JavaScript around them.
 * The limit on this machine (2026-11-28, the benchmark's new row "server thread busy per order"):
 * at concurrency 32 the server's one thread is 97 % busy, about 390 µs per order; the bare route
 * costs about 124 µs. SQLite alone takes about 210 µs of an order (19.8 statements, counted one by
 * one over 4,000 orders: the order row, the hold, two ledger transactions with their postings and
 * guarded balance updates, the outbox row; on a fill the trade, the candles, the counterparty's
 * postings and the order updates), on its one writer connection. 5,000 orders per second leave
 * 200 µs per order: SQLite's share alone is over it, before any HTTP or JavaScript. Moving SQLite
 * to a thread of its own would not reach it either: the bench's client needs the second core too
 * (about 80 µs per request). Transfers are the same story: 2,815/s measured from a worker-thread
 * client, 349 µs busy each, of which about 150 µs SQLite (12 statements with the commit's share).
 * The goal needs a persistence design where a command is not these rows in SQL before its answer
 * (an in-memory ledger behind an fsynced command journal, the tables written after), which
 * DESIGN.md does not have ("one command = one database transaction: order, holds, fills,
 * postings, an outbox row").
 * Smaller steps still open, in order of their share: fewer statements per fill still (a fill writes a ledger
 * transaction, one guarded balance update per account and reduces the hold, one statement each;
 * one balance update per account per batch would cut most of them), the COMMIT's fsync off the
 * event loop (better-sqlite3 runs it synchronously, so the server answers nothing during it), and
 * the session read from a cache kept by the session store.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { auditLedger } from '../../server/ledger/audit';
import { registerCall } from '../../server/http/route';
import { API_PREFIX } from '../../server/app';
import { createOrderCall, type OrderViewData } from '../../src/shared/api/exchange';
import { createTestUser, creditUser } from '../helpers/auth';
import { buildTestServer } from '../helpers/server';
import type { BenchmarkModule, BenchmarkRow } from './run';
import { assertNoRefusals, runLoad, type LoadResult } from './support/load';
import { positiveInteger } from './support/numbers';

const REQUESTS = positiveInteger(process.env.BENCH_ORDER_REQUESTS, 3_000);
const CONCURRENCIES = [1, 8, 32, 128] as const;
const WARMUP_REQUESTS = 300;
const TRADERS = 8;
const BARE_PATH = '/bench/bare';

/** What the bare route answers: an order as the real route would, built without the engine. */
const BARE_ANSWER: OrderViewData = {
  id: 1,
  userId: 1,
  symbolId: 301,
  symbol: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  price: '60000.00',
  quantity: '0.001000',
  quoteAmount: null,
  filledQuantity: '0.000000',
  filledQuote: '0.000000',
  averagePrice: null,
  fee: '0.00000000',
  feeCurrency: 'BTC',
  status: 'open',
  cancelReason: null,
  clientOrderId: null,
  createdAt: 0,
  updatedAt: 0,
};

/** The reference route: everything POST /exchange/create does before and after the engine. */
async function addBareRoute(app: FastifyInstance): Promise<void> {
  await app.register(
    async (api) => {
      registerCall(api, { ...createOrderCall, path: BARE_PATH }, async (request) => ({ ...BARE_ANSWER, userId: request.user!.id, side: request.body.side, price: request.body.price ?? null }), {
        perMinute: 600,
      });
    },
    { prefix: API_PREFIX },
  );
}

function rowsOf(label: string, result: LoadResult, count: number, note?: string): BenchmarkRow[] {
  return [
    { metric: `${label}: throughput`, value: result.perSecond, unit: 'req/s', ...(note ? { note } : {}) },
    { metric: `${label}: p50`, value: result.p50, unit: 'ms' },
    { metric: `${label}: p99`, value: result.p99, unit: 'ms' },
    { metric: `${label}: p99.9`, value: result.p999, unit: 'ms', note: `${count} requests` },
  ];
}

export const ordersBenchmark: BenchmarkModule = {
  name: 'orders',
  async run(): Promise<BenchmarkRow[]> {
    const server = await buildTestServer({ demoMode: false, rateLimitScale: 100_000 }, { beforeReady: addBareRoute });
    try {
      const traders: Record<string, string>[] = [];
      for (let index = 0; index < TRADERS; index += 1) {
        const trader = await createTestUser(server);
        await creditUser(server, trader.userId, 'USDT', '100000000');
        await creditUser(server, trader.userId, 'BTC', '1000');
        traders.push(trader.headers);
      }
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
      const ordersPath = `${API_PREFIX}${createOrderCall.path}`;
      const barePath = `${API_PREFIX}${BARE_PATH}`;
      let offset = 0;
      const load = async (path: string, concurrency: number, count: number) => {
        const result = await runLoad({ baseUrl, path, traders, count, concurrency, offset });
        offset += count;
        assertNoRefusals(result, `${path} at concurrency ${concurrency}`);
        return result;
      };
      await load(ordersPath, 32, WARMUP_REQUESTS);
      await load(barePath, 32, WARMUP_REQUESTS);

      const rows: BenchmarkRow[] = [];
      let ratioAt32: string | undefined;
      for (const concurrency of CONCURRENCIES) {
        const count = concurrency === 1 ? Math.ceil(REQUESTS / 10) : REQUESTS;
        const busyBefore = performance.eventLoopUtilization();
        const orders = await load(ordersPath, concurrency, count);
        const busy = performance.eventLoopUtilization(busyBefore);
        const bare = await load(barePath, concurrency, count);
        const ratio = orders.perSecond / bare.perSecond;
        if (concurrency === 32) ratioAt32 = ratio.toFixed(2);
        rows.push(
          ...rowsOf(`POST /exchange/create, concurrency ${concurrency}`, orders, count, `${Math.round((orders.filled / count) * 100)}% filled on arrival; durable before answered`),
          ...rowsOf(`bare route (same body, session, CSRF, reply; no engine), concurrency ${concurrency}`, bare, count),
          { metric: `orders per second / bare route per second, concurrency ${concurrency}`, value: ratio, unit: '', note: 'the issue aims at 0.5 or better' },
          {
            metric: `server thread busy per order, concurrency ${concurrency}`,
            value: Math.round((busy.active * 1000) / count),
            unit: 'µs',
            note: `event loop ${Math.round(busy.utilization * 100)}% busy during the order run; one thread so busy cannot take more than ${Math.round((count * 1000) / busy.active)} orders/s`,
          },
        );
      }
      const audit = await auditLedger(server.context.db);
      if (!audit.ok) throw new Error(`audit failed after the order runs: ${audit.problems.join('; ')}`);
      rows.push({ metric: 'audit after the order runs', value: 'ok', unit: '', note: `${audit.checked.transactions} transactions; ratio at concurrency 32: ${ratioAt32}` });
      return rows;
    } finally {
      await server.close();
    }
  },
};
