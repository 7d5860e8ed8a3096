/**
 * The convert form's amount as text (spec 5: money is never a float). What the user types is
 * cleaned as they type: digits and one decimal separator (a comma counts as one), no more
 * decimals than the currency's scale (extra digits are cut, never rounded), no leading zeros.
 * Comparisons and the balance arithmetic go through bigint units of the currency's scale.
 */
import { formatUnits, parseUnits, SCALE_MAX } from '../../../shared/money';

/** Longest whole part accepted: more digits than any 64-bit amount of a scale-8 currency has. */
export const AMOUNT_WHOLE_DIGITS_MAX = 11;

/** The typed text as an amount of `scale` decimals, cut where it breaks the rules. */
export function sanitizeAmountInput(text: string, scale: number): string {
  const places = Math.max(0, Math.min(SCALE_MAX, Math.trunc(scale)));
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let whole = dot === -1 ? cleaned : cleaned.slice(0, dot);
  const fraction = dot === -1 ? '' : cleaned.slice(dot + 1).replace(/\./g, '');
  whole = whole.replace(/^0+(?=\d)/, '').slice(0, AMOUNT_WHOLE_DIGITS_MAX);
  if (dot === -1 || places === 0) return whole;
  return `${whole === '' ? '0' : whole}.${fraction.slice(0, places)}`;
}

/** The amount in units of `scale`, or null when it is not a positive amount with at most `scale` decimals. */
export function amountUnits(text: string, scale: number): bigint | null {
  const trimmed = text.trim().replace(/\.$/, '');
  if (trimmed === '') return null;
  try {
    const units = parseUnits(trimmed, scale);
    return units > 0n ? units : null;
  } catch {
    return null;
  }
}

/** A decimal string without the trailing zeros (and dot) its scale padded it with. */
export function trimTrailingZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
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

/** The "Max" amount: everything available, as the text the amount field shows. */
export function maxAmountText(available: bigint, scale: number): string {
  return trimTrailingZeros(formatUnits(available, scale));
}

/** A fraction such as the spread "0.002" as a percentage text ("0.2"); null when unreadable. */
export function fractionAsPercent(fraction: string): string | null {
  try {
    // Percent with up to 6 decimals: the fraction in units of 10^-8 is the percent in units of 10^-6.
    return trimTrailingZeros(formatUnits(parseUnits(fraction, 8), 6));
  } catch {
    return null;
  }
}
