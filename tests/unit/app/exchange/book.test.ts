// Proves the handicap's precision grouping (bids down, asks up, summed quantities) and its depth bars (running totals on one shared scale), in exact decimals.
import { describe, expect, it } from 'vitest';
import { buildBook, depthPercent, groupingOptions, groupLevels } from '../../../../src/app/features/exchange/book';

const depth = {
  bids: [
    ['100.37', '1.000'],
    ['100.31', '0.500'],
    ['100.29', '2.000'],
    ['99.95', '1.500'],
  ] as [string, string][],
  asks: [
    ['100.41', '0.250'],
    ['100.49', '0.250'],
    ['100.50', '1.000'],
    ['101.01', '0.500'],
  ] as [string, string][],
};

describe('exchange order book', () => {
  it('offers the symbol tick and coarser steps down to tens', () => {
    expect(groupingOptions(2)).toEqual([2, 1, 0, -1]);
    expect(groupingOptions(0)).toEqual([0, -1]);
    expect(groupingOptions(6, 3)).toEqual([6, 5, 4]);
  });

  it('keeps levels as they are at the symbol precision and drops empty ones', () => {
    const groups = groupLevels([...depth.bids, ['99.00', '0']], 'bids', 2, 2, 3);
    expect(groups.map((group) => group.price)).toEqual([10037n, 10031n, 10029n, 9995n]);
  });

  it('groups bids down and asks up so no group shows a better price than the book', () => {
    const book = buildBook(depth, { decimals: 1, pricePrecision: 2, volumePrecision: 3, rows: 10 });
    expect(book.bids.map((row) => [row.price, row.quantity])).toEqual([
      ['100.3', '1.500'],
      ['100.2', '2.000'],
      ['99.9', '1.500'],
    ]);
    expect(book.asks.map((row) => [row.price, row.quantity])).toEqual([
      ['100.5', '1.500'],
      ['101.1', '0.500'],
    ]);
  });

  it('groups to tens for a coarse step', () => {
    const book = buildBook(depth, { decimals: -1, pricePrecision: 2, volumePrecision: 3, rows: 10 });
    expect(book.bids.map((row) => row.price)).toEqual(['100', '90']);
    expect(book.asks.map((row) => row.price)).toEqual(['110']);
  });

  it('draws depth bars from running totals on the larger side total', () => {
    const book = buildBook(depth, { decimals: 2, pricePrecision: 2, volumePrecision: 3, rows: 10 });
    expect(book.bids.map((row) => row.total)).toEqual(['1.000', '1.500', '3.500', '5.000']);
    expect(book.bids.map((row) => row.depthPercent)).toEqual([20, 30, 70, 100]);
    expect(book.asks.map((row) => row.depthPercent)).toEqual([5, 10, 30, 40]);
  });

  it('limits the rows per side before scaling the bars', () => {
    const book = buildBook(depth, { decimals: 2, pricePrecision: 2, volumePrecision: 3, rows: 2 });
    expect(book.bids).toHaveLength(2);
    expect(book.bids.at(-1)?.depthPercent).toBe(100);
    expect(book.asks.at(-1)?.depthPercent).toBeCloseTo(33.3);
  });

  it('gives empty bars for an empty scale', () => {
    expect(depthPercent(0n, 0n)).toBe(0);
    expect(depthPercent(5n, 10n)).toBe(50);
  });
});
