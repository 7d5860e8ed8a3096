/**
 * Convert rules. The house (systemOwner('house')) is the other side of every convert: it pays out
 * of its own inventory at a price set from the market's index price (server/prices), which one
 * user's orders cannot move, less the house's spread. The book only bounds the quote: each leg
 * gets the worse for the user of the index and of a walk of the book without the user's own
 * orders, so that a quote is never better than what the book would give (the house could hedge
 * there) nor better than the index, and an amount the book could only take far from the index
 * (more than BOOK_DEVIATION_MAX_PPM away) is refused. What the user receives is rounded down; the
 * quote holds for QUOTE_VALIDITY_MS by the server's clock.
 *
 * Creating a convert is one piece of a group commit: the quote is checked and marked used, the
 * user's spot wallet pays `from` and receives `to`, and the order row is written, together or not
 * at all. The house's accounts have a floor (its inventory: server/ledger/ledger.ts,
 * SYSTEM_ACCOUNT_FLOORS): a convert that would take the house below it is refused
 * (platformLimitReached), never paid from nothing. A user account never goes negative either:
 * both debits are guarded in the statement that applies them.
 */
import crypto from 'node:crypto';
import type { AppContext } from '../../context';
import { BOOK_WALK_LEVELS_MAX } from '../../engine/engine';
import type { TypedEvents } from '../../engine/events';
import type { DepthSnapshot, EngineEvents, MarketSymbol } from '../../engine/types';
import { parsePositiveUnits } from '../../core/amounts';
import { refuse } from './errors';
import type { SessionUser } from '../../core/viewer';
import { postTransaction, systemOwner, userOwner, type Posting } from '../../ledger/ledger';
import { PPM } from '../../engine/amounts';
import type { IndexPrice } from '../../prices/index-price';
import { divideUnits, formatUnits, parseUnits, UNITS_MAX, type Rounding } from '../../../src/shared/money';
import { LIST_PAGE_MAX } from '../../../src/shared/constants';
import {
  CONVERT_RATE_DECIMALS,
  type ConvertOrder,
  type ConvertPair,
  type ConvertPairs,
  type ConvertQuote,
  type ConvertQuoteInput,
} from '../../../src/shared/api/convert';
import { createNotifications, TRADING_NOTIFICATION_TYPE } from '../notification/service';
import * as repo from './repo';

/** How long a quote holds: long enough to read and confirm, short enough that the book barely moves. */
export const QUOTE_VALIDITY_MS = 10_000;
/** The house's spread, taken from what the user receives: 0.2%. */
export const SPREAD_PPM = 2_000n;
/** How far below the index a leg's book walk may price an amount before the quote is refused: 3 %. */
export const BOOK_DEVIATION_MAX_PPM = 30_000n;
/** Currency that links two currencies without a common symbol (ETH -> USDT -> SOL). */
export const ROUTE_HUB_CURRENCY = 'USDT';
/**
 * Expired, unused quotes are kept this long so that a late create still hears quoteExpired rather
 * than quoteNotFound; after that they are deleted when the user asks for a new quote.
 */
const EXPIRED_QUOTE_KEEP_MS = 10 * 60_000;
const HISTORY_PAGE_DEFAULT = 20;

/** What convert needs of the engine: its symbols, books, a user's open orders and balance events. */
export interface ConvertMarket {
  symbols(): MarketSymbol[];
  /** The holder's book, wherever this instance is (server/cluster). */
  bookDepth(symbolId: number, levelsMax: number): Promise<DepthSnapshot>;
  activeOrders(userId: number, symbolId?: number): Promise<{ side: 'buy' | 'sell'; price: string | null; quantity: string | null; filledQuantity: string }[]>;
  readonly events: Pick<TypedEvents<EngineEvents>, 'emit'>;
}

/** Where convert reads a market's index price. */
export interface ConvertPrices {
  current(symbolId: number): IndexPrice | undefined;
}

/** One step of a route: `buy` pays the symbol's quote currency for its base, `sell` the reverse. */
export interface RouteLeg {
  symbol: MarketSymbol;
  side: 'buy' | 'sell';
}

/** Exchange symbols the viewer may trade: test-only ones only for test-enabled accounts. */
function visibleSymbols(market: ConvertMarket, viewer: SessionUser | null): MarketSymbol[] {
  const testEnabled = viewer?.testEnabled === true;
  return market.symbols().filter((symbol) => testEnabled || !symbol.testOnly);
}

function directLeg(symbols: MarketSymbol[], from: string, to: string): RouteLeg | undefined {
  for (const symbol of symbols) {
    if (symbol.quoteSymbol === from && symbol.baseSymbol === to) return { symbol, side: 'buy' };
    if (symbol.baseSymbol === from && symbol.quoteSymbol === to) return { symbol, side: 'sell' };
  }
  return undefined;
}

/** A direct symbol when there is one, else two legs through the hub currency. */
export function findRoute(symbols: MarketSymbol[], from: string, to: string): RouteLeg[] | undefined {
  if (from === to) return undefined;
  const direct = directLeg(symbols, from, to);
  if (direct) return [direct];
  if (from === ROUTE_HUB_CURRENCY || to === ROUTE_HUB_CURRENCY) return undefined;
  const first = directLeg(symbols, from, ROUTE_HUB_CURRENCY);
  const second = directLeg(symbols, ROUTE_HUB_CURRENCY, to);
  return first && second ? [first, second] : undefined;
}

interface Level {
  priceTicks: bigint;
  baseUnits: bigint;
}

function parseLevels(levels: [string, string][], symbol: MarketSymbol): Level[] {
  return levels.map(([price, quantity]) => ({ priceTicks: parseUnits(price, symbol.pricePrecision), baseUnits: parseUnits(quantity, symbol.baseScale) }));
}

/**
 * Base units that `quoteUnits` buys from the asks, best first, rounded down; undefined when the
 * asks run out first. A trade of b base units at p ticks costs p*b*10^quoteScale / 10^(pricePrecision+baseScale)
 * quote units; the walk keeps the budget multiplied by that denominator so that it stays exact.
 */
export function walkAsks(asks: Level[], symbol: MarketSymbol, quoteUnits: bigint): bigint | undefined {
  const quoteFactor = 10n ** BigInt(symbol.quoteScale);
  let budgetScaled = quoteUnits * 10n ** BigInt(symbol.pricePrecision + symbol.baseScale);
  let baseUnits = 0n;
  for (const level of asks) {
    const levelCostScaled = level.priceTicks * level.baseUnits * quoteFactor;
    if (budgetScaled <= levelCostScaled) return baseUnits + budgetScaled / (level.priceTicks * quoteFactor);
    baseUnits += level.baseUnits;
    budgetScaled -= levelCostScaled;
  }
  return undefined;
}

/** Quote units that selling `baseUnits` to the bids, best first, brings, rounded down; undefined when the bids run out first. */
export function walkBids(bids: Level[], symbol: MarketSymbol, baseUnits: bigint): bigint | undefined {
  let remainingUnits = baseUnits;
  let proceedsScaled = 0n;
  for (const level of bids) {
    const takenUnits = remainingUnits < level.baseUnits ? remainingUnits : level.baseUnits;
    proceedsScaled += level.priceTicks * takenUnits;
    remainingUnits -= takenUnits;
    if (remainingUnits === 0n) return (proceedsScaled * 10n ** BigInt(symbol.quoteScale)) / 10n ** BigInt(symbol.pricePrecision + symbol.baseScale);
  }
  return undefined;
}

/** Units a leg brings at the index price, rounded down (the walks' arithmetic at one level). */
export function legAtIndex(leg: RouteLeg, indexTicks: bigint, units: bigint): bigint {
  const { symbol } = leg;
  const gridFactor = 10n ** BigInt(symbol.pricePrecision + symbol.baseScale);
  const quoteFactor = 10n ** BigInt(symbol.quoteScale);
  return leg.side === 'buy' ? (units * gridFactor) / (indexTicks * quoteFactor) : (units * indexTicks * quoteFactor) / gridFactor;
}

/** The book's levels without the user's own resting orders: nobody prices a convert against themselves. */
export function withoutOwnOrders(levels: Level[], own: { priceTicks: bigint; baseUnits: bigint }[]): Level[] {
  const ownByPrice = new Map<bigint, bigint>();
  for (const order of own) ownByPrice.set(order.priceTicks, (ownByPrice.get(order.priceTicks) ?? 0n) + order.baseUnits);
  return levels
    .map((level) => ({ priceTicks: level.priceTicks, baseUnits: level.baseUnits - (ownByPrice.get(level.priceTicks) ?? 0n) }))
    .filter((level) => level.baseUnits > 0n);
}

async function ownRestingOrders(market: ConvertMarket, userId: number, leg: RouteLeg): Promise<{ priceTicks: bigint; baseUnits: bigint }[]> {
  // Buying walks the asks, where the user's own sells rest; selling walks the bids.
  const bookSide = leg.side === 'buy' ? 'sell' : 'buy';
  const orders = await market.activeOrders(userId, leg.symbol.id);
  return orders
    .filter((order) => order.side === bookSide && order.price !== null && order.quantity !== null)
    .map((order) => ({
      priceTicks: parseUnits(order.price!, leg.symbol.pricePrecision),
      baseUnits: parseUnits(order.quantity!, leg.symbol.baseScale) - parseUnits(order.filledQuantity, leg.symbol.baseScale),
    }));
}

/**
 * What `fromUnits` brings along the route before the spread: per leg the worse for the user of
 * the index price and the book without the user's orders. Refuses when a market has no index,
 * its book is too thin, or the book would take the amount only far from the index.
 */
async function priceRoute(market: ConvertMarket, prices: ConvertPrices, userId: number, route: RouteLeg[], fromUnits: bigint): Promise<bigint> {
  let units = fromUnits;
  for (const leg of route) {
    const index = prices.current(leg.symbol.id);
    if (!index) refuse('indexUnavailable');
    const atIndex = legAtIndex(leg, index.priceTicks, units);
    const depth = await market.bookDepth(leg.symbol.id, BOOK_WALK_LEVELS_MAX);
    const own = await ownRestingOrders(market, userId, leg);
    const onBook = leg.side === 'buy'
      ? walkAsks(withoutOwnOrders(parseLevels(depth.asks, leg.symbol), own), leg.symbol, units)
      : walkBids(withoutOwnOrders(parseLevels(depth.bids, leg.symbol), own), leg.symbol, units);
    if (onBook === undefined) refuse('noLiquidity');
    if (onBook * PPM < atIndex * (PPM - BOOK_DEVIATION_MAX_PPM)) refuse('noLiquidity');
    units = onBook < atIndex ? onBook : atIndex;
  }
  return units;
}

/** numerator / denominator as a decimal of CONVERT_RATE_DECIMALS places, each amount in its own scale. */
function rate(numeratorUnits: bigint, numeratorScale: number, denominatorUnits: bigint, denominatorScale: number, rounding: Rounding): string {
  const scaled = divideUnits(
    numeratorUnits * 10n ** BigInt(denominatorScale + CONVERT_RATE_DECIMALS),
    denominatorUnits * 10n ** BigInt(numeratorScale),
    rounding,
  );
  return formatUnits(scaled, CONVERT_RATE_DECIMALS);
}

interface Amounts {
  fromCurrency: string;
  toCurrency: string;
  fromUnits: bigint;
  toUnits: bigint;
}

/** The user's rate rounded down and its inverse rounded up: neither shows a better deal than the amounts. */
function rates(amounts: Amounts, scales: Map<string, number>): { price: string; inversePrice: string } {
  const fromScale = scaleOf(scales, amounts.fromCurrency);
  const toScale = scaleOf(scales, amounts.toCurrency);
  return {
    price: rate(amounts.toUnits, toScale, amounts.fromUnits, fromScale, 'down'),
    inversePrice: rate(amounts.fromUnits, fromScale, amounts.toUnits, toScale, 'up'),
  };
}

function scaleOf(scales: Map<string, number>, currency: string): number {
  const scale = scales.get(currency);
  if (scale === undefined) throw new Error(`currency ${currency} has no scale`);
  return scale;
}

async function currencyScales(context: AppContext): Promise<Map<string, number>> {
  return new Map((await repo.listCurrencies(context.db)).map((currency) => [currency.code, currency.scale]));
}

export async function createQuote(context: AppContext, market: ConvertMarket, prices: ConvertPrices, viewer: SessionUser, input: ConvertQuoteInput): Promise<ConvertQuote> {
  const scales = await currencyScales(context);
  const fromScale = scales.get(input.from);
  if (fromScale === undefined || !scales.has(input.to)) refuse('unknownCurrency');
  const route = findRoute(visibleSymbols(market, viewer), input.from, input.to);
  if (!route) refuse('pairNotSupported');
  const fromUnits = parsePositiveUnits(input.amount, fromScale);
  const grossUnits = await priceRoute(market, prices, viewer.id, route, fromUnits);
  // The spread comes off what the user receives, rounded down: the house never pays for rounding.
  const toUnits = divideUnits(grossUnits * (PPM - SPREAD_PPM), PPM, 'down');
  if (toUnits <= 0n) refuse('amountTooSmall');
  if (toUnits > UNITS_MAX) refuse('amountTooLarge');

  const amounts: Amounts = { fromCurrency: input.from, toCurrency: input.to, fromUnits, toUnits };
  const { price, inversePrice } = rates(amounts, scales);
  const quoteId = crypto.randomBytes(16).toString('base64url');
  const now = context.now();
  const expiresAt = now + QUOTE_VALIDITY_MS;
  await context.commits.run(async (trx) => {
    await repo.deleteStaleQuotes(trx, viewer.id, now - EXPIRED_QUOTE_KEEP_MS);
    await repo.insertQuote(trx, { id: quoteId, userId: viewer.id, ...amounts, price, createdAt: now, expiresAt });
  });
  return {
    quoteId,
    from: input.from,
    to: input.to,
    fromAmount: formatUnits(fromUnits, fromScale),
    toAmount: formatUnits(toUnits, scaleOf(scales, input.to)),
    price,
    inversePrice,
    route: route.map((leg) => leg.symbol.symbol),
    expiresAt,
    validForMs: QUOTE_VALIDITY_MS,
  };
}

/** The user pays `from` to the house and receives `to` from it, both in the spot wallet. */
function convertPostings(userId: number, amounts: Amounts): Posting[] {
  const user = userOwner(userId);
  const house = systemOwner('house');
  return [
    { account: { owner: user, wallet: 'spot', currency: amounts.fromCurrency }, amountUnits: -amounts.fromUnits },
    { account: { owner: house, wallet: 'system', currency: amounts.fromCurrency }, amountUnits: amounts.fromUnits },
    { account: { owner: house, wallet: 'system', currency: amounts.toCurrency }, amountUnits: -amounts.toUnits },
    { account: { owner: user, wallet: 'spot', currency: amounts.toCurrency }, amountUnits: amounts.toUnits },
  ];
}

function orderView(order: repo.OrderRow, scales: Map<string, number>): ConvertOrder {
  return {
    id: order.id,
    from: order.fromCurrency,
    to: order.toCurrency,
    fromAmount: formatUnits(order.fromUnits, scaleOf(scales, order.fromCurrency)),
    toAmount: formatUnits(order.toUnits, scaleOf(scales, order.toCurrency)),
    ...rates(order, scales),
    createdAt: order.createdAt,
  };
}

/**
 * Converts at a quote's amounts. The quote must be the user's (another user's quote is answered
 * exactly like an unknown one, so ids cannot be probed), unexpired by the server's clock and
 * unused. A quote already used answers the order it made and moves nothing: the quote id is the
 * call's idempotency key, and convert_orders.quote_id is unique besides.
 */
export async function createOrder(context: AppContext, market: ConvertMarket, userId: number, quoteId: string): Promise<ConvertOrder> {
  const scales = await currencyScales(context);
  const { order, replayed } = await context.commits.run(async (trx) => {
    const quote = await repo.findQuote(trx, quoteId);
    if (!quote || quote.userId !== userId) refuse('quoteNotFound');
    if (quote.usedAt !== null) {
      const previous = await repo.findOrderByQuote(trx, userId, quoteId);
      if (!previous) throw new Error(`convert quote ${quoteId} is used but made no order`);
      return { order: previous, replayed: true };
    }
    const now = context.now();
    if (now >= quote.expiresAt) refuse('quoteExpired');
    // Pieces of a group commit run one after another, so nothing can use the quote in between.
    if (!(await repo.markQuoteUsed(trx, quoteId, now))) throw new Error(`convert quote ${quoteId} was used concurrently`);
    await postTransaction(trx, { kind: 'convert', owner: userOwner(userId), memo: quoteId, now, postings: convertPostings(userId, quote) });
    const fields = { userId, quoteId, fromCurrency: quote.fromCurrency, toCurrency: quote.toCurrency, fromUnits: quote.fromUnits, toUnits: quote.toUnits, price: quote.price, createdAt: now };
    const made = { id: await repo.insertOrder(trx, fields), ...fields };
    // The result in the notification centre, in the same piece: no convert without its notice.
    const view = orderView(made, scales);
    await createNotifications(
      trx,
      [{ userId, type: TRADING_NOTIFICATION_TYPE.convertCompleted, params: { fromAmount: view.fromAmount, from: view.from, toAmount: view.toAmount, to: view.to } }],
      now,
    );
    return { order: made, replayed: false };
  });
  // Published after the commit, like the engine's own balance events, for the user's private channel.
  if (!replayed) market.events.emit('balance', { userId, currencies: [order.fromCurrency, order.toCurrency] });
  return orderView(order, scales);
}

export async function history(context: AppContext, userId: number, page: { offset?: number; limit?: number }): Promise<{ total: number; list: ConvertOrder[] }> {
  const limit = Math.min(page.limit ?? HISTORY_PAGE_DEFAULT, LIST_PAGE_MAX);
  const [scales, orders] = await Promise.all([currencyScales(context), repo.listOrders(context.db, userId, { offset: page.offset ?? 0, limit })]);
  return { total: orders.total, list: orders.list.map((order) => orderView(order, scales)) };
}

/** Indicative prices from the index with the spread applied, rounded against the user; null without an index. */
function pairOf(prices: ConvertPrices, symbol: MarketSymbol): ConvertPair {
  const indexTicks = prices.current(symbol.id)?.priceTicks ?? null;
  return {
    symbol: symbol.symbol,
    base: symbol.baseSymbol,
    quote: symbol.quoteSymbol,
    buyPrice: indexTicks === null ? null : formatUnits(divideUnits(indexTicks * PPM, PPM - SPREAD_PPM, 'up'), symbol.pricePrecision),
    sellPrice: indexTicks === null ? null : formatUnits(divideUnits(indexTicks * (PPM - SPREAD_PPM), PPM, 'down'), symbol.pricePrecision),
  };
}

export async function pairs(context: AppContext, market: ConvertMarket, prices: ConvertPrices, viewer: SessionUser | null): Promise<ConvertPairs> {
  const symbols = visibleSymbols(market, viewer);
  const used = new Set(symbols.flatMap((symbol) => [symbol.baseSymbol, symbol.quoteSymbol]));
  const currencies = (await repo.listCurrencies(context.db)).filter((currency) => used.has(currency.code));
  return {
    spread: formatUnits(SPREAD_PPM, 6).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
    validForMs: QUOTE_VALIDITY_MS,
    currencies,
    pairs: symbols.map((symbol) => pairOf(prices, symbol)),
  };
}
