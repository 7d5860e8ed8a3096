/**
 * Money: amounts are decimal strings on the wire and bigint counts of a currency's smallest unit
 * inside, stored as 64-bit integers. Nothing here goes through a JS number. Multiplication and
 * division take an explicit rounding so that a user pays rounded up and receives rounded down.
 */
export const UNITS_MAX = 9_223_372_036_854_775_807n;
export const UNITS_MIN = -9_223_372_036_854_775_808n;
export const SCALE_MAX = 8;

export type Rounding = 'down' | 'up';

export class MoneyError extends Error {
  constructor(
    readonly reason: 'format' | 'scale' | 'overflow',
    message: string,
  ) {
    super(message);
    this.name = 'MoneyError';
  }
}

const DECIMAL_PATTERN = /^(-)?(\d{1,20})(?:\.(\d{1,18}))?$/;

/** True when the text is a plain decimal number (no exponent, no sign other than a leading minus). */
export function isDecimalString(text: string): boolean {
  return DECIMAL_PATTERN.test(text);
}

export function assertUnitsInRange(units: bigint): bigint {
  if (units > UNITS_MAX || units < UNITS_MIN) {
    throw new MoneyError('overflow', 'amount out of the 64-bit range');
  }
  return units;
}

/**
 * Parses a decimal string into units of the given scale. More fractional digits than the scale
 * are refused (never rounded away), and so is anything outside the signed 64-bit range.
 */
export function parseUnits(text: string, scale: number): bigint {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) throw new MoneyError('format', 'not a decimal number');
  const [, minus, whole = '0', fraction = ''] = match;
  const significantFraction = fraction.replace(/0+$/, '');
  if (significantFraction.length > scale) throw new MoneyError('scale', `more than ${scale} decimals`);
  const units = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return assertUnitsInRange(minus ? -units : units);
}

/** Formats units of the given scale as a decimal string with exactly `scale` decimals. */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const text = scale === 0 ? whole : `${whole}.${fraction}`;
  return negative ? `-${text}` : text;
}

/** Division of integers with explicit rounding for non-negative results. */
export function divideUnits(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const positive = numerator < 0n === denominator < 0n;
  if (rounding === 'up') return positive ? quotient + 1n : quotient;
  return positive ? quotient : quotient - 1n;
}

/** a * b / c with one rounding at the end, refusing a result outside 64 bits. */
export function mulDivUnits(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  return assertUnitsInRange(divideUnits(a * b, c, rounding));
}

/** Rescales units from one scale to another, with explicit rounding when precision is lost. */
export function rescaleUnits(units: bigint, fromScale: number, toScale: number, rounding: Rounding): bigint {
  if (toScale >= fromScale) return assertUnitsInRange(units * 10n ** BigInt(toScale - fromScale));
  return divideUnits(units, 10n ** BigInt(fromScale - toScale), rounding);
}

/**
 * Display formatting of spec section 5: truncates (never rounds) a decimal string to at most
 * `decimals` places (up to 8), keeping trailing zeros so columns line up.
 */
export function truncateDecimal(value: string | number, decimals: number): string {
  const places = Math.max(0, Math.min(SCALE_MAX, Math.trunc(decimals)));
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return places === 0 ? '0' : `0.${'0'.repeat(places)}`;
  const [, minus = '', whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, places).padEnd(places, '0');
  const isZero = /^0*$/.test(whole) && /^0*$/.test(kept);
  const sign = minus && !isZero ? '-' : '';
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  return places === 0 ? `${sign}${wholeDigits}` : `${sign}${wholeDigits}.${kept}`;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return '0';
  // toFixed(20) would round; toLocaleString with many digits keeps the exact decimal expansion.
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}
