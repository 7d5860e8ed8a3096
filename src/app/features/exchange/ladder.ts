/**
 * The trading robot's arithmetic (/Exchange/Components/RobotComponent): a ladder of limit orders
 * spread evenly from a lowest to a highest price, splitting a total amount between them. Exact,
 * in the symbol's units: prices floor to the price precision, each order's amount is the total's
 * share floored to the volume precision, and what the flooring leaves goes to the first order, so
 * that the orders add up to the total the user typed.
 */
import type { MarketSymbol } from '../../../shared/api/market';
import { positiveUnits, unitsText } from '../../../shared/decimal';

export const LADDER_ORDERS_MIN = 2;
export const LADDER_ORDERS_MAX = 20;

export interface LadderInput {
  low: string;
  high: string;
  count: string;
  total: string;
}

export interface LadderOrder {
  price: string;
  quantity: string;
  /** price × quantity in the quote currency, at the price precision plus the volume precision. */
  value: string;
}

/** What keeps the ladder from being placed: a field to fill, or a split that cannot be made. */
export type LadderProblem = 'low' | 'high' | 'range' | 'count' | 'total' | 'tooSmall' | 'tooClose';

export type Ladder = { orders: LadderOrder[]; totalValue: string } | { problem: LadderProblem };

type Precisions = Pick<MarketSymbol, 'pricePrecision' | 'volumePrecision'>;

export function ladderOrders(input: LadderInput, symbol: Precisions): Ladder {
  const low = positiveUnits(input.low, symbol.pricePrecision);
  if (low === null) return { problem: 'low' };
  const high = positiveUnits(input.high, symbol.pricePrecision);
  if (high === null) return { problem: 'high' };
  if (high <= low) return { problem: 'range' };
  const count = /^\d{1,2}$/.test(input.count.trim()) ? Number(input.count) : Number.NaN;
  if (!(count >= LADDER_ORDERS_MIN && count <= LADDER_ORDERS_MAX)) return { problem: 'count' };
  const total = positiveUnits(input.total, symbol.volumePrecision);
  if (total === null) return { problem: 'total' };
  const steps = BigInt(count - 1);
  const prices = Array.from({ length: count }, (_, index) => low + ((high - low) * BigInt(index)) / steps);
  if (new Set(prices).size < count) return { problem: 'tooClose' };
  const each = total / BigInt(count);
  if (each === 0n) return { problem: 'tooSmall' };
  const first = each + (total - each * BigInt(count));
  const valueScale = symbol.pricePrecision + symbol.volumePrecision;
  let totalValue = 0n;
  const orders = prices.map((price, index) => {
    const quantity = index === 0 ? first : each;
    totalValue += price * quantity;
    return { price: unitsText(price, symbol.pricePrecision), quantity: unitsText(quantity, symbol.volumePrecision), value: unitsText(price * quantity, valueScale) };
  });
  return { orders, totalValue: unitsText(totalValue, valueScale) };
}
