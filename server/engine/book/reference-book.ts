/**
 * The reference book: the plainest correct implementation, arrays kept sorted by price then
 * time. It is the specification the fast book is tested against, not something to optimise.
 */
import type { BookCommand, BookEvent, CancelCommand, DepthLevel, OrderBook, PlaceLimitCommand, PlaceMarketCommand, RestingOrder, Side } from './types';
import { crosses, precheckRejection } from './types';

export class ReferenceOrderBook implements OrderBook {
  private bids: RestingOrder[] = [];
  private asks: RestingOrder[] = [];

  /** Made once, not per command: apply() is the hot path. */
  private readonly isResting = (orderId: number): boolean => this.order(orderId) !== undefined;

  apply(command: BookCommand): BookEvent[] {
    const rejection = precheckRejection(command, this.isResting);
    if (rejection) return rejection;
    return command.kind === 'cancel' ? this.cancel(command) : this.match(command);
  }

  private match(command: PlaceLimitCommand | PlaceMarketCommand): BookEvent[] {
    const events: BookEvent[] = [];
    const opposite = command.side === 'buy' ? this.asks : this.bids;
    let remaining = command.quantityLots;
    let notionalLeft = command.kind === 'market' ? command.notionalLimit : undefined;
    let stopReason: 'self-trade' | 'notional' | undefined;
    while (remaining > 0 && opposite.length > 0) {
      const maker = opposite[0]!;
      if (command.kind === 'limit' && !crosses(command.side, command.priceTicks, maker.priceTicks)) break;
      if (maker.userId === command.userId) {
        stopReason = 'self-trade';
        break;
      }
      let quantity = Math.min(remaining, maker.remainingLots);
      if (notionalLeft !== undefined) {
        quantity = Math.min(quantity, Math.floor(notionalLeft / maker.priceTicks));
        if (quantity === 0) {
          stopReason = 'notional';
          break;
        }
        notionalLeft -= quantity * maker.priceTicks;
      }
      maker.remainingLots -= quantity;
      remaining -= quantity;
      events.push({
        type: 'trade',
        takerOrderId: command.orderId,
        takerUserId: command.userId,
        makerOrderId: maker.orderId,
        makerUserId: maker.userId,
        takerSide: command.side,
        priceTicks: maker.priceTicks,
        quantityLots: quantity,
        makerRemainingLots: maker.remainingLots,
      });
      if (maker.remainingLots === 0) opposite.shift();
    }
    if (remaining === 0) return events;
    const rests = command.kind === 'limit' && !command.immediateOrCancel && stopReason === undefined;
    if (rests) {
      this.insert({ orderId: command.orderId, userId: command.userId, side: command.side, priceTicks: command.priceTicks, remainingLots: remaining });
      events.push({ type: 'rested', orderId: command.orderId, userId: command.userId, side: command.side, priceTicks: command.priceTicks, remainingLots: remaining });
    } else {
      events.push({ type: 'cancelled', orderId: command.orderId, userId: command.userId, remainingLots: remaining, reason: stopReason ?? 'unfilled' });
    }
    return events;
  }

  private insert(order: RestingOrder): void {
    const side = order.side === 'buy' ? this.bids : this.asks;
    // After every order of a better or equal price: price priority, then time priority.
    let index = 0;
    while (index < side.length && !isBetter(order.side, order.priceTicks, side[index]!.priceTicks)) index += 1;
    side.splice(index, 0, order);
  }

  private cancel(command: CancelCommand): BookEvent[] {
    for (const side of [this.bids, this.asks]) {
      const index = side.findIndex((order) => order.orderId === command.orderId);
      if (index === -1) continue;
      const order = side[index]!;
      if (order.userId !== command.userId) return [{ type: 'rejected', orderId: command.orderId, userId: command.userId, reason: 'not-owner' }];
      side.splice(index, 1);
      return [{ type: 'cancelled', orderId: order.orderId, userId: order.userId, remainingLots: order.remainingLots, reason: 'user' }];
    }
    return [{ type: 'rejected', orderId: command.orderId, userId: command.userId, reason: 'unknown-order' }];
  }

  bestBid(): number | undefined {
    return this.bids[0]?.priceTicks;
  }

  bestAsk(): number | undefined {
    return this.asks[0]?.priceTicks;
  }

  depth(levelsMax: number): { bids: DepthLevel[]; asks: DepthLevel[] } {
    return { bids: aggregate(this.bids, levelsMax), asks: aggregate(this.asks, levelsMax) };
  }

  order(orderId: number): RestingOrder | undefined {
    const found = this.bids.find((order) => order.orderId === orderId) ?? this.asks.find((order) => order.orderId === orderId);
    return found ? { ...found } : undefined;
  }

  restingOrders(): RestingOrder[] {
    return [...this.bids, ...this.asks].map((order) => ({ ...order }));
  }

  size(): number {
    return this.bids.length + this.asks.length;
  }
}


/** True when `price` is strictly better than `other` for an order on `side`. */
function isBetter(side: Side, price: number, other: number): boolean {
  return side === 'buy' ? price > other : price < other;
}

function aggregate(orders: RestingOrder[], levelsMax: number): DepthLevel[] {
  const levels: DepthLevel[] = [];
  for (const order of orders) {
    const last = levels.at(-1);
    if (last && last.priceTicks === order.priceTicks) {
      last.quantityLots += order.remainingLots;
      last.orders += 1;
    } else {
      if (levels.length === levelsMax) break;
      levels.push({ priceTicks: order.priceTicks, quantityLots: order.remainingLots, orders: 1 });
    }
  }
  return levels;
}
