/**
 * The risk loop's index of trigger prices (api/futures.ts): which positions a mark price reaches.
 * The futures service keeps every pending and open position here and asks due() on each mark
 * price; it settles what comes back (once, guarded in the database) and then removes it.
 *
 * A tick that reaches nothing must cost next to nothing with 100,000 positions open, so the
 * thresholds sit per symbol in two heaps: one of prices that fire when the mark is at or below
 * them (a pending long's trigger, a long's liquidation and stop-loss, a short's take-profit), one
 * of prices that fire at or above (the mirror). due() pops from the heads while they are reached:
 * O(log n) per threshold popped, O(1) when none is. An upsert or removal does not dig its old
 * thresholds out of the heaps: they go stale (their version no longer matches) and are dropped
 * when they reach a head, or all at once when the stale ones outnumber the live ones.
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

/** A heap is rebuilt without its stale thresholds once they outnumber the live ones by this factor (and this floor). */
const COMPACT_FACTOR = 2;
const COMPACT_FLOOR = 1_024;

interface Threshold {
  /**
   * A min-heap key: the price for the at-or-above heap, minus the price for the at-or-below one.
   * A number, not a bigint: ticks are whole numbers far below 2^53 (keyOf checks), and number
   * comparisons keep the heaps about twice as fast.
   */
  key: number;
  positionId: number;
  trigger: RiskTrigger;
  version: number;
}

interface Tracked {
  symbolId: number;
  version: number;
  /** due() answered it; its thresholds are stale until the next upsert. */
  fired: boolean;
  /** How many of the heaps' thresholds are this entry's (live while not fired). */
  thresholds: number;
}

/** A binary min-heap of thresholds by key. */
class ThresholdHeap {
  items: Threshold[] = [];

  push(item: Threshold): void {
    const { items } = this;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (items[parent]!.key <= item.key) break;
      items[index] = items[parent]!;
      index = parent;
    }
    items[index] = item;
  }

  peek(): Threshold | undefined {
    return this.items[0];
  }

  pop(): Threshold | undefined {
    const { items } = this;
    const top = items[0];
    const last = items.pop();
    if (top !== undefined && last !== undefined && items.length > 0) this.siftDown(0, last);
    return top;
  }

  /** Keeps only the items `keep` accepts and restores the heap order bottom-up, in O(n). */
  retain(keep: (item: Threshold) => boolean): void {
    this.items = this.items.filter(keep);
    for (let index = (this.items.length >> 1) - 1; index >= 0; index -= 1) this.siftDown(index, this.items[index]!);
  }

  /** Puts `item` at `index` and moves it down below its smaller children. */
  private siftDown(start: number, item: Threshold): void {
    const { items } = this;
    const length = items.length;
    let index = start;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      const child = right < length && items[right]!.key < items[left]!.key ? right : left;
      if (items[child]!.key >= item.key) break;
      items[index] = items[child]!;
      index = child;
    }
    items[index] = item;
  }
}

interface SymbolBook {
  /** Fire when the mark is at or below the price (key: minus the price). */
  atOrBelow: ThresholdHeap;
  /** Fire when the mark is at or above the price (key: the price). */
  atOrAbove: ThresholdHeap;
  /** Thresholds of entries that are neither replaced, removed nor fired. */
  live: number;
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
  private readonly entries = new Map<number, Tracked>();
  private nextVersion = 1;

  /** Adds a position, or replaces everything known of it (and arms it again if due() answered it). */
  upsert(entry: RiskEntry): void {
    // Keyed first: a price it refuses leaves the book as it was.
    const thresholds = thresholdsOf(entry).map(({ below, price, trigger }) => ({ below, trigger, key: keyOf(below ? -price : price) }));
    this.retire(entry.positionId);
    const book = this.bookOf(entry.symbolId);
    const version = this.nextVersion++;
    for (const { below, key, trigger } of thresholds) (below ? book.atOrBelow : book.atOrAbove).push({ key, positionId: entry.positionId, trigger, version });
    book.live += thresholds.length;
    this.entries.set(entry.positionId, { symbolId: entry.symbolId, version, fired: false, thresholds: thresholds.length });
  }

  remove(positionId: number): void {
    this.retire(positionId);
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
    const reached = new Map<number, RiskTrigger>();
    // Keys stay inside +/-(2^53 - 1), so a mark clamped to that bound is beyond the same keys: no answer changes.
    const mark = markTicks > MAX_SAFE_TICKS ? Number.MAX_SAFE_INTEGER : markTicks < -MAX_SAFE_TICKS ? -Number.MAX_SAFE_INTEGER : Number(markTicks);
    this.popReached(book.atOrBelow, -mark, reached);
    this.popReached(book.atOrAbove, mark, reached);
    const fired: Array<{ positionId: number; trigger: RiskTrigger }> = [];
    for (const [positionId, trigger] of reached) {
      const tracked = this.entries.get(positionId)!;
      tracked.fired = true;
      book.live -= tracked.thresholds;
      fired.push({ positionId, trigger });
    }
    this.compactIfStale(book);
    return fired;
  }

  /** Pops every threshold with key <= limit, noting the live ones' triggers by priority. */
  private popReached(heap: ThresholdHeap, limit: number, reached: Map<number, RiskTrigger>): void {
    for (let head = heap.peek(); head !== undefined && head.key <= limit; head = heap.peek()) {
      heap.pop();
      const tracked = this.entries.get(head.positionId);
      if (!tracked || tracked.fired || tracked.version !== head.version) continue;
      const earlier = reached.get(head.positionId);
      if (earlier === undefined || TRIGGER_PRIORITY.indexOf(head.trigger) < TRIGGER_PRIORITY.indexOf(earlier)) {
        reached.set(head.positionId, head.trigger);
      }
    }
  }

  /** Makes the thresholds of a position's current version stale. */
  private retire(positionId: number): void {
    const tracked = this.entries.get(positionId);
    if (!tracked) return;
    const book = this.symbols.get(tracked.symbolId)!;
    if (!tracked.fired) book.live -= tracked.thresholds;
    tracked.fired = true;
    this.compactIfStale(book);
  }

  private compactIfStale(book: SymbolBook): void {
    const held = book.atOrBelow.items.length + book.atOrAbove.items.length;
    if (held <= COMPACT_FLOOR || held <= COMPACT_FACTOR * book.live) return;
    const isLive = (item: Threshold) => {
      const tracked = this.entries.get(item.positionId);
      return tracked !== undefined && !tracked.fired && tracked.version === item.version;
    };
    book.atOrBelow.retain(isLive);
    book.atOrAbove.retain(isLive);
  }

  private bookOf(symbolId: number): SymbolBook {
    let book = this.symbols.get(symbolId);
    if (!book) {
      book = { atOrBelow: new ThresholdHeap(), atOrAbove: new ThresholdHeap(), live: 0 };
      this.symbols.set(symbolId, book);
    }
    return book;
  }
}
