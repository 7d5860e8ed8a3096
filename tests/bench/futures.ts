/**
 * Futures risk-loop benchmark (issue 17; goal: under 1 ms per mark-price tick with 10,000 open
 * positions and under 10 ms with 100,000, on this 2-core machine).
 *
 * A tick is what the risk loop does on each mark-price round: for each of the six futures symbols,
 * ask the RiskBook which positions the new mark reached, and update the book for what fired (a
 * pending position that opens is upserted as open with its liquidation price; a closed one is
 * removed, and a new position opened at the mark takes its place, so the book holds the same
 * number throughout). The database settlement of what fires is not in this figure: it is the
 * service's, timed separately.
 *
 * Positions are drawn as users open them: leverage mostly 5-20x with a tail to 100x, a tenth
 * pending at a limit trigger 0.5-5 % away, half with a take-profit and half with a stop-loss 1-10 %
 * away, liquidation prices from src/shared/futures-math. The marks walk with a one-second
 * volatility of 0.05 % and a 1.5 % gap one tick in 500, so that a realistic few fire per tick.
 *
 * Then the whole loop through the futures service, separately: a test server on a temporary
 * database, positions opened through POST /futures/create by a hundred users, and the marks walked
 * through the spot references; a tick is one sampling round of the index with the risk round it
 * drives (app.prices.sample, then the loop's idle), settling what fires through the ledger, each
 * settlement its own piece of the group commit. The audit must pass afterwards.
 *
 * Counts can be overridden with BENCH_FUTURES_TICKS, BENCH_FUTURES_SEED, BENCH_FUTURES_SERVICE_POSITIONS
 * and BENCH_FUTURES_SERVICE_TICKS.
 */
import { createRandom, currencyPriceUsd, gaussian, type Random } from '../../server/engine/price-walk';
import { auditLedger } from '../../server/ledger/audit';
import { riskLoopOf } from '../../server/modules/futures';
import { RiskBook, type RiskEntry } from '../../server/modules/futures/risk-book';
import type { FuturesSymbolConfig } from '../../src/shared/api/futures';
import { liquidationTicks, marginFromVolume, marketEntryTicks, volumeFromMargin, type FuturesScales } from '../../src/shared/futures-math';
import { formatUnits, parseUnits } from '../../src/shared/money';
import type { TestUser } from '../helpers/auth';
import { createRaw, fundFuturesAccounts, futuresUser } from '../helpers/futures';
import { callApi } from '../helpers/inject';
import { buildTestServer, type TestServer } from '../helpers/server';
import type { BenchmarkModule, BenchmarkRow } from './run';
import { positiveInteger } from './support/numbers';

const TICKS = positiveInteger(process.env.BENCH_FUTURES_TICKS, 3_000);
const WARMUP_TICKS = 300;
const SEED = positiveInteger(process.env.BENCH_FUTURES_SEED, 17);
const POSITION_COUNTS = [10_000, 100_000];
const SERVICE_POSITIONS = positiveInteger(process.env.BENCH_FUTURES_SERVICE_POSITIONS, 3_000);
const SERVICE_TICKS = positiveInteger(process.env.BENCH_FUTURES_SERVICE_TICKS, 600);
const SERVICE_USERS = 100;
/** Creates in flight at once while the service run opens its positions. */
const SERVICE_CREATE_CONCURRENCY = 50;
const GOALS_MS: Record<number, number> = { 10_000: 1, 100_000: 10 };

/** The six futures symbols of the seed (server/seed/market.ts) with their precisions. */
const SYMBOLS = [
  { symbolId: 201, base: 'BTC', pricePrecision: 1, volumePrecision: 3 },
  { symbolId: 202, base: 'ETH', pricePrecision: 2, volumePrecision: 3 },
  { symbolId: 203, base: 'SOL', pricePrecision: 2, volumePrecision: 1 },
  { symbolId: 204, base: 'BNB', pricePrecision: 2, volumePrecision: 2 },
  { symbolId: 205, base: 'XRP', pricePrecision: 4, volumePrecision: 1 },
  { symbolId: 206, base: 'DOGE', pricePrecision: 5, volumePrecision: 0 },
] as const;
type BenchSymbol = (typeof SYMBOLS)[number];

const MARGIN_SCALE = 6;
const MAINTENANCE_PPM = 5_000n;
const SPREAD_PPM = 200n;
const LEVERAGES = [1, 2, 3, 5, 10, 20, 50, 75, 100];
/** How often users pick each leverage above. */
const LEVERAGE_WEIGHTS = [4, 8, 10, 20, 25, 18, 8, 4, 3];
const PENDING_SHARE = 0.1;
const TAKE_PROFIT_SHARE = 0.5;
const STOP_LOSS_SHARE = 0.5;
const TICK_VOLATILITY = 0.0005;
const GAP_SHARE = 1 / 500;
const GAP_SIZE = 0.015;

/** The value below which `share` of the sorted samples fall (nearest rank). */
function percentile(sorted: Float64Array, share: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

function scalesOf(symbol: BenchSymbol): FuturesScales {
  return { pricePrecision: symbol.pricePrecision, volumePrecision: symbol.volumePrecision, marginScale: MARGIN_SCALE };
}

function pick<T>(random: Random, values: readonly T[], weights: readonly number[]): T {
  let draw = random() * weights.reduce((sum, weight) => sum + weight, 0);
  for (let index = 0; index < values.length; index += 1) {
    draw -= weights[index]!;
    if (draw < 0) return values[index]!;
  }
  return values.at(-1)!;
}

/** A price `share` away from `ticks` (never below one tick). */
function away(ticks: bigint, share: number): bigint {
  const moved = (ticks * BigInt(Math.round((1 + share) * 1_000_000))) / 1_000_000n;
  return moved > 0n ? moved : 1n;
}

/** The book's entry of an open position entered at the market now. */
function openEntry(random: Random, symbol: BenchSymbol, positionId: number, side: 'long' | 'short', markTicks: bigint): RiskEntry {
  const scales = scalesOf(symbol);
  const leverage = pick(random, LEVERAGES, LEVERAGE_WEIGHTS);
  const entryTicks = marketEntryTicks(side, markTicks, SPREAD_PPM);
  const marginUnits = parseUnits(String(10 + Math.floor(random() * 2_000)), MARGIN_SCALE);
  const volumeSteps = volumeFromMargin(scales, marginUnits, leverage, entryTicks) || 1n;
  const position = { side, volumeSteps, entryTicks, marginUnits: marginFromVolume(scales, volumeSteps, entryTicks, leverage) };
  const favour = side === 'long' ? 1 : -1;
  const entry: RiskEntry = { positionId, symbolId: symbol.symbolId, side, status: 'open', liquidationPrice: liquidationTicks(scales, position, MAINTENANCE_PPM) };
  if (random() < TAKE_PROFIT_SHARE) entry.takeProfit = away(entryTicks, favour * (0.01 + random() * 0.09));
  if (random() < STOP_LOSS_SHARE) {
    const stopLoss = away(entryTicks, -favour * (0.01 + random() * 0.09));
    // A stop-loss beyond the liquidation price would be refused at create: such users set none.
    if (side === 'long' ? stopLoss > entry.liquidationPrice! : stopLoss < entry.liquidationPrice!) entry.stopLoss = stopLoss;
  }
  return entry;
}

/** A new position as users place them: most at the market, a tenth waiting at a limit trigger. */
function newEntry(random: Random, symbol: BenchSymbol, positionId: number, markTicks: bigint): RiskEntry {
  const side = random() < 0.5 ? 'long' : 'short';
  if (random() >= PENDING_SHARE) return openEntry(random, symbol, positionId, side, markTicks);
  const distance = 0.005 + random() * 0.045;
  return { positionId, symbolId: symbol.symbolId, side, status: 'pending', triggerPrice: away(markTicks, side === 'long' ? -distance : distance) };
}

interface Market {
  symbol: BenchSymbol;
  markTicks: bigint;
}

function startingMarkTicks(symbol: BenchSymbol): bigint {
  return BigInt(Math.round(currencyPriceUsd(symbol.base) * 10 ** symbol.pricePrecision));
}

/** One step of a symbol's mark: a gaussian move, now and then a gap. */
function walk(random: Random, markTicks: bigint): bigint {
  const move = random() < GAP_SHARE ? (random() < 0.5 ? -GAP_SIZE : GAP_SIZE) : gaussian(random) * TICK_VOLATILITY;
  return away(markTicks, move);
}

interface RunResult {
  tickMs: Float64Array;
  /** Positions closed (opens of pending ones not counted). */
  fired: number;
  /** The times of the ticks that closed any. */
  firingTickMs: number[];
  byTrigger: Record<string, number>;
}

/** Fills a book with `count` positions and runs `ticks` mark-price rounds over the six symbols. */
function runRiskLoop(count: number, ticks: number, seed: number): RunResult {
  const random = createRandom(seed);
  const markets: Market[] = SYMBOLS.map((symbol) => ({ symbol, markTicks: startingMarkTicks(symbol) }));
  const book = new RiskBook();
  let nextPositionId = 0;
  const add = (market: Market) => {
    const positionId = nextPositionId++;
    book.upsert(newEntry(random, market.symbol, positionId, market.markTicks));
  };
  for (let index = 0; index < count; index += 1) add(markets[index % markets.length]!);
  if (book.size !== count) throw new Error(`the book holds ${book.size} positions, not ${count}`);

  const tickMs = new Float64Array(ticks);
  const byTrigger: Record<string, number> = { open: 0, takeProfit: 0, stopLoss: 0, liquidation: 0 };
  let fired = 0;
  const firingTickMs: number[] = [];
  const closedIn: Market[] = [];
  for (let tick = 0; tick < ticks; tick += 1) {
    for (const market of markets) market.markTicks = walk(random, market.markTicks);
    const started = process.hrtime.bigint();
    for (const market of markets) {
      for (const { positionId, trigger } of book.due(market.symbol.symbolId, market.markTicks)) {
        byTrigger[trigger]! += 1;
        if (trigger === 'open') {
          book.upsert(openEntry(random, market.symbol, positionId, positionId % 2 === 0 ? 'long' : 'short', market.markTicks));
        } else {
          book.remove(positionId);
          closedIn.push(market);
        }
      }
    }
    tickMs[tick] = Number(process.hrtime.bigint() - started) / 1e6;
    // Users open new positions between ticks, as many as closed: not the risk loop's time.
    const firedNow = closedIn.length;
    for (const market of closedIn.splice(0)) add(market);
    fired += firedNow;
    if (firedNow > 0) firingTickMs.push(tickMs[tick]!);
  }
  if (book.size !== count) throw new Error(`the book ended with ${book.size} positions, not ${count}`);
  return { tickMs, fired, firingTickMs, byTrigger };
}

function riskLoopRows(count: number): BenchmarkRow[] {
  runRiskLoop(count, WARMUP_TICKS, SEED + 1);
  const { tickMs, fired, firingTickMs, byTrigger } = runRiskLoop(count, TICKS, SEED);
  const sorted = Float64Array.from(tickMs).sort();
  const firingSorted = Float64Array.from(firingTickMs).sort();
  const label = `risk loop, ${count.toLocaleString('en-US')} positions`;
  const triggers = Object.entries(byTrigger)
    .map(([trigger, times]) => `${trigger} ${times}`)
    .join(', ');
  return [
    { metric: `${label}: tick p50`, value: percentile(sorted, 0.5), unit: 'ms', note: `${TICKS} ticks x 6 symbols` },
    { metric: `${label}: tick p99`, value: percentile(sorted, 0.99), unit: 'ms', note: `goal under ${GOALS_MS[count]} ms` },
    { metric: `${label}: tick max`, value: percentile(sorted, 1), unit: 'ms', note: 'a gap tick firing hundreds, or a busy machine pausing the process' },
    { metric: `${label}: closing tick p50`, value: percentile(firingSorted, 0.5), unit: 'ms', note: `of the ${firingTickMs.length} ticks that closed any` },
    { metric: `${label}: closed per tick`, value: fired / TICKS, unit: 'positions', note: triggers },
  ];
}

interface ServiceMarket {
  symbolId: number;
  spotId: number;
  spotTicks: bigint;
  pricePrecision: number;
  leverages: number[];
}

/** The futures symbols as the service configures them, each with its spot market's price now. */
async function serviceMarkets(server: TestServer, user: TestUser): Promise<ServiceMarket[]> {
  const spotSymbols = server.app.engine.symbols();
  const config = (await callApi(server, 'POST', '/futures/config', { as: user, payload: {} })).json<{ data: { symbols: FuturesSymbolConfig[] } }>().data;
  return config.symbols.map((symbol) => {
    const spot = spotSymbols.find((candidate) => candidate.id === symbol.indexSymbolId)!;
    const base = symbol.symbol.split('_')[0]!;
    const bench = SYMBOLS.find((candidate) => candidate.base === base)!;
    return {
      symbolId: symbol.symbolId,
      spotId: spot.id,
      spotTicks: BigInt(Math.round(currencyPriceUsd(base) * 10 ** spot.pricePrecision)),
      pricePrecision: bench.pricePrecision,
      leverages: symbol.leverages,
    };
  });
}

/** Opens a position as a user would: random side and leverage (mostly up to 20x), half with a take-profit 1-10 % away, half with a stop-loss. */
async function serviceOpen(server: TestServer, random: Random, user: TestUser, market: ServiceMarket, index: number): Promise<number> {
  const side = random() < 0.5 ? 'long' : 'short';
  const favour = side === 'long' ? 1 : -1;
  const markTicks = server.app.prices.current(market.symbolId)!.priceTicks;
  const stop = (share: number) => formatUnits(away(markTicks, share), market.pricePrecision);
  const leverage = pick(random, market.leverages, market.leverages.map((choice) => (choice <= 20 ? 4 : 1)));
  const body = {
    symbol: market.symbolId,
    side,
    leverage,
    margin: String(20 + Math.floor(random() * 300)),
    ...(random() < TAKE_PROFIT_SHARE ? { takeProfit: stop(favour * (0.01 + random() * 0.09)) } : {}),
    // A stop-loss sits between a fifth and four fifths of the way to where the leverage liquidates.
    ...(random() < STOP_LOSS_SHARE ? { stopLoss: stop((-favour * (0.2 + 0.6 * random())) / leverage) } : {}),
  };
  return (await createRaw(server, user, body, `bench-open-${index}`)).json<{ errcode: number }>().errcode;
}

async function serviceRows(): Promise<BenchmarkRow[]> {
  const server = await buildTestServer({ demoMode: false, rateLimitScale: 1_000 });
  try {
    // Rounds run when the benchmark says, not on the one-second timer.
    server.app.prices.stop();
    const random = createRandom(SEED);
    await fundFuturesAccounts(server, '1000000000');
    const users: TestUser[] = [];
    for (let index = 0; index < SERVICE_USERS; index += 1) users.push(await futuresUser(server, '10000000'));
    const markets = await serviceMarkets(server, users[0]!);
    const refusals = new Map<number, number>();
    for (let start = 0; start < SERVICE_POSITIONS; start += SERVICE_CREATE_CONCURRENCY) {
      // Refreshed each batch: a reference older than REFERENCE_MAX_AGE_MS would leave no mark.
      for (const market of markets) server.app.prices.setReference(market.spotId, market.spotTicks);
      const batch = Array.from({ length: Math.min(SERVICE_CREATE_CONCURRENCY, SERVICE_POSITIONS - start) }, (_, offset) => start + offset);
      const codes = await Promise.all(batch.map((index) => serviceOpen(server, random, users[index % SERVICE_USERS]!, markets[index % markets.length]!, index)));
      for (const code of codes) if (code !== 0) refusals.set(code, (refusals.get(code) ?? 0) + 1);
    }
    const closedBefore = await closedPositions(server);
    const loop = riskLoopOf(server.context);
    const tickMs = new Float64Array(SERVICE_TICKS);
    for (let tick = 0; tick < SERVICE_TICKS; tick += 1) {
      for (const market of markets) {
        market.spotTicks = walk(random, market.spotTicks);
        server.app.prices.setReference(market.spotId, market.spotTicks);
      }
      const started = process.hrtime.bigint();
      server.app.prices.sample();
      await loop.idle();
      tickMs[tick] = Number(process.hrtime.bigint() - started) / 1e6;
    }
    const settled = (await closedPositions(server)) - closedBefore;
    const audit = await auditLedger(server.context.db);
    if (!audit.ok) throw new Error(`the audit failed after the service run: ${audit.problems.join('; ')}`);
    const sorted = Float64Array.from(tickMs).sort();
    const total = tickMs.reduce((sum, value) => sum + value, 0);
    const opened = SERVICE_POSITIONS - [...refusals.values()].reduce((sum, count) => sum + count, 0);
    const label = `service loop, ${opened.toLocaleString('en-US')} positions`;
    return [
      { metric: `${label}: tick p50`, value: percentile(sorted, 0.5), unit: 'ms', note: `${SERVICE_TICKS} sampling rounds, settling through the ledger` },
      { metric: `${label}: tick p99`, value: percentile(sorted, 0.99), unit: 'ms' },
      { metric: `${label}: tick max`, value: percentile(sorted, 1), unit: 'ms' },
      { metric: `${label}: settled`, value: settled, unit: 'positions', note: `${(total / Math.max(settled, 1)).toFixed(2)} ms of round time per settlement; audit ok` },
      { metric: `${label}: refused opens`, value: SERVICE_POSITIONS - opened, unit: 'creates', note: JSON.stringify(Object.fromEntries(refusals)) },
    ];
  } finally {
    await server.close();
  }
}

async function closedPositions(server: TestServer): Promise<number> {
  const row = await server.context.db.selectFrom('futures_positions').select((expression) => expression.fn.countAll<number>().as('closed')).where('status', '=', 'closed').executeTakeFirstOrThrow();
  return Number(row.closed);
}

export const futuresBenchmark: BenchmarkModule = {
  name: 'futures',
  async run() {
    return [...POSITION_COUNTS.flatMap(riskLoopRows), ...(await serviceRows())];
  },
};
