/**
 * Rankings of the exchange market over the last 24 hours: gainers and losers by change, volume
 * by turnover valued in USDT (a pair quoted in another currency is converted at the close of
 * that currency's USDT pair, and left out when there is none), and the most traded symbols by
 * trade count. The home symbols are the highlighted (prompted) ones of every market.
 */
import { RANKING_SIZE, type HomeSymbol, type MarketSymbol, type Ranks, type SymbolWithQuote } from '../../../src/shared/api/market';
import { SYMBOL_TYPE } from '../../../src/shared/constants';
import type { AppContext } from '../../context';
import { changeBasisPoints, turnoverUnits } from '../../engine/quotes';
import type { SessionUser } from '../../core/viewer';
import { loadMarketView, quoteSymbols, type MarketView, type QuotedSymbol } from './service';

const USDT = 'USDT';
/** Turnovers are compared as integers of 10^-VALUE_SCALE USDT: above any product of two precisions. */
const VALUE_SCALE = 40;

function withQuote(entry: QuotedSymbol): SymbolWithQuote {
  return { ...entry.symbol, quote: entry.quote };
}

function compareBigint(left: bigint, right: bigint): number {
  return left === right ? 0 : left < right ? -1 : 1;
}

function changeOf(entry: QuotedSymbol): bigint {
  return changeBasisPoints(entry.stats.openTicks, entry.stats.closeTicks);
}

/** An entry's turnover in units of 10^-VALUE_SCALE USDT, or undefined when it has no USDT price. */
function usdtValue(entry: QuotedSymbol, bySymbol: ReadonlyMap<string, QuotedSymbol>): bigint | undefined {
  const scale = entry.source.pricePrecision + entry.source.volumePrecision;
  let units = turnoverUnits(entry.stats);
  let unitsScale = scale;
  if (entry.symbol.quoteSymbol !== USDT) {
    const bridge = bySymbol.get(`${entry.symbol.quoteSymbol}_${USDT}`);
    if (!bridge) return undefined;
    units *= bridge.stats.closeTicks;
    unitsScale += bridge.source.pricePrecision;
  }
  return units * 10n ** BigInt(VALUE_SCALE - unitsScale);
}

export interface MarketRanks extends Ranks {
  /** The most traded exchange symbols of the day. */
  mostTraded: SymbolWithQuote[];
}

export async function marketRanks(context: AppContext, view: MarketView): Promise<MarketRanks> {
  const exchange = view.visible.filter((item) => item.type === SYMBOL_TYPE.exchange);
  const entries = [...(await quoteSymbols(context, view, exchange)).values()];
  const byId = (left: QuotedSymbol, right: QuotedSymbol) => left.symbol.id - right.symbol.id;
  const gainers = [...entries].sort((left, right) => compareBigint(changeOf(right), changeOf(left)) || byId(left, right));
  const losers = [...entries].sort((left, right) => compareBigint(changeOf(left), changeOf(right)) || byId(left, right));
  const bySymbol = new Map(entries.map((entry) => [entry.symbol.symbol, entry]));
  const valued = entries.flatMap((entry) => {
    const value = usdtValue(entry, bySymbol);
    return value === undefined ? [] : [{ entry, value }];
  });
  valued.sort((left, right) => compareBigint(right.value, left.value) || byId(left.entry, right.entry));
  const mostTraded = entries
    .filter((entry) => entry.stats.tradeCount > 0)
    .sort((left, right) => right.stats.tradeCount - left.stats.tradeCount || byId(left, right));
  return {
    gainers: gainers.slice(0, RANKING_SIZE).map(withQuote),
    losers: losers.slice(0, RANKING_SIZE).map(withQuote),
    volume: valued.slice(0, RANKING_SIZE).map(({ entry }) => withQuote(entry)),
    mostTraded: mostTraded.slice(0, RANKING_SIZE).map(withQuote),
  };
}

/** The highlighted symbols of every market with their quotes (null before a first trade). */
export async function homeSymbols(context: AppContext, view: MarketView): Promise<HomeSymbol[]> {
  const prompted = view.visible.filter((item: MarketSymbol) => item.prompted);
  const quoted = await quoteSymbols(context, view, prompted);
  return prompted.map((symbol) => ({ ...symbol, quote: quoted.get(symbol.id)?.quote ?? null }));
}

/** GET /quotation/rankings: `data.data.symbols` holds the home symbols keyed by id (spec 7). */
export async function rankings(context: AppContext, viewer: SessionUser | null): Promise<{ data: Ranks & { symbols: Record<string, HomeSymbol> } }> {
  const view = await loadMarketView(context.db, viewer);
  const [ranks, symbols] = await Promise.all([marketRanks(context, view), homeSymbols(context, view)]);
  return {
    data: {
      symbols: Object.fromEntries(symbols.map((symbol) => [String(symbol.id), symbol])),
      gainers: ranks.gainers,
      losers: ranks.losers,
      volume: ranks.volume,
    },
  };
}
