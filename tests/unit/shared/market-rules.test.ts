// Proves the market screens' pure rules: sorting by each column, the search cap of 10 and the test-only rule, tags, rank selection and banner rotation.
import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../src/shared/api/market';
import { SEARCH_RESULTS_MAX, SYMBOL_TYPE } from '../../../src/shared/constants';
import {
  bannerIndex,
  changeTone,
  marketRows,
  nextSort,
  quoteIdOf,
  quoteTags,
  rankRows,
  signedChange,
  sortMarkets,
  type MarketFilter,
} from '../../../src/shared/market-rules';

function symbol(id: number, name: string, options: { type?: number; testOnly?: boolean } = {}) {
  const [baseSymbol = '', quoteSymbol = ''] = name.split('/');
  return { id, type: options.type ?? SYMBOL_TYPE.exchange, symbol: name.replace('/', '_'), name, testOnly: options.testOnly ?? false, quoteSymbol, baseSymbol };
}

function quote(id: number, c: string, changePercent: string, turnover: string): Quote {
  return { id, c, dl: c, dh: c, dv: '1', ds: c, t: 1, changePercent, turnover };
}

const filter = (change: Partial<MarketFilter> = {}): MarketFilter => ({ type: SYMBOL_TYPE.exchange, tag: null, onlyIds: null, search: '', testEnabled: false, ...change });

describe('market table rows', () => {
  const many = Array.from({ length: 14 }, (_, index) => symbol(index + 1, `C${String(index).padStart(2, '0')}/USDT`));
  const testOnly = symbol(99, 'BTC/USDC', { testOnly: true });
  const list = [symbol(50, 'BTC/USDT'), symbol(51, 'ETH/BTC'), symbol(52, 'BTC/USDT', { type: SYMBOL_TYPE.futures }), testOnly, ...many];

  it('R-VAL-03 lists every symbol of the type without search text, and at most 10 matches with it', () => {
    expect(marketRows(list, filter())).toHaveLength(16);
    const found = marketRows(list, filter({ search: '  c ' }));
    expect(found).toHaveLength(SEARCH_RESULTS_MAX);
    expect(found.every((item) => item.name.startsWith('C'))).toBe(true);
    expect(marketRows(list, filter({ search: 'btc' })).map((item) => item.id)).toEqual([50, 51]);
  });

  it('R-VAL-04 R-ROLE-03 shows test-only symbols only to testEnabled profiles, in the list and in search', () => {
    expect(marketRows(list, filter()).map((item) => item.id)).not.toContain(99);
    expect(marketRows(list, filter({ search: 'BTC/USDC' }))).toEqual([]);
    expect(marketRows(list, filter({ testEnabled: true, search: 'btc/usdc' })).map((item) => item.id)).toEqual([99]);
  });

  it('filters by quote-currency tag and by favourites across types', () => {
    expect(quoteTags(list.filter((item) => !item.testOnly))).toEqual(['USDT', 'BTC']);
    expect(marketRows(list, filter({ tag: 'BTC' })).map((item) => item.id)).toEqual([51]);
    expect(marketRows(list, filter({ type: null, onlyIds: new Set([52, 51]) })).map((item) => item.id)).toEqual([51, 52]);
  });
});

describe('sorting', () => {
  const rows = [symbol(1, 'ETH/USDT'), symbol(2, 'BTC/USDT'), symbol(3, 'SOL/USDT'), symbol(4, 'XRP/USDT')];
  const quotes = new Map([
    [1, quote(1, '3000.5', '-1.20', '500')],
    [2, quote(2, '90000', '2.50', '900')],
    [3, quote(3, '150', '0.00', '100')],
  ]);
  const quoteOf = (id: number) => quotes.get(id);
  const ids = (sorted: typeof rows) => sorted.map((item) => item.id);

  it('sorts by name, price, change and volume as numbers; rows without a quote go last either way', () => {
    expect(ids(sortMarkets(rows, { key: 'name', direction: 'asc' }, quoteOf))).toEqual([2, 1, 3, 4]);
    expect(ids(sortMarkets(rows, { key: 'name', direction: 'desc' }, quoteOf))).toEqual([4, 3, 1, 2]);
    expect(ids(sortMarkets(rows, { key: 'price', direction: 'desc' }, quoteOf))).toEqual([2, 1, 3, 4]);
    expect(ids(sortMarkets(rows, { key: 'price', direction: 'asc' }, quoteOf))).toEqual([3, 1, 2, 4]);
    expect(ids(sortMarkets(rows, { key: 'change', direction: 'desc' }, quoteOf))).toEqual([2, 3, 1, 4]);
    expect(ids(sortMarkets(rows, { key: 'volume', direction: 'asc' }, quoteOf))).toEqual([3, 1, 2, 4]);
    expect(ids(sortMarkets(rows, null, quoteOf))).toEqual([1, 2, 3, 4]);
  });

  it('flips the direction on the same column and starts a new one high to low (names A to Z)', () => {
    expect(nextSort(null, 'price')).toEqual({ key: 'price', direction: 'desc' });
    expect(nextSort({ key: 'price', direction: 'desc' }, 'price')).toEqual({ key: 'price', direction: 'asc' });
    expect(nextSort({ key: 'price', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });
});

describe('rankings, changes and banners', () => {
  const ranks = { gainers: [1, 2, 3], losers: [4, 5], volume: [6, 7, 8, 9] };

  it('selects the rows of the chosen rankings tab, capped, gainers for an unknown tab', () => {
    expect(rankRows(ranks, 'losers', 10)).toEqual([4, 5]);
    expect(rankRows(ranks, 'volume', 2)).toEqual([6, 7]);
    expect(rankRows(ranks, 'nonsense', 10)).toEqual([1, 2, 3]);
  });

  it('gives a change its tone and sign', () => {
    expect([changeTone('1.5'), changeTone('-0.01'), changeTone('-0.00'), changeTone('0.00')]).toEqual(['up', 'down', 'flat', 'flat']);
    expect([signedChange('1.50'), signedChange('-2.00'), signedChange('0.00')]).toEqual(['+1.50%', '-2.00%', '0.00%']);
  });

  it('rotates banners forward and back, wrapping, and stays at 0 without banners', () => {
    expect(bannerIndex(0, 3, 1)).toBe(1);
    expect(bannerIndex(2, 3, 1)).toBe(0);
    expect(bannerIndex(0, 3, -1)).toBe(2);
    expect(bannerIndex(1, 0, 1)).toBe(0);
  });

  it('prices futures and binary options from the spot market of the same pair', () => {
    const list = [symbol(301, 'BTC/USDT'), symbol(201, 'BTC/USDT', { type: SYMBOL_TYPE.futures }), symbol(205, 'XRP/BTC', { type: SYMBOL_TYPE.futures })].map((item) => ({ ...item, symbol: item.name.replace('/', '_') }));
    expect(list.map((item) => quoteIdOf(item, list, SYMBOL_TYPE.exchange))).toEqual([301, 301, 205]);
  });
});
