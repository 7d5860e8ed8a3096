/**
 * Market-maker robots: they keep every exchange market alive without an internet feed. Two
 * robot accounts (accounts.ts) quote every symbol the engine trades, around a
 * reference price that follows a seeded random walk (price-walk.ts). Every tick (1-2 s,
 * jittered) the walk moves; each robot keeps a small ladder of limit orders on both sides,
 * refreshed twice per crossing order (cancelling the ones the walk has left behind or that grew
 * old), and now and then one robot sends a crossing order:
 * when the walk has moved past the book it trades the book back to the walk, and otherwise it
 * takes the best quote. Crossing orders come at ROBOT_TRADES_PER_MINUTE per market on average
 * (config.robotTradesPerMinute, each one fill or a few): every fill is ledger transactions, so
 * this rate is what the journal grows by (README, "Data growth"). That makes trades, candles and
 * a moving price; users trade with the robots simply because their orders rest in the same books.
 *
 * Robots go through the engine like any user (holds, fees, ledger), so the audit holds. Work
 * per tick is bounded (a few commands per robot and symbol), open orders per robot and symbol
 * are capped, and the robots move funds between each other (or top up from genesis) before
 * either runs short. A failure is logged and the next tick tries again; it never reaches the
 * server. Robots are switched off by configuration (ROBOTS=off: their quotes are withdrawn at
 * start) or paused by the operator's setting (setRobotsPaused), read every tick.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ensureRobotAccounts, readRobotsRecord, robotFundingUnits, writeRobotsRecord, type RobotsRecord } from './accounts';
import { BusinessError } from '../../core/errors';
import { postTransaction, systemOwner, userBalances, userOwner, type Posting } from '../../ledger/ledger';
import { parseUnits } from '../../../src/shared/money';
import { backfillCandles, currentSymbolPrice } from '../../engine/backfill';
import type { Engine } from '../../engine/engine';
import { createRandom, currencyPriceUsd, hashSeed, lotsToQuantity, PriceWalk, symbolWalkProfile, ticksToPrice, type Random } from '../../engine/price-walk';
import type { MarketSymbol, OrderView, Side } from '../../engine/types';

/** What the robots use of the engine: a test may hand them a real engine or its own. */
export type RobotEngine = Pick<Engine, 'symbols' | 'placeOrder' | 'cancelOrder' | 'bookDepth' | 'activeOrders'>;

export const ROBOT_TICK_MS_MIN = 1_000;
export const ROBOT_TICK_MS_MAX = 2_000;
/** Resting orders each robot keeps per side of each market. */
export const ROBOT_LEVELS_PER_SIDE = 5;
/** Open orders per robot and market at most; a crossing remainder is the one extra allowed. */
export const ROBOT_ORDERS_PER_SYMBOL_MAX = 2 * ROBOT_LEVELS_PER_SIDE + 1;
/** Commands per robot and market per tick, so that one tick's work is bounded. */
const CANCELS_PER_TICK = 3;
const PLACEMENTS_PER_SIDE_PER_TICK = 2;
/** Distance of the innermost and outermost quotes from the walk, in basis points. */
const HALF_SPREAD_BPS = 3;
const LADDER_DEPTH_BPS = 40;
/** Ladder slots crowd towards the spread: slot offsets grow with (slot / last slot) to this power. */
const LADDER_CROWDING = 1.6;
/** An order this much beyond the ladder's depth is withdrawn. */
const STALE_DEPTH_FACTOR = 1.5;
/** Quotes are refreshed after a lifetime drawn per order between these bounds: long, since every refresh is journal rows. */
const ORDER_LIFETIME_MS_MIN = 10 * 60_000;
const ORDER_LIFETIME_MS_SPREAD = 30 * 60_000;
/** Order values in USD: well above every minimum order value, small against the funding. */
const QUOTE_VALUE_USD = { min: 25, max: 2_000 } as const;
const CROSS_VALUE_USD = { min: 20, max: 800 } as const;
/** A random trade takes a quote at most this far from the walk, as a share of the ladder depth. */
const RANDOM_TRADE_REACH = 0.5;
/** The walk advances by at most this much per tick, whatever the clock did (a suspended laptop). */
const WALK_STEP_MS_MAX = 60 * 60_000;
/** A robot with less available than its funding divided by this is refilled. */
const REFILL_BELOW_SHARE = 4n;
/** Cancels per tick while paused or stopping: withdrawing every quote takes a few ticks. */
const WITHDRAW_CANCELS_PER_TICK = 50;
/** Closed robot orders are kept this long (their trades and candles stay for good). */
export const ROBOT_ORDER_RETENTION_MS = 2 * 24 * 60 * 60_000;
const RETENTION_DELETE_CHUNK = 5_000;
const RETENTION_CHUNKS_PER_RUN = 20;

interface Market {
  walk: PriceWalk;
  random: Random;
  nextCrossAt: number;
  /** When the ladder is next refreshed (quoteRefreshMs). */
  nextRefreshAt: number;
}

interface QuoteGeometry {
  midTicks: number;
  halfSpreadTicks: number;
  depthTicks: number;
}

interface QuotedOrder {
  id: number;
  side: Side;
  priceTicks: number;
  createdAt: number;
}

export interface RobotsOptions {
  /** Overrides the install's seed (tests). */
  seed?: number;
  /**
   * Where the walk is published as the markets' reference price (server/prices): without an
   * internet feed, the walk is what the outside world says a market is worth.
   */
  reference?: { setReference(symbolId: number, priceTicks: bigint, at: number): void };
}

export class MarketMakers {
  /**
   * Per market: its walk and its own random stream, so one market's path does not depend on the
   * others', and when its ladders are next refreshed and its next crossing order may go.
   */
  private readonly markets = new Map<number, Market>();
  /** Draws the tick jitter. */
  private readonly random: Random;
  private lastStepAt: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly context: AppContext,
    private readonly engine: RobotEngine,
    private readonly record: RobotsRecord,
    private readonly options: RobotsOptions = {},
  ) {
    this.lastStepAt = context.now();
    this.random = createRandom(hashSeed(this.seed, 'robots', this.lastStepAt));
  }

  private get seed(): number {
    return this.options.seed ?? this.record.seed;
  }

  get robotIds(): readonly number[] {
    return this.record.userIds;
  }

  /** Starts ticking; the first tick runs after one interval. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  /**
   * Stops ticking and waits for the tick in flight. With `withdrawQuotes` the robots also cancel
   * their open orders: right when an operator switches them off for good, since quotes nobody
   * minds would let users trade against a frozen price. A shutdown leaves them: the books are
   * rebuilt with them at the next start and the robots take them over again.
   */
  async stop(options: { withdrawQuotes?: boolean } = {}): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    if (options.withdrawQuotes) {
      while ((await withdrawRobotQuotes(this.engine, this.robotIds, WITHDRAW_CANCELS_PER_TICK, this.context)) > 0);
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    const delayMs = ROBOT_TICK_MS_MIN + Math.floor(this.random() * (ROBOT_TICK_MS_MAX - ROBOT_TICK_MS_MIN));
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
        this.schedule();
      });
    }, delayMs);
    this.timer.unref();
  }

  /** One round over every market. Never throws: failures are logged and retried next tick. */
  async tick(): Promise<void> {
    try {
      const stored = await readRobotsRecord(this.context.db);
      if (stored?.paused) {
        await withdrawRobotQuotes(this.engine, this.robotIds, WITHDRAW_CANCELS_PER_TICK, this.context);
        return;
      }
      const symbols = this.engine.symbols();
      await this.refill(symbols);
      const now = this.context.now();
      const elapsedMs = Math.min(Math.max(0, now - this.lastStepAt), WALK_STEP_MS_MAX);
      this.lastStepAt = now;
      await Promise.all(symbols.map((symbol) => this.tickSymbol(symbol, elapsedMs, now)));
    } catch (error) {
      this.context.log?.error({ err: error }, 'market-maker tick failed');
    }
  }

  /** The walk's current price of a market in ticks, once the robots have ticked it. */
  walkTicks(symbol: MarketSymbol): number | undefined {
    return this.markets.get(symbol.id)?.walk.priceTicks(symbol.pricePrecision);
  }

  private async marketOf(symbol: MarketSymbol): Promise<Market> {
    const existing = this.markets.get(symbol.id);
    if (existing) return existing;
    // A restart continues from the market's last price, not from the reference price.
    const startPrice = await currentSymbolPrice(this.context.db, symbol);
    const market = {
      walk: new PriceWalk(symbolWalkProfile(symbol.symbol), hashSeed(this.seed, symbol.symbol, this.lastStepAt), startPrice),
      random: createRandom(hashSeed(this.seed, symbol.symbol, 'decisions', this.lastStepAt)),
      nextCrossAt: this.lastStepAt,
      nextRefreshAt: this.lastStepAt,
    };
    this.markets.set(symbol.id, market);
    return market;
  }

  private async tickSymbol(symbol: MarketSymbol, elapsedMs: number, now: number): Promise<void> {
    try {
      const market = await this.marketOf(symbol);
      const { walk, random } = market;
      walk.step(elapsedMs);
      this.options.reference?.setReference(symbol.id, BigInt(walk.priceTicks(symbol.pricePrecision)), now);
      const geometry = quoteGeometry(walk.priceTicks(symbol.pricePrecision));
      const refresh = now >= market.nextRefreshAt;
      if (refresh) market.nextRefreshAt = now + quoteRefreshMs(this.context.config.robotTradesPerMinute);
      const ordersByRobot = new Map<number, QuotedOrder[]>();
      for (const robotId of this.robotIds) {
        const orders = (await this.engine.activeOrders(robotId, symbol.id)).map((order) => quotedOrder(order, symbol));
        ordersByRobot.set(robotId, refresh ? await this.refreshQuotes(robotId, symbol, random, orders, geometry, now) : orders);
      }
      if (now >= market.nextCrossAt && this.context.config.robotTradesPerMinute > 0) {
        // Exponential gaps: crossing orders at the configured rate on average, at no fixed beat.
        market.nextCrossAt = now - Math.log(1 - random()) * (60_000 / this.context.config.robotTradesPerMinute);
        await this.cross(symbol, random, geometry, ordersByRobot);
      }
    } catch (error) {
      this.context.log?.warn({ err: error, symbol: symbol.symbol }, 'market maker skipped a tick of this market');
    }
  }

  /** Cancels the worst stale quotes and tops the ladder up; answers the orders still open. */
  private async refreshQuotes(
    robotId: number,
    symbol: MarketSymbol,
    random: Random,
    orders: QuotedOrder[],
    geometry: QuoteGeometry,
    now: number,
  ): Promise<QuotedOrder[]> {
    const byUrgency = orders
      .map((order) => ({ order, urgency: staleness(order, geometry, now) }))
      .sort((left, right) => right.urgency - left.urgency || left.order.createdAt - right.order.createdAt);
    const overCap = Math.max(0, orders.length - ROBOT_ORDERS_PER_SYMBOL_MAX);
    const toCancel = byUrgency.filter((entry, index) => entry.urgency > 0 || index < overCap).slice(0, Math.max(CANCELS_PER_TICK, overCap));
    const cancelled = new Set<number>();
    for (const { order } of toCancel) {
      if (await this.cancelQuietly(robotId, order.id)) cancelled.add(order.id);
    }
    const open = orders.filter((order) => !cancelled.has(order.id));
    for (const side of ['buy', 'sell'] as const) {
      const missing = ROBOT_LEVELS_PER_SIDE - open.filter((order) => order.side === side).length;
      for (let placed = 0; placed < Math.min(missing, PLACEMENTS_PER_SIDE_PER_TICK); placed += 1) {
        const priceTicks = ladderPrice(side, geometry, open, random);
        // Our own opposite quote at or through this price would stop the order (self-trade).
        if (open.some((order) => order.side !== side && (side === 'buy' ? order.priceTicks <= priceTicks : order.priceTicks >= priceTicks))) break;
        const order = await this.place(robotId, symbol, side, priceTicks, randomValueUsd(QUOTE_VALUE_USD, random));
        if (order?.status === 'open') open.push(quotedOrder(order, symbol));
      }
    }
    return open;
  }

  /**
   * Brings the book back to the walk when it moved past the best quote, or else takes the best
   * quote near the walk. The taker is a robot with no quote of its own in the way, and
   * whatever of its order does not fill at once is cancelled (immediate-or-cancel).
   */
  private async cross(symbol: MarketSymbol, random: Random, geometry: QuoteGeometry, ordersByRobot: Map<number, QuotedOrder[]>): Promise<void> {
    // The holder's book: on several instances the robots' leader may not hold this market.
    const best = await this.engine.bookDepth(symbol.id, 1);
    const bidTicks = best.bids[0] === undefined ? undefined : toTicks(best.bids[0][0], symbol);
    const askTicks = best.asks[0] === undefined ? undefined : toTicks(best.asks[0][0], symbol);
    const { midTicks } = geometry;
    const reachTicks = Math.max(1, Math.floor(geometry.depthTicks * RANDOM_TRADE_REACH));
    let side: Side;
    let limitTicks: number;
    if (askTicks !== undefined && askTicks < midTicks) [side, limitTicks] = ['buy', midTicks];
    else if (bidTicks !== undefined && bidTicks > midTicks) [side, limitTicks] = ['sell', midTicks];
    else {
      side = random() < 0.5 ? 'buy' : 'sell';
      const bestTicks = side === 'buy' ? askTicks : bidTicks;
      if (bestTicks === undefined || Math.abs(bestTicks - midTicks) > reachTicks) return;
      limitTicks = bestTicks;
    }
    const takers = this.robotIds.filter((robotId) =>
      (ordersByRobot.get(robotId) ?? []).every((order) => order.side === side || (side === 'buy' ? order.priceTicks > limitTicks : order.priceTicks < limitTicks)),
    );
    if (takers.length === 0) return;
    const taker = takers[Math.floor(random() * takers.length)]!;
    const order = await this.place(taker, symbol, side, limitTicks, randomValueUsd(CROSS_VALUE_USD, random));
    if (order?.status === 'open') await this.cancelQuietly(taker, order.id);
  }

  /** Places a limit order worth about `valueUsd`; answers undefined when the engine refused it. */
  private async place(robotId: number, symbol: MarketSymbol, side: Side, priceTicks: number, valueUsd: number): Promise<OrderView | undefined> {
    const quoteValue = valueUsd / this.usdPrice(symbol.quoteSymbol);
    const price = priceTicks / 10 ** symbol.pricePrecision;
    const lots = Math.max(1, Math.floor((quoteValue / price) * 10 ** symbol.volumePrecision));
    try {
      return await this.engine.placeOrder({
        userId: robotId,
        symbolId: symbol.id,
        side,
        type: 'limit',
        price: ticksToPrice(priceTicks, symbol.pricePrecision),
        quantity: lotsToQuantity(lots, symbol.volumePrecision),
      });
    } catch (error) {
      // A refusal (funds, a market recovering) is expected now and then; the next tick retries.
      if (!(error instanceof BusinessError)) throw error;
      this.context.log?.debug({ code: error.code, symbol: symbol.symbol }, 'market-maker order refused');
      return undefined;
    }
  }

  private async cancelQuietly(robotId: number, orderId: number): Promise<boolean> {
    try {
      await this.engine.cancelOrder(robotId, orderId);
      return true;
    } catch (error) {
      // Filled or cancelled meanwhile: nothing left to do.
      if (error instanceof BusinessError) return false;
      throw error;
    }
  }

  /** A currency's USD price: the walk of its USDT market when there is one. */
  private usdPrice(currency: string): number {
    for (const symbol of this.engine.symbols()) {
      if (symbol.baseSymbol === currency && symbol.quoteSymbol === 'USDT') return this.markets.get(symbol.id)?.walk.price ?? currencyPriceUsd(currency);
    }
    return currencyPriceUsd(currency);
  }

  /**
   * Keeps both robots funded: a robot short of a currency gets half the difference from the
   * other when that one holds plenty, else a top-up from genesis. One ledger transaction, rare.
   */
  private async refill(symbols: readonly MarketSymbol[]): Promise<void> {
    const scales = new Map<string, number>();
    for (const symbol of symbols) scales.set(symbol.baseSymbol, symbol.baseScale).set(symbol.quoteSymbol, symbol.quoteScale);
    const available = new Map<string, bigint>();
    for (const robotId of this.robotIds) {
      for (const balance of await userBalances(this.context.db, robotId)) {
        if (balance.wallet === 'spot') available.set(`${robotId}:${balance.currency}`, balance.availableUnits);
      }
    }
    for (const [currency, scale] of scales) {
      const fundingUnits = robotFundingUnits(currency, scale);
      for (const robotId of this.robotIds) {
        const ownUnits = available.get(`${robotId}:${currency}`) ?? 0n;
        if (ownUnits >= fundingUnits / REFILL_BELOW_SHARE) continue;
        const donor = this.robotIds.find((otherId) => otherId !== robotId && (available.get(`${otherId}:${currency}`) ?? 0n) >= (fundingUnits * 3n) / 4n);
        const donorUnits = donor === undefined ? 0n : (available.get(`${donor}:${currency}`) ?? 0n);
        const amountUnits = donor === undefined ? fundingUnits - ownUnits : (donorUnits - ownUnits) / 2n;
        const from = donor === undefined ? ({ owner: systemOwner('genesis'), wallet: 'system' } as const) : ({ owner: userOwner(donor), wallet: 'spot' } as const);
        const postings: Posting[] = [
          { account: { ...from, currency }, amountUnits: -amountUnits },
          { account: { owner: userOwner(robotId), wallet: 'spot', currency }, amountUnits },
        ];
        await this.context.commits.run((trx) =>
          postTransaction(trx, { kind: donor === undefined ? 'robot-funding' : 'robot-rebalance', owner: userOwner(robotId), postings, memo: currency, now: this.context.now() }),
        );
        available.set(`${robotId}:${currency}`, ownUnits + amountUnits);
        if (donor !== undefined) available.set(`${donor}:${currency}`, donorUnits - amountUnits);
      }
    }
  }
}

/**
 * How often a market's ladders are refreshed: twice per crossing order at the configured rate,
 * at most every tick. Each refresh cancels and places quotes, every one a hold and a release in
 * the journal, so at a low rate the quotes must not be churned every tick either: the ladder
 * follows the walk a few seconds late, which nobody watching a quiet market sees.
 */
function quoteRefreshMs(tradesPerMinute: number): number {
  return Math.max(ROBOT_TICK_MS_MIN, 60_000 / (2 * Math.max(1, tradesPerMinute)));
}

/** Half-spread and ladder depth in ticks around the walk: basis points, at least a few ticks. */
function quoteGeometry(midTicks: number): QuoteGeometry {
  const halfSpreadTicks = Math.max(1, Math.round((midTicks * HALF_SPREAD_BPS) / 10_000));
  const depthTicks = Math.max(halfSpreadTicks + 2 * ROBOT_LEVELS_PER_SIDE, Math.round((midTicks * LADDER_DEPTH_BPS) / 10_000));
  return { midTicks, halfSpreadTicks, depthTicks };
}

/**
 * The price of the ladder slot furthest from the robot's own quotes on that side, so that a
 * taken quote is replaced where it was (the inner slots first on a tie). Slots crowd towards
 * the spread, as real books do, and are jittered so that two robots' ladders interleave.
 */
function ladderPrice(side: Side, geometry: QuoteGeometry, own: readonly QuotedOrder[], random: Random): number {
  const bandTicks = geometry.depthTicks - geometry.halfSpreadTicks;
  const ownOffsets = own.filter((order) => order.side === side).map((order) => Math.abs(order.priceTicks - geometry.midTicks));
  let bestOffset = geometry.halfSpreadTicks;
  let bestGap = -1;
  for (let slot = 0; slot < ROBOT_LEVELS_PER_SIDE; slot += 1) {
    const offset = geometry.halfSpreadTicks + Math.round(bandTicks * (slot / (ROBOT_LEVELS_PER_SIDE - 1)) ** LADDER_CROWDING);
    const gap = Math.min(Number.MAX_SAFE_INTEGER, ...ownOffsets.map((ownOffset) => Math.abs(ownOffset - offset)));
    if (gap > bestGap) [bestOffset, bestGap] = [offset, gap];
  }
  const jitterTicks = Math.floor(random() * Math.max(1, Math.round(bandTicks / (2 * ROBOT_LEVELS_PER_SIDE))));
  const offset = bestOffset + jitterTicks;
  return Math.max(1, side === 'buy' ? geometry.midTicks - offset : geometry.midTicks + offset);
}

/** An order value between the bounds, log-uniform: many small orders, a few large ones. */
function randomValueUsd(bounds: { min: number; max: number }, random: Random): number {
  return bounds.min * (bounds.max / bounds.min) ** random();
}

/**
 * How urgently a quote should go, 0 when it may stay: through the walk first (a gift to any
 * taker), then beyond the ladder, then past its lifetime. A quote the walk has come closer to
 * may stay: requoting on every move would fill the journal with holds and releases.
 */
function staleness(order: QuotedOrder, geometry: QuoteGeometry, now: number): number {
  const distanceTicks = order.side === 'buy' ? geometry.midTicks - order.priceTicks : order.priceTicks - geometry.midTicks;
  if (distanceTicks < 0) return 3;
  if (distanceTicks > geometry.depthTicks * STALE_DEPTH_FACTOR) return 2;
  return now - order.createdAt > orderLifetimeMs(order.id) ? 1 : 0;
}

/** Each order's own lifetime, derived from its id so that quotes do not all expire together. */
function orderLifetimeMs(orderId: number): number {
  return ORDER_LIFETIME_MS_MIN + (Math.imul(orderId, 2_654_435_761) >>> 0) % ORDER_LIFETIME_MS_SPREAD;
}

function toTicks(price: string, symbol: MarketSymbol): number {
  return Number(parseUnits(price, symbol.pricePrecision));
}

function quotedOrder(order: OrderView, symbol: MarketSymbol): QuotedOrder {
  return { id: order.id, side: order.side, priceTicks: order.price === null ? 0 : toTicks(order.price, symbol), createdAt: order.createdAt };
}

/** Cancels up to `limit` open orders of the robots; answers how many it cancelled. */
export async function withdrawRobotQuotes(engine: RobotEngine, robotIds: readonly number[], limit: number, context: AppContext): Promise<number> {
  let cancelled = 0;
  for (const robotId of robotIds) {
    for (const order of await engine.activeOrders(robotId)) {
      if (cancelled >= limit) return cancelled;
      try {
        await engine.cancelOrder(robotId, order.id);
        cancelled += 1;
      } catch (error) {
        if (!(error instanceof BusinessError)) throw error;
        context.log?.debug({ code: error.code, orderId: order.id }, 'robot order already closed');
      }
    }
  }
  return cancelled;
}

/** The operator's switch: paused robots withdraw their quotes at the next tick and stay idle. */
export async function setRobotsPaused(context: AppContext, paused: boolean): Promise<void> {
  const record = await readRobotsRecord(context.db);
  if (record) await writeRobotsRecord(context.db, { ...record, paused });
}

/**
 * Deletes robot orders closed longer than the retention ago: robots place thousands a day and
 * nobody reads them back. Trades and candles stay. An order some hold still reserves funds for
 * is never deleted (a closed order's hold is released, so this is only a safety net). Chunked,
 * so that one statement holds the database briefly.
 */
export async function sweepRobotOrders(context: AppContext): Promise<number> {
  const record = await readRobotsRecord(context.db);
  if (!record || record.userIds.length === 0) return 0;
  const before = context.now() - ROBOT_ORDER_RETENTION_MS;
  let deleted = 0;
  for (let chunk = 0; chunk < RETENTION_CHUNKS_PER_RUN; chunk += 1) {
    const result = await context.db
      .deleteFrom('orders')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('orders')
          .select('id')
          .where('user_id', 'in', record.userIds.map((id) => BigInt(id)))
          .where('status', '!=', 'open')
          .where('updated_at', '<', BigInt(before))
          .where((inner) =>
            inner.not(
              inner.exists(
                inner
                  .selectFrom('ledger_holds')
                  .select('ledger_holds.id')
                  .where('ledger_holds.reference_type', '=', 'order')
                  .where('ledger_holds.reference_id', '=', inner.cast<string>('orders.id', 'text'))
                  .where('ledger_holds.released_at', 'is', null),
              ),
            ),
          )
          .limit(RETENTION_DELETE_CHUNK),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < RETENTION_DELETE_CHUNK) break;
  }
  return deleted;
}

/**
 * Starts the robots on a built app (main.ts): robot accounts, the first-start candle backfill,
 * then the ticking. With robots switched off it only withdraws quotes robots left from an
 * earlier run and answers undefined. The caller stops them (makers.stop()) before the app closes.
 */
export async function startMarketMakers(app: FastifyInstance, options: RobotsOptions = {}): Promise<MarketMakers | undefined> {
  const { context, engine } = app;
  if (!context.config.robotsEnabled) {
    const record = await readRobotsRecord(context.db);
    if (record) while ((await withdrawRobotQuotes(engine, record.userIds, WITHDRAW_CANCELS_PER_TICK, context)) > 0);
    return undefined;
  }
  const record = await ensureRobotAccounts(context);
  const backfilled = await backfillCandles(context, engine.symbols(), options.seed ?? record.seed);
  if (backfilled.symbols > 0) context.log?.info(`backfilled ${backfilled.candles} candles of ${backfilled.symbols} markets`);
  const makers = new MarketMakers(context, engine, record, { reference: app.prices, ...options });
  makers.start();
  return makers;
}
