/**
 * Market rules: which symbols a viewer sees, where a symbol's prices come from, and the market
 * data calls. Test-only symbols are for accounts with testEnabled (spec 6); base and quote are
 * derived from the symbol (spec 3), never trusted from a second stored copy. The engine trades
 * exchange symbols only; a futures or binary-option symbol shows the candles, trades, book and
 * quote of the exchange symbol of the same name when there is one (its price source).
 */
import {
  DEPTH_LEVELS_MAX,
  KLINE_LIMIT_DEFAULT,
  KLINE_LIMIT_MAX,
  RECENT_TRADES_DEFAULT,
  RECENT_TRADES_MAX,
  type CandleTuple,
  type Depth,
  type KlineInterval,
  type MarketSymbol,
  type Quote,
  type Trade,
} from '../../../src/shared/api/market';
import { INDEX_HISTORY_SECONDS, type IndexPoint } from '../../../src/shared/api/index-price';
import { SYMBOL_TYPE } from '../../../src/shared/constants';
import { formatUnits, parseUnits } from '../../../src/shared/money';
import { isSymbolType, splitSymbol } from '../../../src/shared/symbols';
import type { AppContext } from '../../context';
import { buildQuote, flatDayStats, formatRescaled, QUOTE_WINDOW_MS, type DayStats } from '../../engine/quotes';
import type { DepthSnapshot, MarketSymbol as EngineSymbol, TradeView } from '../../engine/types';
import type { DerivedSymbol, IndexPrices } from '../../prices/index-price';
import { invalidFields } from '../../core/errors';
import { refuse } from './errors';
import type { SessionUser } from '../../core/viewer';
import type { Executor } from '../../core/executor';
import { regroupDepth } from './depth';
import * as repo from './repo';

/** What the market calls need from the engine (app.engine has it). */
export interface MarketDataEngine {
  symbol(symbolId: number): EngineSymbol | undefined;
  /** The holder's book, wherever this instance is (server/cluster). */
  bookDepth(symbolId: number, levelsMax: number): Promise<DepthSnapshot>;
  recentTrades(symbolId: number, limit: number): Promise<TradeView[]>;
}

/** Every symbol (price sources may be hidden ones) and the ones this viewer may see. */
export interface MarketView {
  all: MarketSymbol[];
  visible: MarketSymbol[];
}

export async function loadMarketView(executor: Executor, viewer: SessionUser | null): Promise<MarketView> {
  const testEnabled = viewer?.testEnabled === true;
  const all: MarketSymbol[] = [];
  for (const row of await repo.listSymbols(executor, { includeTestOnly: true })) {
    // A row of a type the product does not know is an operator's mistake: it stays off the list.
    if (!isSymbolType(row.type)) continue;
    all.push({ ...row, type: row.type, testEnabled, ...splitSymbol(row.symbol) });
  }
  return { all, visible: all.filter((item) => !item.testOnly || testEnabled) };
}

export async function symbolsForViewer(executor: Executor, viewer: SessionUser | null): Promise<MarketSymbol[]> {
  return (await loadMarketView(executor, viewer)).visible;
}

export function findVisibleSymbol(view: MarketView, symbolId: number): MarketSymbol {
  const found = view.visible.find((item) => item.id === symbolId);
  if (!found) refuse('symbolNotFound');
  return found;
}

/** The symbol whose trades price this one: itself, or the exchange symbol of the same name. */
export function priceSourceOf(view: MarketView, symbol: MarketSymbol): MarketSymbol {
  if (symbol.type === SYMBOL_TYPE.exchange) return symbol;
  return view.all.find((item) => item.type === SYMBOL_TYPE.exchange && item.symbol === symbol.symbol) ?? symbol;
}

/** The futures and binary-option symbols with a spot market of the same pair, whose index prices them (server/prices). */
export async function derivedSymbols(executor: Executor): Promise<DerivedSymbol[]> {
  const view = await loadMarketView(executor, null);
  return view.all.flatMap((symbol) => {
    const source = priceSourceOf(view, symbol);
    return source === symbol ? [] : [{ symbolId: symbol.id, indexSymbolId: source.id, pricePrecision: symbol.pricePrecision, testOnly: symbol.testOnly }];
  });
}

/** A visible symbol's index of the last INDEX_HISTORY_SECONDS (since `since` when later), one point a second. */
export async function indexHistory(
  context: AppContext,
  prices: IndexPrices,
  viewer: SessionUser | null,
  query: { id: number; since?: number | undefined },
): Promise<{ symbolId: number; points: IndexPoint[] }> {
  const symbol = findVisibleSymbol(await loadMarketView(context.db, viewer), query.id);
  const since = Math.max(query.since ?? 0, context.now() - INDEX_HISTORY_SECONDS * 1000);
  const points = prices.history(symbol.id, since).map((point) => ({ at: point.at, price: formatUnits(point.priceTicks, symbol.pricePrecision) }));
  return { symbolId: symbol.id, points };
}

export interface QuotedSymbol {
  symbol: MarketSymbol;
  source: MarketSymbol;
  stats: DayStats;
  quote: Quote;
}

/**
 * Quotes of the last 24 hours from the one-minute candles of each symbol's price source. A
 * market quiet for a day stays at its last price; one that never traded has no quote.
 */
export async function quoteSymbols(context: AppContext, view: MarketView, symbols: readonly MarketSymbol[]): Promise<Map<number, QuotedSymbol>> {
  const now = context.now();
  const sources = new Map(symbols.map((symbol) => [symbol.id, priceSourceOf(view, symbol)]));
  const sourceIds = [...new Set([...sources.values()].map((source) => source.id))];
  const stats = await repo.selectDayStats(context.db, sourceIds, now - QUOTE_WINDOW_MS);
  const quiet = sourceIds.filter((id) => !stats.has(id));
  for (const [id, closeTicks] of await repo.selectLastCloses(context.db, quiet)) stats.set(id, flatDayStats(closeTicks));
  const quoted = new Map<number, QuotedSymbol>();
  for (const symbol of symbols) {
    const source = sources.get(symbol.id) ?? symbol;
    const sourceStats = stats.get(source.id);
    if (!sourceStats) continue;
    quoted.set(symbol.id, { symbol, source, stats: sourceStats, quote: buildQuote(symbol.id, sourceStats, source, symbol, now) });
  }
  return quoted;
}

export async function klines(
  context: AppContext,
  viewer: SessionUser | null,
  input: { id: number; type: KlineInterval; from?: number; to?: number; limit?: number },
): Promise<CandleTuple[]> {
  const view = await loadMarketView(context.db, viewer);
  const symbol = findVisibleSymbol(view, input.id);
  const source = priceSourceOf(view, symbol);
  const limit = Math.min(input.limit ?? KLINE_LIMIT_DEFAULT, KLINE_LIMIT_MAX);
  const rows = await repo.selectCandles(context.db, source.id, input.type, { from: input.from, to: input.to, limit });
  const price = (ticks: bigint) => formatRescaled(ticks, source.pricePrecision, symbol.pricePrecision);
  return rows.map((row) => [
    row.openTime,
    price(row.openTicks),
    price(row.highTicks),
    price(row.lowTicks),
    price(row.closeTicks),
    formatRescaled(row.volumeLots, source.volumePrecision, symbol.volumePrecision),
  ]);
}

function reformat(text: string, fromScale: number, toScale: number): string {
  return fromScale === toScale ? text : formatRescaled(parseUnits(text, fromScale), fromScale, toScale);
}

export async function recentTrades(
  context: AppContext,
  engine: MarketDataEngine,
  viewer: SessionUser | null,
  input: { id?: number; limit?: number },
): Promise<Trade[]> {
  if (input.id === undefined) invalidFields({ id: 'required' });
  const view = await loadMarketView(context.db, viewer);
  const symbol = findVisibleSymbol(view, input.id);
  const source = priceSourceOf(view, symbol);
  if (!engine.symbol(source.id)) return [];
  const limit = Math.min(input.limit ?? RECENT_TRADES_DEFAULT, RECENT_TRADES_MAX);
  const trades = await engine.recentTrades(source.id, limit);
  return [...trades]
    .sort((left, right) => right.id - left.id)
    .map((trade) => ({
      id: trade.id,
      price: reformat(trade.price, source.pricePrecision, symbol.pricePrecision),
      quantity: reformat(trade.quantity, source.volumePrecision, symbol.volumePrecision),
      takerSide: trade.takerSide,
      time: trade.time,
    }));
}

export async function fullQuote(
  context: AppContext,
  engine: MarketDataEngine,
  viewer: SessionUser | null,
  symbolId: number,
): Promise<{ id: number; quote: Quote | null; depth: Depth; sequence: number }> {
  const view = await loadMarketView(context.db, viewer);
  const symbol = findVisibleSymbol(view, symbolId);
  const source = priceSourceOf(view, symbol);
  // The book is read before the quote: a trade in between makes the quote newer than the book,
  // never the other way round, and the socket's deltas after `sequence` bring the book level.
  const snapshot: DepthSnapshot = engine.symbol(source.id)
    ? await engine.bookDepth(source.id, DEPTH_LEVELS_MAX)
    : { symbolId: source.id, sequence: 0, bids: [], asks: [] };
  const depth = regroupDepth(snapshot, symbol.id, source, symbol);
  const quoted = await quoteSymbols(context, view, [symbol]);
  return { id: symbol.id, quote: quoted.get(symbol.id)?.quote ?? null, depth, sequence: depth.sequence };
}

/** A key of /quotation/latest: an id, or a name (BTC_USDT or BTC/USDT) of the given type. */
function symbolOfKey(view: MarketView, key: string, type: number): MarketSymbol | undefined {
  if (/^\d+$/.test(key)) return view.visible.find((item) => item.id === Number(key));
  const wanted = key.replace('/', '_').toUpperCase();
  return view.visible.find((item) => item.type === type && item.symbol.toUpperCase() === wanted);
}

export async function latestQuotes(
  context: AppContext,
  viewer: SessionUser | null,
  input: { symbols?: string[]; type?: number },
): Promise<Quote[]> {
  if (input.symbols === undefined) invalidFields({ symbols: 'required' });
  const view = await loadMarketView(context.db, viewer);
  const type = input.type ?? SYMBOL_TYPE.exchange;
  const symbols = input.symbols.flatMap((key) => symbolOfKey(view, key, type) ?? []);
  const unique = [...new Map(symbols.map((symbol) => [symbol.id, symbol])).values()];
  const quoted = await quoteSymbols(context, view, unique);
  return unique.flatMap((symbol) => quoted.get(symbol.id)?.quote ?? []);
}

/** A user's favourites that still name a symbol they can see, in the order they were added. */
export async function favouriteIds(context: AppContext, user: SessionUser): Promise<number[]> {
  const view = await loadMarketView(context.db, user);
  const visible = new Set(view.visible.map((item) => item.id));
  return (await repo.selectFavouriteIds(context.db, user.id)).filter((id) => visible.has(id));
}

export async function changeFavourite(context: AppContext, user: SessionUser, change: 'add' | 'delete', symbolId: number | undefined): Promise<number[]> {
  if (symbolId === undefined) invalidFields({ id: 'required' });
  findVisibleSymbol(await loadMarketView(context.db, user), symbolId);
  if (change === 'add') await repo.insertFavourite(context.db, user.id, symbolId, context.now());
  else await repo.deleteFavourite(context.db, user.id, symbolId);
  return favouriteIds(context, user);
}
