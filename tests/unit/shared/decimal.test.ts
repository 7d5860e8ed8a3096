// Proves the decimal text rules of every amount and price field: typed text is cleaned to a decimal of the scale (cut, never rounded), and the balance arithmetic, shares and spread stay in exact decimals.
import { describe, expect, it } from 'vitest';
import { availableUnits, fractionAsPercent, positiveUnits, sanitizeDecimalInput, shareOfUnits, trimZeros, unitsText } from '../../../src/shared/decimal';

describe('sanitizeDecimalInput', () => {
  it('keeps digits and one decimal separator, reading a comma as one', () => {
    expect(sanitizeDecimalInput('12a3', 6)).toBe('123');
    expect(sanitizeDecimalInput('1,5', 6)).toBe('1.5');
    expect(sanitizeDecimalInput('1.2.3', 6)).toBe('1.23');
    expect(sanitizeDecimalInput('-5', 6)).toBe('5');
    expect(sanitizeDecimalInput('1e5', 6)).toBe('15');
  });

  it('R-VAL-07 cuts decimals beyond the scale instead of rounding them', () => {
    expect(sanitizeDecimalInput('0.123456789', 8)).toBe('0.12345678');
    expect(sanitizeDecimalInput('2.9999999', 6)).toBe('2.999999');
    expect(sanitizeDecimalInput('7.5', 0)).toBe('7');
  });

  it('drops leading zeros and starts a bare separator with 0', () => {
    expect(sanitizeDecimalInput('007', 6)).toBe('7');
    expect(sanitizeDecimalInput('00.5', 6)).toBe('0.5');
    expect(sanitizeDecimalInput('.5', 6)).toBe('0.5');
    expect(sanitizeDecimalInput('0', 6)).toBe('0');
    expect(sanitizeDecimalInput('', 6)).toBe('');
  });

  it('keeps a trailing separator while the user types', () => {
    expect(sanitizeDecimalInput('12.', 6)).toBe('12.');
  });

  it('limits the whole part', () => {
    expect(sanitizeDecimalInput('1234567890123456', 6)).toBe('12345678901');
  });
});

describe('positiveUnits', () => {
  it('reads a positive amount in units of the scale', () => {
    expect(positiveUnits('1.5', 6)).toBe(1_500_000n);
    expect(positiveUnits('12.', 8)).toBe(1_200_000_000n);
  });

  it('refuses zero, empty text and more decimals than the scale', () => {
    expect(positiveUnits('0', 6)).toBeNull();
    expect(positiveUnits('0.000', 6)).toBeNull();
    expect(positiveUnits('', 6)).toBeNull();
    expect(positiveUnits('0.0000001', 6)).toBeNull();
    expect(positiveUnits('abc', 6)).toBeNull();
  });
});

describe('available balance and Max', () => {
  it('R-ENT-06 available is balance plus the (non-positive) frozen part', () => {
    expect(availableUnits({ balance: '100.500000', frozen: '-20.250000' }, 6)).toBe(80_250_000n);
    expect(availableUnits({ balance: '1.00000000', frozen: '0.00000000' }, 8)).toBe(100_000_000n);
  });

  it('is zero without a balance or when unreadable', () => {
    expect(availableUnits(undefined, 6)).toBe(0n);
    expect(availableUnits({ balance: 'x', frozen: '0' }, 6)).toBe(0n);
  });

  it('Max fills the whole available amount without padding zeros', () => {
    expect(unitsText(80_250_000n, 6)).toBe('80.25');
    expect(unitsText(100_000_000n, 8)).toBe('1');
    expect(unitsText(1n, 8)).toBe('0.00000001');
    expect(unitsText(0n, 6)).toBe('0');
  });
});

describe('formatting helpers', () => {
  it('trims the zeros a scale padded', () => {
    expect(trimZeros('0.00110800')).toBe('0.001108');
    expect(trimZeros('90000.00000000')).toBe('90000');
    expect(trimZeros('100')).toBe('100');
  });

  it('shows the spread fraction as a percentage', () => {
    expect(fractionAsPercent('0.002')).toBe('0.2');
    expect(fractionAsPercent('0.0125')).toBe('1.25');
    expect(fractionAsPercent('nope')).toBeNull();
  });
});

describe('shareOfUnits', () => {
  it('takes 25, 50, 75 and 100 percent of an amount, rounded down to its unit, and nothing of none', () => {
    expect([25, 50, 75, 100].map((percent) => shareOfUnits(1_000_003n, percent))).toEqual([250_000n, 500_001n, 750_002n, 1_000_003n]);
    expect(shareOfUnits(0n, 50)).toBe(0n);
    expect(shareOfUnits(-5n, 50)).toBe(0n);
    expect(shareOfUnits(100n, 250)).toBe(100n);
  });
});
