/**
 * Futures create benchmark (issue 17): the time of one POST /futures/create through the app
 * (app.inject, the route, the service and its piece of the group commit) with 0, 10,000 and
 * 100,000 positions already live in the database. The limits a create checks (the platform's net
 * exposure per symbol and the house's cover of what it owes at the marks) read per-symbol,
 * per-side figures; this shows what they cost as the positions grow.
 *
 * The live positions are written straight into the database in batches (a tenth pending at a
 * trigger, the rest open near the mark, both sides, the six symbols, one crowd user), as the create
 * path would have left them, with the exposure totals filled from them as migration 0014 fills
 * them. They are not in the risk book and hold no margin: the create path reads neither. The
 * creates are a fresh user's smallest BTC longs at the market, one at a time.
 *
 * Measured on this 2-core machine (shared with other work), per create, p50 (p99):
 * - before the running totals (a GROUP BY over every live position in each create's piece):
 *   0 positions 2.6 ms (13 ms), 10,000 positions 9.3 ms (39 ms), 100,000 positions 73 ms (437 ms);
 * - with the running totals of futures_exposure (two rows per symbol): 1.7 ms (5.3 ms), 1.5 ms
 *   (4.0 ms) and 2.9 ms (37 ms). The table's notes repeat the figures from before.
 *
 * BENCH_FUTURES_CREATES sets the creates timed per count.
 */
import crypto from 'node:crypto';
import { fillExposure } from '../../server/db/migrations/0014_futures_exposure';
import { createRandom, currencyPriceUsd, type Random } from '../../server/engine/price-walk';
import { liquidationTicks, marginFromVolume, notionalUnits, tradeFeeUnits, type FuturesScales } from '../../src/shared/futures-math';
import { createTestUser, type TestUser } from '../helpers/auth';
import { createRaw, fundFuturesAccounts, futuresUser } from '../helpers/futures';
import { buildTestServer, type TestServer } from '../helpers/server';
import type { BenchmarkModule, BenchmarkRow } from './run';
import { positiveInteger } from './support/numbers';

const LIVE_COUNTS = [0, 10_000, 100_000];
const CREATES = positiveInteger(process.env.BENCH_FUTURES_CREATES, 300);
const WARMUP_CREATES = 30;
const SEED_BATCH = 2_000;
const MARGIN_SCALE = 6;
const FEE_PPM = 500n;
const MAINTENANCE_PPM = 5_000n;
const SPREAD_PPM = 200n;
const PENDING_SHARE = 0.1;
/** p50 per create before the running totals (see above), for the table's notes. */
const BEFORE_P50_MS: Record<number, number> = { 0: 2.6, 10_000: 9.3, 100_000: 73 };

/** The futures symbols of the seed with their spot markets (server/seed/market.ts). */
const MARKETS = [
  { symbolId: 201, spotId: 301, base: 'BTC', pricePrecision: 1, volumePrecision: 3, spotPrecision: 2 },
  { symbolId: 202, spotId: 302, base: 'ETH', pricePrecision: 2, volumePrecision: 3, spotPrecision: 2 },
  { symbolId: 203, spotId: 303, base: 'SOL', pricePrecision: 2, volumePrecision: 1, spotPrecision: 2 },
  { symbolId: 204, spotId: 304, base: 'BNB', pricePrecision: 2, volumePrecision: 2, spotPrecision: 2 },
  { symbolId: 205, spotId: 305, base: 'XRP', pricePrecision: 4, volumePrecision: 1, spotPrecision: 4 },
  { symbolId: 206, spotId: 306, base: 'DOGE', pricePrecision: 5, volumePrecision: 0, spotPrecision: 6 },
] as const;
type Market = (typeof MARKETS)[number];

function percentile(sorted: number[], share: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

function scalesOf(market: Market): FuturesScales {
  return { pricePrecision: market.pricePrecision, volumePrecision: market.volumePrecision, marginScale: MARGIN_SCALE };
}

function markTicksOf(market: Market): bigint {
  return BigInt(Math.round(currencyPriceUsd(market.base) * 10 ** market.pricePrecision));
}

/** The spot references the marks come from, fresh, and a sampling round to take them. */
function refreshMarks(server: TestServer): void {
  for (const market of MARKETS) server.app.prices.setReference(market.spotId, BigInt(Math.round(currencyPriceUsd(market.base) * 10 ** market.spotPrecision)));
  server.app.prices.sample();
}

/** One live position row as the create path leaves it: 1 to 20 minimum-ish sizes at 10x, entered within 1 % of the mark. */
function positionRow(random: Random, userId: number, index: number, now: number) {
  const market = MARKETS[index % MARKETS.length]!;
  const scales = scalesOf(market);
  const side = random() < 0.5 ? 'long' : 'short';
  const priceTicks = (markTicksOf(market) * BigInt(990_000 + Math.floor(random() * 20_000))) / 1_000_000n;
  const volumeLots = BigInt(10 + Math.floor(random() * 190));
  const marginUnits = marginFromVolume(scales, volumeLots, priceTicks, 10);
  const pending = random() < PENDING_SHARE;
  const common = {
    user_id: userId,
    symbol_id: market.symbolId,
    idempotency_key: crypto.randomUUID(),
    request_hash: '-',
    side,
    leverage: 10,
    volume_lots: volumeLots,
    margin_units: marginUnits,
    notional_units: notionalUnits(scales, volumeLots, priceTicks, 'down'),
    open_fee_units: tradeFeeUnits(scales, volumeLots, priceTicks, FEE_PPM),
    close_fee_ppm: FEE_PPM,
    maintenance_ppm: MAINTENANCE_PPM,
    spread_ppm: SPREAD_PPM,
    created_at: now,
  };
  if (pending) return { ...common, type: 'limit', status: 'pending', trigger_ticks: priceTicks };
  const liquidation = liquidationTicks(scales, { side, volumeSteps: volumeLots, entryTicks: priceTicks, marginUnits }, MAINTENANCE_PPM);
  return { ...common, type: 'market', status: 'open', entry_ticks: priceTicks, liquidation_ticks: liquidation, opened_at: now };
}

/** Writes `count` more live positions of the crowd user, then fills the exposure totals from every live position. */
async function seedLive(server: TestServer, random: Random, crowd: TestUser, from: number, count: number): Promise<void> {
  const { context } = server;
  for (let start = from; start < from + count; start += SEED_BATCH) {
    const rows = Array.from({ length: Math.min(SEED_BATCH, from + count - start) }, (_, offset) => positionRow(random, crowd.userId, start + offset, context.now()));
    await context.commits.run(async (trx) => {
      for (let chunk = 0; chunk < rows.length; chunk += 500) await trx.insertInto('futures_positions').values(rows.slice(chunk, chunk + 500)).execute();
    });
  }
  await context.commits.run((trx) => fillExposure(trx));
}

/** Times `creates` smallest BTC longs of one fresh user, one after another. */
async function timeCreates(server: TestServer, user: TestUser, creates: number, label: string): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < creates; index += 1) {
    if (index % 50 === 0) refreshMarks(server);
    const started = process.hrtime.bigint();
    const answer = (await createRaw(server, user, { symbol: 'BTC_USDT', side: 'long', leverage: 10, volume: '0.001' }, `bench-create-${label}-${index}`)).json<{ errcode: number; msg?: string }>();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (answer.errcode !== 0) throw new Error(`create ${index} with ${label} live positions refused: ${JSON.stringify(answer)}`);
  }
  return times;
}

async function createRows(): Promise<BenchmarkRow[]> {
  const server = await buildTestServer({ demoMode: false, rateLimitScale: 1_000_000 });
  try {
    // Rounds run when the benchmark says, not on the one-second timer.
    server.app.prices.stop();
    refreshMarks(server);
    await fundFuturesAccounts(server, '1000000000');
    const random = createRandom(17);
    const crowd = await createTestUser(server);
    const rows: BenchmarkRow[] = [];
    let live = 0;
    for (const count of LIVE_COUNTS) {
      await seedLive(server, random, crowd, live, count - live);
      live = count;
      const user = await futuresUser(server, '1000000');
      await timeCreates(server, user, WARMUP_CREATES, `warmup-${count}`);
      const sorted = (await timeCreates(server, user, CREATES, String(count))).sort((left, right) => left - right);
      const label = `create, ${count.toLocaleString('en-US')} live positions`;
      rows.push(
        { metric: `${label}: p50`, value: percentile(sorted, 0.5), unit: 'ms', note: `${CREATES} creates through app.inject, one at a time; ${BEFORE_P50_MS[count]} ms before the running totals` },
        { metric: `${label}: p99`, value: percentile(sorted, 0.99), unit: 'ms' },
      );
    }
    return rows;
  } finally {
    await server.close();
  }
}

export const futuresCreateBenchmark: BenchmarkModule = {
  name: 'futures-create',
  run: createRows,
};
