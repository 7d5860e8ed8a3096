/**
 * Quotes (spec 3, Quote update) from the statistics of a symbol's last 24 hours of one-minute
 * candles. Prices are ticks of the symbol whose trades made the candles (the source); a futures
 * or binary-option symbol that follows an exchange symbol shows them at its own precisions,
 * truncated as the spec formats numbers, never rounded up.
 */
import type { Quote } from '../../src/shared/api/market';
import { formatUnits, rescaleUnits } from '../../src/shared/money';
import type { Candle } from './candles';

export const QUOTE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The day of a symbol, in the source symbol's ticks and lots. */
export type DayStats = Omit<Candle, 'openTime'>;

export interface Precisions {
  pricePrecision: number;
  volumePrecision: number;
}

/** A market with no trade in the window: flat at its last price, nothing traded. */
export function flatDayStats(closeTicks: bigint): DayStats {
  return { openTicks: closeTicks, highTicks: closeTicks, lowTicks: closeTicks, closeTicks, volumeLots: 0n, tradeCount: 0 };
}

/** An integer count of 10^-fromScale as a decimal string of `toScale` places, truncated. */
export function formatRescaled(units: bigint, fromScale: number, toScale: number): string {
  return formatUnits(rescaleUnits(units, fromScale, toScale, 'down'), toScale);
}

/** The change from open to close in basis points (1/100 of a percent), truncated toward zero. */
export function changeBasisPoints(openTicks: bigint, closeTicks: bigint): bigint {
  if (openTicks === 0n) return 0n;
  return ((closeTicks - openTicks) * 10_000n) / openTicks;
}

/** Basis points as a percentage with two decimals: -1234 -> "-12.34". */
export function formatBasisPoints(basisPoints: bigint): string {
  const magnitude = basisPoints < 0n ? -basisPoints : basisPoints;
  const text = formatUnits(magnitude, 2);
  return basisPoints < 0n ? `-${text}` : text;
}

/** The day volume valued at the close, in quote units of scale pricePrecision + volumePrecision. */
export function turnoverUnits(stats: DayStats): bigint {
  return stats.volumeLots * stats.closeTicks;
}

export function buildQuote(symbolId: number, stats: DayStats, source: Precisions, target: Precisions, timeMs: number): Quote {
  const price = (ticks: bigint) => formatRescaled(ticks, source.pricePrecision, target.pricePrecision);
  return {
    id: symbolId,
    c: price(stats.closeTicks),
    dl: price(stats.lowTicks),
    dh: price(stats.highTicks),
    dv: formatRescaled(stats.volumeLots, source.volumePrecision, target.volumePrecision),
    ds: price(stats.openTicks),
    t: timeMs,
    changePercent: formatBasisPoints(changeBasisPoints(stats.openTicks, stats.closeTicks)),
    turnover: formatRescaled(turnoverUnits(stats), source.pricePrecision + source.volumePrecision, target.pricePrecision),
  };
}
