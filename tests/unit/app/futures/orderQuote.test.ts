// Proves what the futures order panel shows and checks before a user confirms: the entry moved by
// the spread against the user, the size a margin buys (or the margin a size needs), the open fee,
// the cost and the liquidation price of the shared futures math, and the first problem of the form
// (no mark, no amount, a size out of bounds, a stop point on the wrong side, more than is available);
// and the body it sends.
import { describe, expect, it } from 'vitest';
import type { FuturesSymbolConfig } from '../../../../src/shared/api/futures';
import { checkOrder, createBody, marginForShare, type FuturesOrderForm } from '../../../../src/app/features/futures/orderQuote';
import { termsOf } from '../../../../src/app/features/futures/positionMath';
import { formatUnits } from '../../../../src/shared/money';

const CONFIG: FuturesSymbolConfig = {
  symbolId: 201,
  symbol: 'BTC_USDT',
  indexSymbolId: 301,
  leverages: [1, 2, 5, 10, 20, 50, 100],
  volumeStep: '0.001',
  minVolume: '0.001',
  maxVolume: '10',
  openFeeRate: '0.0005',
  closeFeeRate: '0.0005',
  maintenanceMarginRate: '0.005',
  spreadRate: '0.0001',
  userNotionalMax: '1000000',
  netExposureMax: '5000000',
  markPrice: '90000.0',
  markAt: 1,
};
const TERMS = termsOf(CONFIG, { pricePrecision: 1, volumePrecision: 3 });

function form(change: Partial<FuturesOrderForm> = {}): FuturesOrderForm {
  return { side: 'long', type: 'market', leverage: 10, amountMode: 'margin', amount: '100', triggerPrice: '', takeProfit: '', stopLoss: '', ...change };
}

describe('the futures order estimate', () => {
  it('opens a market long at the mark plus the spread, with the size the margin buys, the fee, the cost and the liquidation price', () => {
    const { estimate, problem } = checkOrder(form(), CONFIG, TERMS, '90000.0', 1_000_000_000n);
    expect(problem).toBeNull();
    // 90000 x 1.0001 = 90009.0; 100 x 10 / 90009 = 0.0111 BTC, down to 0.011.
    expect(estimate?.entryPrice).toBe('90009.0');
    expect(estimate?.volume).toBe('0.011');
    expect(estimate?.margin).toBe('100.000000');
    // 0.011 x 90009 x 0.0005 = 0.4950495, up to the unit.
    expect(estimate?.openFee).toBe('0.495050');
    expect(estimate?.cost).toBe('100.495050');
    expect(Number(estimate?.liquidationPrice)).toBeLessThan(90009);
    expect(Number(estimate?.liquidationPrice)).toBeGreaterThan(80000);
  });

  it('quotes a short limit from its trigger, and the margin a size needs', () => {
    const { estimate } = checkOrder(form({ side: 'short', type: 'limit', triggerPrice: '95000', amountMode: 'volume', amount: '0.1' }), CONFIG, TERMS, '90000.0', null);
    expect(estimate?.entryPrice).toBe('94990.5');
    expect(estimate?.volume).toBe('0.1');
    expect(estimate?.margin).toBe('949.905000');
    expect(Number(estimate?.liquidationPrice)).toBeGreaterThan(94990.5);
  });

  it('names the first problem: the mark or the trigger, the amount, the size bounds, the stop points, the balance', () => {
    expect(checkOrder(form(), CONFIG, TERMS, null, null).problem).toBe('mark');
    expect(checkOrder(form({ type: 'limit' }), CONFIG, TERMS, '90000.0', null).problem).toBe('triggerPrice');
    expect(checkOrder(form({ amount: '' }), CONFIG, TERMS, '90000.0', null).problem).toBe('amount');
    expect(checkOrder(form({ amount: '1' }), CONFIG, TERMS, '90000.0', null).problem).toBe('volumeMin');
    expect(checkOrder(form({ amountMode: 'volume', amount: '11' }), CONFIG, TERMS, '90000.0', null).problem).toBe('volumeMax');
    expect(checkOrder(form({ takeProfit: '89000' }), CONFIG, TERMS, '90000.0', null).problem).toBe('takeProfit');
    expect(checkOrder(form({ stopLoss: '91000' }), CONFIG, TERMS, '90000.0', null).problem).toBe('stopLoss');
    // Past the liquidation price a stop-loss would never fire before it.
    expect(checkOrder(form({ stopLoss: '1000' }), CONFIG, TERMS, '90000.0', null).problem).toBe('stopLoss');
    expect(checkOrder(form({ takeProfit: '99000', stopLoss: '88000' }), CONFIG, TERMS, '90000.0', null).problem).toBeNull();
    expect(checkOrder(form(), CONFIG, TERMS, '90000.0', 100_000_000n).problem).toBe('balance');
  });

  it('sends the margin or the size, the trigger only for a limit, and stop points only when given', () => {
    expect(createBody('BTC_USDT', form({ triggerPrice: '95000', takeProfit: ' 99000 ' }))).toEqual({
      symbol: 'BTC_USDT',
      side: 'long',
      type: 'market',
      leverage: 10,
      margin: '100',
      triggerPrice: undefined,
      takeProfit: '99000',
      stopLoss: undefined,
    });
    expect(createBody('BTC_USDT', form({ type: 'limit', triggerPrice: '95000', amountMode: 'volume', amount: '0.5' }))).toMatchObject({ volume: '0.5', triggerPrice: '95000' });
  });
});

describe('a share of the futures wallet', () => {
  it('is a margin that the wallet pays with its open fee, at any leverage', () => {
    for (const leverage of CONFIG.leverages) {
      for (const percent of [25, 50, 75, 100]) {
        const available = 123_456_789n;
        const margin = marginForShare(available, percent, leverage, TERMS);
        const { estimate } = checkOrder(form({ leverage, amount: formatUnits(margin, 6) }), CONFIG, TERMS, '90000.0', null);
        expect(estimate!.quote.costUnits, `${leverage}x ${percent}%`).toBeLessThanOrEqual((available * BigInt(percent)) / 100n);
      }
    }
  });
});
