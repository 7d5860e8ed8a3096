// Proves the trading robot's ladder: prices evenly spread from the lowest to the highest at the
// symbol's precision, amounts that add up to the total exactly (the flooring's rest on the first
// order), and every way a ladder cannot be made named.
import { describe, expect, it } from 'vitest';
import { ladderOrders } from '../../../../src/app/features/exchange/ladder';

const BTC_USDT = { pricePrecision: 2, volumePrecision: 6 };

describe('the trading robot’s ladder', () => {
  it('spreads the prices evenly and splits the amount exactly', () => {
    const ladder = ladderOrders({ low: '100', high: '104', count: '5', total: '1' }, BTC_USDT);
    expect(ladder).toEqual({
      orders: [
        { price: '100', quantity: '0.2', value: '20' },
        { price: '101', quantity: '0.2', value: '20.2' },
        { price: '102', quantity: '0.2', value: '20.4' },
        { price: '103', quantity: '0.2', value: '20.6' },
        { price: '104', quantity: '0.2', value: '20.8' },
      ],
      totalValue: '102',
    });
  });

  it('floors prices to the precision and gives the amount the flooring leaves to the first order', () => {
    const ladder = ladderOrders({ low: '1', high: '2', count: '3', total: '0.000010' }, BTC_USDT);
    if (!('orders' in ladder)) throw new Error(`no ladder: ${ladder.problem}`);
    expect(ladder.orders.map((order) => order.price)).toEqual(['1', '1.5', '2']);
    expect(ladder.orders.map((order) => order.quantity)).toEqual(['0.000004', '0.000003', '0.000003']);
  });

  it('names what keeps a ladder from being made', () => {
    const valid = { low: '100', high: '110', count: '5', total: '1' };
    expect(ladderOrders({ ...valid, low: '' }, BTC_USDT)).toEqual({ problem: 'low' });
    expect(ladderOrders({ ...valid, high: '0' }, BTC_USDT)).toEqual({ problem: 'high' });
    expect(ladderOrders({ ...valid, high: '100' }, BTC_USDT)).toEqual({ problem: 'range' });
    expect(ladderOrders({ ...valid, count: '1' }, BTC_USDT)).toEqual({ problem: 'count' });
    expect(ladderOrders({ ...valid, count: '21' }, BTC_USDT)).toEqual({ problem: 'count' });
    expect(ladderOrders({ ...valid, count: '2.5' }, BTC_USDT)).toEqual({ problem: 'count' });
    expect(ladderOrders({ ...valid, total: '-1' }, BTC_USDT)).toEqual({ problem: 'total' });
    expect(ladderOrders({ ...valid, total: '0.000004' }, BTC_USDT)).toEqual({ problem: 'tooSmall' });
    expect(ladderOrders({ ...valid, high: '100.03' }, BTC_USDT)).toEqual({ problem: 'tooClose' });
  });
});
