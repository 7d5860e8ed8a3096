/**
 * Proves the index price (server/prices): a fresh reference wins and a stale one is not used; the
 * book's median of a window of mids takes over only with enough samples, ignores wide spreads,
 * and is not moved by a book that a user pushes away for less than half the window; the index of
 * an instant is read back from its history; a cluster's follower takes the leader's rounds; a futures or binary-option symbol reads its spot
 * market's index at its own precision, rounded down; listeners run after each round; a cluster's
 * leader reads the books other instances hold before each round, one read at a time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BOOK_SAMPLES_MIN,
  bookMidTicks,
  FOLLOWED_MAX_AGE_MS,
  IndexPrices,
  medianTicks,
  REFERENCE_MAX_AGE_MS,
  SAMPLE_INTERVAL_MS,
  WINDOW_MS,
  type IndexMarkets,
} from '../../../server/prices/index-price';
import type { MarketSymbol } from '../../../server/engine/types';

const SYMBOL = { id: 301, symbol: 'BTC_USDT', pricePrecision: 2 } as MarketSymbol;

/** A book whose best prices the test sets, and a clock it moves. */
function harness() {
  let time = 1_700_000_000_000;
  const best: { bid: string | null; ask: string | null } = { bid: null, ask: null };
  const markets: IndexMarkets = { symbols: () => [SYMBOL], bestPrices: () => ({ ...best }) };
  const prices = new IndexPrices(markets, () => time);
  const advance = (ms: number) => {
    time += ms;
  };
  /** Samples every second for `ms`. */
  const run = (ms: number) => {
    for (let elapsed = 0; elapsed < ms; elapsed += SAMPLE_INTERVAL_MS) {
      advance(SAMPLE_INTERVAL_MS);
      prices.sample();
    }
  };
  return { prices, best, advance, run, now: () => time };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the index price', () => {
  it('takes a fresh reference; one older than REFERENCE_MAX_AGE_MS says nothing', () => {
    const { prices, advance } = harness();
    expect(prices.current(SYMBOL.id)).toBeUndefined();
    prices.setReference(SYMBOL.id, 9_000_000n);
    expect(prices.current(SYMBOL.id)).toMatchObject({ priceTicks: 9_000_000n, source: 'reference' });
    advance(REFERENCE_MAX_AGE_MS + 1);
    expect(prices.current(SYMBOL.id)).toBeUndefined();
  });

  it('without a reference, the median of the book mids once there are BOOK_SAMPLES_MIN of them', () => {
    const { prices, best, run } = harness();
    best.bid = '89990.00';
    best.ask = '90010.00';
    run((BOOK_SAMPLES_MIN - 1) * SAMPLE_INTERVAL_MS);
    expect(prices.current(SYMBOL.id)).toBeUndefined();
    run(SAMPLE_INTERVAL_MS);
    expect(prices.current(SYMBOL.id)).toMatchObject({ priceTicks: 9_000_000n, source: 'book' });
  });

  it('is not moved by a user who pushes the book away for less than half the window', () => {
    const { prices, best, run } = harness();
    best.bid = '89990.00';
    best.ask = '90010.00';
    run(WINDOW_MS);
    // A user buys out the asks and rests a bid at three times the price: the mid triples (the
    // spread stays under 2 %) for just under half the window.
    best.bid = '270000.00';
    best.ask = '270100.00';
    run(WINDOW_MS / 2 - 10 * SAMPLE_INTERVAL_MS);
    expect(prices.current(SYMBOL.id)?.priceTicks).toBe(9_000_000n);
  });

  it('samples no mid from a one-sided book or a spread wider than 2 %', () => {
    expect(bookMidTicks({ bid: '90000.00', ask: null }, 2)).toBeUndefined();
    expect(bookMidTicks({ bid: '88000.00', ask: '90000.00' }, 2)).toBeUndefined();
    expect(bookMidTicks({ bid: '89000.00', ask: '90000.00' }, 2)).toBe(8_950_000n);
    expect(bookMidTicks({ bid: '90001.00', ask: '90000.00' }, 2)).toBeUndefined();
    expect(medianTicks([5n, 1n, 3n, 4n])).toBe(3n);
    expect(medianTicks([])).toBeUndefined();
  });

  it('answers the index of a past instant from its history', () => {
    const { prices, run, now } = harness();
    prices.setReference(SYMBOL.id, 9_000_000n, now());
    run(5 * SAMPLE_INTERVAL_MS);
    const then = now();
    prices.setReference(SYMBOL.id, 9_100_000n, now());
    run(5 * SAMPLE_INTERVAL_MS);
    expect(prices.at(SYMBOL.id, then)?.priceTicks).toBe(9_000_000n);
    expect(prices.at(SYMBOL.id, now())?.priceTicks).toBe(9_100_000n);
    expect(prices.at(SYMBOL.id, then - 60 * SAMPLE_INTERVAL_MS)).toBeUndefined();
  });

  it('prices a derived symbol from its spot market at its own precision, rounded down', () => {
    const { prices, run, now } = harness();
    prices.setDerived([{ symbolId: 201, indexSymbolId: SYMBOL.id, pricePrecision: 1, testOnly: false }]);
    prices.setReference(SYMBOL.id, 9_000_059n, now());
    run(3 * SAMPLE_INTERVAL_MS);
    expect(prices.current(201)).toMatchObject({ symbolId: 201, priceTicks: 900_005n });
    expect(prices.at(201, now())?.priceTicks).toBe(900_005n);
    expect(prices.history(201, 0).map((point) => point.priceTicks)).toEqual([900_005n, 900_005n, 900_005n]);
    expect(prices.current(202)).toBeUndefined();
  });

  it('runs its listeners after each round; a failing one is reported and stops nobody', () => {
    const reported: unknown[] = [];
    let time = 0;
    const prices = new IndexPrices({ symbols: () => [SYMBOL], bestPrices: () => ({ bid: null, ask: null }) }, () => (time += SAMPLE_INTERVAL_MS), (error) => reported.push(error));
    const heard: number[] = [];
    prices.onSampled(() => {
      throw new Error('listener broke');
    });
    const stop = prices.onSampled((at) => heard.push(at));
    prices.sample();
    prices.sample();
    stop();
    prices.sample();
    expect(heard).toHaveLength(2);
    expect(reported).toHaveLength(3);
  });
  it("on a cluster's leader: each round samples what the read of the other instances' books brought, and a slow read is never doubled", async () => {
    vi.useFakeTimers();
    const best: { bid: string | null; ask: string | null } = { bid: null, ask: null };
    let reads = 0;
    let readsOut = 0;
    let mostOut = 0;
    const markets: IndexMarkets = {
      symbols: () => [SYMBOL],
      bestPrices: () => ({ ...best }),
      // The holder's answer takes 300 ms, and once 2.5 s (longer than a round).
      refreshBests: async () => {
        reads += 1;
        readsOut += 1;
        mostOut = Math.max(mostOut, readsOut);
        await new Promise((resolve) => setTimeout(resolve, reads === 10 ? 2_500 : 300));
        best.bid = '89990.00';
        best.ask = '90010.00';
        readsOut -= 1;
      },
    };
    const prices = new IndexPrices(markets, () => Date.now());
    prices.start();
    expect(prices.current(SYMBOL.id)).toBeUndefined();
    await vi.advanceTimersByTimeAsync((BOOK_SAMPLES_MIN + 5) * SAMPLE_INTERVAL_MS);
    expect(prices.current(SYMBOL.id)).toMatchObject({ priceTicks: 9_000_000n, source: 'book' });
    expect(mostOut).toBe(1);
    // The slow read cost two rounds; no read was sent while it was out.
    expect(reads).toBeGreaterThan(BOOK_SAMPLES_MIN);
    expect(reads).toBeLessThan(BOOK_SAMPLES_MIN + 5);
    prices.stop();
  });

  it("on a cluster's follower: the leader's rounds are its index and history, a round read twice counts once, and a silent leader's last round expires", () => {
    const leader = harness();
    const follower = harness();
    follower.prices.setDerived([{ symbolId: 201, indexSymbolId: SYMBOL.id, pricePrecision: 1, testOnly: false }]);
    const heard: number[] = [];
    follower.prices.onSampled((at) => heard.push(at));
    const rounds: Array<{ at: number; prices: ReturnType<IndexPrices['spotPrices']> }> = [];
    leader.prices.onSampled((at) => rounds.push({ at, prices: leader.prices.spotPrices() }));
    for (let second = 0; second < 3; second += 1) {
      leader.prices.setReference(SYMBOL.id, 9_000_000n + BigInt(second), leader.now());
      leader.run(SAMPLE_INTERVAL_MS);
    }
    follower.advance(leader.now() - follower.now());
    for (const round of [...rounds, ...rounds]) follower.prices.applyRound(round.at, round.prices);
    expect(follower.prices.current(SYMBOL.id)).toMatchObject({ priceTicks: 9_000_002n, source: 'reference' });
    expect(follower.prices.current(201)?.priceTicks).toBe(900_000n);
    expect(follower.prices.history(SYMBOL.id, 0).map((point) => point.priceTicks)).toEqual([9_000_000n, 9_000_001n, 9_000_002n]);
    expect(follower.prices.at(SYMBOL.id, rounds[1]!.at)?.priceTicks).toBe(9_000_001n);
    expect(heard).toEqual([]);
    follower.advance(FOLLOWED_MAX_AGE_MS + 1);
    expect(follower.prices.current(SYMBOL.id)).toBeUndefined();
  });
});

