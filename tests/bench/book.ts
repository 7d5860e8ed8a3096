/**
 * Order-book benchmark (issue 3): operations per second and latency per operation of our fast
 * book, our reference book and the npm package nodejs-order-book, fed the same seeded sequence.
 *
 * The workload prefills about 10,000 resting limit orders around a mid price, then mixes 70% limit
 * adds (most of them resting near the top of the book, a tenth crossing the spread), 20% cancels
 * of random resting orders and 10% market orders that cross. Market order sizes are chosen to
 * consume about as many resting orders as the adds leave behind, so the book stays near 10,000
 * resting orders for the whole run. The sequence is generated once, before anything is timed, by
 * playing it against a model book (a FastOrderBook, whose behaviour the shared book suite proves
 * equal to the reference): cancels must name orders that rest at that moment and prices must
 * follow the book as it moves.
 *
 * Each book gets a warm-up on a different seeded sequence, then timed passes on fresh books:
 * three timing the whole loop (ops/s, no timer in the loop; the median counts) and one timing
 * every operation with process.hrtime.bigint (percentiles; the timer's own cost is measured and
 * reported). After each whole-loop pass the book's depth is compared with the model's, which
 * proves that the adapter for the package made it do the same work. Counts can be overridden with BENCH_BOOK_OPS,
 * BENCH_BOOK_REFERENCE_OPS and BENCH_BOOK_SEED.
 */
import {
  OrderBook as PackageOrderBook,
  SelfTradePreventionMode,
  Side as PackageSide,
  type LimitOrderOptions,
  type MarketOrderOptions,
} from 'nodejs-order-book';
import { FastOrderBook } from '../../server/engine/book/fast-book';
import { ReferenceOrderBook } from '../../server/engine/book/reference-book';
import { cancelOrder, placeLimit, placeMarket, type BookCommand, type BookEvent, type OrderBook, type Side } from '../../server/engine/book/types';
import type { BenchmarkModule, BenchmarkRow } from './run';

const MEASURED_OPERATIONS = positiveInteger(process.env.BENCH_BOOK_OPS, 200_000);
/** The reference book scans arrays of 10,000 orders on every command: it gets a shorter run. */
const REFERENCE_OPERATIONS = Math.min(MEASURED_OPERATIONS, positiveInteger(process.env.BENCH_BOOK_REFERENCE_OPS, 30_000));
const WARMUP_OPERATIONS = 30_000;
const SEED = positiveInteger(process.env.BENCH_BOOK_SEED, 20_250_603);
const RESTING_TARGET = 10_000;
const MID_TICKS = 1_000_000;
const USERS = 1_000;
const LIMIT_SHARE = 0.7;
const CANCEL_SHARE = 0.2;
/** Of the limit adds, the share placed across the spread (they trade at once, then may rest). */
const CROSSING_LIMIT_SHARE = 0.1;
/** Mean distance in ticks of a resting add from the spread, and of a prefilled order from the mid. */
const ADD_DISTANCE_MEAN_TICKS = 8;
const PREFILL_DISTANCE_MEAN_TICKS = 60;
const LOTS_MAX = 100;
/** Resting orders a market order consumes when the book is at its target size. */
const MARKET_ORDERS_TAKEN = 4;
const GOAL_THROUGHPUT_RATIO = 10;
const GOAL_P99_US = 10;
const TIMER_SAMPLES = 200_000;
const THROUGHPUT_ROUNDS = 3;

function positiveInteger(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The value below which `share` of the sorted samples fall (nearest rank). */
function percentile(sorted: Float64Array, share: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** mulberry32: a small seeded generator, so that every run replays the same sequence. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Resting order ids with their owners; O(1) add, remove and pick at random (swap-remove). */
class RestingSet {
  private readonly ids: number[] = [];
  private readonly positions = new Map<number, number>();
  private readonly owners = new Map<number, number>();

  get size(): number {
    return this.ids.length;
  }

  add(orderId: number, userId: number): void {
    this.positions.set(orderId, this.ids.length);
    this.owners.set(orderId, userId);
    this.ids.push(orderId);
  }

  remove(orderId: number): void {
    const position = this.positions.get(orderId);
    if (position === undefined) throw new Error(`order ${orderId} is not resting`);
    const last = this.ids.pop() as number;
    if (last !== orderId) {
      this.ids[position] = last;
      this.positions.set(last, position);
    }
    this.positions.delete(orderId);
    this.owners.delete(orderId);
  }

  pick(random: () => number): { orderId: number; userId: number } {
    const orderId = this.ids[Math.floor(random() * this.ids.length)] as number;
    return { orderId, userId: this.owners.get(orderId) as number };
  }

  /** Keeps the set equal to the model book's resting orders. */
  follow(events: BookEvent[]): void {
    for (const event of events) {
      if (event.type === 'rested') this.add(event.orderId, event.userId);
      else if (event.type === 'trade' && event.makerRemainingLots === 0) this.remove(event.makerOrderId);
      else if (event.type === 'cancelled' && event.reason === 'user') this.remove(event.orderId);
    }
  }
}

interface WorkloadCounts {
  limits: number;
  crossingLimits: number;
  cancels: number;
  markets: number;
  trades: number;
  selfTradeStops: number;
  restingMin: number;
  restingMax: number;
}

/** Price levels as [price, lots], best first: the form every book can be compared in. */
interface DepthPicture {
  bids: Array<[number, number]>;
  asks: Array<[number, number]>;
}

interface Workload {
  prefill: BookCommand[];
  operations: BookCommand[];
  counts: WorkloadCounts;
  /** The model's depth after the prefill and the first N operations, for each N asked for. */
  depthAfter: Map<number, DepthPicture>;
}

function ourDepth(book: OrderBook): DepthPicture {
  const depth = book.depth(Number.MAX_SAFE_INTEGER);
  const picture = (levels: typeof depth.bids): Array<[number, number]> => levels.map((level) => [level.priceTicks, level.quantityLots]);
  return { bids: picture(depth.bids), asks: picture(depth.asks) };
}

/** Distance from a reference price, exponentially distributed: most orders sit close. */
function distanceTicks(random: () => number, meanTicks: number): number {
  return Math.floor(-Math.log(1 - random()) * meanTicks);
}

function randomLots(random: () => number): number {
  return 1 + Math.floor(random() * LOTS_MAX);
}

function randomSide(random: () => number): Side {
  return random() < 0.5 ? 'buy' : 'sell';
}

/** Writes the workload's commands while playing them against the model book. */
class WorkloadWriter {
  readonly model = new FastOrderBook();
  readonly resting = new RestingSet();
  readonly counts: WorkloadCounts = { limits: 0, crossingLimits: 0, cancels: 0, markets: 0, trades: 0, selfTradeStops: 0, restingMin: Infinity, restingMax: 0 };
  private nextOrderId = 1;
  private lastMidTicks = MID_TICKS;

  constructor(private readonly random: () => number) {}

  prefillCommand(): BookCommand {
    const side = randomSide(this.random);
    const distance = 1 + distanceTicks(this.random, PREFILL_DISTANCE_MEAN_TICKS);
    const priceTicks = side === 'buy' ? MID_TICKS - distance : MID_TICKS + distance;
    return this.play(placeLimit({ orderId: this.nextOrderId++, userId: this.randomUser(), side, priceTicks, quantityLots: randomLots(this.random) }));
  }

  operation(): BookCommand {
    const roll = this.random();
    let command: BookCommand;
    if (roll < LIMIT_SHARE || this.resting.size === 0) command = this.limitAdd();
    else if (roll < LIMIT_SHARE + CANCEL_SHARE) command = this.cancel();
    else command = this.market();
    const played = this.play(command);
    this.counts.restingMin = Math.min(this.counts.restingMin, this.resting.size);
    this.counts.restingMax = Math.max(this.counts.restingMax, this.resting.size);
    return played;
  }

  private randomUser(): number {
    return 1 + Math.floor(this.random() * USERS);
  }

  private play(command: BookCommand): BookCommand {
    const events = this.model.apply(command);
    this.resting.follow(events);
    for (const event of events) {
      if (event.type === 'trade') this.counts.trades += 1;
      else if (event.type === 'cancelled' && event.reason === 'self-trade') this.counts.selfTradeStops += 1;
      else if (event.type === 'rejected') throw new Error(`the workload made a rejected command: ${JSON.stringify(event)}`);
    }
    return command;
  }

  /** Best prices of the model, falling back on the last mid when a side is empty. */
  private top(): { bidTicks: number; askTicks: number } {
    const bidTicks = this.model.bestBid() ?? (this.model.bestAsk() ?? this.lastMidTicks) - 1;
    const askTicks = this.model.bestAsk() ?? bidTicks + 1;
    this.lastMidTicks = Math.round((bidTicks + askTicks) / 2);
    return { bidTicks, askTicks };
  }

  private limitAdd(): BookCommand {
    this.counts.limits += 1;
    const side = randomSide(this.random);
    const { bidTicks, askTicks } = this.top();
    let priceTicks: number;
    if (this.random() < CROSSING_LIMIT_SHARE) {
      this.counts.crossingLimits += 1;
      const through = Math.floor(this.random() * 3);
      priceTicks = side === 'buy' ? askTicks + through : bidTicks - through;
    } else {
      const distance = distanceTicks(this.random, ADD_DISTANCE_MEAN_TICKS);
      priceTicks = side === 'buy' ? askTicks - 1 - distance : bidTicks + 1 + distance;
    }
    return placeLimit({ orderId: this.nextOrderId++, userId: this.randomUser(), side, priceTicks: Math.max(1, priceTicks), quantityLots: randomLots(this.random) });
  }

  private cancel(): BookCommand {
    this.counts.cancels += 1;
    return cancelOrder(this.resting.pick(this.random));
  }

  /** Sized to take MARKET_ORDERS_TAKEN resting orders, more when the book has grown past its target. */
  private market(): BookCommand {
    this.counts.markets += 1;
    const side = randomSide(this.random);
    const ordersWanted = Math.min(40, Math.max(1, Math.round(MARKET_ORDERS_TAKEN + (this.resting.size - RESTING_TARGET) / 100)));
    const depth = this.model.depth(ordersWanted);
    let lotsWanted = 0;
    let ordersLeft = ordersWanted;
    for (const level of side === 'buy' ? depth.asks : depth.bids) {
      if (level.orders >= ordersLeft) {
        lotsWanted += Math.ceil((level.quantityLots * ordersLeft) / level.orders);
        break;
      }
      lotsWanted += level.quantityLots;
      ordersLeft -= level.orders;
    }
    return placeMarket({ orderId: this.nextOrderId++, userId: this.randomUser(), side, quantityLots: Math.max(1, lotsWanted) });
  }
}

function generateWorkload(seed: number, operationCount: number, checkpoints: number[]): Workload {
  const writer = new WorkloadWriter(seededRandom(seed));
  const prefill: BookCommand[] = [];
  while (writer.model.size() < RESTING_TARGET) prefill.push(writer.prefillCommand());
  const depthAfter = new Map<number, DepthPicture>();
  const operations: BookCommand[] = [];
  for (let index = 0; index < operationCount; index += 1) {
    operations.push(writer.operation());
    if (checkpoints.includes(index + 1)) depthAfter.set(index + 1, ourDepth(writer.model));
  }
  return { prefill, operations, counts: writer.counts, depthAfter };
}

/**
 * One book under test. `prepare` makes a fresh book, applies the prefill and returns a function
 * that applies the operation at an index; commands are translated before that, so translation is
 * never timed.
 */
interface Contender {
  label: string;
  note: string;
  operationCount: number;
  prepare(workload: Workload): { step: (index: number) => void; depth: () => DepthPicture };
}

function ourContender(label: string, note: string, operationCount: number, createBook: () => OrderBook): Contender {
  return {
    label,
    note,
    operationCount,
    prepare(workload) {
      const book = createBook();
      for (const command of workload.prefill) book.apply(command);
      const operations = workload.operations;
      return { step: (index) => void book.apply(operations[index] as BookCommand), depth: () => ourDepth(book) };
    },
  };
}

type PackageOperation = { kind: 'limit'; options: LimitOrderOptions } | { kind: 'market'; options: MarketOrderOptions } | { kind: 'cancel'; orderId: string };

/**
 * Our commands in the package's terms. Ids and accounts become strings (the package keys its
 * maps by string). Self-trade mode EXPIRE_TAKER is our rule: the taker stops at its own resting
 * order, keeps the fills before it and its remainder is cancelled.
 */
function toPackageOperation(command: BookCommand): PackageOperation {
  const side = command.kind !== 'cancel' && command.side === 'buy' ? PackageSide.BUY : PackageSide.SELL;
  const account = { accountId: `u${command.userId}`, stpMode: SelfTradePreventionMode.EXPIRE_TAKER };
  if (command.kind === 'cancel') return { kind: 'cancel', orderId: String(command.orderId) };
  if (command.kind === 'market') {
    if (command.notionalLimit !== undefined) throw new Error('nodejs-order-book has no notional limit on market orders');
    return { kind: 'market', options: { side, size: command.quantityLots, ...account } };
  }
  if (command.immediateOrCancel) throw new Error('the workload does not use immediate-or-cancel orders');
  return { kind: 'limit', options: { id: String(command.orderId), side, size: command.quantityLots, price: command.priceTicks, ...account } };
}

function applyPackageOperation(book: PackageOrderBook, operation: PackageOperation): void {
  if (operation.kind === 'limit') book.limit(operation.options);
  else if (operation.kind === 'market') book.market(operation.options);
  else book.cancel(operation.orderId);
}

const packageContender: Contender = {
  label: 'nodejs-order-book',
  note:
    'adapter: string ids and accounts made before timing; self-trade = EXPIRE_TAKER (same rule as ours); ' +
    'its cancel does not check the owner (the workload cancels as the owner)',
  operationCount: MEASURED_OPERATIONS,
  prepare(workload) {
    const book = new PackageOrderBook();
    for (const command of workload.prefill) applyPackageOperation(book, toPackageOperation(command));
    const operations = workload.operations.map(toPackageOperation);
    return {
      step: (index) => applyPackageOperation(book, operations[index] as PackageOperation),
      depth: () => {
        const [asks, bids] = book.depth();
        return { bids, asks };
      },
    };
  },
};

interface Measurement {
  /** Median of the throughput passes. */
  opsPerSecond: number;
  passesOpsPerSecond: number[];
  latenciesNs: Float64Array;
}

function warmUp(contender: Contender, warmup: Workload): void {
  const warm = contender.prepare(warmup);
  const count = Math.min(warmup.operations.length, contender.operationCount);
  for (let index = 0; index < count; index += 1) warm.step(index);
}

/** Times the whole loop on a fresh book, then checks that it ended where the model did. */
function throughputPass(contender: Contender, workload: Workload): number {
  const count = contender.operationCount;
  const loop = contender.prepare(workload);
  const startedNs = process.hrtime.bigint();
  for (let index = 0; index < count; index += 1) loop.step(index);
  const elapsedNs = Number(process.hrtime.bigint() - startedNs);
  assertSameDepth(contender.label, loop.depth(), workload.depthAfter.get(count));
  return (count / elapsedNs) * 1e9;
}

/** Times every operation on a fresh book; the result is sorted. */
function latencyPass(contender: Contender, workload: Workload): Float64Array {
  const count = contender.operationCount;
  const timed = contender.prepare(workload);
  const latenciesNs = new Float64Array(count);
  for (let index = 0; index < count; index += 1) {
    const operationStartedNs = process.hrtime.bigint();
    timed.step(index);
    latenciesNs[index] = Number(process.hrtime.bigint() - operationStartedNs);
  }
  return latenciesNs.sort();
}

/**
 * Throughput passes take turns between the books, round after round, so that a burst of load
 * from elsewhere on the machine does not fall on one book only; each book keeps its median.
 */
function measureAll(contenders: Contender[], warmup: Workload, workload: Workload): Measurement[] {
  for (const contender of contenders) warmUp(contender, warmup);
  const passes = contenders.map((): number[] => []);
  for (let round = 0; round < THROUGHPUT_ROUNDS; round += 1) {
    contenders.forEach((contender, index) => passes[index]?.push(throughputPass(contender, workload)));
  }
  return contenders.map((contender, index) => {
    const passesOpsPerSecond = (passes[index] ?? []).sort((a, b) => a - b);
    const opsPerSecond = passesOpsPerSecond[Math.floor(passesOpsPerSecond.length / 2)] ?? Number.NaN;
    return { opsPerSecond, passesOpsPerSecond, latenciesNs: latencyPass(contender, workload) };
  });
}

function assertSameDepth(label: string, actual: DepthPicture, expected: DepthPicture | undefined): void {
  if (expected === undefined) throw new Error(`no model depth for ${label}`);
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${label} ended with a different book than the model`);
}

/** The cost of the timer itself: two back-to-back hrtime.bigint calls. */
function timerOverheadNs(): Float64Array {
  const samples = new Float64Array(TIMER_SAMPLES);
  for (let index = 0; index < TIMER_SAMPLES; index += 1) {
    const startedNs = process.hrtime.bigint();
    samples[index] = Number(process.hrtime.bigint() - startedNs);
  }
  return samples.sort();
}

function workloadRow(workload: Workload): BenchmarkRow {
  const { counts } = workload;
  const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
  const share = (part: number) => percent(part, workload.operations.length);
  return {
    metric: 'workload',
    value: `seed ${SEED}`,
    unit: '',
    note:
      `${workload.prefill.length.toLocaleString('en-US')} prefill commands to ${RESTING_TARGET.toLocaleString('en-US')} resting, then ` +
      `${workload.operations.length.toLocaleString('en-US')} ops: ${share(counts.limits)} limit ` +
      `(${percent(counts.crossingLimits, counts.limits)} of them crossing), ${share(counts.cancels)} cancel, ${share(counts.markets)} market; ` +
      `resting ${counts.restingMin}-${counts.restingMax}; ${counts.trades.toLocaleString('en-US')} trades, ` +
      `${counts.selfTradeStops} self-trade stops`,
  };
}

function contenderRows(contender: Contender, measurement: Measurement): BenchmarkRow[] {
  const toUs = (share: number) => percentile(measurement.latenciesNs, share) / 1000;
  const passes = measurement.passesOpsPerSecond.map((opsPerSecond) => `${Math.round(opsPerSecond / 1000)}k`);
  return [
    {
      metric: `${contender.label}: throughput`,
      value: measurement.opsPerSecond,
      unit: 'ops/s',
      note:
        `median of ${THROUGHPUT_ROUNDS} passes (${passes.join(', ')}) of ` +
        `${contender.operationCount.toLocaleString('en-US')} ops; ${contender.note}`,
    },
    { metric: `${contender.label}: p50`, value: toUs(0.5), unit: 'us' },
    { metric: `${contender.label}: p99`, value: toUs(0.99), unit: 'us' },
    { metric: `${contender.label}: p99.9`, value: toUs(0.999), unit: 'us' },
  ];
}

function comparisonRows(fast: Measurement, reference: Measurement, packaged: Measurement): BenchmarkRow[] {
  const throughputRatio = fast.opsPerSecond / packaged.opsPerSecond;
  const fastP99Us = percentile(fast.latenciesNs, 0.99) / 1000;
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  return [
    { metric: 'fast / nodejs-order-book throughput', value: throughputRatio, unit: 'x' },
    { metric: 'fast / reference throughput', value: fast.opsPerSecond / reference.opsPerSecond, unit: 'x' },
    { metric: 'nodejs-order-book p99 / fast p99', value: percentile(packaged.latenciesNs, 0.99) / 1000 / fastP99Us, unit: 'x' },
    { metric: `goal: fast >= ${GOAL_THROUGHPUT_RATIO}x nodejs-order-book ops/s`, value: verdict(throughputRatio >= GOAL_THROUGHPUT_RATIO), unit: '' },
    { metric: `goal: fast p99 < ${GOAL_P99_US} us`, value: verdict(fastP99Us < GOAL_P99_US), unit: '' },
  ];
}

export const bookBenchmark: BenchmarkModule = {
  name: 'book',
  async run() {
    const fast = ourContender('fast book', 'FastOrderBook', MEASURED_OPERATIONS, () => new FastOrderBook());
    const reference = ourContender(
      'reference book',
      REFERENCE_OPERATIONS < MEASURED_OPERATIONS ? 'ReferenceOrderBook; fewer ops: it scans sorted arrays on every command' : 'ReferenceOrderBook',
      REFERENCE_OPERATIONS,
      () => new ReferenceOrderBook(),
    );
    const workload = generateWorkload(SEED, MEASURED_OPERATIONS, [MEASURED_OPERATIONS, REFERENCE_OPERATIONS]);
    const warmup = generateWorkload(SEED + 1, WARMUP_OPERATIONS, []);
    const timer = timerOverheadNs();
    const measurements = measureAll([fast, reference, packageContender], warmup, workload);
    const [fastResult, referenceResult, packageResult] = measurements as [Measurement, Measurement, Measurement];
    return [
      workloadRow(workload),
      {
        metric: 'timer overhead per op, p50',
        value: percentile(timer, 0.5),
        unit: 'ns',
        note: `two back-to-back process.hrtime.bigint calls (p99 ${percentile(timer, 0.99)} ns); included in every percentile below, not in ops/s`,
      },
      ...contenderRows(fast, fastResult),
      ...contenderRows(reference, referenceResult),
      ...contenderRows(packageContender, packageResult),
      ...comparisonRows(fastResult, referenceResult, packageResult),
      { metric: 'final books agree with the model', value: 'yes', unit: '', note: 'depth compared level by level after each throughput pass' },
    ];
  },
};
