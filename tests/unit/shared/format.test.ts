/** Proves the display formats of spec 9: balance decimals per currency, truncated asset totals, and the date order per language. */
import { describe, expect, it } from 'vitest';
import { balanceDecimals, datePattern, formatAssetTotal, formatBalance, formatDate } from '../../../src/shared/format';
import { LANGUAGES } from '../../../src/shared/languages';

describe('balances', () => {
  it('R-VAL-10 shows 3 decimals for USDT and USDC, 6 for every other currency', () => {
    expect(balanceDecimals('USDT')).toBe(3);
    expect(balanceDecimals('usdc')).toBe(3);
    expect(balanceDecimals('FTUSDT')).toBe(3);
    for (const currency of ['BTC', 'ETH', 'SOL', 'DOGE', 'TRX', 'USD']) expect(balanceDecimals(currency), currency).toBe(6);
  });

  it('R-VAL-10 R-VAL-07 truncates a balance to its decimals, never rounding', () => {
    expect(formatBalance('1234.56789', 'USDT')).toBe('1234.567');
    expect(formatBalance('0.9999', 'USDC')).toBe('0.999');
    expect(formatBalance('0.12345678', 'BTC')).toBe('0.123456');
    expect(formatBalance('2', 'ETH')).toBe('2.000000');
    expect(formatBalance(0.1 + 0.2, 'USDT')).toBe('0.300');
    expect(formatBalance('-0.0009', 'USDT')).toBe('0.000');
  });

  it('R-VAL-10 truncates asset totals to 3 decimals', () => {
    expect(formatAssetTotal('10.9999')).toBe('10.999');
    expect(formatAssetTotal(1e-7)).toBe('0.000');
    expect(formatAssetTotal('12')).toBe('12.000');
  });
});

describe('dates', () => {
  // 2024-03-05 14:07:09 UTC
  const moment = Date.UTC(2024, 2, 5, 14, 7, 9);

  it('R-LANG-06 writes day-month-year for id and year-month-day for every other language', () => {
    expect(formatDate(moment, 'id', { utcOffsetMinutes: 0 })).toBe('05-03-2024');
    for (const language of LANGUAGES.filter((candidate) => candidate !== 'id')) {
      expect(formatDate(moment, language, { utcOffsetMinutes: 0 }), language).toBe('2024-03-05');
      expect(datePattern(language)).toBe('YYYY-MM-DD');
    }
    expect(datePattern('id')).toBe('DD-MM-YYYY');
  });

  it('R-LANG-06 adds the time of day when asked, in the given zone', () => {
    expect(formatDate(moment, 'en', { withTime: true, utcOffsetMinutes: 0 })).toBe('2024-03-05 14:07:09');
    expect(formatDate(moment, 'id', { withTime: true, utcOffsetMinutes: 10 * 60 })).toBe('06-03-2024 00:07:09');
    expect(formatDate(new Date(moment), 'zh', { utcOffsetMinutes: -15 * 60 })).toBe('2024-03-04');
  });

  it('uses the runtime time zone by default', () => {
    const local = new Date(moment);
    const expected = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
    expect(formatDate(moment, 'en')).toBe(expected);
  });

  it('writes nothing for an invalid date', () => {
    expect(formatDate(Number.NaN, 'en')).toBe('');
    expect(formatDate(new Date('not a date'), 'id')).toBe('');
  });
});
