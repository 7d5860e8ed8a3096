/**
 * The order form's rules (spec 5 and the engine's): prices carry the symbol's pricePrecision,
 * amounts its volumePrecision, the total is price x amount in the quote currency, the
 * percentage buttons take a share of the available balance (quote currency to buy, base to
 * sell), and the fee estimate uses the rates the engine would charge this user on this market
 * (GET /exchange/fees: the market's fees lowered by the user's VIP tier, both set by an operator):
 * a buyer pays its fee in the base currency it receives, a seller in the quote currency it receives.
 * Everything in bigint units, rounded the way the engine rounds (a fee up, what one can afford
 * down).
 */
import { divideUnits, formatUnits, parseUnits } from '../../../shared/money';
import type { MarketSymbol } from '../../../shared/api/market';
import { positiveUnits, unitsText } from '../../../shared/decimal';

/** A user's fee rates on a market in parts per million (800 is 0.08 %), as GET /exchange/fees answers them. */
export interface FeeRates {
  maker: bigint;
  taker: bigint;
}
const PPM = 1_000_000n;

export type OrderSide = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';

export interface OrderFormState {
  side: OrderSide;
  type: OrderType;
  price: string;
  /** Base quantity; for a market buy, the quote amount to spend. */
  amount: string;
}

export type Precisions = Pick<MarketSymbol, 'pricePrecision' | 'volumePrecision'>;

/** The scale the amount field takes: quote decimals (price precision) for a market buy, else volume precision. */
export function amountScale(state: Pick<OrderFormState, 'side' | 'type'>, symbol: Precisions): number {
  return state.type === 'market' && state.side === 'buy' ? symbol.pricePrecision : symbol.volumePrecision;
}

/** price x quantity in quote units of pricePrecision, rounded up (what a buyer pays); null when incomplete. */
export function orderTotalUnits(price: string, amount: string, symbol: Precisions): bigint | null {
  const priceUnits = positiveUnits(price, symbol.pricePrecision);
  const quantityUnits = positiveUnits(amount, symbol.volumePrecision);
  if (priceUnits === null || quantityUnits === null) return null;
  return divideUnits(priceUnits * quantityUnits, 10n ** BigInt(symbol.volumePrecision), 'up');
}

export function orderTotalText(price: string, amount: string, symbol: Precisions): string | null {
  const units = orderTotalUnits(price, amount, symbol);
  return units === null ? null : formatUnits(units, symbol.pricePrecision);
}

/**
 * Whether a limit order would trade at once (and so pay the taker rate): a buy at or above the
 * best ask, a sell at or below the best bid. A market order always takes.
 */
export function isTaker(state: Pick<OrderFormState, 'side' | 'type' | 'price'>, best: { bid: string | null; ask: string | null }, symbol: Precisions): boolean {
  if (state.type === 'market') return true;
  const price = positiveUnits(state.price, symbol.pricePrecision);
  if (price === null) return false;
  const opposite = state.side === 'buy' ? best.ask : best.bid;
  if (opposite === null) return false;
  const oppositeUnits = positiveUnits(opposite, symbol.pricePrecision);
  if (oppositeUnits === null) return false;
  return state.side === 'buy' ? price >= oppositeUnits : price <= oppositeUnits;
}

export interface FeeEstimate {
  /** The fee, rounded up, with its currency's shown decimals. */
  amount: string;
  currency: string;
  ratePpm: bigint;
  role: 'maker' | 'taker';
}

/**
 * The fee the order would pay if it filled whole: buys pay on the base quantity received,
 * sells on the quote amount received. A market buy's quantity is unknown before it fills, so
 * its fee is estimated on the quote amount at the last price when one is given. Null when the
 * form is incomplete or the rates are not known yet.
 */
export function feeEstimate(
  state: OrderFormState,
  symbol: Precisions & Pick<MarketSymbol, 'baseSymbol' | 'quoteSymbol'>,
  options: { taker: boolean; lastPrice: string | null; rates: FeeRates | null },
): FeeEstimate | null {
  if (options.rates === null) return null;
  const role = options.taker ? 'taker' : 'maker';
  const ratePpm = options.rates[role];
  const fee = (units: bigint) => divideUnits(units * ratePpm, PPM, 'up');
  if (state.side === 'buy') {
    let quantityUnits: bigint | null;
    if (state.type === 'market') {
      const spend = positiveUnits(state.amount, symbol.pricePrecision);
      const last = options.lastPrice === null ? null : positiveUnits(options.lastPrice, symbol.pricePrecision);
      quantityUnits = spend === null || last === null ? null : divideUnits(spend * 10n ** BigInt(symbol.volumePrecision), last, 'down');
    } else {
      quantityUnits = positiveUnits(state.amount, symbol.volumePrecision);
    }
    if (quantityUnits === null) return null;
    return { amount: formatUnits(fee(quantityUnits), symbol.volumePrecision), currency: symbol.baseSymbol, ratePpm, role };
  }
  const price = state.type === 'market' ? options.lastPrice : state.price;
  if (price === null) return null;
  const totalUnits = orderTotalUnits(price, state.amount, symbol);
  if (totalUnits === null) return null;
  return { amount: formatUnits(fee(totalUnits), symbol.pricePrecision), currency: symbol.quoteSymbol, ratePpm, role };
}

/** A rate in parts per million as a percent text: 800 -> "0.08". */
export function ratePercentText(ratePpm: bigint): string {
  return unitsText(ratePpm, 4);
}

/**
 * The amount field's text for a percentage of the available balance. Buying with a limit
 * price: the base quantity that share of the quote balance affords at that price (rounded
 * down); a market buy: that share of the quote balance; selling: that share of the base
 * balance. Null when it cannot be worked out (no price yet for a limit buy).
 */
export function amountForPercent(
  percent: number,
  state: Pick<OrderFormState, 'side' | 'type' | 'price'>,
  available: { base: string; quote: string },
  symbol: Precisions,
): string | null {
  const share = BigInt(Math.max(0, Math.min(100, Math.trunc(percent))));
  if (state.side === 'sell') {
    const base = availableAt(available.base, symbol.volumePrecision);
    return unitsText((base * share) / 100n, symbol.volumePrecision);
  }
  const quote = availableAt(available.quote, symbol.pricePrecision);
  const budget = (quote * share) / 100n;
  if (state.type === 'market') return unitsText(budget, symbol.pricePrecision);
  const price = positiveUnits(state.price, symbol.pricePrecision);
  if (price === null) return null;
  return unitsText(divideUnits(budget * 10n ** BigInt(symbol.volumePrecision), price, 'down'), symbol.volumePrecision);
}

/** A balance's available text cut down to `scale` decimals as units (never rounded up). */
export function availableAt(text: string, scale: number): bigint {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return 0n;
  return BigInt((match[1] ?? '0') + (match[2] ?? '').padEnd(scale, '0').slice(0, scale));
}

/** Available = balance + frozen (spec 3), as a decimal string of the given scale; "0" when unknown. */
export function availableText(balance: { balance: string; frozen: string } | undefined, scale: number): string {
  if (!balance) return formatUnits(0n, scale);
  try {
    const units = parseUnits(balance.balance, scale) + parseUnits(balance.frozen, scale);
    return formatUnits(units > 0n ? units : 0n, scale);
  } catch {
    return formatUnits(0n, scale);
  }
}

export type FormProblem = 'price' | 'amount' | null;

/** What is missing before the form can be sent. */
export function formProblem(state: OrderFormState, symbol: Precisions): FormProblem {
  if (state.type === 'limit' && positiveUnits(state.price, symbol.pricePrecision) === null) return 'price';
  if (positiveUnits(state.amount, amountScale(state, symbol)) === null) return 'amount';
  return null;
}

/** The create call's body for the form. */
export function createBody(state: OrderFormState, symbol: Pick<MarketSymbol, 'symbol'>, clientOrderId: string) {
  const amount = state.amount.replace(/\.$/, '');
  if (state.type === 'market') {
    return state.side === 'buy'
      ? { symbol: symbol.symbol, side: state.side, type: state.type, quoteAmount: amount, clientOrderId }
      : { symbol: symbol.symbol, side: state.side, type: state.type, quantity: amount, clientOrderId };
  }
  return { symbol: symbol.symbol, side: state.side, type: state.type, price: state.price.replace(/\.$/, ''), quantity: amount, clientOrderId };
}
