/**
 * Proves the engine's unit conversions and fees: exact where the scales allow it, rounding
 * against the user (payer up, receiver down, fee up) where they do not, and nothing created or
 * lost: the rounding difference is accounted for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseUnitsToLots, feeUnits, lotsToBaseUnits, notionalQuoteUnits, quoteUnitsToNotional, settleTrade, type MarketScales } from '../../../../server/engine/amounts';

const BTC_USDT: MarketScales = { pricePrecision: 2, volumePrecision: 6, baseScale: 8, quoteScale: 6 };
const ETH_BTC: MarketScales = { pricePrecision: 6, volumePrecision: 4, baseScale: 8, quoteScale: 8 };

describe('engine amounts', () => {
  it('converts lots to base units exactly and back, dropping a remainder below one lot', () => {
    expect(lotsToBaseUnits(1_500_000n, BTC_USDT)).toBe(150_000_000n); // 1.5 BTC
    expect(baseUnitsToLots(150_000_099n, BTC_USDT)).toBe(1_500_000n);
  });

  it('computes a notional exactly when the quote scale holds it', () => {
    // 0.5 BTC at 65000.25 USDT = 32500.125 USDT
    expect(notionalQuoteUnits(6_500_025n, 500_000n, BTC_USDT, 'up')).toBe(32_500_125_000n);
  });

  it('rounds the payer up and the receiver down when the quote scale is too coarse', () => {
    // 0.0001 ETH at 0.051234 BTC = 0.0000051234 BTC: not representable in 8 decimals.
    const settlement = settleTrade(51_234n, 1n, ETH_BTC);
    expect(settlement.buyerPaysQuote).toBe(513n);
    expect(settlement.sellerGetsQuote).toBe(512n);
    expect(settlement.roundingQuote).toBe(1n);
  });

  it('never lets rounding favour a party: paid >= received and the difference is below one unit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (ticks, lots) => {
        const settlement = settleTrade(ticks, lots, ETH_BTC);
        expect(settlement.buyerPaysQuote).toBeGreaterThanOrEqual(settlement.sellerGetsQuote);
        expect(settlement.roundingQuote).toBeLessThanOrEqual(1n);
        // The exact value lies between the two: received * 100 <= ticks * lots <= paid * 100.
        expect(settlement.sellerGetsQuote * 100n).toBeLessThanOrEqual(ticks * lots);
        expect(settlement.buyerPaysQuote * 100n).toBeGreaterThanOrEqual(ticks * lots);
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('takes fees rounded up, never in the user favour', () => {
    expect(feeUnits(1_000_000n, 1_000n)).toBe(1_000n); // 0.1% of 1 USDT = 0.001 USDT
    expect(feeUnits(1n, 1_000n)).toBe(1n); // the smallest unit still pays one unit
    expect(feeUnits(0n, 1_000n)).toBe(0n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 100_000n }), (amount, rate) => {
        expect(feeUnits(amount, rate) * 1_000_000n).toBeGreaterThanOrEqual(amount * rate);
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  it('turns a quote budget into the notional it buys, rounded down', () => {
    expect(quoteUnitsToNotional(32_500_125_000n, BTC_USDT)).toBe(6_500_025n * 500_000n);
    expect(notionalQuoteUnits(quoteUnitsToNotional(1_234_567n, BTC_USDT), 1n, BTC_USDT, 'up')).toBeLessThanOrEqual(1_234_567n);
  });
});
