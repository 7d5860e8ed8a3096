/**
 * The header's pure decisions, apart from React so that unit tests read them directly: which
 * markets price the user's coins in USDT, the price lookup the valuation takes, the masked
 * amount, the unread badge's text and the name the user menu shows.
 */
import type { MarketSymbol } from '../../../shared/api/market';
import { FUTURES_USDT } from '../../../shared/constants';
import { SYMBOL_TYPE } from '../../../shared/constants';
import { isDecimalString } from '../../../shared/money';
import { pageOfPath } from '../../../shared/pages';
import type { PriceOf } from '../../../shared/valuation';

/** The currency totals are valued in, and the quote currency of the markets that price them. */
export const VALUE_CURRENCY = 'USDT';

/** What a hidden total shows: always the same length, so its size tells nothing. */
export const MASKED_AMOUNT = '******';

/** The badge shows at most this number; above it, "99+". */
export const UNREAD_BADGE_MAX = 99;

/** The currencies of balances that are not zero, upper-case, without USDT itself (worth 1). */
export function heldCurrencies(balances: readonly { currency: string; balance: string }[]): string[] {
  const held = new Set<string>();
  for (const { currency, balance } of balances) {
    const code = currency.toUpperCase();
    if (code === VALUE_CURRENCY || code === FUTURES_USDT) continue;
    if (isDecimalString(balance) && /[1-9]/.test(balance)) held.add(code);
  }
  return [...held];
}

/** The exchange (spot) market CURRENCY_USDT of a currency, if there is one. */
function usdtMarketOf(symbols: readonly MarketSymbol[], currency: string): MarketSymbol | undefined {
  return symbols.find((symbol) => symbol.type === SYMBOL_TYPE.exchange && symbol.quoteSymbol === VALUE_CURRENCY && symbol.baseSymbol === currency);
}

/** The ids of the markets whose last price values these currencies, in the currencies' order. */
export function usdtMarketIds(symbols: readonly MarketSymbol[], currencies: readonly string[]): number[] {
  const ids: number[] = [];
  for (const currency of currencies) {
    const market = usdtMarketOf(symbols, currency.toUpperCase());
    if (market) ids.push(market.id);
  }
  return ids;
}

/** The price lookup of totalAssetValue: the last price (close) of the currency's USDT market. */
export function usdtPriceOf(symbols: readonly MarketSymbol[], quotes: ReadonlyMap<number, { quote: { c: string } }>): PriceOf {
  return (currency) => {
    const market = usdtMarketOf(symbols, currency.toUpperCase());
    return market ? quotes.get(market.id)?.quote.c : undefined;
  };
}

export function maskAmount(amount: string, hidden: boolean): string {
  return hidden ? MASKED_AMOUNT : amount;
}

/** The unread badge: nothing at zero, the count up to 99, then 99+. */
export function unreadBadgeText(unread: number): string | null {
  if (!(unread > 0)) return null;
  return unread > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(unread);
}

/** Whether a menu item's page (or one below it) is the page in view; the query is left out. */
export function isCurrentPage(viewedPath: string, itemPath: string): boolean {
  const viewed = pageOfPath(viewedPath);
  const item = pageOfPath(itemPath);
  return viewed === item || (item !== '/' && viewed.startsWith(`${item}/`));
}

const decimalSeparators = new Map<string, string>();

/** The locale's decimal mark, found once per locale (a new Intl formatter costs a phone milliseconds). */
function decimalSeparator(locale: string): string {
  let decimal = decimalSeparators.get(locale);
  if (decimal === undefined) {
    decimal = new Intl.NumberFormat(locale).formatToParts(0.5).find((part) => part.type === 'decimal')?.value ?? '.';
    decimalSeparators.set(locale, decimal);
  }
  return decimal;
}

/**
 * A decimal amount with the language's digit grouping and decimal sign ("73000.040" reads
 * "73,000.040" in English, "73.000,040" in German). The digits stay exactly as given: only the
 * whole part goes through Intl, as a bigint, so nothing is rounded.
 */
export function groupDigits(amount: string, locale: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return amount;
  const [, sign = '', whole = '0', fraction] = match;
  const decimal = decimalSeparator(locale);
  return `${sign}${BigInt(whole).toLocaleString(locale)}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

/** How much of the wide header fits its row (useHeaderFit): every label, right side as icons, or compact. */
export type HeaderFit = 'full' | 'icons' | 'compact';
export const FIT_LEVELS: readonly HeaderFit[] = ['full', 'icons', 'compact'];

export interface FitState {
  key: string;
  level: number;
  /** The row width each level needed when it was found to overflow. */
  needs: readonly number[];
}

/**
 * One measurement of the row, taken while `measuredLevel` was on screen: step down on an overflow,
 * up once the row has the width the level above needed. A measurement of a level that is no longer
 * the state's counts for nothing: two observers can report the same overflowing frame before React
 * renders the level below, and the second must not take the header down a further level (German at
 * 1440 px went from full straight to compact that way, and stayed there).
 */
export function nextFitState(state: FitState, measuredLevel: number, contentWidth: number, rowWidth: number): FitState {
  if (measuredLevel !== state.level) return state;
  if (contentWidth > rowWidth && state.level < FIT_LEVELS.length - 1) {
    const needs = [...state.needs];
    needs[state.level] = contentWidth;
    return { ...state, level: state.level + 1, needs };
  }
  const wider = state.needs[state.level - 1];
  if (contentWidth <= rowWidth && state.level > 0 && wider !== undefined && rowWidth >= wider) return { ...state, level: state.level - 1 };
  return state;
}

export { displayNameOf, identityKeyOf } from '../../../shared/profile';
