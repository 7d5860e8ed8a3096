/**
 * The order book's contract. Prices are integer ticks (price / 10^-pricePrecision) and sizes
 * integer lots (size / 10^-volumePrecision); both stay below 2^53 so that the book can use plain
 * numbers, which are an order of magnitude faster than bigints here. The engine converts to and
 * from ledger units at its boundary and refuses anything out of range before it reaches a book.
 *
 * Commands are plain data made by the factories below; a book answers each command with events,
 * in order. Two implementations exist: a plain reference book and a fast one; one test suite
 * runs against both and a seeded replay proves they emit identical event streams.
 */
export type Side = 'buy' | 'sell';

export interface PlaceLimitCommand {
  kind: 'limit';
  orderId: number;
  userId: number;
  side: Side;
  priceTicks: number;
  quantityLots: number;
  /** Immediate-or-cancel: whatever does not fill at once is cancelled instead of resting. */
  immediateOrCancel?: boolean;
}

export interface PlaceMarketCommand {
  kind: 'market';
  orderId: number;
  userId: number;
  side: Side;
  /** Lots to fill at most. */
  quantityLots: number;
  /** For buys paid from a quote budget: the most ticks x lots the order may spend. */
  notionalLimit?: number;
}

export interface CancelCommand {
  kind: 'cancel';
  orderId: number;
  userId: number;
}

export type BookCommand = PlaceLimitCommand | PlaceMarketCommand | CancelCommand;

export type CancelReason = 'user' | 'unfilled' | 'self-trade' | 'notional';

export type BookEvent =
  | {
      type: 'trade';
      takerOrderId: number;
      takerUserId: number;
      makerOrderId: number;
      makerUserId: number;
      takerSide: Side;
      priceTicks: number;
      quantityLots: number;
      /** Lots the maker still has resting after this trade. */
      makerRemainingLots: number;
    }
  | { type: 'rested'; orderId: number; userId: number; side: Side; priceTicks: number; remainingLots: number }
  | { type: 'cancelled'; orderId: number; userId: number; remainingLots: number; reason: CancelReason }
  | { type: 'rejected'; orderId: number; userId: number; reason: 'unknown-order' | 'not-owner' | 'duplicate-id' | 'invalid' };

export interface RestingOrder {
  orderId: number;
  userId: number;
  side: Side;
  priceTicks: number;
  remainingLots: number;
}

export interface DepthLevel {
  priceTicks: number;
  quantityLots: number;
  orders: number;
}

export interface OrderBook {
  /** Applies one command and returns its events in the order they happened. */
  apply(command: BookCommand): BookEvent[];
  bestBid(): number | undefined;
  bestAsk(): number | undefined;
  /** Aggregated levels, best first, at most `levelsMax` a side. */
  depth(levelsMax: number): { bids: DepthLevel[]; asks: DepthLevel[] };
  order(orderId: number): RestingOrder | undefined;
  /** Every resting order, bids best-first then asks best-first, each level in time priority. */
  restingOrders(): RestingOrder[];
  size(): number;
}

export const placeLimit = (fields: Omit<PlaceLimitCommand, 'kind'>): PlaceLimitCommand => ({ kind: 'limit', ...fields });
export const placeMarket = (fields: Omit<PlaceMarketCommand, 'kind'>): PlaceMarketCommand => ({ kind: 'market', ...fields });
export const cancelOrder = (fields: Omit<CancelCommand, 'kind'>): CancelCommand => ({ kind: 'cancel', ...fields });

// A plain function, not a closure inside isValidCommand: tsx (esbuild keepNames) renames a
// nested named arrow on every call, and on this hot path that cost more than the matching.
function positiveInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

export function isValidCommand(command: BookCommand): boolean {
  if (!positiveInteger(command.orderId) || !Number.isSafeInteger(command.userId)) return false;
  if (command.kind === 'cancel') return true;
  if (!positiveInteger(command.quantityLots)) return false;
  if (command.kind === 'limit') return positiveInteger(command.priceTicks);
  return command.notionalLimit === undefined || positiveInteger(command.notionalLimit);
}

/**
 * What both books answer before matching: an invalid command is rejected, and so is a placement
 * whose id is already resting (ids come from the database and never repeat; the check guards
 * against a replay bug without keeping every id ever seen). Undefined means: go on.
 */
export function precheckRejection(command: BookCommand, isResting: (orderId: number) => boolean): BookEvent[] | undefined {
  if (!isValidCommand(command)) return [{ type: 'rejected', orderId: command.orderId, userId: command.userId, reason: 'invalid' }];
  if (command.kind !== 'cancel' && isResting(command.orderId)) {
    return [{ type: 'rejected', orderId: command.orderId, userId: command.userId, reason: 'duplicate-id' }];
  }
  return undefined;
}

/** True when a taker limited at `limitTicks` on `takerSide` trades with a maker resting at `makerTicks`. */
export function crosses(takerSide: Side, limitTicks: number, makerTicks: number): boolean {
  return takerSide === 'buy' ? makerTicks <= limitTicks : makerTicks >= limitTicks;
}
