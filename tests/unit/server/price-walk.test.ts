/** Proves the robots' price walk and the candle history made from it: deterministic for a seed, realistically volatile, bounded over years, on the tick grid, and consistent across intervals. */
import { describe, expect, it } from 'vitest';
import { SEED_CURRENCIES, SEED_SYMBOLS } from '../../../server/seed/market';
import { BACKFILL_WINDOW_MS, generatePath, pathCandles } from '../../../server/engine/backfill';
import { candleOpenTime } from '../../../server/engine/candles';
import { createRandom, hashSeed, priceToTicks, PriceWalk, symbolWalkProfile, ticksToPrice, YEAR_MS } from '../../../server/engine/price-walk';
import type { MarketSymbol } from '../../../server/engine/types';
import { KLINE_INTERVAL_MS, KLINE_INTERVALS } from '../../../src/shared/api/market';
import { SYMBOL_TYPE } from '../../../src/shared/constants';
import { splitSymbol } from '../../../src/shared/symbols';

const HOUR_MS = 3_600_000;
const scaleOf = new Map(SEED_CURRENCIES.map((currency) => [currency.code, currency.scale]));
const EXCHANGE_SYMBOLS: MarketSymbol[] = SEED_SYMBOLS.filter((item) => item.type === SYMBOL_TYPE.exchange).map((item) => {
  const { baseSymbol, quoteSymbol } = splitSymbol(item.symbol);
  return {
    id: item.id,
    type: item.type,
    symbol: item.symbol,
    baseSymbol,
    quoteSymbol,
    pricePrecision: item.pricePrecision,
    volumePrecision: item.volumePrecision,
    baseScale: scaleOf.get(baseSymbol) ?? 8,
    quoteScale: scaleOf.get(quoteSymbol) ?? 8,
    testOnly: item.testOnly ?? false,
  };
});
const symbolNamed = (name: string) => EXCHANGE_SYMBOLS.find((item) => item.symbol === name)!;

function closes(walk: PriceWalk, steps: number, stepMs: number): number[] {
  return Array.from({ length: steps }, () => walk.step(stepMs).close);
}

/** Annualised volatility measured from the log returns of a path of equal steps. */
function realisedVolatility(prices: number[], stepMs: number): number {
  let sumSquares = 0;
  for (let index = 1; index < prices.length; index += 1) sumSquares += Math.log(prices[index]! / prices[index - 1]!) ** 2;
  return Math.sqrt(sumSquares / (((prices.length - 1) * stepMs) / YEAR_MS));
}

describe('price walk', () => {
  it('repeats the same path for the same seed and another for another seed', () => {
    const profile = symbolWalkProfile('BTC_USDT');
    const first = closes(new PriceWalk(profile, 42), 500, 1_500);
    expect(closes(new PriceWalk(profile, 42), 500, 1_500)).toEqual(first);
    expect(closes(new PriceWalk(profile, 43), 500, 1_500)).not.toEqual(first);
    expect(hashSeed(42, 'BTC_USDT')).not.toBe(hashSeed(42, 'ETH_USDT'));
    const random = createRandom(7);
    const draws = Array.from({ length: 1_000 }, random);
    expect(draws.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(Array.from({ length: 1_000 }, createRandom(7))).toEqual(draws);
  });

  it('starts from realistic reference prices, cross pairs from their two legs', () => {
    expect(symbolWalkProfile('BTC_USDT').referencePrice).toBe(90_000);
    expect(symbolWalkProfile('ETH_USDT').referencePrice).toBe(3_000);
    expect(symbolWalkProfile('DOGE_USDT').referencePrice).toBe(0.15);
    expect(symbolWalkProfile('ETH_BTC').referencePrice).toBeCloseTo(3_000 / 90_000, 10);
    expect(symbolWalkProfile('USDC_USDT').referencePrice).toBe(1);
    expect(symbolWalkProfile('BTC_USDC').referencePrice).toBe(90_000);
    // A cross pair of correlated assets moves less than either leg.
    expect(symbolWalkProfile('ETH_BTC').volatilityAnnual).toBeLessThan(symbolWalkProfile('BTC_USDT').volatilityAnnual);
  });

  it('moves with the annualised volatility of its profile, at any step size', () => {
    for (const [symbol, low, high] of [
      ['BTC_USDT', 0.5, 0.75],
      ['DOGE_USDT', 0.95, 1.3],
    ] as const) {
      const profile = symbolWalkProfile(symbol);
      const hourly = realisedVolatility(closes(new PriceWalk(profile, 1), 24 * 365, HOUR_MS), HOUR_MS);
      const perSecond = realisedVolatility(closes(new PriceWalk(profile, 2), 50_000, 1_000), 1_000);
      for (const measured of [hourly, perSecond]) {
        expect(measured).toBeGreaterThan(low);
        expect(measured).toBeLessThan(high);
      }
    }
    const stable = closes(new PriceWalk(symbolWalkProfile('USDC_USDT'), 3), 10_000, 60_000);
    expect(realisedVolatility(stable, 60_000)).toBeLessThan(0.05);
    expect(Math.min(...stable)).toBeGreaterThan(0.99);
    expect(Math.max(...stable)).toBeLessThan(1.01);
  });

  it('stays within a realistic band over decades (slow pull to the reference, no drift)', () => {
    for (const symbol of EXCHANGE_SYMBOLS) {
      const profile = symbolWalkProfile(symbol.symbol);
      const daily = closes(new PriceWalk(profile, hashSeed(9, symbol.symbol)), 365 * 30, 24 * HOUR_MS);
      expect(Math.min(...daily)).toBeGreaterThan(profile.referencePrice / 30);
      expect(Math.max(...daily)).toBeLessThan(profile.referencePrice * 30);
    }
  });

  it('brackets every step between its low and high and hands out prices on the tick grid', () => {
    const walk = new PriceWalk(symbolWalkProfile('SOL_USDT'), 5);
    for (let index = 0; index < 2_000; index += 1) {
      const step = walk.step(1_000 + (index % 7) * 10_000);
      expect(step.high).toBeGreaterThanOrEqual(Math.max(step.open, step.close));
      expect(step.low).toBeLessThanOrEqual(Math.min(step.open, step.close));
      expect(step.low).toBeGreaterThan(0);
    }
    for (const symbol of EXCHANGE_SYMBOLS) {
      const symbolWalk = new PriceWalk(symbolWalkProfile(symbol.symbol), 11);
      for (let index = 0; index < 100; index += 1) {
        symbolWalk.step(60_000);
        const ticks = symbolWalk.priceTicks(symbol.pricePrecision);
        expect(Number.isSafeInteger(ticks) && ticks >= 1).toBe(true);
        const price = ticksToPrice(ticks, symbol.pricePrecision);
        expect(price.split('.')[1]?.length ?? 0).toBe(symbol.pricePrecision);
      }
    }
    expect(priceToTicks(0.0000001, 2)).toBe(1);
    expect(priceToTicks(90_000.126, 2)).toBe(9_000_013);
  });
});

describe('candle backfill path', () => {
  const now = Date.UTC(2025, 5, 18, 13, 37, 21, 500);

  it('ends at the given price now and reproduces itself for the same seed', () => {
    const symbol = symbolNamed('BTC_USDT');
    const steps = generatePath(symbol, 91_234.56, now, 3);
    expect(steps.at(-1)!.close).toBeCloseTo(91_234.56, 6);
    expect(steps.at(-1)!.startTime + steps.at(-1)!.durationMs).toBe(now);
    expect(generatePath(symbol, 91_234.56, now, 3)).toEqual(steps);
    for (let index = 1; index < steps.length; index += 1) {
      expect(steps[index]!.startTime).toBe(steps[index - 1]!.startTime + steps[index - 1]!.durationMs);
      expect(steps[index]!.open).toBe(steps[index - 1]!.close);
    }
    expect(steps[0]!.startTime).toBeLessThanOrEqual(now - YEAR_MS);
  });

  it('makes a bounded number of candles per interval, each inside its window and on its grid', () => {
    const symbol = symbolNamed('ETH_USDT');
    const steps = generatePath(symbol, 3_000, now, 4);
    expect(steps.length).toBeLessThan(25_000);
    let total = 0;
    for (const interval of KLINE_INTERVALS) {
      const candles = pathCandles(symbol, steps, interval, now);
      const expected = Math.ceil(BACKFILL_WINDOW_MS[interval] / KLINE_INTERVAL_MS[interval]) + 1;
      expect(candles.length).toBeGreaterThanOrEqual(expected - 1);
      expect(candles.length).toBeLessThanOrEqual(expected);
      for (const candle of candles) {
        expect(candle.open_time).toBe(candleOpenTime(candle.open_time, interval));
        expect(candle.high_ticks).toBeGreaterThanOrEqual(Math.max(candle.open_ticks, candle.close_ticks));
        expect(candle.low_ticks).toBeLessThanOrEqual(Math.min(candle.open_ticks, candle.close_ticks));
        expect(candle.volume_lots).toBeGreaterThan(0);
        expect(candle.trade_count).toBeGreaterThan(0);
      }
      expect(candles.at(-1)!.open_time).toBe(candleOpenTime(now, interval));
      expect(candles.at(-1)!.close_ticks).toBe(300_000);
      total += candles.length;
    }
    expect(total).toBeLessThan(6_500);
  });

  it('agrees across intervals: an hour is its twelve five-minute candles', () => {
    const symbol = symbolNamed('SOL_USDT');
    const steps = generatePath(symbol, 150, now, 5);
    const fiveMinutes = pathCandles(symbol, steps, '5m', now);
    const hours = pathCandles(symbol, steps, '1h', now).filter((hour) => hour.open_time >= fiveMinutes[0]!.open_time && hour.open_time + HOUR_MS <= now);
    expect(hours.length).toBeGreaterThan(100);
    for (const hour of hours) {
      const parts = fiveMinutes.filter((part) => part.open_time >= hour.open_time && part.open_time < hour.open_time + HOUR_MS);
      expect(parts).toHaveLength(12);
      expect(hour.open_ticks).toBe(parts[0]!.open_ticks);
      expect(hour.close_ticks).toBe(parts.at(-1)!.close_ticks);
      expect(hour.high_ticks).toBe(Math.max(...parts.map((part) => part.high_ticks)));
      expect(hour.low_ticks).toBe(Math.min(...parts.map((part) => part.low_ticks)));
      expect(hour.volume_lots).toBe(parts.reduce((sum, part) => sum + part.volume_lots, 0));
    }
  });
});
