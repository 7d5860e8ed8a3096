// Proves the header's total asset value follows spec 4: spot + FTUSDT + running loans' net pledge + staking + savings with status 1 or 2 (R-STATE-09).
import { describe, expect, it } from 'vitest';
import { formatAssetTotal } from '../../../src/shared/format';
import { totalAssetValue, walletValues, type PriceOf } from '../../../src/shared/valuation';

const PRICES: Record<string, string> = { BTC: '60000.5', ETH: '3000' };
const priceOf: PriceOf = (currency) => PRICES[currency];

describe('totalAssetValue', () => {
  it('R-STATE-09 values spot balances at their USDT price and counts USDT and FTUSDT at par', () => {
    const total = totalAssetValue(
      {
        balances: [
          { currency: 'USDT', balance: '100.5' },
          { currency: 'BTC', balance: '0.01' },
          { currency: 'FTUSDT', balance: '20' },
          { currency: 'XYZ', balance: '5' }, // nobody quotes it: worth nothing here
        ],
      },
      priceOf,
    );
    expect(total).toBe('720.50500000'); // 100.5 + 600.005 + 20
  });

  it('R-STATE-09 adds running loans as pledged value minus what is owed, and ignores other loan statuses', () => {
    const total = totalAssetValue(
      {
        balances: [],
        loans: [
          { status: 1, pledgeAsset: 'ETH', pledgeAmount: '1', loanAsset: 'USDT', loanAmount: '1500', approvedAmount: '1000' },
          { status: 2, pledgeAsset: 'ETH', pledgeAmount: '10', loanAsset: 'USDT', loanAmount: '1' },
        ],
      },
      priceOf,
    );
    expect(total).toBe('2000.00000000');
  });

  it('R-STATE-09 adds staking and only savings orders with status 1 or 2', () => {
    const total = totalAssetValue(
      {
        balances: [],
        staking: [{ asset: 'ETH', amount: '0.5' }],
        savings: [
          { status: 1, amountValue: '10' },
          { status: 2, amountValue: '5.25' },
          { status: 3, amountValue: '1000' },
          { status: 0, amountValue: '1000' },
        ],
      },
      priceOf,
    );
    expect(total).toBe('1515.25000000');
  });

  it('is exact for amounts a float would round, and the shown total truncates to 3 decimals', () => {
    const total = totalAssetValue({ balances: [{ currency: 'USDT', balance: '0.1' }, { currency: 'USDT', balance: '0.2' }, { currency: 'USDT', balance: '0.0009' }] }, priceOf);
    expect(total).toBe('0.30090000');
    expect(formatAssetTotal(total)).toBe('0.300');
  });

  it('skips malformed amounts instead of failing the whole overview', () => {
    expect(totalAssetValue({ balances: [{ currency: 'USDT', balance: 'abc' }, { currency: 'USDT', balance: '1' }] }, priceOf)).toBe('1.00000000');
  });
});

describe('walletValues', () => {
  it('R-STATE-09 values each wallet; the total counts spot and the futures USDT only, as the header does', () => {
    const { byWallet, total } = walletValues(
      {
        spot: [
          { currency: 'USDT', balance: '0.0001' },
          { currency: 'BTC', balance: '0.00000003' },
        ],
        futures: [
          { currency: 'USDT', balance: '1000' },
          { currency: 'BTC', balance: '1' },
        ],
        finance: [{ currency: 'ETH', balance: '0.1' }],
        loan: [],
      },
      priceOf,
    );
    expect(byWallet).toEqual({ spot: '0.00190001', futures: '61000.50000000', finance: '300.00000000', loan: '0.00000000' });
    expect(total).toBe('1000.00190001');
    expect(total).toBe(totalAssetValue({ balances: [{ currency: 'USDT', balance: '0.0001' }, { currency: 'BTC', balance: '0.00000003' }, { currency: 'FTUSDT', balance: '1000' }] }, priceOf));
  });

  it('R-STATE-09 adds the products the areas supply: running loans, staking, active savings', () => {
    const { total } = walletValues({ spot: [{ currency: 'USDT', balance: '10' }], futures: [] }, priceOf, { staking: [{ asset: 'USDT', amount: '5' }], savings: [{ status: 1, amountValue: '2' }, { status: 3, amountValue: '100' }] });
    expect(total).toBe('17.00000000');
  });
});
