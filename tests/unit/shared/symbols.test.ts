/** Proves the symbol rules of spec 3 and 5: fields, base and quote, lookup, grouping, search the trading-page routes and the symbol a route names. */
import { describe, expect, it } from 'vitest';
import { marketSymbolSchema, type MarketSymbol } from '../../../src/shared/api/market';
import { SEARCH_RESULTS_MAX, SYMBOL_TYPE } from '../../../src/shared/constants';
import { groupSymbolsByType, lookupSymbol, routeSymbol, searchSymbols, splitSymbol, symbolRoute } from '../../../src/shared/symbols';

function marketSymbol(id: number, type: 1 | 2 | 3, symbol: string, testOnly = false): MarketSymbol {
  const { baseSymbol, quoteSymbol } = splitSymbol(symbol);
  return {
    id,
    type,
    symbol,
    name: `${baseSymbol}/${quoteSymbol}`,
    testOnly,
    testEnabled: false,
    prompted: false,
    pricePrecision: 2,
    volumePrecision: 4,
    baseSymbol,
    quoteSymbol,
    svgIcon: `/icons/coins/${baseSymbol.toLowerCase()}.svg`,
  };
}

const BASES = ['BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE', 'TRX', 'LTC', 'ADA', 'DOT', 'AVAX', 'LINK'];
const LIST: MarketSymbol[] = [
  marketSymbol(101, 1, 'BTC_USDT'),
  marketSymbol(102, 1, 'ETH_USDT'),
  marketSymbol(201, 2, 'BTC_USDT'),
  ...BASES.map((base, index) => marketSymbol(301 + index, 3, `${base}_USDT`)),
  marketSymbol(320, 3, 'ETH_BTC'),
  marketSymbol(399, 3, 'BTC_USDC', true),
];

describe('symbol fields', () => {
  it('R-ENT-01 carry every field of spec 3', () => {
    const parsed = marketSymbolSchema.parse(LIST[0]);
    expect(Object.keys(parsed).sort()).toEqual(
      ['id', 'type', 'symbol', 'name', 'testOnly', 'testEnabled', 'prompted', 'pricePrecision', 'volumePrecision', 'baseSymbol', 'quoteSymbol', 'svgIcon'].sort(),
    );
  });

  it('R-ENT-01 the type is 1 binary option, 2 futures or 3 exchange, nothing else', () => {
    expect(SYMBOL_TYPE).toEqual({ boption: 1, futures: 2, exchange: 3 });
    expect(marketSymbolSchema.safeParse({ ...LIST[0], type: 4 }).success).toBe(false);
    expect(marketSymbolSchema.safeParse({ ...LIST[0], pricePrecision: 9 }).success).toBe(false);
    const withoutIcon: Partial<MarketSymbol> = { ...LIST[0] };
    delete withoutIcon.svgIcon;
    expect(marketSymbolSchema.safeParse(withoutIcon).success).toBe(false);
  });
});

describe('splitSymbol', () => {
  it('R-ENT-02 splits base and quote at an underscore or a slash', () => {
    expect(splitSymbol('BTC_USDT')).toEqual({ baseSymbol: 'BTC', quoteSymbol: 'USDT' });
    expect(splitSymbol('eth/btc')).toEqual({ baseSymbol: 'eth', quoteSymbol: 'btc' });
    expect(splitSymbol('DOGE_USDT')).toEqual({ baseSymbol: 'DOGE', quoteSymbol: 'USDT' });
  });

  it('R-ENT-02 splits at the first separator and leaves the quote empty without one', () => {
    expect(splitSymbol('A_B/C')).toEqual({ baseSymbol: 'A', quoteSymbol: 'B/C' });
    expect(splitSymbol('BTCUSDT')).toEqual({ baseSymbol: 'BTCUSDT', quoteSymbol: '' });
  });
});

describe('lookupSymbol', () => {
  it('R-ENT-03 finds a symbol by id', () => {
    expect(lookupSymbol(LIST, 201)?.type).toBe(2);
    expect(lookupSymbol(LIST, 999)).toBeUndefined();
  });

  it('R-ENT-03 finds a symbol by type plus lower-case symbol', () => {
    expect(lookupSymbol(LIST, { type: 3, symbol: 'btc_usdt' })?.id).toBe(301);
    expect(lookupSymbol(LIST, { type: 1, symbol: 'btc_usdt' })?.id).toBe(101);
    expect(lookupSymbol(LIST, { type: 3, symbol: 'ETH_BTC' })?.id).toBe(320);
    expect(lookupSymbol(LIST, { type: 2, symbol: 'eth_btc' })).toBeUndefined();
  });

  it('R-VAL-01 fails when the key is missing', () => {
    expect(() => lookupSymbol(LIST, undefined)).toThrow(Error);
    expect(() => lookupSymbol(LIST, null)).toThrow(Error);
    expect(() => lookupSymbol(LIST, { type: 3, symbol: '' })).toThrow(/symbol/);
    expect(() => lookupSymbol(LIST, { type: 3, symbol: '  ' })).toThrow(/symbol/);
    expect(() => lookupSymbol(LIST, { type: 3 } as unknown as { type: number; symbol: string })).toThrow(/symbol/);
  });

  it('R-VAL-01 fails when the type is not an integer', () => {
    expect(() => lookupSymbol(LIST, { type: 1.5, symbol: 'btc_usdt' })).toThrow(/integer/);
    expect(() => lookupSymbol(LIST, { type: Number.NaN, symbol: 'btc_usdt' })).toThrow(/integer/);
    expect(() => lookupSymbol(LIST, { type: '3', symbol: 'btc_usdt' } as unknown as { type: number; symbol: string })).toThrow(/integer/);
    expect(() => lookupSymbol(LIST, 1.5)).toThrow(/integer/);
  });
});

describe('groupSymbolsByType', () => {
  it('R-ENT-03 groups the list by type, keeping its order', () => {
    const groups = groupSymbolsByType(LIST);
    expect(groups[1].map((item) => item.id)).toEqual([101, 102]);
    expect(groups[2].map((item) => item.id)).toEqual([201]);
    expect(groups[3].map((item) => item.id)).toEqual(LIST.filter((item) => item.type === 3).map((item) => item.id));
  });

  it('drops rows of an unknown type and gives empty groups for an empty list', () => {
    expect(groupSymbolsByType([{ type: 7 }])).toEqual({ 1: [], 2: [], 3: [] });
  });
});

describe('searchSymbols', () => {
  it('R-VAL-03 trims and upper-cases the filter and matches by name', () => {
    const found = searchSymbols(LIST, { type: 3, filter: '  eth ' });
    expect(found.map((item) => item.symbol)).toEqual(['ETH_USDT', 'ETH_BTC']);
    expect(searchSymbols(LIST, { type: 3, filter: 'doge/' }).map((item) => item.id)).toEqual([306]);
  });

  it('R-VAL-03 ranks names that start with the filter before names that only contain it', () => {
    const found = searchSymbols(LIST, { type: 3, filter: 'btc' });
    expect(found.map((item) => item.symbol)).toEqual(['BTC_USDT', 'ETH_BTC']);
  });

  it('finds a pair typed without its separator', () => {
    expect(searchSymbols(LIST, { type: 3, filter: 'ethusdt' }).map((item) => item.id)).toEqual([302]);
  });

  it('R-VAL-03 returns at most 10 matches', () => {
    const found = searchSymbols(LIST, { type: 3, filter: 'usdt' });
    expect(found).toHaveLength(SEARCH_RESULTS_MAX);
    expect(SEARCH_RESULTS_MAX).toBe(10);
  });

  it('R-VAL-03 an empty filter returns the first 10 of that type', () => {
    const exchange = LIST.filter((item) => item.type === 3 && !item.testOnly);
    expect(searchSymbols(LIST, { type: 3, filter: '' })).toEqual(exchange.slice(0, 10));
    expect(searchSymbols(LIST, { type: 3, filter: '   ' })).toEqual(exchange.slice(0, 10));
    expect(searchSymbols(LIST, { type: 1 }).map((item) => item.id)).toEqual([101, 102]);
  });

  it('searches only the asked type', () => {
    expect(searchSymbols(LIST, { type: 2, filter: 'eth' })).toEqual([]);
  });

  it('R-VAL-04 R-ROLE-03 hides test-only symbols unless the profile has testEnabled true', () => {
    expect(searchSymbols(LIST, { type: 3, filter: 'usdc' })).toEqual([]);
    expect(searchSymbols(LIST, { type: 3, filter: 'usdc', testEnabled: false })).toEqual([]);
    expect(searchSymbols(LIST, { type: 3, filter: 'usdc', testEnabled: true }).map((item) => item.id)).toEqual([399]);
  });
});

describe('symbolRoute', () => {
  it('R-ROUTE-09 links each type to its trading page with the lower-case symbol', () => {
    expect(symbolRoute({ type: 1, symbol: 'BTC_USDT' })).toBe('/boption?id=btc_usdt');
    expect(symbolRoute({ type: 2, symbol: 'ETH_USDT' })).toBe('/futures?id=eth_usdt');
    expect(symbolRoute({ type: 3, symbol: 'DOGE_USDT' })).toBe('/exchange?id=doge_usdt');
  });

  it('refuses a symbol of an unknown type', () => {
    expect(() => symbolRoute({ type: 4, symbol: 'BTC_USDT' })).toThrow(/type/);
  });
});

describe('routeSymbol', () => {
  it('R-ROUTE-09 finds the symbol of its type that a trading page id names, in any case, the default without one', () => {
    expect(routeSymbol(LIST, SYMBOL_TYPE.boption, 'eth_usdt', 'BTC_USDT')?.id).toBe(102);
    expect(routeSymbol(LIST, SYMBOL_TYPE.boption, 'ETH/USDT', 'BTC_USDT')?.id).toBe(102);
    expect(routeSymbol(LIST, SYMBOL_TYPE.futures, 'btc_usdt', 'BTC_USDT')?.id).toBe(201);
    expect(routeSymbol(LIST, SYMBOL_TYPE.boption, undefined, 'BTC_USDT')?.id).toBe(101);
    expect(routeSymbol(LIST, SYMBOL_TYPE.boption, ' ', 'XRP_USDT')?.id).toBe(101);
  });

  it('answers null for an id of no symbol of the type, undefined while the type has none', () => {
    expect(routeSymbol(LIST, SYMBOL_TYPE.boption, 'doge_usdt', 'BTC_USDT')).toBeNull();
    expect(routeSymbol(LIST.filter((item) => item.type !== SYMBOL_TYPE.boption), SYMBOL_TYPE.boption, 'btc_usdt', 'BTC_USDT')).toBeUndefined();
  });
});
