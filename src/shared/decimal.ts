/**
 * Decimal text as amount and price fields handle it (spec 5: money is never a float). What a user
 * types is cleaned as they type; every comparison and sum goes through bigint units of an
 * explicit scale (money.ts). One module for every form of the app: the order form, convert, the
 * kit's amount input, and the areas still to come.
 */
import { formatUnits, parseUnits, SCALE_MAX } from './money';

/** Longest whole part a field accepts: more digits than any 64-bit amount of a scale-8 currency has. */
export const WHOLE_DIGITS_MAX = 11;

/**
 * What the user typed, cleaned as they type: digits and one decimal separator (a comma counts as
 * one), no more decimals than `scale` (extra digits are cut, never rounded), no leading zeros. A
 * scale of 0 accepts whole numbers only.
 */
export function sanitizeDecimalInput(text: string, scale: number): string {
  const places = Math.max(0, Math.min(SCALE_MAX, Math.trunc(scale)));
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const whole = (dot === -1 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, '').slice(0, WHOLE_DIGITS_MAX);
  if (dot === -1 || places === 0) return whole;
  const fraction = cleaned.slice(dot + 1).replace(/\./g, '').slice(0, places);
  return `${whole === '' ? '0' : whole}.${fraction}`;
}

/** The text as units of `scale`, or null unless it is a positive amount with at most `scale` decimals. */
export function positiveUnits(text: string, scale: number): bigint | null {
  const trimmed = text.trim().replace(/\.$/, '');
  if (trimmed === '') return null;
  try {
    const units = parseUnits(trimmed, scale);
    return units > 0n ? units : null;
  } catch {
    return null;
  }
}

/** Units of any sign, or null when unreadable (more decimals than `scale` are cut, not refused). */
export function unitsOf(text: string, scale: number): bigint | null {
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return minus ? -units : units;
}

/** A decimal string without trailing zeros (and dot). */
export function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Units as the short text a field shows (no padding zeros). */
export function unitsText(units: bigint, scale: number): string {
  return trimZeros(formatUnits(units, scale));
}

/** The step of `decimals` places as a decimal string: 2 -> "0.01", 0 -> "1", -1 -> "10". */
export function stepText(decimals: number): string {
  if (decimals <= 0) return `1${'0'.repeat(-decimals)}`;
  return `0.${'0'.repeat(decimals - 1)}1`;
}

/**
 * What a balance leaves to spend (spec 3: available = balance + frozen, frozen being zero or
 * negative), in units of the currency's scale; zero when it cannot be read.
 */
export function availableUnits(balance: { balance: string; frozen: string } | undefined, scale: number): bigint {
  if (!balance) return 0n;
  try {
    const units = parseUnits(balance.balance, scale) + parseUnits(balance.frozen, scale);
    return units > 0n ? units : 0n;
  } catch {
    return 0n;
  }
}

/** A share of `units` in percent (25, 50, 75, 100), rounded down to the scale's unit. */
export function shareOfUnits(units: bigint, percent: number): bigint {
  if (units <= 0n) return 0n;
  return (units * BigInt(Math.max(0, Math.min(100, Math.trunc(percent))))) / 100n;
}

/** A fraction such as the spread "0.002" as a percentage text ("0.2"); null when unreadable. */
export function fractionAsPercent(fraction: string): string | null {
  try {
    // Percent with up to 6 decimals: the fraction in units of 10^-8 is the percent in units of 10^-6.
    return trimZeros(formatUnits(parseUnits(fraction, 8), 6));
  } catch {
    return null;
  }
}

/** Decimal places of a currency, read off an amount the server formatted with its scale ("12.500000": 6). */
export function scaleOfAmount(amount: string): number {
  return amount.split('.')[1]?.length ?? 0;
}
