// Proves the header's pure decisions: which USDT markets price the user's coins and the price
// lookup built from their quotes (R-STATE-09), the masked total (R-HEAD-05), the unread badge
// text (R-HEAD-10), the user menu's name (R-HEAD-06), the grouping of a total's digits, and how
// the wide header steps down when a language's labels overflow its row (R-HEAD-12).
import { describe, expect, it } from 'vitest';
import type { MarketSymbol } from '../../../../src/shared/api/market';
import { SYMBOL_TYPE } from '../../../../src/shared/constants';
import { totalAssetValue } from '../../../../src/shared/valuation';
import {
  MASKED_AMOUNT,
  nextFitState,
  displayNameOf,
  groupDigits,
  heldCurrencies,
  identityKeyOf,
  isCurrentPage,
  maskAmount,
  unreadBadgeText,
  usdtMarketIds,
  usdtPriceOf,
} from '../../../../src/app/layout/header/headerLogic';

function market(id: number, type: MarketSymbol['type'], symbol: string): MarketSymbol {
  const [baseSymbol = '', quoteSymbol = ''] = symbol.split('_');
  return {
    id,
    type,
    symbol,
    name: symbol.replace('_', '/'),
    testOnly: false,
    testEnabled: false,
    prompted: false,
    pricePrecision: 2,
    volumePrecision: 4,
    baseSymbol,
    quoteSymbol,
    svgIcon: '',
  };
}

const SYMBOLS = [
  market(101, SYMBOL_TYPE.boption, 'BTC_USDT'),
  market(201, SYMBOL_TYPE.futures, 'BTC_USDT'),
  market(301, SYMBOL_TYPE.exchange, 'BTC_USDT'),
  market(302, SYMBOL_TYPE.exchange, 'ETH_USDT'),
  market(309, SYMBOL_TYPE.exchange, 'ETH_BTC'),
  market(310, SYMBOL_TYPE.exchange, 'USDC_USDT'),
];

function quotes(prices: Record<number, string>): Map<number, { quote: { c: string } }> {
  return new Map(Object.entries(prices).map(([id, c]) => [Number(id), { quote: { c } }]));
}

describe('pricing the asset total (R-STATE-09)', () => {
  it('values held coins by their USDT spot market, never a futures, option or cross market', () => {
    const balances = [
      { currency: 'USDT', balance: '10000.000000' },
      { currency: 'BTC', balance: '0.50000000' },
      { currency: 'ETH', balance: '5.00000000' },
      { currency: 'USDC', balance: '0.000000' },
      { currency: 'FTUSDT', balance: '1000.000000' },
    ];
    const held = heldCurrencies(balances);
    expect(held).toEqual(['BTC', 'ETH']);
    expect(usdtMarketIds(SYMBOLS, held)).toEqual([301, 302]);
    const priceOf = usdtPriceOf(SYMBOLS, quotes({ 101: '1', 201: '2', 301: '90000.5', 302: '3000', 309: '0.03' }));
    expect(priceOf('BTC')).toBe('90000.5');
    expect(priceOf('eth')).toBe('3000');
    expect(priceOf('USDC')).toBeUndefined();
    expect(totalAssetValue({ balances }, priceOf)).toBe('71000.25000000');
  });

  it('a coin without a USDT market, or whose quote has not arrived, has no price', () => {
    expect(usdtMarketIds(SYMBOLS, ['XYZ'])).toEqual([]);
    expect(usdtPriceOf(SYMBOLS, quotes({}))('BTC')).toBeUndefined();
    expect(usdtPriceOf(SYMBOLS, quotes({ 301: '1' }))('XYZ')).toBeUndefined();
  });
});

describe('what the header shows', () => {
  it('R-HEAD-05 masks the total with asterisks of a fixed length', () => {
    expect(maskAmount('73,000.040', true)).toBe(MASKED_AMOUNT);
    expect(maskAmount('1.000', true)).toBe(MASKED_AMOUNT);
    expect(MASKED_AMOUNT).toMatch(/^\*+$/);
    expect(maskAmount('73,000.040', false)).toBe('73,000.040');
  });

  it('R-HEAD-10 the badge shows nothing at zero, the count up to 99, then 99+', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });

  it('R-HEAD-06 names the user by real name, else e-mail, else phone with its country code', () => {
    expect(displayNameOf({ realName: ' Ada Lovelace ', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayNameOf({ realName: '', email: 'ada@example.com', phone: '5550100', countryCode: '+1' })).toBe('ada@example.com');
    expect(displayNameOf({ realName: '', phone: '5550100', countryCode: '+1' })).toBe('+1 5550100');
  });

  it('tells two users apart by e-mail and phone', () => {
    expect(identityKeyOf({ email: 'a@x.io' })).toBe(identityKeyOf({ email: 'a@x.io' }));
    expect(identityKeyOf({ email: 'a@x.io' })).not.toBe(identityKeyOf({ email: 'b@x.io' }));
    expect(identityKeyOf({ phone: '1', countryCode: '+1' })).not.toBe(identityKeyOf({ phone: '1', countryCode: '+86' }));
  });

  it('marks the page in view and the pages below it, whatever the language prefix and case', () => {
    expect(isCurrentPage('/de/Exchange?id=btc_usdt', '/exchange')).toBe(true);
    expect(isCurrentPage('/en/exchange/exchangecoinorder', '/exchange')).toBe(true);
    expect(isCurrentPage('/en/exchanges', '/exchange')).toBe(false);
    expect(isCurrentPage('/en/quotes', '/')).toBe(false);
  });

  it('groups the whole part of a total by language without rounding it', () => {
    expect(groupDigits('73000.040', 'en')).toBe('73,000.040');
    expect(groupDigits('1234567890123456789.999', 'en')).toBe('1,234,567,890,123,456,789.999');
    expect(groupDigits('73000.040', 'de')).toBe('73.000,040');
    expect(groupDigits('999.000', 'en')).toBe('999.000');
    expect(groupDigits('not a number', 'en')).toBe('not a number');
  });
});

describe('fitting the wide header to its row (R-HEAD-12)', () => {
  const start = { key: 'de', level: 0, needs: [] };

  it('steps down one level per overflow, remembering what each level needed', () => {
    const icons = nextFitState(start, 0, 1500, 1400);
    expect(icons).toMatchObject({ level: 1, needs: [1500] });
    const compact = nextFitState(icons, 1, 1420, 1400);
    expect(compact).toMatchObject({ level: 2, needs: [1500, 1420] });
    expect(nextFitState(compact, 2, 900, 1400)).toBe(compact);
  });

  it('steps up only once the row is as wide as the level above needed', () => {
    const compact = { key: 'de', level: 2, needs: [1500, 1420] };
    expect(nextFitState(compact, 2, 900, 1419)).toBe(compact);
    const icons = nextFitState(compact, 2, 900, 1420);
    expect(icons.level).toBe(1);
    expect(nextFitState(icons, 1, 1300, 1499).level).toBe(1);
    expect(nextFitState(icons, 1, 1300, 1500).level).toBe(0);
  });

  it('stays full while the content fits', () => {
    expect(nextFitState(start, 0, 1200, 1280)).toBe(start);
  });

  it('R-HEAD-12 takes one step for one overflowing frame, however many observers report it', () => {
    // The full header of German, signed in, at 1440 px: 6 px too wide. Two reports of that frame
    // arrive before the icons level renders; the second is of the full level and changes nothing.
    const icons = nextFitState(start, 0, 1446, 1440);
    expect(icons.level).toBe(1);
    expect(nextFitState(icons, 0, 1446, 1440)).toBe(icons);
    // Once the icons level is on screen and fits, it stays.
    expect(nextFitState(icons, 1, 1089, 1440)).toBe(icons);
  });
});
