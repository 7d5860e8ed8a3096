/**
 * The fast book. Each side keeps its price levels in an array sorted so that the best level is
 * the last element (bids ascending, asks descending): taking liquidity pops from the end, and a
 * new level is found by binary search. A level is a doubly linked FIFO of order nodes, and a map
 * from order id to node makes cancels O(1) apart from removing an emptied level. Its behaviour
 * is that of ReferenceOrderBook, event for event.
 */
import type { BookCommand, BookEvent, CancelCommand, DepthLevel, OrderBook, PlaceLimitCommand, PlaceMarketCommand, RestingOrder, Side } from './types';
import { crosses, precheckRejection } from './types';

interface OrderNode {
  orderId: number;
  userId: number;
  side: Side;
  priceTicks: number;
  remainingLots: number;
  level: PriceLevel;
  previous: OrderNode | null;
  next: OrderNode | null;
}

interface PriceLevel {
  priceTicks: number;
  totalLots: number;
  count: number;
  head: OrderNode | null;
  tail: OrderNode | null;
}

export class FastOrderBook implements OrderBook {
  /** Ascending: best bid last. */
  private readonly bidLevels: PriceLevel[] = [];
  /** Descending: best ask last. */
  private readonly askLevels: PriceLevel[] = [];
  private readonly orders = new Map<number, OrderNode>();

  /** Made once, not per command: apply() is the hot path. */
  private readonly isResting = (orderId: number): boolean => this.orders.has(orderId);

  apply(command: BookCommand): BookEvent[] {
    const rejection = precheckRejection(command, this.isResting);
    if (rejection) return rejection;
    return command.kind === 'cancel' ? this.cancel(command) : this.match(command);
  }

  private match(command: PlaceLimitCommand | PlaceMarketCommand): BookEvent[] {
    const events: BookEvent[] = [];
    const levels = command.side === 'buy' ? this.askLevels : this.bidLevels;
    let remaining = command.quantityLots;
    let notionalLeft = command.kind === 'market' ? command.notionalLimit : undefined;
    let stopReason: 'self-trade' | 'notional' | undefined;
    matching: while (remaining > 0 && levels.length > 0) {
      const level = levels[levels.length - 1]!;
      if (command.kind === 'limit' && !crosses(command.side, command.priceTicks, level.priceTicks)) break;
      while (remaining > 0 && level.head !== null) {
        const maker = level.head;
        if (maker.userId === command.userId) {
          stopReason = 'self-trade';
          break matching;
        }
        let quantity = remaining < maker.remainingLots ? remaining : maker.remainingLots;
        if (notionalLeft !== undefined) {
          const affordable = Math.floor(notionalLeft / level.priceTicks);
          if (affordable < quantity) quantity = affordable;
          if (quantity === 0) {
            stopReason = 'notional';
            break matching;
          }
          notionalLeft -= quantity * level.priceTicks;
        }
        maker.remainingLots -= quantity;
        level.totalLots -= quantity;
        remaining -= quantity;
        events.push({
          type: 'trade',
          takerOrderId: command.orderId,
          takerUserId: command.userId,
          makerOrderId: maker.orderId,
          makerUserId: maker.userId,
          takerSide: command.side,
          priceTicks: level.priceTicks,
          quantityLots: quantity,
          makerRemainingLots: maker.remainingLots,
        });
        if (maker.remainingLots === 0) this.unlink(maker);
      }
      if (level.head === null) levels.pop();
    }
    if (remaining === 0) return events;
    if (command.kind === 'limit' && !command.immediateOrCancel && stopReason === undefined) {
      this.rest(command, remaining);
      events.push({ type: 'rested', orderId: command.orderId, userId: command.userId, side: command.side, priceTicks: command.priceTicks, remainingLots: remaining });
    } else {
      events.push({ type: 'cancelled', orderId: command.orderId, userId: command.userId, remainingLots: remaining, reason: stopReason ?? 'unfilled' });
    }
    return events;
  }

  private rest(command: PlaceLimitCommand, remainingLots: number): void {
    const level = this.levelFor(command.side, command.priceTicks);
    const node: OrderNode = {
      orderId: command.orderId,
      userId: command.userId,
      side: command.side,
      priceTicks: command.priceTicks,
      remainingLots,
      level,
      previous: level.tail,
      next: null,
    };
    if (level.tail) level.tail.next = node;
    else level.head = node;
    level.tail = node;
    level.totalLots += remainingLots;
    level.count += 1;
    this.orders.set(node.orderId, node);
  }

  /** Finds or inserts the level of a price, keeping the best level last. */
  private levelFor(side: Side, priceTicks: number): PriceLevel {
    const levels = side === 'buy' ? this.bidLevels : this.askLevels;
    const ascending = side === 'buy';
    let low = 0;
    let high = levels.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const price = levels[middle]!.priceTicks;
      if (price === priceTicks) return levels[middle]!;
      if (ascending ? price < priceTicks : price > priceTicks) low = middle + 1;
      else high = middle;
    }
    const level: PriceLevel = { priceTicks, totalLots: 0, count: 0, head: null, tail: null };
    levels.splice(low, 0, level);
    return level;
  }

  /** Removes a node from its level's list and from the id map; the caller drops an empty level. */
  private unlink(node: OrderNode): void {
    const level = node.level;
    if (node.previous) node.previous.next = node.next;
    else level.head = node.next;
    if (node.next) node.next.previous = node.previous;
    else level.tail = node.previous;
    level.count -= 1;
    this.orders.delete(node.orderId);
  }

  private cancel(command: CancelCommand): BookEvent[] {
    const node = this.orders.get(command.orderId);
    if (!node) return [{ type: 'rejected', orderId: command.orderId, userId: command.userId, reason: 'unknown-order' }];
    if (node.userId !== command.userId) return [{ type: 'rejected', orderId: command.orderId, userId: command.userId, reason: 'not-owner' }];
    node.level.totalLots -= node.remainingLots;
    this.unlink(node);
    if (node.level.head === null) this.dropLevel(node.side, node.level);
    return [{ type: 'cancelled', orderId: node.orderId, userId: node.userId, remainingLots: node.remainingLots, reason: 'user' }];
  }

  private dropLevel(side: Side, level: PriceLevel): void {
    const levels = side === 'buy' ? this.bidLevels : this.askLevels;
    // The best level is last and most cancels hit prices near the top: search from the end.
    for (let index = levels.length - 1; index >= 0; index -= 1) {
      if (levels[index] === level) {
        levels.splice(index, 1);
        return;
      }
    }
  }

  bestBid(): number | undefined {
    return this.bidLevels[this.bidLevels.length - 1]?.priceTicks;
  }

  bestAsk(): number | undefined {
    return this.askLevels[this.askLevels.length - 1]?.priceTicks;
  }

  depth(levelsMax: number): { bids: DepthLevel[]; asks: DepthLevel[] } {
    const take = (levels: PriceLevel[]) => {
      const result: DepthLevel[] = [];
      for (let index = levels.length - 1; index >= 0 && result.length < levelsMax; index -= 1) {
        const level = levels[index]!;
        result.push({ priceTicks: level.priceTicks, quantityLots: level.totalLots, orders: level.count });
      }
      return result;
    };
    return { bids: take(this.bidLevels), asks: take(this.askLevels) };
  }

  order(orderId: number): RestingOrder | undefined {
    const node = this.orders.get(orderId);
    return node ? toResting(node) : undefined;
  }

  restingOrders(): RestingOrder[] {
    const result: RestingOrder[] = [];
    for (const levels of [this.bidLevels, this.askLevels]) {
      for (let index = levels.length - 1; index >= 0; index -= 1) {
        for (let node = levels[index]!.head; node !== null; node = node.next) result.push(toResting(node));
      }
    }
    return result;
  }

  size(): number {
    return this.orders.size;
  }
}

function toResting(node: OrderNode): RestingOrder {
  return { orderId: node.orderId, userId: node.userId, side: node.side, priceTicks: node.priceTicks, remainingLots: node.remainingLots };
}
