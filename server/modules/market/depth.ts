/**
 * A book snapshot shown at another symbol's precisions: a futures or binary-option symbol follows
 * the book of the exchange symbol of the same name, but may price in coarser ticks. Levels that
 * fall on the same coarser price merge (bids round down, asks round up, so a shown level is never
 * better than what the book offers) and quantities are truncated to the coarser lot.
 */
import type { Depth } from '../../../src/shared/api/market';
import { formatUnits, parseUnits, rescaleUnits } from '../../../src/shared/money';
import { formatRescaled, type Precisions } from '../../engine/quotes';
import type { DepthSnapshot } from '../../engine/types';

type Level = [price: string, quantity: string];

function regroupSide(levels: readonly Level[], rounding: 'down' | 'up', source: Precisions, target: Precisions): Level[] {
  const merged: { priceUnits: bigint; lots: bigint }[] = [];
  for (const [price, quantity] of levels) {
    const priceUnits = rescaleUnits(parseUnits(price, source.pricePrecision), source.pricePrecision, target.pricePrecision, rounding);
    const lots = parseUnits(quantity, source.volumePrecision);
    // Levels arrive best first and rounding keeps their order, so equal prices are neighbours.
    const last = merged.at(-1);
    if (last && last.priceUnits === priceUnits) last.lots += lots;
    else merged.push({ priceUnits, lots });
  }
  return merged.flatMap(({ priceUnits, lots }): Level[] => {
    const quantity = formatRescaled(lots, source.volumePrecision, target.volumePrecision);
    if (/^[0.]+$/.test(quantity)) return [];
    return [[formatUnits(priceUnits, target.pricePrecision), quantity]];
  });
}

export function regroupDepth(snapshot: DepthSnapshot, symbolId: number, source: Precisions, target: Precisions): Depth {
  const samePrecisions = source.pricePrecision === target.pricePrecision && source.volumePrecision === target.volumePrecision;
  if (samePrecisions) return { symbolId, sequence: snapshot.sequence, bids: snapshot.bids, asks: snapshot.asks };
  return {
    symbolId,
    sequence: snapshot.sequence,
    bids: regroupSide(snapshot.bids, 'down', source, target),
    asks: regroupSide(snapshot.asks, 'up', source, target),
  };
}
