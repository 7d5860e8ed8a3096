// Proves the convert form's state rules: which currencies convert into which (directly or through USDT, as the server routes), choosing and swapping currencies, when a quote may be asked for and whether an answer still fits the form, and the history's paging.
import { describe, expect, it } from 'vitest';
import type { ConvertPairs } from '../../../../src/shared/api/convert';
import {
  canConvert,
  chooseFrom,
  chooseTo,
  initialFormState,
  quoteMatches,
  quoteRequestOf,
  sourcesOf,
  swapCurrencies,
  targetsOf,
} from '../../../../src/app/features/convert/convertRules';
import { clampPage, pageCount, pageOffset } from '../../../../src/app/features/convert/historyPaging';

const pair = (base: string, quote: string) => ({ symbol: `${base}_${quote}`, base, quote, buyPrice: '1', sellPrice: '1' });
const data: Pick<ConvertPairs, 'pairs' | 'currencies'> = {
  currencies: [
    { code: 'USDT', displayName: 'Tether', scale: 6 },
    { code: 'BTC', displayName: 'Bitcoin', scale: 8 },
    { code: 'ETH', displayName: 'Ethereum', scale: 8 },
    { code: 'SOL', displayName: 'Solana', scale: 8 },
    { code: 'XAU', displayName: 'Gold', scale: 2 },
  ],
  pairs: [pair('BTC', 'USDT'), pair('ETH', 'USDT'), pair('SOL', 'USDT'), pair('ETH', 'BTC')],
};

describe('routes between currencies', () => {
  it('converts both ways along a pair', () => {
    expect(canConvert(data.pairs, 'USDT', 'BTC')).toBe(true);
    expect(canConvert(data.pairs, 'BTC', 'USDT')).toBe(true);
    expect(canConvert(data.pairs, 'ETH', 'BTC')).toBe(true);
  });

  it('converts through USDT when both currencies pair with it', () => {
    expect(canConvert(data.pairs, 'SOL', 'BTC')).toBe(true);
    expect(canConvert(data.pairs, 'BTC', 'SOL')).toBe(true);
  });

  it('refuses a currency into itself and currencies without a route', () => {
    expect(canConvert(data.pairs, 'BTC', 'BTC')).toBe(false);
    expect(canConvert(data.pairs, 'XAU', 'USDT')).toBe(false);
    expect(canConvert(data.pairs, 'SOL', 'XAU')).toBe(false);
  });

  it('lists targets and sources in the server’s currency order', () => {
    expect(targetsOf(data, 'USDT')).toEqual(['BTC', 'ETH', 'SOL']);
    expect(targetsOf(data, 'SOL')).toEqual(['USDT', 'BTC', 'ETH']);
    expect(sourcesOf(data)).toEqual(['USDT', 'BTC', 'ETH', 'SOL']);
  });
});

describe('form state', () => {
  it('opens on USDT into BTC', () => {
    expect(initialFormState(data)).toEqual({ from: 'USDT', to: 'BTC', amount: '' });
  });

  it('opens on the first route when USDT into BTC is not offered', () => {
    expect(initialFormState({ currencies: data.currencies, pairs: [pair('ETH', 'USDT')] })).toEqual({ from: 'USDT', to: 'ETH', amount: '' });
  });

  it('a new source keeps a target it still reaches and clears the amount', () => {
    expect(chooseFrom(data, { from: 'USDT', to: 'BTC', amount: '5' }, 'SOL')).toEqual({ from: 'SOL', to: 'BTC', amount: '' });
    expect(chooseFrom(data, { from: 'BTC', to: 'USDT', amount: '5' }, 'USDT')).toEqual({ from: 'USDT', to: 'BTC', amount: '' });
    expect(chooseFrom(data, { from: 'USDT', to: 'BTC', amount: '5' }, 'USDT')).toEqual({ from: 'USDT', to: 'BTC', amount: '5' });
  });

  it('swaps the currencies and clears the amount', () => {
    expect(swapCurrencies(data, { from: 'USDT', to: 'BTC', amount: '100' })).toEqual({ from: 'BTC', to: 'USDT', amount: '' });
    expect(chooseTo({ from: 'USDT', to: 'BTC', amount: '1' }, 'ETH')).toEqual({ from: 'USDT', to: 'ETH', amount: '1' });
  });
});

describe('quote requests', () => {
  it('asks only for a positive amount within the source’s scale on a route', () => {
    expect(quoteRequestOf(data, { from: 'USDT', to: 'BTC', amount: '100.5' })).toEqual({ from: 'USDT', to: 'BTC', amount: '100.5' });
    expect(quoteRequestOf(data, { from: 'USDT', to: 'BTC', amount: '100.' })).toEqual({ from: 'USDT', to: 'BTC', amount: '100' });
    expect(quoteRequestOf(data, { from: 'USDT', to: 'BTC', amount: '0' })).toBeNull();
    expect(quoteRequestOf(data, { from: 'USDT', to: 'BTC', amount: '' })).toBeNull();
    expect(quoteRequestOf(data, { from: 'USDT', to: 'BTC', amount: '1.1234567' })).toBeNull();
    expect(quoteRequestOf(data, { from: 'XAU', to: 'BTC', amount: '1' })).toBeNull();
  });

  it('an answer fits the form only for the same currencies and amount', () => {
    const request = { from: 'USDT', to: 'BTC', amount: '100' };
    expect(quoteMatches({ from: 'USDT', to: 'BTC', fromAmount: '100.000000' }, request, 6)).toBe(true);
    expect(quoteMatches({ from: 'USDT', to: 'BTC', fromAmount: '100.5' }, request, 6)).toBe(false);
    expect(quoteMatches({ from: 'USDT', to: 'ETH', fromAmount: '100' }, request, 6)).toBe(false);
    expect(quoteMatches(null, request, 6)).toBe(false);
  });
});

describe('history paging', () => {
  it('counts pages of 20, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });

  it('clamps page numbers and gives their offsets', () => {
    expect(clampPage(0, 45)).toBe(1);
    expect(clampPage(9, 45)).toBe(3);
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(40);
  });
});
