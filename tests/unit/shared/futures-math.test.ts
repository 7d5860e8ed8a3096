/** Proves the futures arithmetic is exact and never rounds in the user's favour: sizes, margins, fees, PnL, the liquidation and bankruptcy prices, stop points and where a close's margin goes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MARGIN_RATIO_MAX_PPM,
  bankruptcyTicks,
  invalidStopPoint,
  liquidationTicks,
  maintenanceMarginUnits,
  marginFromVolume,
  marginRatioPpm,
  marketEntryTicks,
  notionalUnits,
  parseRatePpm,
  pnlUnits,
  quoteOpen,
  settleClose,
  settleLiquidation,
  tradeFeeUnits,
  volumeFromMargin,
  type FuturesScales,
  type FuturesTerms,
  type PositionTerms,
} from '../../../src/shared/futures-math';
import { MoneyError } from '../../../src/shared/money';

/** BTC_USDT futures (symbol 201): prices to 0.1, sizes to 0.001 BTC, USDT to 6 decimals. */
const BTC: FuturesScales = { pricePrecision: 1, volumePrecision: 3, marginScale: 6 };
const BTC_TERMS: FuturesTerms = { ...BTC, openFeePpm: 500n, closeFeePpm: 500n, maintenancePpm: 5_000n, spreadPpm: 200n };

/** 0.010 BTC at 50,000.0 with 50 USDT of margin: 10x. */
const LONG: PositionTerms = { side: 'long', volumeSteps: 10n, entryTicks: 500_000n, marginUnits: 50_000_000n };
const SHORT: PositionTerms = { ...LONG, side: 'short' };

/** The six futures symbols' precisions, and one whose units are coarser than a step-tick (p + v > s). */
const scalesArbitrary = fc.constantFrom<FuturesScales>(
  { pricePrecision: 1, volumePrecision: 3, marginScale: 6 },
  { pricePrecision: 2, volumePrecision: 3, marginScale: 6 },
  { pricePrecision: 2, volumePrecision: 1, marginScale: 6 },
  { pricePrecision: 2, volumePrecision: 2, marginScale: 6 },
  { pricePrecision: 4, volumePrecision: 1, marginScale: 6 },
  { pricePrecision: 5, volumePrecision: 0, marginScale: 6 },
  { pricePrecision: 4, volumePrecision: 4, marginScale: 6 },
);

/** A position opened from a size at a leverage, as the server opens one. */
const positionArbitrary = fc
  .record({
    scales: scalesArbitrary,
    side: fc.constantFrom<'long' | 'short'>('long', 'short'),
    volumeSteps: fc.bigInt({ min: 1n, max: 1_000_000n }),
    entryTicks: fc.bigInt({ min: 1_000n, max: 10_000_000n }),
    leverage: fc.integer({ min: 1, max: 100 }),
    maintenancePpm: fc.bigInt({ min: 0n, max: 9_000n }),
  })
  .map(({ scales, side, volumeSteps, entryTicks, leverage, maintenancePpm }) => ({
    scales,
    maintenancePpm,
    position: { side, volumeSteps, entryTicks, marginUnits: marginFromVolume(scales, volumeSteps, entryTicks, leverage) } as PositionTerms,
  }))
  .filter(({ position }) => position.marginUnits > 0n);

/** Margin units one tick of price moves a position's value by, rounded up. */
function tickValueUnits(scales: FuturesScales, volumeSteps: bigint): bigint {
  return notionalUnits(scales, volumeSteps, 1n, 'up');
}

/** Margin + PnL minus the maintenance margin at a price. */
function excessUnits(scales: FuturesScales, position: PositionTerms, priceTicks: bigint, maintenancePpm: bigint): bigint {
  return position.marginUnits + pnlUnits(scales, position, priceTicks) - maintenanceMarginUnits(scales, position.volumeSteps, priceTicks, maintenancePpm);
}

const RUNS = { seed: 17, numRuns: 2_000 };

describe('rates', () => {
  it('parse exactly into ppm and refuse what ppm cannot hold', () => {
    expect(parseRatePpm('0.0005')).toBe(500n);
    expect(parseRatePpm('0.005')).toBe(5_000n);
    expect(parseRatePpm('0')).toBe(0n);
    expect(() => parseRatePpm('0.0000001')).toThrow(MoneyError);
    expect(() => parseRatePpm('1')).toThrow(RangeError);
    expect(() => parseRatePpm('-0.1')).toThrow(RangeError);
  });
});

describe('sizes, margins and fees', () => {
  it('value a position on the example of 0.010 BTC at 50,000.0 with 10x', () => {
    expect(notionalUnits(BTC, 10n, 500_000n, 'down')).toBe(500_000_000n);
    expect(marginFromVolume(BTC, 10n, 500_000n, 10)).toBe(50_000_000n);
    expect(volumeFromMargin(BTC, 50_000_000n, 10, 500_000n)).toBe(10n);
    expect(tradeFeeUnits(BTC, 10n, 500_000n, 500n)).toBe(250_000n);
  });

  it('round the size a margin buys down to the step and the margin a size needs up', () => {
    // 50.000001 USDT at 10x buys 0.010 BTC and a dust of a step: down to 0.010.
    expect(volumeFromMargin(BTC, 50_000_001n, 10, 500_000n)).toBe(10n);
    // 0.001 DOGE-like step at an odd price: 3 steps x 7 ticks / 2x is 10.5 units, paid as 11.
    expect(marginFromVolume({ pricePrecision: 6, volumePrecision: 0, marginScale: 6 }, 3n, 7n, 2)).toBe(11n);
  });

  it('never hand a user a size worth more than the margin paid, nor charge a margin below the size', () => {
    fc.assert(
      fc.property(
        scalesArbitrary,
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.integer({ min: 1, max: 100 }),
        (scales, marginUnits, priceTicks, leverage) => {
          const volume = volumeFromMargin(scales, marginUnits, leverage, priceTicks);
          // The size bought needs no more margin than was given, and one step more would.
          expect(marginFromVolume(scales, volume, priceTicks, leverage)).toBeLessThanOrEqual(marginUnits);
          expect(notionalUnits(scales, volume + 1n, priceTicks, 'down')).toBeGreaterThanOrEqual(marginUnits * BigInt(leverage));
          // The margin a size needs buys that size back.
          expect(volumeFromMargin(scales, marginFromVolume(scales, volume + 1n, priceTicks, leverage), leverage, priceTicks)).toBeGreaterThanOrEqual(volume + 1n);
        },
      ),
      RUNS,
    );
  });

  it('round fees up, by less than one unit', () => {
    fc.assert(
      fc.property(scalesArbitrary, fc.bigInt({ min: 1n, max: 10n ** 7n }), fc.bigInt({ min: 1n, max: 10n ** 7n }), fc.bigInt({ min: 0n, max: 10_000n }), (scales, volume, price, ratePpm) => {
        const fee = tradeFeeUnits(scales, volume, price, ratePpm);
        const exponent = scales.marginScale - scales.pricePrecision - scales.volumePrecision;
        // fee >= volume x price x rate x 10^exponent / 10^6 > fee - 1, compared in integers.
        const exact = volume * price * ratePpm * 10n ** BigInt(Math.max(exponent, 0));
        const scale = 1_000_000n * 10n ** BigInt(Math.max(-exponent, 0));
        expect(fee * scale).toBeGreaterThanOrEqual(exact);
        expect((fee - 1n) * scale).toBeLessThan(exact);
      }),
      RUNS,
    );
  });

  it('put the market open the spread away from the mark, against the user', () => {
    expect(marketEntryTicks('long', 500_000n, 200n)).toBe(500_100n);
    expect(marketEntryTicks('short', 500_000n, 200n)).toBe(499_900n);
    expect(marketEntryTicks('long', 3n, 200n)).toBe(4n);
    expect(marketEntryTicks('short', 3n, 200n)).toBe(2n);
  });

  it('quote an open from a margin or from a size', () => {
    const fromMargin = quoteOpen(BTC_TERMS, { side: 'long', leverage: 10, entryTicks: 500_000n, marginUnits: 50_000_000n });
    expect(fromMargin).toEqual({ volumeSteps: 10n, marginUnits: 50_000_000n, openFeeUnits: 250_000n, costUnits: 50_250_000n, liquidationTicks: 452_262n });
    const fromVolume = quoteOpen(BTC_TERMS, { side: 'short', leverage: 10, entryTicks: 500_000n, volumeSteps: 10n });
    expect(fromVolume).toEqual({ volumeSteps: 10n, marginUnits: 50_000_000n, openFeeUnits: 250_000n, costUnits: 50_250_000n, liquidationTicks: 547_263n });
    expect(quoteOpen(BTC_TERMS, { side: 'long', leverage: 1, entryTicks: 500_000n, marginUnits: 1n }).volumeSteps).toBe(0n);
  });
});

describe('PnL', () => {
  it('is the value change in the position favour, a loss rounded up', () => {
    expect(pnlUnits(BTC, LONG, 510_000n)).toBe(10_000_000n);
    expect(pnlUnits(BTC, SHORT, 510_000n)).toBe(-10_000_000n);
    const coarse: FuturesScales = { pricePrecision: 4, volumePrecision: 4, marginScale: 6 };
    // 1 step x 1 tick is 0.01 unit: a gain of it is 0, a loss of it is 1.
    expect(pnlUnits(coarse, { side: 'long', volumeSteps: 1n, entryTicks: 100n, marginUnits: 1n }, 101n)).toBe(0n);
    expect(pnlUnits(coarse, { side: 'long', volumeSteps: 1n, entryTicks: 100n, marginUnits: 1n }, 99n)).toBe(-1n);
  });

  it('is symmetric between a long and a short: equal and opposite, up to the one unit the house keeps', () => {
    fc.assert(
      fc.property(positionArbitrary, fc.bigInt({ min: 1n, max: 20_000_000n }), ({ scales, position }, mark) => {
        const long = pnlUnits(scales, { ...position, side: 'long' }, mark);
        const short = pnlUnits(scales, { ...position, side: 'short' }, mark);
        expect(long + short === 0n || long + short === -1n).toBe(true);
        // A move up for a long is worth what the same move down is worth for a short.
        const move = mark - position.entryTicks;
        if (position.entryTicks - move > 0n) {
          expect(pnlUnits(scales, { ...position, side: 'short' }, position.entryTicks - move)).toBe(long);
        }
      }),
      RUNS,
    );
  });
});

describe('liquidation and bankruptcy prices', () => {
  it('solve the example: 10x long from 50,000.0 liquidates at 45,226.2 and goes bankrupt at 45,000.0', () => {
    expect(liquidationTicks(BTC, LONG, 5_000n)).toBe(452_262n);
    expect(bankruptcyTicks(BTC, LONG)).toBe(450_000n);
    expect(liquidationTicks(BTC, SHORT, 5_000n)).toBe(547_263n);
    expect(bankruptcyTicks(BTC, SHORT)).toBe(550_000n);
  });

  it('answer 0 for a long no price can liquidate (1x with no maintenance)', () => {
    const fullyPaid: PositionTerms = { ...LONG, marginUnits: 500_000_000n };
    expect(liquidationTicks(BTC, fullyPaid, 0n)).toBe(0n);
    expect(bankruptcyTicks(BTC, fullyPaid)).toBe(0n);
  });

  it('liquidate where margin + PnL meets the maintenance margin, within one tick and never after', () => {
    fc.assert(
      fc.property(positionArbitrary, ({ scales, position, maintenancePpm }) => {
        const liquidation = liquidationTicks(scales, position, maintenancePpm);
        const tick = tickValueUnits(scales, position.volumeSteps);
        // What one tick changes the excess by: the PnL's tick and the maintenance margin's share of it.
        const excessPerTick = tick + (tick * maintenancePpm) / 1_000_000n + 1n;
        const worse = position.side === 'long' ? -1n : 1n;
        if (liquidation > 0n) {
          // At the price: within one tick's worth (and the two roundings) of the maintenance margin.
          const atPrice = excessUnits(scales, position, liquidation, maintenancePpm);
          expect(atPrice).toBeGreaterThan(-2n);
          expect(atPrice).toBeLessThanOrEqual(excessPerTick + 2n);
        }
        // One tick further the exact point is passed: the position is under its maintenance.
        const beyond = liquidation + worse;
        if (beyond > 0n) expect(excessUnits(scales, position, beyond, maintenancePpm)).toBeLessThan(0n);
      }),
      RUNS,
    );
  });

  it('go bankrupt where the loss is the margin, rounded so the house is never short', () => {
    fc.assert(
      fc.property(positionArbitrary, ({ scales, position, maintenancePpm }) => {
        const bankruptcy = bankruptcyTicks(scales, position);
        const tick = tickValueUnits(scales, position.volumeSteps);
        if (bankruptcy > 0n) {
          const pnl = pnlUnits(scales, position, bankruptcy);
          expect(pnl).toBeLessThanOrEqual(-position.marginUnits);
          expect(pnl).toBeGreaterThan(-position.marginUnits - tick - 1n);
        }
        // Liquidation comes first on the way to bankruptcy.
        const liquidation = liquidationTicks(scales, position, maintenancePpm);
        if (position.side === 'long') expect(liquidation).toBeGreaterThanOrEqual(bankruptcy);
        else expect(liquidation).toBeLessThanOrEqual(bankruptcy);
      }),
      RUNS,
    );
  });

  it('mirror each other between a long and a short', () => {
    fc.assert(
      fc.property(positionArbitrary, ({ scales, position }) => {
        const long = { ...position, side: 'long' } as const;
        const short = { ...position, side: 'short' } as const;
        // Bankruptcy is the same distance from the entry, below for a long and above for a short.
        const longDistance = position.entryTicks - bankruptcyTicks(scales, long);
        const shortDistance = bankruptcyTicks(scales, short) - position.entryTicks;
        if (bankruptcyTicks(scales, long) > 0n) expect(shortDistance).toBe(longDistance);
        expect(liquidationTicks(scales, long, 0n)).toBeLessThanOrEqual(bankruptcyTicks(scales, long) + 1n);
      }),
      RUNS,
    );
  });
});

describe('margin ratio', () => {
  it('is maintenance over equity in ppm, capped once the equity is gone', () => {
    expect(marginRatioPpm(2_500_000n, 50_000_000n)).toBe(50_000n);
    expect(marginRatioPpm(1n, 3n)).toBe(333_334n);
    expect(marginRatioPpm(10n, 0n)).toBe(MARGIN_RATIO_MAX_PPM);
    expect(marginRatioPpm(10n, -5n)).toBe(MARGIN_RATIO_MAX_PPM);
    expect(marginRatioPpm(10n ** 9n, 1n)).toBe(MARGIN_RATIO_MAX_PPM);
  });

  it('reaches one at the liquidation price, within the tick it is rounded by', () => {
    const liquidation = liquidationTicks(BTC, LONG, 5_000n);
    const ratioAt = (price: bigint) =>
      marginRatioPpm(maintenanceMarginUnits(BTC, LONG.volumeSteps, price, 5_000n), LONG.marginUnits + pnlUnits(BTC, LONG, price));
    expect(ratioAt(liquidation)).toBeLessThanOrEqual(1_000_000n);
    expect(ratioAt(liquidation - 1n)).toBeGreaterThan(1_000_000n);
  });
});

describe('stop points', () => {
  const entry = 500_000n;
  const liquidation = 452_262n;

  it('take a long take-profit above the entry and a stop-loss between the liquidation price and the entry', () => {
    expect(invalidStopPoint('long', entry, liquidation, { takeProfitTicks: 510_000n, stopLossTicks: 460_000n })).toBeUndefined();
    expect(invalidStopPoint('long', entry, liquidation, { takeProfitTicks: entry })).toBe('takeProfit');
    expect(invalidStopPoint('long', entry, liquidation, { takeProfitTicks: 490_000n })).toBe('takeProfit');
    expect(invalidStopPoint('long', entry, liquidation, { stopLossTicks: entry })).toBe('stopLoss');
    expect(invalidStopPoint('long', entry, liquidation, { stopLossTicks: liquidation })).toBe('stopLoss');
    expect(invalidStopPoint('long', entry, liquidation, { stopLossTicks: liquidation + 1n })).toBeUndefined();
    expect(invalidStopPoint('long', entry, undefined, { stopLossTicks: 1n })).toBeUndefined();
    expect(invalidStopPoint('long', entry, undefined, { stopLossTicks: 0n })).toBe('stopLoss');
  });

  it('mirror them for a short', () => {
    const shortLiquidation = 547_263n;
    expect(invalidStopPoint('short', entry, shortLiquidation, { takeProfitTicks: 490_000n, stopLossTicks: 540_000n })).toBeUndefined();
    expect(invalidStopPoint('short', entry, shortLiquidation, { takeProfitTicks: 510_000n })).toBe('takeProfit');
    expect(invalidStopPoint('short', entry, shortLiquidation, { takeProfitTicks: 0n })).toBe('takeProfit');
    expect(invalidStopPoint('short', entry, shortLiquidation, { stopLossTicks: 490_000n })).toBe('stopLoss');
    expect(invalidStopPoint('short', entry, shortLiquidation, { stopLossTicks: shortLiquidation })).toBe('stopLoss');
    expect(invalidStopPoint('short', entry, shortLiquidation, { stopLossTicks: shortLiquidation - 1n })).toBeUndefined();
  });

  it('accept no stop points at all', () => {
    expect(invalidStopPoint('short', entry, undefined, {})).toBeUndefined();
  });
});

describe('settlement', () => {
  it('splits every close into parts that add up to the margin, and no user loses more than it', () => {
    fc.assert(
      fc.property(
        positionArbitrary,
        fc.bigInt({ min: 1n, max: 20_000_000n }),
        fc.bigInt({ min: 0n, max: 2_000n }),
        fc.boolean(),
        ({ scales, position }, price, feePpm, liquidated) => {
          const pnl = pnlUnits(scales, position, price);
          const settlement = liquidated
            ? settleLiquidation(position.marginUnits, pnl)
            : settleClose(position.marginUnits, pnl, tradeFeeUnits(scales, position.volumeSteps, price, feePpm));
          const { payoutUnits, feeUnits, houseUnits, insuranceUnits, userPnlUnits } = settlement;
          expect(payoutUnits + feeUnits + houseUnits + insuranceUnits).toBe(position.marginUnits);
          expect(payoutUnits).toBeGreaterThanOrEqual(0n);
          expect(feeUnits).toBeGreaterThanOrEqual(0n);
          expect(userPnlUnits).toBeGreaterThanOrEqual(-position.marginUnits);
          // What the user got back is the margin plus the realised PnL minus the fee.
          expect(payoutUnits).toBe(position.marginUnits + userPnlUnits - feeUnits);
          // The insurance fund pays only when the price went past bankruptcy.
          if (insuranceUnits < 0n) expect(position.marginUnits + pnl).toBeLessThan(0n);
        },
      ),
      RUNS,
    );
  });

  it('takes the fee from what is left and nothing from a margin a gap used up', () => {
    expect(settleClose(100n, -95n, 10n)).toEqual({ userPnlUnits: -95n, payoutUnits: 0n, feeUnits: 5n, houseUnits: 95n, insuranceUnits: 0n });
    expect(settleClose(100n, -130n, 10n)).toEqual({ userPnlUnits: -100n, payoutUnits: 0n, feeUnits: 0n, houseUnits: 130n, insuranceUnits: -30n });
    expect(settleLiquidation(100n, -90n)).toEqual({ userPnlUnits: -100n, payoutUnits: 0n, feeUnits: 0n, houseUnits: 90n, insuranceUnits: 10n });
  });
});
