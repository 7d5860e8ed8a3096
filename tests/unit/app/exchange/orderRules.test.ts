// Proves the order form's rules: decimal input cut to the symbol's precisions, totals, percentage-of-balance amounts and the fee estimate at the user's maker and taker rates, all in exact decimals.
import { describe, expect, it } from 'vitest';
import { positiveUnits, sanitizeDecimalInput, stepText } from '../../../../src/shared/decimal';
import {
  amountForPercent,
  amountScale,
  availableText,
  createBody,
  feeEstimate,
  formProblem,
  isTaker,
  orderTotalText,
  ratePercentText,
} from '../../../../src/app/features/exchange/orderRules';

/** The default market's rates (maker 0.08 %, taker 0.1 %), as GET /exchange/fees answers them. */
const RATES = { maker: 800n, taker: 1_000n };
const BTC = { symbol: 'BTC_USDT', pricePrecision: 2, volumePrecision: 6, baseSymbol: 'BTC', quoteSymbol: 'USDT' };

describe('exchange order form', () => {
  it('cuts typed prices and amounts to the precision, never rounding', () => {
    expect(sanitizeDecimalInput('43210.129', 2)).toBe('43210.12');
    expect(sanitizeDecimalInput('0,1234567', 6)).toBe('0.123456');
    expect(sanitizeDecimalInput('007.5', 2)).toBe('7.5');
    expect(sanitizeDecimalInput('.5', 2)).toBe('0.5');
    expect(sanitizeDecimalInput('12a.3.4', 3)).toBe('12.34');
    expect(sanitizeDecimalInput('12.9', 0)).toBe('12');
    expect(sanitizeDecimalInput('1e5', 2)).toBe('15');
    expect(sanitizeDecimalInput('123456789012345', 2)).toBe('12345678901');
  });

  it('reads only positive amounts within the scale', () => {
    expect(positiveUnits('1.5', 2)).toBe(150n);
    expect(positiveUnits('1.', 2)).toBe(100n);
    expect(positiveUnits('0', 2)).toBeNull();
    expect(positiveUnits('1.234', 2)).toBeNull();
    expect(stepText(2)).toBe('0.01');
    expect(stepText(0)).toBe('1');
  });

  it('shows a rate in parts per million as a percent', () => {
    expect(ratePercentText(800n)).toBe('0.08');
    expect(ratePercentText(1_000n)).toBe('0.1');
    expect(ratePercentText(200n)).toBe('0.02');
    expect(ratePercentText(0n)).toBe('0');
  });

  it('estimates a buy fee in the base currency and a sell fee in the quote currency, rounded up', () => {
    const limitBuy = { side: 'buy', type: 'limit', price: '40000', amount: '0.5' } as const;
    expect(feeEstimate(limitBuy, BTC, { taker: false, lastPrice: null, rates: RATES })).toEqual({ amount: '0.000400', currency: 'BTC', ratePpm: 800n, role: 'maker' });
    const limitSell = { side: 'sell', type: 'limit', price: '40000.01', amount: '0.123457' } as const;
    // 40000.01 x 0.123457 = 4938.281234..., rounded up to 4938.29; 0.1 % of it rounded up.
    expect(orderTotalText(limitSell.price, limitSell.amount, BTC)).toBe('4938.29');
    expect(feeEstimate(limitSell, BTC, { taker: true, lastPrice: null, rates: RATES })).toEqual({ amount: '4.94', currency: 'USDT', ratePpm: 1000n, role: 'taker' });
    const marketBuy = { side: 'buy', type: 'market', price: '', amount: '100' } as const;
    expect(feeEstimate(marketBuy, BTC, { taker: true, lastPrice: '40000', rates: RATES })?.amount).toBe('0.000003');
    expect(feeEstimate(marketBuy, BTC, { taker: true, lastPrice: null, rates: RATES })).toBeNull();
    expect(feeEstimate({ ...limitBuy, amount: '' }, BTC, { taker: false, lastPrice: null, rates: RATES })).toBeNull();
    // A VIP tier's rates (an operator's): 0 % maker, 0.02 % taker; and no estimate before the rates are known.
    const vip = { maker: 0n, taker: 200n };
    expect(feeEstimate(limitBuy, BTC, { taker: false, lastPrice: null, rates: vip })).toEqual({ amount: '0.000000', currency: 'BTC', ratePpm: 0n, role: 'maker' });
    expect(feeEstimate(limitSell, BTC, { taker: true, lastPrice: null, rates: vip })).toEqual({ amount: '0.99', currency: 'USDT', ratePpm: 200n, role: 'taker' });
    expect(feeEstimate(limitBuy, BTC, { taker: false, lastPrice: null, rates: null })).toBeNull();
  });

  it('tells a taker limit order from a resting one by the best opposite price', () => {
    const best = { bid: '39990.00', ask: '40010.00' };
    expect(isTaker({ side: 'buy', type: 'limit', price: '40010' }, best, BTC)).toBe(true);
    expect(isTaker({ side: 'buy', type: 'limit', price: '40009.99' }, best, BTC)).toBe(false);
    expect(isTaker({ side: 'sell', type: 'limit', price: '39990' }, best, BTC)).toBe(true);
    expect(isTaker({ side: 'sell', type: 'limit', price: '40000' }, best, BTC)).toBe(false);
    expect(isTaker({ side: 'sell', type: 'market', price: '' }, best, BTC)).toBe(true);
  });

  it('fills the amount with a share of the available balance', () => {
    const available = { base: '0.987654321', quote: '1000.129' };
    expect(amountForPercent(25, { side: 'sell', type: 'limit', price: '' }, available, BTC)).toBe('0.246913');
    expect(amountForPercent(100, { side: 'sell', type: 'market', price: '' }, available, BTC)).toBe('0.987654');
    expect(amountForPercent(50, { side: 'buy', type: 'market', price: '' }, available, BTC)).toBe('500.06');
    // 75 % of 1000.12 USDT at 40000 buys 0.018752 BTC (rounded down).
    expect(amountForPercent(75, { side: 'buy', type: 'limit', price: '40000' }, available, BTC)).toBe('0.018752');
    expect(amountForPercent(75, { side: 'buy', type: 'limit', price: '' }, available, BTC)).toBeNull();
  });

  it('reads available as balance plus frozen', () => {
    expect(availableText({ balance: '100.5', frozen: '-20.25' }, 3)).toBe('80.250');
    expect(availableText(undefined, 2)).toBe('0.00');
  });

  it('asks for what is missing and builds the create body', () => {
    expect(amountScale({ side: 'buy', type: 'market' }, BTC)).toBe(2);
    expect(amountScale({ side: 'sell', type: 'market' }, BTC)).toBe(6);
    expect(formProblem({ side: 'buy', type: 'limit', price: '', amount: '1' }, BTC)).toBe('price');
    expect(formProblem({ side: 'buy', type: 'limit', price: '1', amount: '0' }, BTC)).toBe('amount');
    expect(formProblem({ side: 'buy', type: 'market', price: '', amount: '10.5' }, BTC)).toBeNull();
    expect(createBody({ side: 'buy', type: 'market', price: '', amount: '10.' }, BTC, 'c1')).toEqual({ symbol: 'BTC_USDT', side: 'buy', type: 'market', quoteAmount: '10', clientOrderId: 'c1' });
    expect(createBody({ side: 'sell', type: 'limit', price: '5.', amount: '1' }, BTC, 'c2')).toEqual({ symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '5', quantity: '1', clientOrderId: 'c2' });
  });
});
