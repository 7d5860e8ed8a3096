/**
 * The risk loop's index of trigger prices (api/futures.ts): which positions a mark price reaches.
 * The futures service keeps every pending and open position here and asks due() on each mark
 * price; it settles what comes back (once, guarded in the database) and then removes it.
 *
 * A tick that reaches nothing must cost next to nothing with 100,000 positions open, so the
 * thresholds sit per symbol in two heaps: one of prices that fire when the mark is at or below
 * them (a pending long's trigger, a long's liquidation and stop-loss, a short's take-profit), one
 * of prices that fire at or above (the mirror). due() pops from the heads while they are reached:
 * O(log n) per threshold popped, O(1) when none is. Each threshold knows its place in its heap,
 * so an upsert, a removal or a position's firing takes its other thresholds out at once, in
 * O(log n) each: the heaps hold only live thresholds, and no tick ever stalls on a clean-up of
 * stale ones (with lazy deletion instead, rebuilding 100,000 positions' heaps took 200 ms).
 */

const MAX_SAFE_TICKS = BigInt(Number.MAX_SAFE_INTEGER);

export type RiskTrigger = 'open' | 'takeProfit' | 'stopLoss' | 'liquidation';

export interface RiskEntry {
  positionId: number;
  symbolId: number;
  side: 'long' | 'short';
  status: 'pending' | 'open';
  /** Ticks of the futures symbol's price precision, as are the three below. */
  triggerPrice?: bigint;
  takeProfit?: bigint;
  stopLoss?: bigint;
  liquidationPrice?: bigint;
}

/** A price in ticks as a heap key; a price no number holds exactly is an impossible state (and 2^53 - 1 is kept for marks beyond it). */
function keyOf(ticks: bigint): number {
  if (ticks >= MAX_SAFE_TICKS || ticks <= -MAX_SAFE_TICKS) throw new RangeError(`a price of ${ticks} ticks is beyond the risk book`);
  return Number(ticks);
}

/** When two triggers are reached at once (a gap), the first of these applies. */
const TRIGGER_PRIORITY: readonly RiskTrigger[] = ['liquidation', 'stopLoss', 'takeProfit', 'open'];

interface Threshold {
  /**
   * A min-heap key: the price for the at-or-above heap, minus the price for the at-or-below one.
   * A number, not a bigint: ticks are whole numbers far below 2^53 (keyOf checks), and number
   * comparisons keep the heaps about twice as fast.
   */
  key: number;
  positionId: number;
  trigger: RiskTrigger;
  heap: ThresholdHeap;
  /** Where it sits in its heap's array; -1 once out of it. */
  index: number;
}

/** A binary min-heap of thresholds by key; each threshold knows its index, so any can be taken out. */
class ThresholdHeap {
  private readonly items: Threshold[] = [];

  push(item: Threshold): void {
    item.index = this.items.length;
    this.items.push(item);
    this.siftUp(item);
  }

  peek(): Threshold | undefined {
    return this.items[0];
  }

  remove(item: Threshold): void {
    const last = this.items.pop()!;
    if (last !== item) {
      last.index = item.index;
      this.siftUp(last);
      this.siftDown(last);
    }
    item.index = -1;
  }

  private place(item: Threshold, index: number): void {
    this.items[index] = item;
    item.index = index;
  }

  private siftUp(item: Threshold): void {
    let index = item.index;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const above = this.items[parent]!;
      if (above.key <= item.key) break;
      this.place(above, index);
      index = parent;
    }
    this.place(item, index);
  }

  private siftDown(item: Threshold): void {
    const { items } = this;
    const length = items.length;
    let index = item.index;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      const child = right < length && items[right]!.key < items[left]!.key ? right : left;
      if (items[child]!.key >= item.key) break;
      this.place(items[child]!, index);
      index = child;
    }
    this.place(item, index);
  }
}

interface SymbolBook {
  /** Fire when the mark is at or below the price (key: minus the price). */
  atOrBelow: ThresholdHeap;
  /** Fire when the mark is at or above the price (key: the price). */
  atOrAbove: ThresholdHeap;
}

/** The thresholds of an entry: which heap, at what price, firing what. */
function thresholdsOf(entry: RiskEntry): Array<{ below: boolean; price: bigint; trigger: RiskTrigger }> {
  const long = entry.side === 'long';
  if (entry.status === 'pending') {
    return entry.triggerPrice === undefined ? [] : [{ below: long, price: entry.triggerPrice, trigger: 'open' }];
  }
  const thresholds: Array<{ below: boolean; price: bigint; trigger: RiskTrigger }> = [];
  if (entry.liquidationPrice !== undefined) thresholds.push({ below: long, price: entry.liquidationPrice, trigger: 'liquidation' });
  if (entry.stopLoss !== undefined) thresholds.push({ below: long, price: entry.stopLoss, trigger: 'stopLoss' });
  if (entry.takeProfit !== undefined) thresholds.push({ below: !long, price: entry.takeProfit, trigger: 'takeProfit' });
  return thresholds;
}

export class RiskBook {
  private readonly symbols = new Map<number, SymbolBook>();
  /** Every position in the book with its thresholds in the heaps (none once due() answered it). */
  private readonly entries = new Map<number, Threshold[]>();

  /** Adds a position, or replaces everything known of it (and arms it again if due() answered it). */
  upsert(entry: RiskEntry): void {
    // Keyed first: a price it refuses leaves the book as it was.
    const keyed = thresholdsOf(entry).map(({ below, price, trigger }) => ({ below, trigger, key: keyOf(below ? -price : price) }));
    this.disarm(entry.positionId);
    const book = this.bookOf(entry.symbolId);
    const thresholds = keyed.map(({ below, trigger, key }) => {
      const threshold: Threshold = { key, positionId: entry.positionId, trigger, heap: below ? book.atOrBelow : book.atOrAbove, index: -1 };
      threshold.heap.push(threshold);
      return threshold;
    });
    this.entries.set(entry.positionId, thresholds);
  }

  remove(positionId: number): void {
    this.disarm(positionId);
    this.entries.delete(positionId);
  }

  /** Positions in the book, fired or not. */
  get size(): number {
    return this.entries.size;
  }

  /** Every position whose trigger the mark reached or passed (gaps included), each once, the first that applies: liquidation before stop-loss before take-profit. */
  due(symbolId: number, markTicks: bigint): Array<{ positionId: number; trigger: RiskTrigger }> {
    const book = this.symbols.get(symbolId);
    if (!book) return [];
    // Keys stay inside +/-(2^53 - 1), so a mark clamped to that bound is beyond the same keys: no answer changes.
    const mark = markTicks > MAX_SAFE_TICKS ? Number.MAX_SAFE_INTEGER : markTicks < -MAX_SAFE_TICKS ? -Number.MAX_SAFE_INTEGER : Number(markTicks);
    const reached = new Map<number, RiskTrigger>();
    this.popReached(book.atOrBelow, -mark, reached);
    this.popReached(book.atOrAbove, mark, reached);
    const fired: Array<{ positionId: number; trigger: RiskTrigger }> = [];
    for (const [positionId, trigger] of reached) {
      // Its thresholds not reached leave with it: it answers again only once upserted again.
      this.disarm(positionId);
      fired.push({ positionId, trigger });
    }
    return fired;
  }

  /** Takes out every threshold with key <= limit, noting each position's first trigger by priority. */
  private popReached(heap: ThresholdHeap, limit: number, reached: Map<number, RiskTrigger>): void {
    for (let head = heap.peek(); head !== undefined && head.key <= limit; head = heap.peek()) {
      heap.remove(head);
      const earlier = reached.get(head.positionId);
      if (earlier === undefined || TRIGGER_PRIORITY.indexOf(head.trigger) < TRIGGER_PRIORITY.indexOf(earlier)) {
        reached.set(head.positionId, head.trigger);
      }
    }
  }

  /** Takes a position's thresholds still in the heaps out of them; the position stays in the book. */
  private disarm(positionId: number): void {
    const thresholds = this.entries.get(positionId);
    if (!thresholds) return;
    for (const threshold of thresholds) if (threshold.index >= 0) threshold.heap.remove(threshold);
    this.entries.set(positionId, []);
  }

  private bookOf(symbolId: number): SymbolBook {
    let book = this.symbols.get(symbolId);
    if (!book) {
      book = { atOrBelow: new ThresholdHeap(), atOrAbove: new ThresholdHeap() };
      this.symbols.set(symbolId, book);
    }
    return book;
  }
}
