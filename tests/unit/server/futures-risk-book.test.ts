/** Proves the risk book answers exactly what a scan of every position would: each reached trigger once, the first that applies, gaps included, until the position is upserted again. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RiskBook, type RiskEntry, type RiskTrigger } from '../../../server/modules/futures/risk-book';

/** The reference: every armed entry scanned on every mark. */
class ScanBook {
  private readonly armed = new Map<number, RiskEntry>();

  upsert(entry: RiskEntry): void {
    this.armed.set(entry.positionId, entry);
  }

  remove(positionId: number): void {
    this.armed.delete(positionId);
  }

  due(symbolId: number, mark: bigint): Array<{ positionId: number; trigger: RiskTrigger }> {
    const fired: Array<{ positionId: number; trigger: RiskTrigger }> = [];
    for (const entry of this.armed.values()) {
      if (entry.symbolId !== symbolId) continue;
      const trigger = firstReached(entry, mark);
      if (trigger === undefined) continue;
      fired.push({ positionId: entry.positionId, trigger });
      this.armed.delete(entry.positionId);
    }
    return fired;
  }
}

function firstReached(entry: RiskEntry, mark: bigint): RiskTrigger | undefined {
  const long = entry.side === 'long';
  const against = (price: bigint | undefined) => price !== undefined && (long ? mark <= price : mark >= price);
  const favour = (price: bigint | undefined) => price !== undefined && (long ? mark >= price : mark <= price);
  if (entry.status === 'pending') return against(entry.triggerPrice) ? 'open' : undefined;
  if (against(entry.liquidationPrice)) return 'liquidation';
  if (against(entry.stopLoss)) return 'stopLoss';
  if (favour(entry.takeProfit)) return 'takeProfit';
  return undefined;
}

function byPosition(list: Array<{ positionId: number; trigger: RiskTrigger }>) {
  return [...list].sort((left, right) => left.positionId - right.positionId);
}

const price = fc.bigInt({ min: 900n, max: 1_100n });
const entryArbitrary = fc.record(
  {
    positionId: fc.integer({ min: 1, max: 60 }),
    symbolId: fc.constantFrom(201, 202),
    side: fc.constantFrom<'long' | 'short'>('long', 'short'),
    status: fc.constantFrom<'pending' | 'open'>('pending', 'open'),
    triggerPrice: price,
    takeProfit: price,
    stopLoss: price,
    liquidationPrice: price,
  },
  { requiredKeys: ['positionId', 'symbolId', 'side', 'status'] },
);
const operationArbitrary = fc.oneof(
  { weight: 5, arbitrary: entryArbitrary.map((entry) => ({ kind: 'upsert' as const, entry })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }).map((positionId) => ({ kind: 'remove' as const, positionId })) },
  // A mark: a step of the walk, sometimes a gap of many ticks.
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(201, 202), fc.oneof({ weight: 4, arbitrary: fc.integer({ min: -3, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: -80, max: 80 }) }))
      .map(([symbolId, step]) => ({ kind: 'mark' as const, symbolId, step })),
  },
);

describe('RiskBook', () => {
  it('answers a random stream of upserts, removals and marks as a full scan does', () => {
    fc.assert(
      fc.property(fc.array(operationArbitrary, { minLength: 1, maxLength: 400 }), (operations) => {
        const book = new RiskBook();
        const reference = new ScanBook();
        const marks = new Map<number, bigint>([
          [201, 1_000n],
          [202, 1_000n],
        ]);
        const known = new Set<number>();
        for (const operation of operations) {
          if (operation.kind === 'upsert') {
            book.upsert(operation.entry);
            reference.upsert(operation.entry);
            known.add(operation.entry.positionId);
          } else if (operation.kind === 'remove') {
            book.remove(operation.positionId);
            reference.remove(operation.positionId);
            known.delete(operation.positionId);
          } else {
            const mark = marks.get(operation.symbolId)! + BigInt(operation.step);
            marks.set(operation.symbolId, mark);
            expect(byPosition(book.due(operation.symbolId, mark))).toEqual(byPosition(reference.due(operation.symbolId, mark)));
          }
          expect(book.size).toBe(known.size);
        }
      }),
      { seed: 17, numRuns: 300 },
    );
  });

  it('fires a long and a short on the sides of the contract', () => {
    const book = new RiskBook();
    book.upsert({ positionId: 1, symbolId: 201, side: 'long', status: 'pending', triggerPrice: 100n });
    book.upsert({ positionId: 2, symbolId: 201, side: 'short', status: 'pending', triggerPrice: 110n });
    book.upsert({ positionId: 3, symbolId: 201, side: 'long', status: 'open', liquidationPrice: 80n, stopLoss: 90n, takeProfit: 120n });
    book.upsert({ positionId: 4, symbolId: 201, side: 'short', status: 'open', liquidationPrice: 130n, stopLoss: 125n, takeProfit: 95n });
    expect(book.due(201, 105n)).toEqual([]);
    expect(book.due(202, 50n)).toEqual([]);
    expect(book.due(201, 100n)).toEqual([{ positionId: 1, trigger: 'open' }]);
    expect(book.due(201, 95n)).toEqual([{ positionId: 4, trigger: 'takeProfit' }]);
    expect(book.due(201, 110n)).toEqual([{ positionId: 2, trigger: 'open' }]);
    // A gap through both the stop-loss and the liquidation price liquidates.
    expect(book.due(201, 70n)).toEqual([{ positionId: 3, trigger: 'liquidation' }]);
    expect(book.due(201, 70n)).toEqual([]);
    expect(book.size).toBe(4);
  });

  it('answers a position once until it is upserted again, so that a failed settlement can be retried', () => {
    const book = new RiskBook();
    const entry: RiskEntry = { positionId: 7, symbolId: 203, side: 'short', status: 'open', stopLoss: 500n, takeProfit: 300n };
    book.upsert(entry);
    expect(book.due(203, 510n)).toEqual([{ positionId: 7, trigger: 'stopLoss' }]);
    expect(book.due(203, 520n)).toEqual([]);
    expect(book.due(203, 200n)).toEqual([]);
    book.upsert(entry);
    expect(book.due(203, 520n)).toEqual([{ positionId: 7, trigger: 'stopLoss' }]);
    book.remove(7);
    expect(book.size).toBe(0);
  });

  it('forgets the thresholds an upsert replaced and the positions removed', () => {
    const book = new RiskBook();
    book.upsert({ positionId: 1, symbolId: 201, side: 'long', status: 'open', takeProfit: 120n, stopLoss: 90n });
    book.upsert({ positionId: 1, symbolId: 201, side: 'long', status: 'open', takeProfit: 150n });
    book.upsert({ positionId: 2, symbolId: 201, side: 'long', status: 'open', takeProfit: 110n });
    book.remove(2);
    expect(book.due(201, 85n)).toEqual([]);
    expect(book.due(201, 130n)).toEqual([]);
    expect(book.due(201, 150n)).toEqual([{ positionId: 1, trigger: 'takeProfit' }]);
  });

  it('refuses a price beyond what it can hold exactly, and answers a mark beyond every price', () => {
    const book = new RiskBook();
    const largest = BigInt(Number.MAX_SAFE_INTEGER) - 1n;
    book.upsert({ positionId: 1, symbolId: 201, side: 'long', status: 'open', stopLoss: 10n });
    expect(() => book.upsert({ positionId: 1, symbolId: 201, side: 'long', status: 'open', stopLoss: 10n, takeProfit: largest + 1n })).toThrow(RangeError);
    // The refused upsert left the position as it was.
    expect(book.due(201, 10n)).toEqual([{ positionId: 1, trigger: 'stopLoss' }]);
    book.upsert({ positionId: 2, symbolId: 201, side: 'long', status: 'open', takeProfit: largest, stopLoss: 5n });
    book.upsert({ positionId: 3, symbolId: 201, side: 'short', status: 'open', stopLoss: largest });
    expect(byPosition(book.due(201, 2n ** 62n))).toEqual([
      { positionId: 2, trigger: 'takeProfit' },
      { positionId: 3, trigger: 'stopLoss' },
    ]);
  });

  it('stays exact through many replacements of the same positions', () => {
    const book = new RiskBook();
    const reference = new ScanBook();
    for (let round = 0; round < 20; round += 1) {
      for (let positionId = 1; positionId <= 500; positionId += 1) {
        const long = positionId % 2 === 0;
        const distance = BigInt(1 + ((positionId * 7 + round * 13) % 97));
        const entry: RiskEntry = { positionId, symbolId: 201, side: long ? 'long' : 'short', status: 'open', stopLoss: long ? 1_000n - distance : 1_000n + distance };
        book.upsert(entry);
        reference.upsert(entry);
      }
      const mark = BigInt(1_000 + ((round * 37) % 61) - 30);
      expect(byPosition(book.due(201, mark))).toEqual(byPosition(reference.due(201, mark)));
    }
    expect(book.size).toBe(500);
  });
});
