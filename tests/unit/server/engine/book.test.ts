/**
 * Proves the order book contract on both implementations: price-time priority, partial fills,
 * cancels, immediate-or-cancel, market orders with a notional cap and self-trade prevention, with
 * an internal-consistency check after every command; then a seeded replay of 10,000+ random
 * commands keeps the invariants and the two books emit identical event streams.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FastOrderBook } from '../../../../server/engine/book/fast-book';
import { ReferenceOrderBook } from '../../../../server/engine/book/reference-book';
import { cancelOrder, placeLimit, placeMarket, type BookCommand, type BookEvent, type OrderBook } from '../../../../server/engine/book/types';

const IMPLEMENTATIONS: [string, () => OrderBook][] = [
  ['reference', () => new ReferenceOrderBook()],
  ['fast', () => new FastOrderBook()],
];

/**
 * The book's own invariants: never crossed, levels sorted, depth agrees with the orders. Plain
 * throws instead of expect() keep it cheap enough to run after each of 12,000 commands.
 */
function checkConsistency(book: OrderBook): void {
  const fail = (message: string) => {
    throw new Error(`inconsistent book: ${message}`);
  };
  const bid = book.bestBid();
  const ask = book.bestAsk();
  if (bid !== undefined && ask !== undefined && bid >= ask) fail(`crossed ${bid} >= ${ask}`);
  const orders = book.restingOrders();
  if (orders.length !== book.size()) fail('size disagrees with the resting orders');
  const bids = orders.filter((order) => order.side === 'buy');
  const asks = orders.filter((order) => order.side === 'sell');
  for (let index = 1; index < bids.length; index += 1) if (bids[index]!.priceTicks > bids[index - 1]!.priceTicks) fail('bids out of order');
  for (let index = 1; index < asks.length; index += 1) if (asks[index]!.priceTicks < asks[index - 1]!.priceTicks) fail('asks out of order');
  for (const order of orders) if (order.remainingLots <= 0) fail(`order ${order.orderId} rests with nothing left`);
  if (bids[0] && bids[0].priceTicks !== bid) fail('best bid is not the first bid');
  if (asks[0] && asks[0].priceTicks !== ask) fail('best ask is not the first ask');
  const depth = book.depth(Number.MAX_SAFE_INTEGER);
  const sumLots = (list: { quantityLots: number }[]) => list.reduce((total, entry) => total + entry.quantityLots, 0);
  const sumRemaining = (list: { remainingLots: number }[]) => list.reduce((total, entry) => total + entry.remainingLots, 0);
  if (sumLots(depth.bids) !== sumRemaining(bids) || sumLots(depth.asks) !== sumRemaining(asks)) fail('depth disagrees with the orders');
  if (depth.bids.reduce((total, level) => total + level.orders, 0) !== bids.length) fail('bid order counts disagree');
  if (depth.asks.reduce((total, level) => total + level.orders, 0) !== asks.length) fail('ask order counts disagree');
}

function run(book: OrderBook, commands: BookCommand[]): BookEvent[] {
  const events: BookEvent[] = [];
  for (const command of commands) {
    events.push(...book.apply(command));
    checkConsistency(book);
  }
  return events;
}

describe.each(IMPLEMENTATIONS)('%s order book', (_name, createBook) => {
  it('rests a limit order that does not cross and reports it', () => {
    const book = createBook();
    const events = run(book, [placeLimit({ orderId: 1, userId: 1, side: 'buy', priceTicks: 100, quantityLots: 5 })]);
    expect(events).toEqual([{ type: 'rested', orderId: 1, userId: 1, side: 'buy', priceTicks: 100, remainingLots: 5 }]);
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBeUndefined();
  });

  it('matches at the maker price in price-then-time priority', () => {
    const book = createBook();
    const events = run(book, [
      placeLimit({ orderId: 1, userId: 1, side: 'sell', priceTicks: 101, quantityLots: 2 }),
      placeLimit({ orderId: 2, userId: 2, side: 'sell', priceTicks: 100, quantityLots: 2 }),
      placeLimit({ orderId: 3, userId: 3, side: 'sell', priceTicks: 100, quantityLots: 2 }),
      placeLimit({ orderId: 4, userId: 4, side: 'buy', priceTicks: 102, quantityLots: 5 }),
    ]);
    const trades = events.filter((event) => event.type === 'trade');
    expect(trades.map((trade) => [trade.makerOrderId, trade.priceTicks, trade.quantityLots])).toEqual([
      [2, 100, 2],
      [3, 100, 2],
      [1, 101, 1],
    ]);
    expect(book.order(1)?.remainingLots).toBe(1);
    expect(book.size()).toBe(1);
  });

  it('rests the unfilled part of a crossing limit order at its own price', () => {
    const book = createBook();
    const events = run(book, [
      placeLimit({ orderId: 1, userId: 1, side: 'sell', priceTicks: 100, quantityLots: 2 }),
      placeLimit({ orderId: 2, userId: 2, side: 'buy', priceTicks: 105, quantityLots: 5 }),
    ]);
    expect(events.at(-1)).toEqual({ type: 'rested', orderId: 2, userId: 2, side: 'buy', priceTicks: 105, remainingLots: 3 });
    expect(book.bestBid()).toBe(105);
  });

  it('cancels what an immediate-or-cancel order could not fill', () => {
    const book = createBook();
    const events = run(book, [
      placeLimit({ orderId: 1, userId: 1, side: 'sell', priceTicks: 100, quantityLots: 2 }),
      placeLimit({ orderId: 2, userId: 2, side: 'buy', priceTicks: 100, quantityLots: 5, immediateOrCancel: true }),
    ]);
    expect(events.at(-1)).toEqual({ type: 'cancelled', orderId: 2, userId: 2, remainingLots: 3, reason: 'unfilled' });
    expect(book.size()).toBe(0);
  });

  it('fills a market order across levels and cancels the rest when the book runs dry', () => {
    const book = createBook();
    const events = run(book, [
      placeLimit({ orderId: 1, userId: 1, side: 'buy', priceTicks: 99, quantityLots: 2 }),
      placeLimit({ orderId: 2, userId: 1, side: 'buy', priceTicks: 98, quantityLots: 2 }),
      placeMarket({ orderId: 3, userId: 2, side: 'sell', quantityLots: 5 }),
    ]);
    expect(events.filter((event) => event.type === 'trade').map((trade) => trade.priceTicks)).toEqual([99, 98]);
    expect(events.at(-1)).toEqual({ type: 'cancelled', orderId: 3, userId: 2, remainingLots: 1, reason: 'unfilled' });
  });

  it('stops a market buy at its notional limit', () => {
    const book = createBook();
    const events = run(book, [
      placeLimit({ orderId: 1, userId: 1, side: 'sell', priceTicks: 10, quantityLots: 5 }),
      placeLimit({ orderId: 2, userId: 1, side: 'sell', priceTicks: 20, quantityLots: 5 }),
      placeMarket({ orderId: 3, userId: 2, side: 'buy', quantityLots: 10, notionalLimit: 95 }),
    ]);
    const trades = events.filter((event) => event.type === 'trade');
    // 5 lots at 10 spend 50; 45 left buys 2 lots at 20; 5 left buys nothing more.
    expect(trades.map((trade) => [trade.priceTicks, trade.quantityLots])).toEqual([
      [10, 5],
      [20, 2],
    ]);
    expect(events.at(-1)).toEqual({ type: 'cancelled', orderId: 3, userId: 2, remainingLots: 3, reason: 'notional' });
  });

  it('prevents self-trades by cancelling the taker remainder and leaving the own maker order', () => {
    const book = createBook();
    const events = run(book, [
      placeLimit({ orderId: 1, userId: 7, side: 'sell', priceTicks: 100, quantityLots: 2 }),
      placeLimit({ orderId: 2, userId: 7, side: 'buy', priceTicks: 100, quantityLots: 2 }),
    ]);
    expect(events.at(-1)).toEqual({ type: 'cancelled', orderId: 2, userId: 7, remainingLots: 2, reason: 'self-trade' });
    expect(book.order(1)?.remainingLots).toBe(2);
  });

  it('cancels only the owner order and refuses unknown, foreign and duplicate ids', () => {
    const book = createBook();
    run(book, [placeLimit({ orderId: 1, userId: 1, side: 'buy', priceTicks: 100, quantityLots: 5 })]);
    expect(book.apply(cancelOrder({ orderId: 1, userId: 2 }))).toEqual([{ type: 'rejected', orderId: 1, userId: 2, reason: 'not-owner' }]);
    expect(book.apply(cancelOrder({ orderId: 9, userId: 1 }))).toEqual([{ type: 'rejected', orderId: 9, userId: 1, reason: 'unknown-order' }]);
    expect(book.apply(placeLimit({ orderId: 1, userId: 1, side: 'buy', priceTicks: 90, quantityLots: 1 }))[0]).toMatchObject({ reason: 'duplicate-id' });
    expect(book.apply(cancelOrder({ orderId: 1, userId: 1 }))).toEqual([{ type: 'cancelled', orderId: 1, userId: 1, remainingLots: 5, reason: 'user' }]);
    expect(book.size()).toBe(0);
    checkConsistency(book);
  });

  it('refuses commands with non-integer, zero or unsafe sizes and prices', () => {
    const book = createBook();
    for (const command of [
      placeLimit({ orderId: 1, userId: 1, side: 'buy', priceTicks: 0, quantityLots: 1 }),
      placeLimit({ orderId: 2, userId: 1, side: 'buy', priceTicks: 1.5, quantityLots: 1 }),
      placeLimit({ orderId: 3, userId: 1, side: 'buy', priceTicks: 1, quantityLots: 2 ** 53 }),
      placeMarket({ orderId: 4, userId: 1, side: 'buy', quantityLots: -1 }),
    ]) {
      expect(book.apply(command)).toEqual([{ type: 'rejected', orderId: command.orderId, userId: 1, reason: 'invalid' }]);
    }
    expect(book.size()).toBe(0);
  });

  it('aggregates depth by level, best first, limited in count', () => {
    const book = createBook();
    run(book, [
      placeLimit({ orderId: 1, userId: 1, side: 'buy', priceTicks: 100, quantityLots: 1 }),
      placeLimit({ orderId: 2, userId: 2, side: 'buy', priceTicks: 100, quantityLots: 2 }),
      placeLimit({ orderId: 3, userId: 3, side: 'buy', priceTicks: 99, quantityLots: 4 }),
      placeLimit({ orderId: 4, userId: 4, side: 'sell', priceTicks: 103, quantityLots: 1 }),
      placeLimit({ orderId: 5, userId: 4, side: 'sell', priceTicks: 102, quantityLots: 1 }),
    ]);
    expect(book.depth(1)).toEqual({ bids: [{ priceTicks: 100, quantityLots: 3, orders: 2 }], asks: [{ priceTicks: 102, quantityLots: 1, orders: 1 }] });
  });
});

/** Random commands over a narrow price band, so that orders cross, rest and cancel often. */
function randomCommands(seed: number, count: number): BookCommand[] {
  const commandArbitrary = fc.record({
    kind: fc.constantFrom('limit', 'limit', 'limit', 'limit', 'ioc', 'market', 'cancel', 'cancel'),
    userId: fc.integer({ min: 1, max: 6 }),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    priceTicks: fc.integer({ min: 95, max: 105 }),
    quantityLots: fc.integer({ min: 1, max: 20 }),
    notional: fc.option(fc.integer({ min: 1, max: 3_000 }), { nil: undefined }),
    cancelOffset: fc.integer({ min: 1, max: 40 }),
  });
  const drawn = fc.sample(fc.array(commandArbitrary, { minLength: count, maxLength: count }), { seed, numRuns: 1 })[0]!;
  return drawn.map((entry, index) => {
    const orderId = index + 1;
    switch (entry.kind) {
      case 'cancel':
        // The owner of a recent order, most of the time; another user now and then.
        return cancelOrder({ orderId: Math.max(1, orderId - entry.cancelOffset), userId: entry.userId });
      case 'market':
        return placeMarket({ orderId, userId: entry.userId, side: entry.side, quantityLots: entry.quantityLots, notionalLimit: entry.side === 'buy' ? entry.notional : undefined });
      default:
        return placeLimit({ orderId, userId: entry.userId, side: entry.side, priceTicks: entry.priceTicks, quantityLots: entry.quantityLots, immediateOrCancel: entry.kind === 'ioc' });
    }
  });
}

describe('seeded replay', () => {
  const seed = Number(process.env.BOOK_SEED ?? 20261121);
  const commandCount = 12_000;

  it(`keeps the invariants over ${commandCount} commands and both books emit identical events (seed ${seed})`, () => {
    const commands = randomCommands(seed, commandCount);
    const reference = new ReferenceOrderBook();
    const fast = new FastOrderBook();
    const placed = new Map<number, number>();
    const filled = new Map<number, number>();
    const closed = new Map<number, number>();
    let tradeCount = 0;
    for (const command of commands) {
      const referenceEvents = reference.apply(command);
      const fastEvents = fast.apply(command);
      if (JSON.stringify(fastEvents) !== JSON.stringify(referenceEvents)) {
        expect(fastEvents, `events of ${JSON.stringify(command)}`).toEqual(referenceEvents);
      }
      checkConsistency(fast);
      if (command.kind !== 'cancel') placed.set(command.orderId, command.quantityLots);
      for (const event of fastEvents) {
        if (event.type === 'trade') {
          tradeCount += 1;
          filled.set(event.takerOrderId, (filled.get(event.takerOrderId) ?? 0) + event.quantityLots);
          filled.set(event.makerOrderId, (filled.get(event.makerOrderId) ?? 0) + event.quantityLots);
        }
        if (event.type === 'cancelled') closed.set(event.orderId, event.remainingLots);
      }
    }
    checkConsistency(reference);
    expect(fast.restingOrders()).toEqual(reference.restingOrders());
    expect(tradeCount).toBeGreaterThan(1_000);
    // Quantities are conserved: every order's lots are filled, resting or cancelled, never more.
    for (const [orderId, quantity] of placed) {
      const fills = filled.get(orderId) ?? 0;
      const resting = fast.order(orderId)?.remainingLots ?? 0;
      const cancelled = closed.get(orderId) ?? 0;
      expect(fills).toBeLessThanOrEqual(quantity);
      expect(fills + resting + cancelled).toBe(quantity);
    }
  });
});
