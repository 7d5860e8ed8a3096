// Proves the convert form's amount rules: typed text is cleaned to a decimal of the currency's scale (cut, never rounded), and the balance arithmetic and spread stay in exact decimals.
import { describe, expect, it } from 'vitest';
import {
  amountUnits,
  availableUnits,
  fractionAsPercent,
  maxAmountText,
  sanitizeAmountInput,
  trimTrailingZeros,
} from '../../../../src/app/features/convert/amount';

describe('sanitizeAmountInput', () => {
  it('keeps digits and one decimal separator, reading a comma as one', () => {
    expect(sanitizeAmountInput('12a3', 6)).toBe('123');
    expect(sanitizeAmountInput('1,5', 6)).toBe('1.5');
    expect(sanitizeAmountInput('1.2.3', 6)).toBe('1.23');
    expect(sanitizeAmountInput('-5', 6)).toBe('5');
    expect(sanitizeAmountInput('1e5', 6)).toBe('15');
  });

  it('R-VAL-07 cuts decimals beyond the scale instead of rounding them', () => {
    expect(sanitizeAmountInput('0.123456789', 8)).toBe('0.12345678');
    expect(sanitizeAmountInput('2.9999999', 6)).toBe('2.999999');
    expect(sanitizeAmountInput('7.5', 0)).toBe('7');
  });

  it('drops leading zeros and starts a bare separator with 0', () => {
    expect(sanitizeAmountInput('007', 6)).toBe('7');
    expect(sanitizeAmountInput('00.5', 6)).toBe('0.5');
    expect(sanitizeAmountInput('.5', 6)).toBe('0.5');
    expect(sanitizeAmountInput('0', 6)).toBe('0');
    expect(sanitizeAmountInput('', 6)).toBe('');
  });

  it('keeps a trailing separator while the user types', () => {
    expect(sanitizeAmountInput('12.', 6)).toBe('12.');
  });

  it('limits the whole part', () => {
    expect(sanitizeAmountInput('1234567890123456', 6)).toBe('12345678901');
  });
});

describe('amountUnits', () => {
  it('reads a positive amount in units of the scale', () => {
    expect(amountUnits('1.5', 6)).toBe(1_500_000n);
    expect(amountUnits('12.', 8)).toBe(1_200_000_000n);
  });

  it('refuses zero, empty text and more decimals than the scale', () => {
    expect(amountUnits('0', 6)).toBeNull();
    expect(amountUnits('0.000', 6)).toBeNull();
    expect(amountUnits('', 6)).toBeNull();
    expect(amountUnits('0.0000001', 6)).toBeNull();
    expect(amountUnits('abc', 6)).toBeNull();
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
    expect(maxAmountText(80_250_000n, 6)).toBe('80.25');
    expect(maxAmountText(100_000_000n, 8)).toBe('1');
    expect(maxAmountText(1n, 8)).toBe('0.00000001');
    expect(maxAmountText(0n, 6)).toBe('0');
  });
});

describe('formatting helpers', () => {
  it('trims the zeros a scale padded', () => {
    expect(trimTrailingZeros('0.00110800')).toBe('0.001108');
    expect(trimTrailingZeros('90000.00000000')).toBe('90000');
    expect(trimTrailingZeros('100')).toBe('100');
  });

  it('shows the spread fraction as a percentage', () => {
    expect(fractionAsPercent('0.002')).toBe('0.2');
    expect(fractionAsPercent('0.0125')).toBe('1.25');
    expect(fractionAsPercent('nope')).toBeNull();
  });
});
