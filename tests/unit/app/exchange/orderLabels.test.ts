// Proves that an order's figures carry their units (issue 14): a limit order's amount and fill in the
// base currency, a market buy's amount in the quote it spends and its fill in the same unit with the
// base it bought, so that "20 / 0.000221" never reads as 20 BTC with less filled than asked.
import { describe, expect, it } from 'vitest';
import type { OrderViewData } from '../../../../src/shared/api/exchange';
import { orderAmountText, orderFilledText } from '../../../../src/app/features/exchange/orderLabels';

function order(fields: Partial<OrderViewData>): OrderViewData {
  return {
    id: 1,
    userId: 1,
    symbolId: 301,
    symbol: 'BTC_USDT',
    side: 'buy',
    type: 'limit',
    price: '90000.00',
    quantity: '0.010000',
    quoteAmount: null,
    filledQuantity: '0.004000',
    filledQuote: '360.000000',
    averagePrice: '90000.00',
    fee: '0.000004',
    feeCurrency: 'BTC',
    status: 'open',
    cancelReason: null,
    clientOrderId: null,
    createdAt: 0,
    updatedAt: 0,
    ...fields,
  } as OrderViewData;
}

describe('order figures', () => {
  it('a limit order: amount and fill in the base currency', () => {
    expect(orderAmountText(order({}))).toBe('0.01 BTC');
    expect(orderFilledText(order({}))).toBe('0.004 BTC');
  });

  it('a market buy: the quote it spends, and what it spent with the base it bought', () => {
    const marketBuy = order({ type: 'market', price: null, quantity: null, quoteAmount: '20.000000', filledQuantity: '0.000221', filledQuote: '19.989000', status: 'filled' });
    expect(orderAmountText(marketBuy)).toBe('20 USDT');
    expect(orderFilledText(marketBuy)).toBe('19.989 USDT (0.000221 BTC)');
  });

  it('a market sell: by quantity, in the base currency', () => {
    const marketSell = order({ side: 'sell', type: 'market', price: null, quantity: '0.500000', filledQuantity: '0.500000' });
    expect(orderAmountText(marketSell)).toBe('0.5 BTC');
    expect(orderFilledText(marketSell)).toBe('0.5 BTC');
  });
});
