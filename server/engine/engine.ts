/**
 * The matching engine (ARCHITECTURE.md, "Engine"). One in-memory book per exchange symbol; every
 * command is one piece of a group commit (server/db/commit-group.ts): the order row, its hold,
 * the book's fills, their trades and ledger postings commit together, and only then are events
 * published. A command that fails after it touched a book leaves that book out of step with the
 * database, so the market is halted and its book rebuilt from the database, inside the commit
 * sequence, before it takes another command. Nothing acknowledged is ever lost: an order is
 * answered only after its COMMIT.
 *
 * Money in a fill: the buyer pays the exact notional of its cumulative fills rounded up, the
 * seller receives it rounded down (per order, so rounding costs each at most one unit in all),
 * the difference and the fees go to the fee account; fees are taken from what each side
 * receives and rounded up.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { BusinessError, refuse } from '../core/errors';
import { consumeHold, placeHold, postTransaction, releaseHold, systemOwner, userOwner, type OwnerKey } from '../ledger/ledger';
import { formatUnits } from '../../src/shared/money';
import { parsePositiveUnits } from '../core/amounts';
import { feeUnits, lotsToBaseUnits, notionalQuoteUnits, quoteUnitsToNotional, type MarketScales } from './amounts';
import { FastOrderBook } from './book/fast-book';
import { cancelOrder as cancelCommand, placeLimit, placeMarket, type BookCommand, type BookEvent, type OrderBook } from './book/types';
import { TypedEvents } from './events';
import { MarketConfig, type FeeRates } from './market-config';
import { writeOutbox } from '../outbox';
import * as repo from './orders-repo';
import type { OrderRecord } from './orders-repo';
import type { DepthSnapshot, EngineEvents, LevelChange, MarketRouting, MarketSymbol, RoutedCalls, OrderStatus, OrderView, PlaceOrderInput, Side, TradesHook, TradeView } from './types';

/** The most a book may hold in ticks or lots: the book works in safe JS integers. */
const BOOK_INTEGER_MAX = BigInt(Number.MAX_SAFE_INTEGER);
/**
 * The most levels a side the engine hands out of a book (a convert walks this deep). The API sends
 * clients fewer: DEPTH_LEVELS_MAX of src/shared/api/market.ts.
 */
export const BOOK_WALK_LEVELS_MAX = 200;

interface Market {
  symbol: MarketSymbol;
  scales: MarketScales;
  book: OrderBook;
  /** Consecutive per symbol since boot: a client that misses one resyncs from a snapshot. */
  sequence: number;
  /** Lots per resting price level, kept from the book's events to publish level deltas. */
  levels: Map<string, bigint>;
  /** Set when a command failed after touching the book; cleared by the rebuild. */
  halted: boolean;
}

interface Pending {
  orders: Map<number, OrderRecord>;
  trades: TradeView[];
  tradeTicks: { priceTicks: bigint; quantityLots: bigint; time: number }[];
  /** The lots of each level this command touched, as they were before it. */
  levelsBefore: Map<string, bigint>;
  balanceCurrencies: Map<number, Set<string>>;
  /** The fee rates of each user this command filled, read once per command. */
  feeRates: Map<number, FeeRates>;
}

const levelKey = (side: Side, priceTicks: bigint | number) => `${side}:${priceTicks}`;

export class Engine {
  readonly events = new TypedEvents<EngineEvents>();
  private readonly markets = new Map<number, Market>();
  private readonly tradesHooks: TradesHook[] = [];
  /** Where each market's book is held when several instances share the database (server/cluster); unset, every book is held here. */
  private routing: MarketRouting | undefined;
  /** Best prices of markets other instances hold, as their holders answered (refreshRemoteBests). */
  private readonly remoteBests = new Map<number, { bid: string | null; ask: string | null }>();
  /** Status, fees and minimums of every market (server/engine/market-config.ts). */
  readonly config: MarketConfig;

  constructor(private readonly context: AppContext) {
    this.config = new MarketConfig(context.db);
  }

  setRouting(routing: MarketRouting): void {
    this.routing = routing;
  }

  addTradesHook(hook: TradesHook): void {
    this.tradesHooks.push(hook);
  }

  async start(): Promise<void> {
    await this.reloadConfig();
  }

  /**
   * Reads the markets' configuration again and opens the book of every market added since, so
   * that an operator's change applies without a restart (and a new market trades at once). The
   * operator API calls it after each change; another instance calls it when told of one.
   */
  async reloadConfig(): Promise<void> {
    await this.config.reload();
    for (const symbol of await repo.loadExchangeSymbols(this.context.db)) {
      if (this.markets.has(symbol.id)) continue;
      const market: Market = {
        symbol,
        scales: { pricePrecision: symbol.pricePrecision, volumePrecision: symbol.volumePrecision, baseScale: symbol.baseScale, quoteScale: symbol.quoteScale },
        book: new FastOrderBook(),
        // Starts from the boot time, so that a client holding a sequence from before a restart
        // always sees a gap and resyncs instead of taking new deltas for stale ones.
        sequence: this.context.now(),
        levels: new Map(),
        halted: false,
      };
      await this.rebuild(market, this.context.db);
      this.markets.set(symbol.id, market);
    }
  }

  /** The markets that are listed (trading or suspended); a delisted one keeps its book only for its past orders' views. */
  symbols(): MarketSymbol[] {
    return [...this.markets.values()].filter((market) => this.config.statusOf(market.symbol.id) !== 'delisted').map((market) => market.symbol);
  }

  /**
   * Every market with a book here, delisted ones too: in a cluster each still needs a holder, since
   * delisting cancels its open orders through the holder (a delisting again cancels what is left).
   */
  marketIds(): number[] {
    return [...this.markets.keys()];
  }

  /** True when a market takes new orders (it is listed and not suspended). */
  isTrading(symbolId: number): boolean {
    return this.config.statusOf(symbolId) === 'active';
  }

  symbol(symbolId: number): MarketSymbol | undefined {
    return this.markets.get(symbolId)?.symbol;
  }

  /** Loads a market's resting orders into a fresh book, in time priority. */
  private async rebuild(market: Market, executor: AppContext['db'] | Transaction<Database>): Promise<void> {
    const book = new FastOrderBook();
    const levels = new Map<string, bigint>();
    for (const order of await repo.loadRestingOrders(executor, market.symbol.id)) {
      const remaining = (order.quantityLots ?? 0n) - order.filledLots;
      if (remaining <= 0n || order.priceTicks === null) continue;
      const events = book.apply(placeLimit({ orderId: order.id, userId: order.userId, side: order.side, priceTicks: Number(order.priceTicks), quantityLots: Number(remaining) }));
      if (events.some((event) => event.type !== 'rested')) throw new Error(`stored book of ${market.symbol.symbol} crosses at order ${order.id}`);
      const key = levelKey(order.side, order.priceTicks);
      levels.set(key, (levels.get(key) ?? 0n) + remaining);
    }
    market.book = book;
    market.levels = levels;
    market.halted = false;
    // A snapshot taken before the rebuild may show changes that never committed: skipping a
    // number makes every client resync.
    market.sequence += 1;
  }

  private market(symbolId: number): Market {
    const market = this.markets.get(symbolId);
    if (!market) refuse('symbolNotFound');
    return market;
  }

  /**
   * Places an order on the instance that holds its market's book: here, or through the routing.
   * The commands below and bookDepth are routed the same way; the *Here methods run them on this
   * instance's book (the routing's internal calls land there).
   */
  placeOrder(input: PlaceOrderInput): Promise<OrderView> {
    return this.routed('place', { symbolId: input.symbolId, input }, () => this.placeOrderHere(input));
  }

  async placeOrderHere(input: PlaceOrderInput): Promise<OrderView> {
    const market = this.market(input.symbolId);
    const parsed = this.parseOrder(market, input);
    const { context } = this;
    const pending = newPending();
    const outcome = await this.runCommand(market, pending, async (trx, touchBook) => {
      // Checked in the piece, in commit order: once a suspension or delisting is written and
      // reloaded, no order placed after it can rest on the book.
      const status = this.config.statusOf(market.symbol.id);
      if (status !== 'active') refuse(status === 'suspended' ? 'marketSuspended' : 'symbolNotFound');
      if (input.clientOrderId && (await repo.findOrderByClientId(trx, input.userId, input.clientOrderId))) refuse('duplicateClientOrderId');
      const now = context.now();
      const order = await repo.insertOrder(trx, { ...parsed, userId: input.userId, symbolId: market.symbol.id, side: input.side, type: input.type, clientOrderId: input.clientOrderId ?? null, now });
      pending.orders.set(order.id, order);
      await placeHold(trx, {
        owner: userOwner(input.userId),
        wallet: 'spot',
        currency: parsed.holdCurrency,
        amountUnits: parsed.holdUnits,
        referenceType: 'order',
        referenceId: String(order.id),
        now,
      });
      noteBalance(pending, input.userId, parsed.holdCurrency);
      const command = this.bookCommand(market, order, parsed);
      const events = touchBook(() => market.book.apply(command));
      await this.settle(trx, market, order, events, pending, now);
      await recordCommand(trx, market.symbol.id, pending, now);
      return order.id;
    });
    this.publish(market, pending, outcome.levelChanges);
    return this.viewOf(market, pending.orders.get(outcome.value)!);
  }

  async cancelOrder(userId: number, orderId: number): Promise<OrderView> {
    const stored = await this.storedOrder(userId, orderId);
    return this.routed('cancel', { symbolId: stored.symbolId, userId, orderId }, () => this.cancelStored(stored));
  }

  async cancelOrderHere(userId: number, orderId: number): Promise<OrderView> {
    return this.cancelStored(await this.storedOrder(userId, orderId));
  }

  private async storedOrder(userId: number, orderId: number): Promise<OrderRecord> {
    const stored = await repo.findOrder(this.context.db, orderId);
    if (!stored || stored.userId !== userId) refuse('orderNotFound');
    return stored;
  }

  private async cancelStored(stored: OrderRecord): Promise<OrderView> {
    const orderId = stored.id;
    const market = this.market(stored.symbolId);
    const pending = newPending();
    const outcome = await this.runCommand(market, pending, async (trx, touchBook) => {
      const order = await repo.findOrder(trx, orderId);
      if (!order || order.status !== 'open') refuse('orderNotOpen');
      const now = this.context.now();
      await this.cancelResting(trx, market, order, 'user', pending, now, touchBook);
      await recordCommand(trx, market.symbol.id, pending, now);
      return order.id;
    });
    this.publish(market, pending, outcome.levelChanges);
    return this.viewOf(market, pending.orders.get(outcome.value)!);
  }

  /**
   * Cancels every open order of a market in one command, each hold released (the delisting of a
   * market: its status is already 'delisted' or 'suspended', so nothing new can rest meanwhile).
   * Answers how many it cancelled. Routed to the market's holder.
   */
  cancelMarketOrders(symbolId: number): Promise<number> {
    return this.routed('cancelMarket', { symbolId }, () => this.cancelMarketOrdersHere(symbolId));
  }

  async cancelMarketOrdersHere(symbolId: number): Promise<number> {
    const market = this.market(symbolId);
    const pending = newPending();
    const outcome = await this.runCommand(market, pending, async (trx, touchBook) => {
      const now = this.context.now();
      const open = await repo.loadRestingOrders(trx, symbolId);
      for (const order of open) await this.cancelResting(trx, market, order, 'delisted', pending, now, touchBook);
      if (open.length > 0) await recordCommand(trx, symbolId, pending, now);
      return open.length;
    });
    this.publish(market, pending, outcome.levelChanges);
    return outcome.value;
  }

  /** Takes a resting order off the book and closes it with its hold released. */
  private async cancelResting(
    trx: Transaction<Database>,
    market: Market,
    order: OrderRecord,
    reason: string,
    pending: Pending,
    now: number,
    touchBook: <R>(change: () => R) => R,
  ): Promise<void> {
    const events = touchBook(() => market.book.apply(cancelCommand({ orderId: order.id, userId: order.userId })));
    const cancelled = events.find((event) => event.type === 'cancelled');
    if (!cancelled || cancelled.type !== 'cancelled') throw new Error(`book refused to cancel open order ${order.id}: ${JSON.stringify(events)}`);
    pending.orders.set(order.id, order);
    this.changeLevel(market, pending, order.side, order.priceTicks!, -BigInt(cancelled.remainingLots));
    await this.closeOrder(trx, market, order, 'cancelled', reason, pending, now);
  }

  /**
   * Cancels every open order of a user, of one market or of all (at most as many as activeOrders
   * reads), and answers how many it cancelled. Each cancel is a command of its own; sent together
   * they share the group commit's fsync. An order that filled or was cancelled since the list was
   * read is left as it is. Routed per market: the markets may be held by different instances.
   */
  async cancelOpenOrders(userId: number, symbolId?: number): Promise<number> {
    const open = await this.activeOrders(userId, symbolId);
    const bySymbol = new Map<number, OrderView[]>();
    for (const order of open) {
      const orders = bySymbol.get(order.symbolId);
      if (orders) orders.push(order);
      else bySymbol.set(order.symbolId, [order]);
    }
    const counts = await Promise.all(
      [...bySymbol].map(([marketId, orders]) => this.routed('cancelAll', { symbolId: marketId, userId }, () => this.cancelListed(userId, orders))),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }

  async cancelOpenOrdersHere(userId: number, symbolId: number): Promise<number> {
    return this.cancelListed(userId, await this.activeOrders(userId, symbolId));
  }

  private async cancelListed(userId: number, open: OrderView[]): Promise<number> {
    const outcomes = await Promise.all(
      open.map((order) =>
        this.cancelOrderHere(userId, order.id).then(
          () => true,
          (error: unknown) => {
            if (error instanceof BusinessError && error.code === 'orderNotOpen') return false;
            throw error;
          },
        ),
      ),
    );
    return outcomes.filter(Boolean).length;
  }

  /**
   * Runs one command as a piece of the group commit. `touchBook` marks the moment the book
   * changes: a failure after it halts the market and queues its rebuild in the commit sequence.
   */
  private async runCommand<T>(
    market: Market,
    pending: Pending,
    work: (trx: Transaction<Database>, touchBook: <R>(change: () => R) => R) => Promise<T>,
  ): Promise<{ value: T; levelChanges: LevelChange[] }> {
    let touched = false;
    try {
      return await this.context.commits.run(async (trx) => {
        // First: a deposed holder's piece is refused before it writes anything (server/cluster).
        await this.routing?.fence(trx, market.symbol.id);
        if (market.halted) refuse('marketRecovering');
        const book = market.book;
        const value = await work(trx, (change) => {
          // The book may have been emptied while this piece waited on the database: the market was
          // given up here (server/cluster) or halted for a rebuild. Matching against that book
          // would rest an order across the stored ones, so the piece is refused (and rolled back)
          // before it touches anything; a call refused as clusterNotOwner goes to the new holder.
          if (market.book !== book || market.halted) refuse(this.routing && !this.routing.holds(market.symbol.id) ? 'clusterNotOwner' : 'marketRecovering');
          touched = true;
          return change();
        });
        // Taken now, before a later piece of the same batch moves the same levels.
        return { value, levelChanges: this.levelChanges(market, pending.levelsBefore) };
      });
    } catch (error) {
      // A market given up meanwhile has no book here to rebuild: its holder rebuilds its own.
      if (touched && (!this.routing || this.routing.holds(market.symbol.id))) {
        market.halted = true;
        this.context.log?.error({ err: error, symbol: market.symbol.symbol }, 'engine command failed after touching the book; rebuilding it');
        void this.context.commits.run((trx) => this.rebuild(market, trx)).catch((rebuildError: unknown) => {
          this.context.log?.error({ err: rebuildError, symbol: market.symbol.symbol }, 'book rebuild failed; market stays halted');
        });
      }
      throw error;
    }
  }

  private parseOrder(market: Market, input: PlaceOrderInput) {
    const { symbol, scales } = market;
    const parse = (text: string, scale: number, code: 'invalidPrice' | 'invalidQuantity' | 'invalidAmount'): bigint =>
      parsePositiveUnits(text, scale, code, BOOK_INTEGER_MAX);
    const minimum = this.config.termsOf(symbol.id)?.minOrderValueUnits ?? 0n;
    const refuseTooSmall = () => refuse('orderValueTooSmall', { minimum: `${formatUnits(minimum, symbol.quoteScale)} ${symbol.quoteSymbol}` });
    if (input.type === 'limit') {
      if (!input.price) refuse('invalidPrice');
      if (!input.quantity) refuse('invalidQuantity');
      const priceTicks = parse(input.price, symbol.pricePrecision, 'invalidPrice');
      const quantityLots = parse(input.quantity, symbol.volumePrecision, 'invalidQuantity');
      const notionalUnits = notionalQuoteUnits(priceTicks, quantityLots, scales, 'up');
      // The value as placed, not as held: rounding up to the quote's scale must not lift an order
      // worth 0.99999999 over a minimum of 1. Rounded down, it is below a minimum on the quote's
      // grid exactly when the value itself is.
      if (notionalQuoteUnits(priceTicks, quantityLots, scales, 'down') < minimum) refuseTooSmall();
      return input.side === 'buy'
        ? { priceTicks, quantityLots, quoteBudgetUnits: null, holdCurrency: symbol.quoteSymbol, holdUnits: notionalUnits }
        : { priceTicks, quantityLots, quoteBudgetUnits: null, holdCurrency: symbol.baseSymbol, holdUnits: lotsToBaseUnits(quantityLots, scales) };
    }
    if (input.side === 'buy') {
      if (!input.quoteAmount) refuse('invalidAmount');
      const quoteBudgetUnits = parse(input.quoteAmount, symbol.quoteScale, 'invalidAmount');
      if (quoteBudgetUnits < minimum) refuseTooSmall();
      return { priceTicks: null, quantityLots: null, quoteBudgetUnits, holdCurrency: symbol.quoteSymbol, holdUnits: quoteBudgetUnits };
    }
    if (!input.quantity) refuse('invalidQuantity');
    const quantityLots = parse(input.quantity, symbol.volumePrecision, 'invalidQuantity');
    const bestBid = market.book.bestBid();
    if (bestBid !== undefined && notionalQuoteUnits(BigInt(bestBid), quantityLots, scales, 'down') < minimum) refuseTooSmall();
    return { priceTicks: null, quantityLots, quoteBudgetUnits: null, holdCurrency: symbol.baseSymbol, holdUnits: lotsToBaseUnits(quantityLots, scales) };
  }

  private bookCommand(market: Market, order: OrderRecord, parsed: ReturnType<Engine['parseOrder']>): BookCommand {
    if (order.type === 'limit') {
      return placeLimit({ orderId: order.id, userId: order.userId, side: order.side, priceTicks: Number(parsed.priceTicks), quantityLots: Number(parsed.quantityLots) });
    }
    if (parsed.quoteBudgetUnits !== null) {
      const notional = quoteUnitsToNotional(parsed.quoteBudgetUnits, market.scales);
      return placeMarket({
        orderId: order.id,
        userId: order.userId,
        side: 'buy',
        quantityLots: Number.MAX_SAFE_INTEGER,
        notionalLimit: Number(notional > BOOK_INTEGER_MAX ? BOOK_INTEGER_MAX : notional),
      });
    }
    return placeMarket({ orderId: order.id, userId: order.userId, side: order.side, quantityLots: Number(parsed.quantityLots) });
  }

  /** Writes what the book did: fills with their money, the resting or closing of the taker. */
  private async settle(trx: Transaction<Database>, market: Market, taker: OrderRecord, events: BookEvent[], pending: Pending, now: number): Promise<void> {
    for (const event of events) {
      if (event.type === 'trade') {
        await this.settleTrade(trx, market, taker, event, pending, now);
      } else if (event.type === 'rested') {
        this.changeLevel(market, pending, event.side, BigInt(event.priceTicks), BigInt(event.remainingLots));
      } else if (event.type === 'cancelled') {
        // The taker's remainder did not rest: a market order is done; a limit order was stopped.
        const done = taker.type === 'market' && taker.filledLots > 0n;
        await this.closeOrder(trx, market, taker, done ? 'filled' : 'cancelled', done ? null : event.reason, pending, now);
      } else {
        throw new Error(`book rejected order ${taker.id}: ${event.reason}`);
      }
    }
    // A market order that filled completely gets no cancel event for a remainder: it is done.
    if (taker.type === 'market' && taker.status === 'open') await this.closeOrder(trx, market, taker, 'filled', null, pending, now);
    if (taker.status === 'open') await repo.saveOrderProgress(trx, taker);
    if (pending.trades.length > 0) {
      for (const hook of this.tradesHooks) await hook(trx, market.symbol, pending.trades, pending.tradeTicks);
    }
  }

  private async settleTrade(trx: Transaction<Database>, market: Market, taker: OrderRecord, trade: Extract<BookEvent, { type: 'trade' }>, pending: Pending, now: number): Promise<void> {
    const { symbol, scales } = market;
    const maker = pending.orders.get(trade.makerOrderId) ?? (await repo.findOrder(trx, trade.makerOrderId));
    if (!maker) throw new Error(`maker order ${trade.makerOrderId} is not in the database`);
    pending.orders.set(maker.id, maker);
    const priceTicks = BigInt(trade.priceTicks);
    const lots = BigInt(trade.quantityLots);
    const [buyer, seller] = taker.side === 'buy' ? [taker, maker] : [maker, taker];
    const buyerFees = await this.feeRatesOf(trx, market, buyer.userId, pending);
    const sellerFees = await this.feeRatesOf(trx, market, seller.userId, pending);
    const buyerRate = buyer === taker ? buyerFees.takerPpm : buyerFees.makerPpm;
    const sellerRate = seller === taker ? sellerFees.takerPpm : sellerFees.makerPpm;

    // Cumulative rounding per order: the buyer's total is rounded up, the seller's down.
    const notional = priceTicks * lots;
    buyer.filledNotional += notional;
    seller.filledNotional += notional;
    const paidUnits = notionalQuoteUnits(buyer.filledNotional, 1n, scales, 'up') - buyer.filledQuoteUnits;
    const receivedUnits = notionalQuoteUnits(seller.filledNotional, 1n, scales, 'down') - seller.filledQuoteUnits;
    const baseUnits = lotsToBaseUnits(lots, scales);
    const buyerFeeUnits = feeUnits(baseUnits, buyerRate);
    const sellerFeeUnits = feeUnits(receivedUnits, sellerRate);
    const buyerOwner = userOwner(buyer.userId);
    const sellerOwner = userOwner(seller.userId);
    const feesOwner = systemOwner('fees');

    if (paidUnits > 0n) {
      await consumeHold(trx, {
        kind: 'trade:quote',
        referenceType: 'order',
        referenceId: String(buyer.id),
        currency: symbol.quoteSymbol,
        amountUnits: paidUnits,
        credits: [
          { account: { owner: sellerOwner, wallet: 'spot', currency: symbol.quoteSymbol }, amountUnits: receivedUnits - sellerFeeUnits },
          { account: { owner: feesOwner, wallet: 'system', currency: symbol.quoteSymbol }, amountUnits: paidUnits - receivedUnits + sellerFeeUnits },
        ],
        now,
      });
    } else if (receivedUnits - sellerFeeUnits > 0n) {
      await payFromRounding(trx, symbol.quoteSymbol, sellerOwner, receivedUnits - sellerFeeUnits, now);
    }
    await consumeHold(trx, {
      kind: 'trade:base',
      referenceType: 'order',
      referenceId: String(seller.id),
      currency: symbol.baseSymbol,
      amountUnits: baseUnits,
      credits: [
        { account: { owner: buyerOwner, wallet: 'spot', currency: symbol.baseSymbol }, amountUnits: baseUnits - buyerFeeUnits },
        { account: { owner: feesOwner, wallet: 'system', currency: symbol.baseSymbol }, amountUnits: buyerFeeUnits },
      ],
      now,
    });

    buyer.filledLots += lots;
    seller.filledLots += lots;
    buyer.filledQuoteUnits += paidUnits;
    seller.filledQuoteUnits += receivedUnits;
    buyer.feeUnits += buyerFeeUnits;
    seller.feeUnits += sellerFeeUnits;
    buyer.updatedAt = now;
    seller.updatedAt = now;
    noteBalance(pending, buyer.userId, symbol.quoteSymbol, symbol.baseSymbol);
    noteBalance(pending, seller.userId, symbol.quoteSymbol, symbol.baseSymbol);

    const makerSide: Side = taker.side === 'buy' ? 'sell' : 'buy';
    this.changeLevel(market, pending, makerSide, priceTicks, -lots);
    if (trade.makerRemainingLots === 0) await this.closeOrder(trx, market, maker, 'filled', null, pending, now);
    else await repo.saveOrderProgress(trx, maker);
    if (taker.type === 'limit' && taker.quantityLots !== null && taker.filledLots === taker.quantityLots) {
      await this.closeOrder(trx, market, taker, 'filled', null, pending, now);
    }

    const tradeId = await repo.insertTrade(trx, {
      symbolId: symbol.id,
      priceTicks,
      quantityLots: lots,
      takerOrderId: taker.id,
      makerOrderId: maker.id,
      takerUserId: taker.userId,
      makerUserId: maker.userId,
      takerSide: taker.side,
      now,
    });
    pending.trades.push({ id: tradeId, symbolId: symbol.id, price: formatUnits(priceTicks, symbol.pricePrecision), quantity: formatUnits(lots, symbol.volumePrecision), takerSide: taker.side, time: now });
    pending.tradeTicks.push({ priceTicks, quantityLots: lots, time: now });
  }

  /** A user's fees on this market: the market's, lowered by their VIP level's tier when there are tiers. */
  private async feeRatesOf(trx: Transaction<Database>, market: Market, userId: number, pending: Pending): Promise<FeeRates> {
    const known = pending.feeRates.get(userId);
    if (known) return known;
    const vipLevel = this.config.hasFeeTiers() ? await repo.selectVipLevel(trx, userId) : 0;
    const rates = this.config.feeRates(market.symbol.id, vipLevel);
    pending.feeRates.set(userId, rates);
    return rates;
  }

  /** Ends an order: its status, and whatever is still held for it goes back to available. */
  private async closeOrder(trx: Transaction<Database>, market: Market, order: OrderRecord, status: OrderStatus, reason: string | null, pending: Pending, now: number): Promise<void> {
    if (order.status !== 'open') return;
    order.status = status;
    order.cancelReason = reason;
    order.updatedAt = now;
    const currency = order.side === 'buy' ? market.symbol.quoteSymbol : market.symbol.baseSymbol;
    // What is still held goes back: a cancelled remainder, or what a buy filled below its limit saved.
    if ((await releaseHold(trx, { referenceType: 'order', referenceId: String(order.id), currency, now, ifOpen: true })) > 0n) noteBalance(pending, order.userId, currency);
    await repo.saveOrderProgress(trx, order);
  }

  private changeLevel(market: Market, pending: Pending, side: Side, priceTicks: bigint, deltaLots: bigint): void {
    const key = levelKey(side, priceTicks);
    const current = market.levels.get(key) ?? 0n;
    if (!pending.levelsBefore.has(key)) pending.levelsBefore.set(key, current);
    const next = current + deltaLots;
    if (next < 0n) throw new Error(`level ${key} of ${market.symbol.symbol} would go negative`);
    if (next === 0n) market.levels.delete(key);
    else market.levels.set(key, next);
  }

  /** The deltas of the levels a committed command touched, against the levels before it. */
  private levelChanges(market: Market, before: Map<string, bigint>): LevelChange[] {
    const changes: LevelChange[] = [];
    for (const [key, previous] of before) {
      const current = market.levels.get(key) ?? 0n;
      if (previous === current) continue;
      const [side, ticks] = key.split(':') as [Side, string];
      changes.push({ side, price: formatUnits(BigInt(ticks), market.symbol.pricePrecision), quantity: formatUnits(current, market.symbol.volumePrecision) });
    }
    return changes;
  }

  private publish(market: Market, pending: Pending, changes: LevelChange[]): void {
    if (changes.length > 0) {
      market.sequence += 1;
      this.events.emit('book', { symbolId: market.symbol.id, sequence: market.sequence, changes });
    }
    if (pending.trades.length > 0) this.events.emit('trades', { symbolId: market.symbol.id, trades: pending.trades });
    for (const order of pending.orders.values()) this.events.emit('order', { userId: order.userId, order: this.viewOf(market, order) });
    for (const [userId, currencies] of pending.balanceCurrencies) this.events.emit('balance', { userId, currencies: [...currencies] });
  }

  /**
   * Makes this instance the holder of a market's book (server/cluster): `claim` (the epoch bump,
   * which waits for a deposed holder's last piece) and the book's rebuild from the database run
   * in one piece, so the book read is what every earlier holder committed.
   */
  async holdMarket(symbolId: number, claim: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    const market = this.market(symbolId);
    market.halted = true;
    await this.context.commits.run(async (trx) => {
      await claim(trx);
      await this.rebuild(market, trx);
    });
    // Clients of the previous holder see a gap and resync from this holder's snapshot.
    market.sequence = Math.max(market.sequence, this.context.now());
  }

  /** Stops holding a market's book: emptied and halted, so that nothing here reads a copy that no longer follows the database. */
  releaseMarket(symbolId: number): void {
    const market = this.market(symbolId);
    market.halted = true;
    market.book = new FastOrderBook();
    market.levels = new Map();
  }

  /** The depth of a market's book as its holder has it (here, or through the routing). */
  bookDepth(symbolId: number, levelsMax: number): Promise<DepthSnapshot> {
    return this.routed('depth', { symbolId, levels: levelsMax }, async () => this.depth(symbolId, levelsMax));
  }

  private async routed<K extends keyof RoutedCalls>(kind: K, request: RoutedCalls[K]['request'], here: () => Promise<RoutedCalls[K]['answer']>): Promise<RoutedCalls[K]['answer']> {
    if (!this.routing) return here();
    // A market nobody can hold is refused at once, not waited for.
    this.market(request.symbolId);
    return this.routing.route(kind, request, here);
  }

  /** This instance's book of a market (the holder's: others see an empty one); bookDepth reads the holder's from anywhere. */
  depth(symbolId: number, levelsMax: number): DepthSnapshot {
    const market = this.market(symbolId);
    const { bids, asks } = market.book.depth(Math.min(levelsMax, BOOK_WALK_LEVELS_MAX));
    const { pricePrecision, volumePrecision } = market.symbol;
    const format = (level: { priceTicks: number; quantityLots: number }): [string, string] => [
      formatUnits(BigInt(level.priceTicks), pricePrecision),
      formatUnits(BigInt(level.quantityLots), volumePrecision),
    ];
    return { symbolId, sequence: market.sequence, bids: bids.map(format), asks: asks.map(format) };
  }

  /**
   * The best bid and ask of a market: from this instance's book when it holds it (or when there is
   * no cluster); else as its holder answered the last refreshRemoteBests, nothing before that.
   */
  bestPrices(symbolId: number): { bid: string | null; ask: string | null } {
    if (this.routing && !this.routing.holds(symbolId)) return this.remoteBests.get(symbolId) ?? { bid: null, ask: null };
    const market = this.market(symbolId);
    const format = (ticks: number | undefined) => (ticks === undefined ? null : formatUnits(BigInt(ticks), market.symbol.pricePrecision));
    return { bid: format(market.book.bestBid()), ask: format(market.book.bestAsk()) };
  }

  /**
   * Reads the best prices of the markets other instances hold from their holders (one routed
   * depth read of one level each), for bestPrices: the index sampling of the cluster's leader
   * needs every market's book, not only the ones it holds. A market without a holder just now has
   * none until the next read.
   */
  async refreshRemoteBests(): Promise<void> {
    const routing = this.routing;
    if (!routing) return;
    const remote = this.symbols().filter((symbol) => !routing.holds(symbol.id));
    await Promise.all(
      remote.map(async (symbol) => {
        try {
          const depth = await this.bookDepth(symbol.id, 1);
          this.remoteBests.set(symbol.id, { bid: depth.bids[0]?.[0] ?? null, ask: depth.asks[0]?.[0] ?? null });
        } catch {
          this.remoteBests.delete(symbol.id);
        }
      }),
    );
  }

  async activeOrders(userId: number, symbolId?: number): Promise<OrderView[]> {
    const { list } = await repo.selectUserOrders(this.context.db, userId, { symbolId, status: 'open', offset: 0, limit: 500 });
    return list.map((order) => this.viewOf(this.market(order.symbolId), order));
  }

  /** The orders of these ids as they are stored now (unknown ids are left out). */
  async orderViews(orderIds: readonly number[]): Promise<OrderView[]> {
    const views: OrderView[] = [];
    for (const orderId of orderIds) {
      const order = await repo.findOrder(this.context.db, orderId);
      if (order) views.push(this.viewOf(this.market(order.symbolId), order));
    }
    return views;
  }

  async orders(userId: number, filter: { symbolId?: number; status?: OrderStatus | 'closed'; offset: number; limit: number }): Promise<{ total: number; list: OrderView[] }> {
    const { total, list } = await repo.selectUserOrders(this.context.db, userId, filter);
    return { total, list: list.map((order) => this.viewOf(this.market(order.symbolId), order)) };
  }

  async recentTrades(symbolId: number, limit: number): Promise<TradeView[]> {
    const market = this.market(symbolId);
    const rows = await repo.selectRecentTrades(this.context.db, symbolId, limit);
    return rows.map((row) => ({
      id: Number(row.id),
      symbolId,
      price: formatUnits(row.price_ticks, market.symbol.pricePrecision),
      quantity: formatUnits(row.quantity_lots, market.symbol.volumePrecision),
      takerSide: row.taker_side as Side,
      time: Number(row.created_at),
    }));
  }

  private viewOf(market: Market, order: OrderRecord): OrderView {
    const { symbol } = market;
    const averageTicks = order.filledLots > 0n ? order.filledNotional / order.filledLots : null;
    return {
      id: order.id,
      userId: order.userId,
      symbolId: symbol.id,
      symbol: symbol.symbol,
      side: order.side,
      type: order.type,
      price: order.priceTicks === null ? null : formatUnits(order.priceTicks, symbol.pricePrecision),
      quantity: order.quantityLots === null ? null : formatUnits(order.quantityLots, symbol.volumePrecision),
      quoteAmount: order.quoteBudgetUnits === null ? null : formatUnits(order.quoteBudgetUnits, symbol.quoteScale),
      filledQuantity: formatUnits(order.filledLots, symbol.volumePrecision),
      filledQuote: formatUnits(order.filledQuoteUnits, symbol.quoteScale),
      averagePrice: averageTicks === null ? null : formatUnits(averageTicks, symbol.pricePrecision),
      fee: formatUnits(order.feeUnits, order.side === 'buy' ? symbol.baseScale : symbol.quoteScale),
      feeCurrency: order.side === 'buy' ? symbol.baseSymbol : symbol.quoteSymbol,
      status: order.status,
      cancelReason: order.cancelReason,
      clientOrderId: order.clientOrderId,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
    };
  }
}

/**
 * The command's domain event, in its own transaction: which orders changed and which trades it
 * made. Subscribers of the outbox (notifications, later ones) read it after the commit.
 */
async function recordCommand(trx: Transaction<Database>, symbolId: number, pending: Pending, now: number): Promise<void> {
  await writeOutbox(
    trx,
    'engine.command',
    {
      symbolId,
      orders: [...pending.orders.values()].map((order) => ({ id: order.id, userId: order.userId, status: order.status })),
      tradeIds: pending.trades.map((trade) => trade.id),
    },
    now,
  );
}

function newPending(): Pending {
  return { orders: new Map(), trades: [], tradeTicks: [], levelsBefore: new Map(), balanceCurrencies: new Map(), feeRates: new Map() };
}

function noteBalance(pending: Pending, userId: number, ...currencies: string[]): void {
  const set = pending.balanceCurrencies.get(userId) ?? new Set<string>();
  for (const currency of currencies) set.add(currency);
  pending.balanceCurrencies.set(userId, set);
}

/**
 * A fill whose buyer pays nothing more (its earlier fills were rounded up enough) still owes the
 * seller: the fee account, which collected that rounding, pays it.
 */
async function payFromRounding(trx: Transaction<Database>, currency: string, sellerOwner: OwnerKey, amountUnits: bigint, now: number): Promise<void> {
  await postTransaction(trx, {
    kind: 'trade:rounding',
    owner: sellerOwner,
    now,
    postings: [
      { account: { owner: systemOwner('fees'), wallet: 'system', currency }, amountUnits: -amountUnits },
      { account: { owner: sellerOwner, wallet: 'spot', currency }, amountUnits },
    ],
  });
}
