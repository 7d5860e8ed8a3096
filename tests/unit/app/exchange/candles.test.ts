// Proves the chart's candle rules: UTC buckets (weeks from Monday), a live trade merged into the last candle or opening the next, older pages joined in front, the MA7/MA25 moving averages, and a candle's direction, change and figures as the readout shows them.
import { describe, expect, it } from 'vitest';
import { bucketStart, candleChangePercent, candleDirection, candleFigures, chartColumns, mergeTrade, movingAverage, prependCandles, type Candle } from '../../../../src/app/features/exchange/candles';

const MINUTE = 60_000;
const candle = (time: number, close: string): Candle => ({ time, open: close, high: close, low: close, close, volume: '1.000' });

describe('exchange candles', () => {
  it('buckets on UTC, weeks from Monday 00:00', () => {
    expect(bucketStart(5 * MINUTE + 1_234, '1m')).toBe(5 * MINUTE);
    expect(bucketStart(Date.UTC(2026, 10, 22, 13, 47), '4h')).toBe(Date.UTC(2026, 10, 22, 12));
    // Sunday 22 November 2026 belongs to the week of Monday 16 November.
    expect(bucketStart(Date.UTC(2026, 10, 22, 13, 47), '1w')).toBe(Date.UTC(2026, 10, 16));
    expect(bucketStart(Date.UTC(2026, 10, 23), '1w')).toBe(Date.UTC(2026, 10, 23));
  });

  it('merges a trade into the last candle: high, low, close and exact volume', () => {
    const candles = [candle(0, '10.00'), { time: MINUTE, open: '10.00', high: '10.50', low: '9.90', close: '10.10', volume: '0.100' }];
    const higher = mergeTrade(candles, { price: '10.70', quantity: '0.2', time: MINUTE + 30_000 }, '1m', 3);
    expect(higher.at(-1)).toEqual({ time: MINUTE, open: '10.00', high: '10.70', low: '9.90', close: '10.70', volume: '0.300' });
    const lower = mergeTrade(higher, { price: '9.5', quantity: '0.001', time: MINUTE + 59_999 }, '1m', 3);
    expect(lower.at(-1)).toMatchObject({ high: '10.70', low: '9.5', close: '9.5', volume: '0.301' });
    expect(lower).toHaveLength(2);
    expect(candles[1]!.close).toBe('10.10');
  });

  it('opens the next candle for a later trade and ignores an older one', () => {
    const candles = [candle(0, '10.00')];
    const next = mergeTrade(candles, { price: '11.00', quantity: '0.5', time: 3 * MINUTE + 5 }, '1m', 3);
    expect(next.at(-1)).toEqual({ time: 3 * MINUTE, open: '11.00', high: '11.00', low: '11.00', close: '11.00', volume: '0.5' });
    expect(mergeTrade(next, { price: '1', quantity: '1', time: MINUTE }, '1m', 3)).toEqual(next);
    expect(mergeTrade([], { price: '2', quantity: '1', time: 90_000 }, '1m', 3)).toEqual([{ time: MINUTE, open: '2', high: '2', low: '2', close: '2', volume: '1' }]);
  });

  it('joins an older page in front, keeping the newer copy of a shared time', () => {
    const joined = prependCandles([candle(0, '1'), candle(MINUTE, 'old')], [candle(MINUTE, 'new'), candle(2 * MINUTE, '3')]);
    expect(joined.map((entry) => entry.close)).toEqual(['1', 'new', '3']);
  });

  it('computes simple moving averages once a period is full', () => {
    expect(movingAverage([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    const closes = Array.from({ length: 30 }, (_, index) => index + 1);
    const ma25 = movingAverage(closes, 25);
    expect(ma25.slice(0, 24).every((value) => value === null)).toBe(true);
    expect(ma25[24]).toBe(13);
    expect(ma25[29]).toBe(18);
    const columns = chartColumns(closes.map((close, index) => candle(index * MINUTE, String(close))));
    expect(columns[0][1]).toBe(60);
    expect(columns[6][6]).toBe(4);
    expect(columns[7][24]).toBe(13);
  });

  it('reads a candle for the readout: direction, change cut to two decimals, figures at the symbol precisions', () => {
    const rising: Candle = { time: 0, open: '100.00', high: '101.5', low: '99.987', close: '100.525', volume: '12.3456789' };
    expect(candleDirection(rising)).toBe('up');
    expect(candleDirection({ ...rising, close: '100' })).toBe('up');
    expect(candleDirection({ ...rising, close: '99.99' })).toBe('down');
    expect(candleChangePercent(rising)).toBe('0.52');
    expect(candleChangePercent({ ...rising, close: '99.599' })).toBe('-0.40');
    expect(candleChangePercent({ ...rising, close: '99.999' })).toBe('0.00');
    expect(candleChangePercent({ ...rising, open: '0' })).toBe('0.00');
    expect(candleFigures(rising, { pricePrecision: 2, volumePrecision: 4 })).toEqual({
      open: '100.00',
      high: '101.50',
      low: '99.98',
      close: '100.52',
      volume: '12.3456',
      changePercent: '0.52',
    });
  });
});
