/**
 * The futures page's live figures, from the positions the hub keeps and the marks of the index
 * feed, through the same arithmetic the server settles with (src/shared/futures-math.ts): a
 * position's PnL and margin ratio at the mark now, and the account's stats with them. The
 * server's stats are read when something changes; between two reads the marks move every second,
 * so what depends on the mark is worked out here instead of asked for again.
 */
import type { FuturesPosition, FuturesStats, FuturesSymbolConfig } from '../../../shared/api/futures';
import type { MarketSymbol } from '../../../shared/api/market';
import { unitsOf } from '../../../shared/decimal';
import { maintenanceMarginUnits, marginRatioPpm, parseRatePpm, pnlUnits, type FuturesTerms, type PositionTerms } from '../../../shared/futures-math';
import { formatUnits } from '../../../shared/money';

/** Decimals of the futures wallet's USDT (the currency's scale: server/seed/market.ts), in which margins and PnL count. */
export const FUTURES_MARGIN_SCALE = 6;

/** A futures symbol's terms for the math: its precisions (from the symbol list) and its rates (from futures/config). */
export function termsOf(config: FuturesSymbolConfig, symbol: Pick<MarketSymbol, 'pricePrecision' | 'volumePrecision'>): FuturesTerms {
  return {
    pricePrecision: symbol.pricePrecision,
    volumePrecision: symbol.volumePrecision,
    marginScale: FUTURES_MARGIN_SCALE,
    openFeePpm: parseRatePpm(config.openFeeRate),
    closeFeePpm: parseRatePpm(config.closeFeeRate),
    maintenancePpm: parseRatePpm(config.maintenanceMarginRate),
    spreadPpm: parseRatePpm(config.spreadRate),
  };
}

/** An open position as the math sees it; null while pending (no entry yet) or unreadable. */
export function positionTerms(position: FuturesPosition, terms: FuturesTerms): PositionTerms | null {
  if (position.status !== 'open' || position.entryPrice === null) return null;
  const entryTicks = unitsOf(position.entryPrice, terms.pricePrecision);
  const volumeSteps = unitsOf(position.volume, terms.volumePrecision);
  const marginUnits = unitsOf(position.margin, terms.marginScale);
  if (entryTicks === null || volumeSteps === null || marginUnits === null) return null;
  return { side: position.side, volumeSteps, entryTicks, marginUnits };
}

export interface LiveFigures {
  pnlUnits: bigint;
  maintenanceUnits: bigint;
  marginUnits: bigint;
}

/** An open position's PnL and maintenance margin at a mark; null when either is missing. */
export function liveFigures(position: FuturesPosition, terms: FuturesTerms, mark: string | null | undefined): LiveFigures | null {
  const held = positionTerms(position, terms);
  const markTicks = mark ? unitsOf(mark, terms.pricePrecision) : null;
  if (!held || markTicks === null) return null;
  return {
    pnlUnits: pnlUnits(terms, held, markTicks),
    maintenanceUnits: maintenanceMarginUnits(terms, held.volumeSteps, markTicks, terms.maintenancePpm),
    marginUnits: held.marginUnits,
  };
}

/** A margin ratio in ppm as a percentage with two decimals (1,000,000 ppm: "100.00"). */
export function ratioPercentText(ppm: bigint): string {
  return formatUnits(ppm / 100n, 2);
}

/** The return on the margin, in percent with two decimals, rounded towards zero. */
export function returnPercentText(figures: LiveFigures): string {
  if (figures.marginUnits <= 0n) return '0.00';
  return formatUnits((figures.pnlUnits * 10_000n) / figures.marginUnits, 2);
}

/** What the stats panel shows: the server's figures, with those that follow the mark worked out at the marks now. */
export interface LiveStats {
  available: string;
  marginInUse: string;
  unrealizedPnl: string;
  equity: string;
  /** Percent text; null without open positions. */
  marginRatio: string | null;
  todayPnl: string;
  /** Whether the mark-dependent figures are from the marks now (else from the server's last read). */
  live: boolean;
}

/**
 * The stats at the marks now: unrealised PnL, equity and margin ratio over the open positions.
 * When a position has no mark or no terms yet, the server's last figures stand.
 */
export function liveStats(stats: FuturesStats, positions: readonly FuturesPosition[], termsById: ReadonlyMap<number, FuturesTerms>, marks: ReadonlyMap<number, string | null>): LiveStats {
  const fromServer: LiveStats = {
    available: stats.available,
    marginInUse: stats.marginInUse,
    unrealizedPnl: stats.unrealizedPnl,
    equity: stats.equity,
    marginRatio: stats.marginRatio === null ? null : ratioPercentText(unitsOf(stats.marginRatio, 6) ?? 0n),
    todayPnl: stats.todayPnl,
    live: false,
  };
  let pnl = 0n;
  let maintenance = 0n;
  let held = 0n;
  for (const position of positions) {
    if (position.status !== 'open') continue;
    const terms = termsById.get(position.symbolId);
    const figures = terms ? liveFigures(position, terms, marks.get(position.symbolId)) : null;
    if (!figures) return fromServer;
    pnl += figures.pnlUnits;
    maintenance += figures.maintenanceUnits;
    held += figures.marginUnits + figures.pnlUnits;
  }
  const available = unitsOf(stats.available, FUTURES_MARGIN_SCALE);
  const inUse = unitsOf(stats.marginInUse, FUTURES_MARGIN_SCALE);
  if (available === null || inUse === null) return fromServer;
  const anyOpen = positions.some((position) => position.status === 'open');
  return {
    ...fromServer,
    unrealizedPnl: formatUnits(pnl, FUTURES_MARGIN_SCALE),
    equity: formatUnits(available + inUse + pnl, FUTURES_MARGIN_SCALE),
    marginRatio: anyOpen ? ratioPercentText(marginRatioPpm(maintenance, held)) : null,
    live: true,
  };
}
