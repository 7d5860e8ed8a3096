// Proves the client's book copy: deltas apply strictly in sequence, older ones are discarded, a gap resyncs from a snapshot, a depth-limited side refills, and under random loss, duplication and slow snapshots the copy always shows the server's book whenever it says it is live.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits } from '../../../src/shared/money';
import type { BookLevelChange, BookMessage, BookSide, BookSnapshot } from '../../../src/shared/realtime';
import { canonicalDecimal, compareDecimals, RealtimeBook } from '../../../src/shared/realtime-book';

const SYMBOL_ID = 301;

/** The server side: a whole book, its sequence, and depth-limited snapshots. */
class FakeMarket {
  sequence = 0;
  private readonly sides: Record<BookSide, Map<string, string>> = { buy: new Map(), sell: new Map() };

  change(changes: BookLevelChange[]): BookMessage {
    for (const change of changes) {
      if (/^[0.]+$/.test(change.quantity)) this.sides[change.side].delete(change.price);
      else this.sides[change.side].set(change.price, change.quantity);
    }
    this.sequence += 1;
    return { symbolId: SYMBOL_ID, sequence: this.sequence, changes };
  }

  snapshot(levelsMax: number): BookSnapshot {
    const side = (name: BookSide) =>
      [...this.sides[name].entries()]
        .sort(([a], [b]) => (name === 'buy' ? -1 : 1) * compareDecimals(a, b))
        .slice(0, levelsMax);
    return { symbolId: SYMBOL_ID, sequence: this.sequence, bids: side('buy'), asks: side('sell') };
  }
}

/** Snapshot reads that answer only when the test says so, with the market as it is then. */
function gatedSnapshots(market: FakeMarket, levelsMax: number) {
  const waiting: (() => void)[] = [];
  return {
    fetchSnapshot: () => new Promise<BookSnapshot>((resolve) => waiting.push(() => resolve(market.snapshot(levelsMax)))),
    get waitingCount() {
      return waiting.length;
    },
    async answerAll() {
      while (waiting.length > 0) waiting.shift()!();
      await flush();
    },
  };
}

async function flush(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

const level = (side: BookSide, price: string, quantity: string): BookLevelChange => ({ side, price, quantity });

describe('decimal helpers', () => {
  it('compares decimals exactly, whatever their zeros', () => {
    expect(compareDecimals('10', '9.99')).toBe(1);
    expect(compareDecimals('0.10', '0.1')).toBe(0);
    expect(compareDecimals('0012.5', '12.50')).toBe(0);
    expect(compareDecimals('90000.01', '90000.1')).toBe(-1);
    expect(compareDecimals('9007199254740993.5', '9007199254740993.49')).toBe(1);
    expect(canonicalDecimal('0012.3400')).toBe('12.34');
    expect(canonicalDecimal('0.000')).toBe('0');
  });
});

describe('RealtimeBook', () => {
  it('keeps deltas that arrive before the first snapshot and applies only those after it', async () => {
    const market = new FakeMarket();
    const snapshots = gatedSnapshots(market, 10);
    const book = new RealtimeBook({ symbolId: SYMBOL_ID, levelsMax: 10, fetchSnapshot: snapshots.fetchSnapshot });
    const started = book.start();
    book.applyMessage(market.change([level('sell', '100.00', '1.0')]));
    book.applyMessage(market.change([level('sell', '100.00', '2.0')]));
    await snapshots.answerAll();
    await started;
    const late = market.change([level('buy', '99.00', '3.0')]);
    book.applyMessage(late);
    expect(book.isLive).toBe(true);
    expect(book.view()).toEqual(market.snapshot(10));
    expect(book.snapshotCount).toBe(1);
  });

  it('ignores a delta it already has and a delta of another symbol', async () => {
    const market = new FakeMarket();
    const snapshots = gatedSnapshots(market, 10);
    const book = new RealtimeBook({ symbolId: SYMBOL_ID, levelsMax: 10, fetchSnapshot: snapshots.fetchSnapshot });
    const first = market.change([level('sell', '100.00', '1.0')]);
    const started = book.start();
    await snapshots.answerAll();
    await started;
    book.applyMessage(first);
    book.applyMessage({ symbolId: SYMBOL_ID + 1, sequence: 2, changes: [level('sell', '1.00', '5')] });
    expect(book.isLive).toBe(true);
    expect(snapshots.waitingCount).toBe(0);
    expect(book.view()).toEqual(market.snapshot(10));
  });

  it('on a gap, stops applying, resyncs, discards deltas the snapshot holds and applies the newer ones', async () => {
    const market = new FakeMarket();
    const snapshots = gatedSnapshots(market, 10);
    const book = new RealtimeBook({ symbolId: SYMBOL_ID, levelsMax: 10, fetchSnapshot: snapshots.fetchSnapshot });
    const started = book.start();
    await snapshots.answerAll();
    await started;
    market.change([level('sell', '101.00', '1.0')]); // lost
    book.applyMessage(market.change([level('sell', '102.00', '1.0')]));
    expect(book.isLive).toBe(false);
    expect(snapshots.waitingCount).toBe(1);
    const before = book.view();
    // A delta during the resync is kept, not applied to the stale copy.
    const during = market.change([level('buy', '99.00', '2.0')]);
    book.applyMessage(during);
    expect(book.view()).toEqual(before);
    await snapshots.answerAll();
    const after = market.change([level('buy', '98.00', '1.0')]);
    book.applyMessage(after);
    expect(book.isLive).toBe(true);
    expect(book.snapshotCount).toBe(2);
    expect(book.view()).toEqual(market.snapshot(10));
  });

  it('refills a depth-limited side once removals leave fewer levels than it shows', async () => {
    const market = new FakeMarket();
    for (let price = 101; price <= 106; price += 1) market.change([level('sell', `${price}.00`, '1')]);
    const snapshots = gatedSnapshots(market, 3);
    const book = new RealtimeBook({ symbolId: SYMBOL_ID, levelsMax: 3, fetchSnapshot: snapshots.fetchSnapshot });
    const started = book.start();
    await snapshots.answerAll();
    await started;
    expect(book.view().asks.map(([price]) => price)).toEqual(['101.00', '102.00', '103.00']);
    // Beyond the copy's boundary: ignored, the view is still exact.
    book.applyMessage(market.change([level('sell', '104.00', '7')]));
    expect(book.view()).toEqual(market.snapshot(3));
    book.applyMessage(market.change([level('sell', '101.00', '0')]));
    expect(book.isLive).toBe(false);
    await snapshots.answerAll();
    expect(book.isLive).toBe(true);
    expect(book.view()).toEqual(market.snapshot(3));
    expect(book.view().asks.map(([price, quantity]) => `${price}x${quantity}`)).toEqual(['102.00x1', '103.00x1', '104.00x7']);
  });

  it('keeps at most twice the view a side, and refills once the trimmed levels matter', async () => {
    const market = new FakeMarket();
    const snapshots = gatedSnapshots(market, 2);
    const book = new RealtimeBook({ symbolId: SYMBOL_ID, levelsMax: 2, fetchSnapshot: snapshots.fetchSnapshot });
    const started = book.start();
    await snapshots.answerAll();
    await started;
    // The empty snapshot made the side known whole; five new levels exceed the four it keeps.
    for (let price = 101; price <= 105; price += 1) book.applyMessage(market.change([level('sell', `${price}.00`, '1')]));
    expect(book.isLive).toBe(true);
    for (let price = 101; price <= 103; price += 1) book.applyMessage(market.change([level('sell', `${price}.00`, '0')]));
    // 105 was trimmed: the copy knows only 104 and must read the book again to show two levels.
    expect(book.isLive).toBe(false);
    await snapshots.answerAll();
    expect(book.isLive).toBe(true);
    expect(book.view().asks).toEqual([
      ['104.00', '1'],
      ['105.00', '1'],
    ]);
  });

  it('retries a failed snapshot read and reports a resync that gives up', async () => {
    const market = new FakeMarket();
    market.change([level('buy', '10.00', '1')]);
    let failuresLeft = 2;
    const errors: unknown[] = [];
    const book = new RealtimeBook({
      symbolId: SYMBOL_ID,
      levelsMax: 5,
      retryDelayMs: 1,
      resyncAttemptsMax: 3,
      fetchSnapshot: async () => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('offline');
        }
        return market.snapshot(5);
      },
      onError: (error) => errors.push(error),
    });
    await book.start();
    expect(book.isLive).toBe(true);
    expect(book.view()).toEqual(market.snapshot(5));

    failuresLeft = 10;
    market.change([level('buy', '11.00', '1')]);
    await expect(book.resync()).rejects.toThrow('offline');
    expect(book.isLive).toBe(false);
    // The next delta starts a new resync; this time the server answers.
    failuresLeft = 0;
    book.applyMessage(market.change([level('buy', '12.00', '1')]));
    await flush();
    expect(book.isLive).toBe(true);
    expect(book.view()).toEqual(market.snapshot(5));
    expect(errors).toEqual([]);
  });

  it('stops at close', async () => {
    const market = new FakeMarket();
    const snapshots = gatedSnapshots(market, 5);
    const book = new RealtimeBook({ symbolId: SYMBOL_ID, levelsMax: 5, fetchSnapshot: snapshots.fetchSnapshot });
    const started = book.start();
    book.close();
    await snapshots.answerAll();
    await started;
    expect(book.snapshotCount).toBe(0);
    book.applyMessage(market.change([level('buy', '1.00', '1')]));
    expect(snapshots.waitingCount).toBe(0);
  });

  it('shows the server book whenever it is live, under random loss, duplicates and slow snapshots', async () => {
    const levelsMax = 3;
    const changeArbitrary = fc.record({
      side: fc.constantFrom<BookSide>('buy', 'sell'),
      price: fc.integer({ min: 1, max: 12 }).map((k) => formatUnits(BigInt(k * 37), 2)),
      quantity: fc.oneof(fc.constant('0'), fc.integer({ min: 1, max: 9 }).map(String)),
    });
    const stepArbitrary = fc.oneof(
      fc.record({ kind: fc.constant('delta' as const), changes: fc.array(changeArbitrary, { minLength: 1, maxLength: 3 }), lost: fc.integer({ min: 0, max: 9 }).map((roll) => roll < 3), duplicated: fc.boolean() }),
      fc.record({ kind: fc.constant('answer' as const) }),
      fc.record({ kind: fc.constant('replayOld' as const), back: fc.integer({ min: 1, max: 5 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 20, maxLength: 120, size: 'max' }), async (steps) => {
        const market = new FakeMarket();
        const snapshots = gatedSnapshots(market, levelsMax);
        const book = new RealtimeBook({ symbolId: SYMBOL_ID, levelsMax, retryDelayMs: 0, resyncAttemptsMax: 1000, fetchSnapshot: snapshots.fetchSnapshot });
        const views: BookSnapshot[] = [market.snapshot(levelsMax)];
        const sent: BookMessage[] = [];
        const expectExactWhenLive = () => {
          if (book.isLive) expect(book.view()).toEqual(views[book.sequence]);
        };
        void book.start();
        for (const step of steps) {
          if (step.kind === 'answer') await snapshots.answerAll();
          else if (step.kind === 'replayOld') {
            const old = sent.at(-step.back);
            if (old) book.applyMessage(old);
          } else {
            const message = market.change(step.changes);
            views.push(market.snapshot(levelsMax));
            sent.push(message);
            if (!step.lost) book.applyMessage(message);
            if (!step.lost && step.duplicated) book.applyMessage(message);
          }
          expectExactWhenLive();
        }
        // One delivered delta reveals any gap at the end; then the snapshots catch the copy up.
        book.applyMessage(market.change([level('buy', '0.01', '1')]));
        views.push(market.snapshot(levelsMax));
        for (let round = 0; round < 20 && !book.isLive; round += 1) await snapshots.answerAll();
        expect(book.isLive).toBe(true);
        expect(book.view()).toEqual(market.snapshot(levelsMax));
        book.close();
      }),
      { numRuns: 150, verbose: true },
    );
  });
});
