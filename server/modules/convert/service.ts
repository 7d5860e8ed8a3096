/**
 * Convert rules. A quote prices an amount by walking the live order book (so a large convert
 * gets a worse price than the best bid or ask), takes the house's spread and rounds what the
 * user receives down; it holds for QUOTE_VALIDITY_MS by the server's clock. Creating a convert
 * is one piece of a group commit: the quote is checked and marked used, the user's spot wallet
 * pays `from` and receives `to`, and the order row is written, together or not at all.
 *
 * The other side of every convert is the house (systemOwner('house')): it takes the opposite
 * position at the quoted price instead of trading on the book, so its accounts may go negative
 * in a currency it has paid out more of than it took in. That is by design for a system
 * account; the audit allows it, and hedging the house's position on the book is left to a later
 * issue. A user account never goes negative: the debit is guarded in the statement that applies it.
 */
import crypto from 'node:crypto';
import type { AppContext } from '../../context';
import { DEPTH_LEVELS_MAX } from '../../engine/engine';
import type { TypedEvents } from '../../engine/events';
import type { DepthSnapshot, EngineEvents, MarketSymbol } from '../../engine/types';
import { parsePositiveUnits } from '../../http/amounts';
import { refuse } from '../../http/errors';
import type { SessionUser } from '../../http/types';
import { postTransaction, systemOwner, userOwner, type Posting } from '../../ledger/ledger';
import { PPM } from '../../engine/amounts';
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
import * as repo from './repo';

/** How long a quote holds: long enough to read and confirm, short enough that the book barely moves. */
export const QUOTE_VALIDITY_MS = 10_000;
/** The house's spread, taken from what the user receives: 0.2%. */
export const SPREAD_PPM = 2_000n;
/** Currency that links two currencies without a common symbol (ETH -> USDT -> SOL). */
export const ROUTE_HUB_CURRENCY = 'USDT';
/**
 * Expired, unused quotes are kept this long so that a late create still hears quoteExpired rather
 * than quoteNotFound; after that they are deleted when the user asks for a new quote.
 */
const EXPIRED_QUOTE_KEEP_MS = 10 * 60_000;
const HISTORY_PAGE_DEFAULT = 20;

/** What convert needs of the engine: its symbols, books and balance events. */
export interface ConvertMarket {
  symbols(): MarketSymbol[];
  depth(symbolId: number, levelsMax: number): DepthSnapshot;
  bestPrices(symbolId: number): { bid: string | null; ask: string | null };
  readonly events: Pick<TypedEvents<EngineEvents>, 'emit'>;
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

/** What `fromUnits` brings along the route before the spread; undefined when a book is too thin. */
function priceRoute(market: ConvertMarket, route: RouteLeg[], fromUnits: bigint): bigint | undefined {
  let units: bigint | undefined = fromUnits;
  for (const leg of route) {
    if (units === undefined) return undefined;
    const depth = market.depth(leg.symbol.id, DEPTH_LEVELS_MAX);
    units = leg.side === 'buy'
      ? walkAsks(parseLevels(depth.asks, leg.symbol), leg.symbol, units)
      : walkBids(parseLevels(depth.bids, leg.symbol), leg.symbol, units);
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

export async function createQuote(context: AppContext, market: ConvertMarket, viewer: SessionUser, input: ConvertQuoteInput): Promise<ConvertQuote> {
  const scales = await currencyScales(context);
  const fromScale = scales.get(input.from);
  if (fromScale === undefined || !scales.has(input.to)) refuse('unknownCurrency');
  const route = findRoute(visibleSymbols(market, viewer), input.from, input.to);
  if (!route) refuse('pairNotSupported');
  const fromUnits = parsePositiveUnits(input.amount, fromScale);
  const grossUnits = priceRoute(market, route, fromUnits);
  if (grossUnits === undefined) refuse('noLiquidity');
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
    return { order: { id: await repo.insertOrder(trx, fields), ...fields }, replayed: false };
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

/** Indicative prices from the best bid and ask with the spread applied, rounded against the user. */
function pairOf(market: ConvertMarket, symbol: MarketSymbol): ConvertPair {
  const best = market.bestPrices(symbol.id);
  const ticks = (price: string | null) => (price === null ? null : parseUnits(price, symbol.pricePrecision));
  const askTicks = ticks(best.ask);
  const bidTicks = ticks(best.bid);
  return {
    symbol: symbol.symbol,
    base: symbol.baseSymbol,
    quote: symbol.quoteSymbol,
    buyPrice: askTicks === null ? null : formatUnits(divideUnits(askTicks * PPM, PPM - SPREAD_PPM, 'up'), symbol.pricePrecision),
    sellPrice: bidTicks === null ? null : formatUnits(divideUnits(bidTicks * (PPM - SPREAD_PPM), PPM, 'down'), symbol.pricePrecision),
  };
}

export async function pairs(context: AppContext, market: ConvertMarket, viewer: SessionUser | null): Promise<ConvertPairs> {
  const symbols = visibleSymbols(market, viewer);
  const used = new Set(symbols.flatMap((symbol) => [symbol.baseSymbol, symbol.quoteSymbol]));
  const currencies = (await repo.listCurrencies(context.db)).filter((currency) => used.has(currency.code));
  return {
    spread: formatUnits(SPREAD_PPM, 6).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
    validForMs: QUOTE_VALIDITY_MS,
    currencies,
    pairs: symbols.map((symbol) => pairOf(market, symbol)),
  };
}
