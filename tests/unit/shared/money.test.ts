/** Proves the money helpers keep amounts exact: parsing refuses what it cannot hold, arithmetic rounds only where told, display truncates. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MoneyError,
  UNITS_MAX,
  UNITS_MIN,
  divideUnits,
  formatUnits,
  isDecimalString,
  mulDivUnits,
  parseUnits,
  rescaleUnits,
  truncateDecimal,
} from '../../../src/shared/money';

function moneyErrorReason(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof MoneyError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('parseUnits and formatUnits', () => {
  it('parse decimal strings into units of the scale', () => {
    expect(parseUnits('1.5', 6)).toBe(1_500_000n);
    expect(parseUnits('0.00000001', 8)).toBe(1n);
    expect(parseUnits(' 12 ', 2)).toBe(1200n);
    expect(parseUnits('-3.25', 2)).toBe(-325n);
    expect(parseUnits('7', 0)).toBe(7n);
  });

  it('accept trailing zeros beyond the scale, since they change nothing', () => {
    expect(parseUnits('1.500000000', 2)).toBe(150n);
  });

  it('format units with exactly the scale decimals', () => {
    expect(formatUnits(1_500_000n, 6)).toBe('1.500000');
    expect(formatUnits(1n, 8)).toBe('0.00000001');
    expect(formatUnits(-325n, 2)).toBe('-3.25');
    expect(formatUnits(0n, 3)).toBe('0.000');
    expect(formatUnits(42n, 0)).toBe('42');
  });

  it('round-trip every 64-bit amount at every scale', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: UNITS_MIN, max: UNITS_MAX }), fc.integer({ min: 0, max: 8 }), (units, scale) => {
        expect(parseUnits(formatUnits(units, scale), scale)).toBe(units);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trip decimal strings that fit their scale', () => {
    const decimal = fc
      .tuple(fc.integer({ min: 0, max: 8 }), fc.bigInt({ min: 0n, max: 10n ** 10n }), fc.integer({ min: 0, max: 8 }))
      .map(([scale, whole, fractionSeed]) => {
        const fraction = String(fractionSeed * 12_345_679).padStart(8, '0').slice(0, scale);
        return { scale, text: scale === 0 ? `${whole}` : `${whole}.${fraction}` };
      });
    fc.assert(
      fc.property(decimal, ({ scale, text }) => {
        expect(formatUnits(parseUnits(text, scale), scale)).toBe(text);
      }),
    );
  });

  it('refuse more significant decimals than the scale instead of rounding them away', () => {
    expect(moneyErrorReason(() => parseUnits('1.001', 2))).toBe('scale');
    expect(moneyErrorReason(() => parseUnits('0.000000001', 8))).toBe('scale');
    expect(moneyErrorReason(() => parseUnits('0.5', 0))).toBe('scale');
  });

  it('refuse amounts outside the signed 64-bit range instead of wrapping', () => {
    expect(parseUnits('92233720368.54775807', 8)).toBe(UNITS_MAX);
    expect(parseUnits('-92233720368.54775808', 8)).toBe(UNITS_MIN);
    expect(moneyErrorReason(() => parseUnits('92233720368.54775808', 8))).toBe('overflow');
    expect(moneyErrorReason(() => parseUnits('-92233720368.54775809', 8))).toBe('overflow');
    expect(moneyErrorReason(() => parseUnits('99999999999999999999', 0))).toBe('overflow');
  });

  it('refuse text that is not a plain decimal number', () => {
    for (const text of ['', 'abc', '1e5', '.5', '1.', '+1', '1,5', '--1', '0x10', 'NaN', 'Infinity', '1 000']) {
      expect(moneyErrorReason(() => parseUnits(text, 8)), text).toBe('format');
      expect(isDecimalString(text), text).toBe(false);
    }
    expect(isDecimalString('-0.5')).toBe(true);
  });
});

describe('mulDivUnits and divideUnits', () => {
  it('round up what a user pays and down what a user receives', () => {
    expect(mulDivUnits(10n, 1n, 3n, 'up')).toBe(4n);
    expect(mulDivUnits(10n, 1n, 3n, 'down')).toBe(3n);
    expect(mulDivUnits(9n, 1n, 3n, 'up')).toBe(3n);
    expect(mulDivUnits(9n, 1n, 3n, 'down')).toBe(3n);
  });

  it('round negative results towards minus infinity when down and plus infinity when up', () => {
    expect(divideUnits(-10n, 3n, 'down')).toBe(-4n);
    expect(divideUnits(-10n, 3n, 'up')).toBe(-3n);
    expect(divideUnits(10n, -3n, 'down')).toBe(-4n);
  });

  it('keep the exact result when the product overflows 64 bits but the quotient does not', () => {
    expect(mulDivUnits(UNITS_MAX, 10n, 10n, 'down')).toBe(UNITS_MAX);
  });

  it('refuse a result outside 64 bits', () => {
    expect(moneyErrorReason(() => mulDivUnits(UNITS_MAX, 2n, 1n, 'down'))).toBe('overflow');
    expect(moneyErrorReason(() => mulDivUnits(UNITS_MIN, 2n, 1n, 'up'))).toBe('overflow');
  });

  it('refuse a division by zero', () => {
    expect(() => mulDivUnits(1n, 1n, 0n, 'down')).toThrow(RangeError);
  });

  it('bracket the exact quotient: down <= a*b/c <= up, at most one unit apart', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 3n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (a, b, c) => {
          const down = mulDivUnits(a, b, c, 'down');
          const up = mulDivUnits(a, b, c, 'up');
          expect(down * c <= a * b).toBe(true);
          expect(up * c >= a * b).toBe(true);
          expect(up - down <= 1n).toBe(true);
        },
      ),
    );
  });

  it('rescale between currency scales with explicit rounding', () => {
    expect(rescaleUnits(123n, 2, 8, 'down')).toBe(123_000_000n);
    expect(rescaleUnits(123_456_789n, 8, 6, 'down')).toBe(1_234_567n);
    expect(rescaleUnits(123_456_789n, 8, 6, 'up')).toBe(1_234_568n);
    expect(moneyErrorReason(() => rescaleUnits(UNITS_MAX, 0, 8, 'down'))).toBe('overflow');
  });
});

describe('truncateDecimal', () => {
  it('R-VAL-07 truncates to the given decimals and never rounds', () => {
    expect(truncateDecimal('1.999999999', 2)).toBe('1.99');
    expect(truncateDecimal('0.123456789', 8)).toBe('0.12345678');
    expect(truncateDecimal('-1.239', 2)).toBe('-1.23');
    expect(truncateDecimal('123.456', 0)).toBe('123');
    expect(truncateDecimal(0.29, 2)).toBe('0.29');
    expect(truncateDecimal(2.675, 2)).toBe('2.67');
  });

  it('R-VAL-07 keeps trailing zeros so that columns line up', () => {
    expect(truncateDecimal('1', 3)).toBe('1.000');
    expect(truncateDecimal('1.5', 6)).toBe('1.500000');
    expect(truncateDecimal('007.5', 2)).toBe('7.50');
  });

  it('R-VAL-07 handles numbers that JavaScript prints with an exponent or binary noise', () => {
    expect(truncateDecimal(1e-7, 8)).toBe('0.00000010');
    expect(truncateDecimal(1e-7, 6)).toBe('0.000000');
    expect(truncateDecimal(0.1 + 0.2, 8)).toBe('0.30000000');
    expect(truncateDecimal(0.1 + 0.2, 2)).toBe('0.30');
    expect(truncateDecimal(1e21, 2)).toBe('1000000000000000000000.00');
    expect(truncateDecimal(-1e-7, 6)).toBe('0.000000');
  });

  it('R-VAL-07 caps the decimals at 8', () => {
    expect(truncateDecimal('0.123456789123', 12)).toBe('0.12345678');
    expect(truncateDecimal('1.23', -2)).toBe('1');
  });

  it('shows zero for text and numbers that are not amounts', () => {
    expect(truncateDecimal('abc', 2)).toBe('0.00');
    expect(truncateDecimal(Number.NaN, 3)).toBe('0.000');
    expect(truncateDecimal(Number.POSITIVE_INFINITY, 0)).toBe('0');
  });

  it('R-VAL-07 never shows more than the value, and less by under one unit of the last decimal', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 0, max: 8 }),
        (whole, fractionValue, decimals) => {
          const fraction = String(fractionValue).padStart(8, '0');
          const text = `${whole}.${fraction}`;
          const shown = truncateDecimal(text, decimals);
          expect(shown).toBe(decimals === 0 ? `${whole}` : `${whole}.${fraction.slice(0, decimals)}`);
          const valueUnits = parseUnits(text, 8);
          const shownUnits = parseUnits(shown, 8);
          expect(shownUnits <= valueUnits).toBe(true);
          expect(valueUnits - shownUnits < 10n ** BigInt(8 - decimals)).toBe(true);
        },
      ),
    );
  });
});
