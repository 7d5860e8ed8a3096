/**
 * Display formatting of spec sections 5 and 9: balances are truncated, never rounded, to a
 * number of decimals that depends on the currency; dates read day-month-year in Indonesian (the
 * default language) and year-month-day in every other language.
 */
import { ASSET_TOTAL_DECIMALS, BALANCE_DECIMALS_DEFAULT, BALANCE_DECIMALS_STABLE } from './constants';
import type { Language } from './languages';
import { truncateDecimal } from './money';

/**
 * Stablecoins show fewer decimals. FTUSDT is the USDT of the futures wallet (ARCHITECTURE.md), so it
 * follows USDT.
 */
const STABLE_CURRENCIES: ReadonlySet<string> = new Set(['USDT', 'USDC', 'FTUSDT']);

/** Decimals a balance of this currency shows: 3 for USDT and USDC, otherwise 6 (spec 9). */
export function balanceDecimals(currency: string): number {
  return STABLE_CURRENCIES.has(currency.trim().toUpperCase()) ? BALANCE_DECIMALS_STABLE : BALANCE_DECIMALS_DEFAULT;
}

/** A balance as shown to the user: truncated to its currency's decimals (R-VAL-07, R-VAL-10). */
export function formatBalance(value: string | number, currency: string): string {
  return truncateDecimal(value, balanceDecimals(currency));
}

/** An asset total (the header overview, the assets pages): 3 decimals, truncated. */
export function formatAssetTotal(value: string | number): string {
  return truncateDecimal(value, ASSET_TOTAL_DECIMALS);
}

export type DatePattern = 'DD-MM-YYYY' | 'YYYY-MM-DD';

export function datePattern(language: Language): DatePattern {
  return language === 'id' ? 'DD-MM-YYYY' : 'YYYY-MM-DD';
}

export interface DateFormatOptions {
  /** Adds hours, minutes and seconds. */
  withTime?: boolean;
  /** Offset from UTC in minutes (UTC+8 is 480); the runtime's time zone when absent. */
  utcOffsetMinutes?: number;
}

/** A moment (ms since the epoch, or a Date) as a date in the language's order (R-LANG-06). */
export function formatDate(moment: number | Date, language: Language, options: DateFormatOptions = {}): string {
  const epochMs = typeof moment === 'number' ? moment : moment.getTime();
  if (!Number.isFinite(epochMs)) return '';
  const offsetMinutes = options.utcOffsetMinutes ?? -new Date(epochMs).getTimezoneOffset();
  // Shifting the moment by the offset and reading UTC fields gives the wall clock of that zone.
  const shifted = new Date(epochMs + offsetMinutes * 60_000);
  const year = String(shifted.getUTCFullYear()).padStart(4, '0');
  const month = twoDigits(shifted.getUTCMonth() + 1);
  const day = twoDigits(shifted.getUTCDate());
  const date = datePattern(language) === 'DD-MM-YYYY' ? `${day}-${month}-${year}` : `${year}-${month}-${day}`;
  if (!options.withTime) return date;
  const time = `${twoDigits(shifted.getUTCHours())}:${twoDigits(shifted.getUTCMinutes())}:${twoDigits(shifted.getUTCSeconds())}`;
  return `${date} ${time}`;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}
