/**
 * The order book as the handicap shows it: levels grouped to a chosen price step (precision
 * grouping), each with its running total and a depth bar. Bids group down (a bid of 100.37
 * at step 0.1 counts at 100.3) and asks group up (100.31 counts at 100.4), so grouping never
 * shows a better price than the book has. All in bigint units of the symbol's precisions.
 */
import { formatUnits } from '../../../shared/money';
import { unitsOf } from '../../../shared/decimal';

export type BookSideName = 'bids' | 'asks';

export interface BookRow {
  /** The grouped price, with the group's decimals. */
  price: string;
  /** Summed quantity of the levels in the group, volumePrecision decimals. */
  quantity: string;
  /** Running total from the best price outwards, volumePrecision decimals. */
  total: string;
  /** Depth bar width: the running total against the larger side's total, 0 to 100 percent. */
  depthPercent: number;
}

/**
 * The grouping steps the precision switch offers: the symbol's own tick and coarser ones, as
 * a number of decimals (pricePrecision, pricePrecision - 1, ...), `count` choices at most,
 * down to tens (-1) for a whole-number price.
 */
export function groupingOptions(pricePrecision: number, count = 4): number[] {
  const options: number[] = [];
  for (let decimals = pricePrecision; options.length < count && decimals >= -1; decimals -= 1) options.push(decimals);
  return options;
}

/** Groups one side's levels (best first) to `decimals` places of the price. */
export function groupLevels(
  levels: readonly (readonly [string, string])[],
  side: BookSideName,
  decimals: number,
  pricePrecision: number,
  volumePrecision: number,
): { price: bigint; quantity: bigint }[] {
  const step = 10n ** BigInt(Math.max(0, pricePrecision - decimals));
  const groups: { price: bigint; quantity: bigint }[] = [];
  for (const [priceText, quantityText] of levels) {
    const price = unitsOf(priceText, pricePrecision);
    const quantity = unitsOf(quantityText, volumePrecision);
    if (price === null || quantity === null || quantity <= 0n) continue;
    const floor = (price / step) * step;
    const grouped = side === 'bids' || floor === price ? floor : floor + step;
    const last = groups.at(-1);
    if (last && last.price === grouped) last.quantity += quantity;
    else groups.push({ price: grouped, quantity });
  }
  return groups;
}

/**
 * Both sides grouped, at most `rows` a side, with running totals and depth bars. The bars of
 * both sides share one scale (the larger of the two shown totals), so the sides compare.
 */
export function buildBook(
  depth: { bids: readonly (readonly [string, string])[]; asks: readonly (readonly [string, string])[] },
  options: { decimals: number; pricePrecision: number; volumePrecision: number; rows: number },
): { bids: BookRow[]; asks: BookRow[] } {
  const { decimals, pricePrecision, volumePrecision, rows } = options;
  const priceDecimals = Math.max(0, decimals);
  const shown = (side: BookSideName) => groupLevels(side === 'bids' ? depth.bids : depth.asks, side, decimals, pricePrecision, volumePrecision).slice(0, rows);
  const bids = shown('bids');
  const asks = shown('asks');
  const sum = (groups: { quantity: bigint }[]) => groups.reduce((total, group) => total + group.quantity, 0n);
  const scale = [sum(bids), sum(asks)].reduce((a, b) => (a > b ? a : b), 0n);
  const toRows = (groups: { price: bigint; quantity: bigint }[]): BookRow[] => {
    let running = 0n;
    return groups.map((group) => {
      running += group.quantity;
      const priceUnits = group.price / 10n ** BigInt(pricePrecision - priceDecimals);
      return {
        price: formatUnits(priceUnits, priceDecimals),
        quantity: formatUnits(group.quantity, volumePrecision),
        total: formatUnits(running, volumePrecision),
        depthPercent: depthPercent(running, scale),
      };
    });
  };
  return { bids: toRows(bids), asks: toRows(asks) };
}

/** A running total as a bar width: percent of the scale with one decimal, 0 when the scale is 0. */
export function depthPercent(total: bigint, scale: bigint): number {
  if (scale <= 0n || total <= 0n) return 0;
  const permille = (total * 1000n) / scale;
  return Number(permille > 1000n ? 1000n : permille) / 10;
}
