/**
 * Conversions between the book's integers and the ledger's units, and fees. A symbol prices its
 * base currency in ticks of 10^-pricePrecision quote and sizes it in lots of 10^-volumePrecision
 * base. A trade of `lots` at `ticks` is worth ticks x lots x 10^-(pricePrecision+volumePrecision)
 * quote; when the quote currency's scale cannot hold that exactly, the payer's side rounds up
 * and the receiver's side rounds down, and the difference goes to the fee account: the house
 * never pays for rounding and a user never gains from it.
 */
import { divideUnits, mulDivUnits, assertUnitsInRange, type Rounding } from '../../src/shared/money';

export interface MarketScales {
  pricePrecision: number;
  volumePrecision: number;
  baseScale: number;
  quoteScale: number;
}

/** Parts per million: fee rates are integers so that fees are exact. */
export const PPM = 1_000_000n;

export function assertMarketScales(scales: MarketScales): void {
  if (scales.volumePrecision > scales.baseScale) throw new Error('volume precision finer than the base currency');
  if (scales.pricePrecision < 0 || scales.volumePrecision < 0) throw new Error('negative precision');
}

/** Base units of a number of lots (exact: a lot is a whole number of base units). */
export function lotsToBaseUnits(lots: bigint, scales: MarketScales): bigint {
  return assertUnitsInRange(lots * 10n ** BigInt(scales.baseScale - scales.volumePrecision));
}

/** Lots in an amount of base units, rounded down (a remainder below one lot cannot be traded). */
export function baseUnitsToLots(units: bigint, scales: MarketScales): bigint {
  return divideUnits(units, 10n ** BigInt(scales.baseScale - scales.volumePrecision), 'down');
}

/** The quote value of `lots` at `ticks`, in quote units, with the given rounding. */
export function notionalQuoteUnits(ticks: bigint, lots: bigint, scales: MarketScales, rounding: Rounding): bigint {
  const exponent = scales.quoteScale - scales.pricePrecision - scales.volumePrecision;
  if (exponent >= 0) return assertUnitsInRange(ticks * lots * 10n ** BigInt(exponent));
  return mulDivUnits(ticks, lots, 10n ** BigInt(-exponent), rounding);
}

/**
 * How many ticks x lots a quote budget buys: the inverse of notionalQuoteUnits, rounded down so
 * that a market buy never spends more than it holds.
 */
export function quoteUnitsToNotional(units: bigint, scales: MarketScales): bigint {
  const exponent = scales.quoteScale - scales.pricePrecision - scales.volumePrecision;
  if (exponent >= 0) return divideUnits(units, 10n ** BigInt(exponent), 'down');
  return assertUnitsInRange(units * 10n ** BigInt(-exponent));
}

/** A fee on an amount, rounded up: a fee never rounds in the user's favour. */
export function feeUnits(amountUnits: bigint, ratePpm: bigint): bigint {
  if (ratePpm < 0n || amountUnits < 0n) throw new Error('fees are taken on positive amounts at non-negative rates');
  return mulDivUnits(amountUnits, ratePpm, PPM, 'up');
}

export interface TradeSettlement {
  /** What the buyer pays in quote units (rounded up). */
  buyerPaysQuote: bigint;
  /** What the seller receives in quote units before its fee (rounded down). */
  sellerGetsQuote: bigint;
  /** Base units that change hands. */
  baseUnits: bigint;
  /** The rounding difference, credited to the fee account. */
  roundingQuote: bigint;
}

export function settleTrade(ticks: bigint, lots: bigint, scales: MarketScales): TradeSettlement {
  const buyerPaysQuote = notionalQuoteUnits(ticks, lots, scales, 'up');
  const sellerGetsQuote = notionalQuoteUnits(ticks, lots, scales, 'down');
  return { buyerPaysQuote, sellerGetsQuote, baseUnits: lotsToBaseUnits(lots, scales), roundingQuote: buyerPaysQuote - sellerGetsQuote };
}
