/**
 * A client's copy of one symbol's order book, kept from a `full_quote` snapshot plus the market
 * channel's book deltas (ARCHITECTURE.md, "Realtime"). Deltas apply strictly in sequence: one older
 * than the copy is already in it and is dropped; a gap (a lost message, a reconnect) makes the
 * copy fetch a new snapshot, discard the deltas that snapshot already contains and apply the
 * rest. DOM-free, so the hub runs it in its worker.
 *
 * The snapshot is depth-limited (`levelsMax` levels a side). A side that came with fewer levels
 * is the whole side and stays exact. A side that came full is known only down to its worst
 * price (the boundary): changes beyond it are ignored, and when removals leave fewer than
 * `levelsMax` known levels the copy fetches a new snapshot to refill it. The copy keeps at most
 * twice `levelsMax` levels a side, trimming the worst and moving the boundary up.
 *
 * Use: subscribe to the market channel first, then call start(), feeding every `book` message
 * to applyMessage meanwhile. Call resync() after every reconnect: deltas sent while the socket
 * was away are gone, and a restarted server numbers its deltas afresh.
 */
import type { BookLevelChange, BookMessage, BookSide, BookSnapshot } from './realtime';

export interface RealtimeBookOptions {
  symbolId: number;
  /** Levels a side the view shows: the depth limit of the snapshots fetchSnapshot returns. */
  levelsMax: number;
  /** Reads `quotation/full_quote` (or anything else that returns the same depth). */
  fetchSnapshot: () => Promise<BookSnapshot>;
  /** Deltas kept while a snapshot is on its way; the oldest go first (a gap then resyncs again). */
  pendingMax?: number;
  /** Snapshot reads one resync may try before it gives up (the next delta starts a new one). */
  resyncAttemptsMax?: number;
  retryDelayMs?: number;
  onChange?: () => void;
  onError?: (error: unknown) => void;
}

const PENDING_MAX_DEFAULT = 1000;
const RESYNC_ATTEMPTS_MAX_DEFAULT = 5;
const RETRY_DELAY_MS_DEFAULT = 250;

interface Level {
  price: string;
  quantity: string;
}

class BookSideLevels {
  readonly levels = new Map<string, Level>();
  /** Canonical worst price known exactly; null when the side is known whole. */
  boundary: string | null = null;
  private sorted: Level[] | null = null;

  constructor(readonly side: BookSide) {}

  /** True when `a` is a better price than `b` on this side. */
  isBetter(a: string, b: string): boolean {
    const order = compareDecimals(a, b);
    return this.side === 'buy' ? order > 0 : order < 0;
  }

  reset(levels: [string, string][], levelsMax: number): void {
    this.levels.clear();
    for (const [price, quantity] of levels) {
      if (!isZero(quantity)) this.levels.set(canonicalDecimal(price), { price, quantity });
    }
    const worst = levels.at(-1);
    this.boundary = levels.length >= levelsMax && worst ? canonicalDecimal(worst[0]) : null;
    this.sorted = null;
  }

  apply(change: BookLevelChange, levelsKeptMax: number): void {
    const key = canonicalDecimal(change.price);
    if (this.boundary !== null && this.isBetter(this.boundary, key)) return;
    if (isZero(change.quantity)) this.levels.delete(key);
    else this.levels.set(key, { price: change.price, quantity: change.quantity });
    this.sorted = null;
    if (this.levels.size > levelsKeptMax) this.trim(levelsKeptMax);
  }

  best(levelsMax: number): [string, string][] {
    return this.ordered().slice(0, levelsMax).map((level) => [level.price, level.quantity]);
  }

  /** Whether the copy still knows `levelsMax` levels, or the whole side. */
  isFull(levelsMax: number): boolean {
    return this.boundary === null || this.levels.size >= levelsMax;
  }

  private trim(levelsKeptMax: number): void {
    const kept = this.ordered().slice(0, levelsKeptMax);
    this.levels.clear();
    for (const level of kept) this.levels.set(canonicalDecimal(level.price), level);
    const worst = kept.at(-1);
    this.boundary = worst ? canonicalDecimal(worst.price) : null;
    this.sorted = kept;
  }

  private ordered(): Level[] {
    if (!this.sorted) {
      const direction = this.side === 'buy' ? -1 : 1;
      this.sorted = [...this.levels.entries()]
        .sort(([a], [b]) => direction * compareDecimals(a, b))
        .map(([, level]) => level);
    }
    return this.sorted;
  }
}

export class RealtimeBook {
  /** Sequence of the last change in the copy; -1 before the first snapshot. */
  sequence = -1;
  /** Snapshots applied so far: the first one and every resync. */
  snapshotCount = 0;
  private live = false;
  private closed = false;
  private pending: BookMessage[] = [];
  private resyncing: Promise<void> | null = null;
  private readonly bids = new BookSideLevels('buy');
  private readonly asks = new BookSideLevels('sell');
  private readonly pendingMax: number;

  constructor(private readonly options: RealtimeBookOptions) {
    this.pendingMax = options.pendingMax ?? PENDING_MAX_DEFAULT;
  }

  /** True when the copy has a snapshot and every delta since, with no gap. */
  get isLive(): boolean {
    return this.live;
  }

  /** Fetches the first snapshot; deltas that arrive meanwhile are kept and applied after it. */
  start(): Promise<void> {
    return this.resync();
  }

  close(): void {
    this.closed = true;
    this.pending = [];
  }

  /** Feeds one `book` message of the market channel. */
  applyMessage(message: BookMessage): void {
    if (this.closed || message.symbolId !== this.options.symbolId) return;
    if (!this.live) {
      this.keepPending(message);
      if (!this.resyncing) this.resyncInBackground();
      return;
    }
    if (message.sequence <= this.sequence) return;
    if (message.sequence !== this.sequence + 1) {
      this.live = false;
      this.keepPending(message);
      this.resyncInBackground();
      return;
    }
    this.applyChanges(message);
    this.options.onChange?.();
    // Removals left a side with fewer levels than the view shows while deeper ones exist.
    if (!this.isFull()) this.resyncInBackground();
  }

  /** The copy as a snapshot, best levels first, at most `levelsMax` a side. */
  view(): BookSnapshot {
    const { levelsMax, symbolId } = this.options;
    return { symbolId, sequence: this.sequence, bids: this.bids.best(levelsMax), asks: this.asks.best(levelsMax) };
  }

  /** Fetches a snapshot and catches up from the deltas kept meanwhile; one at a time. */
  resync(): Promise<void> {
    this.live = false;
    this.resyncing ??= this.resyncLoop().finally(() => {
      this.resyncing = null;
    });
    return this.resyncing;
  }

  private async resyncLoop(): Promise<void> {
    const attemptsMax = this.options.resyncAttemptsMax ?? RESYNC_ATTEMPTS_MAX_DEFAULT;
    const retryDelayMs = this.options.retryDelayMs ?? RETRY_DELAY_MS_DEFAULT;
    let lastError: unknown = new Error(`book ${this.options.symbolId}: snapshots kept missing deltas`);
    for (let attempt = 1; attempt <= attemptsMax && !this.closed; attempt += 1) {
      if (attempt > 1) await delay(retryDelayMs * (attempt - 1));
      try {
        const snapshot = await this.options.fetchSnapshot();
        if (this.closed) return;
        if (this.applySnapshot(snapshot)) return;
      } catch (error) {
        lastError = error;
      }
    }
    if (!this.closed) throw lastError;
  }

  /** Replaces the copy with the snapshot, then applies kept deltas; true when the copy is live. */
  private applySnapshot(snapshot: BookSnapshot): boolean {
    if (snapshot.symbolId !== this.options.symbolId) throw new Error(`snapshot of symbol ${snapshot.symbolId}, not ${this.options.symbolId}`);
    this.bids.reset(snapshot.bids, this.options.levelsMax);
    this.asks.reset(snapshot.asks, this.options.levelsMax);
    this.sequence = snapshot.sequence;
    this.snapshotCount += 1;
    const pending = this.pending.filter((message) => message.sequence > snapshot.sequence).sort((a, b) => a.sequence - b.sequence);
    this.pending = [];
    let index = 0;
    while (index < pending.length && pending[index]!.sequence === this.sequence + 1) {
      this.applyChanges(pending[index]!);
      index += 1;
    }
    // A delta beyond a gap waits for the next snapshot, which will hold the missing ones.
    this.pending = pending.slice(index);
    this.live = this.pending.length === 0 && this.isFull();
    this.options.onChange?.();
    return this.live;
  }

  private applyChanges(message: BookMessage): void {
    const levelsKeptMax = this.options.levelsMax * 2;
    for (const change of message.changes) (change.side === 'buy' ? this.bids : this.asks).apply(change, levelsKeptMax);
    this.sequence = message.sequence;
  }

  private isFull(): boolean {
    return this.bids.isFull(this.options.levelsMax) && this.asks.isFull(this.options.levelsMax);
  }

  private keepPending(message: BookMessage): void {
    this.pending.push(message);
    if (this.pending.length > this.pendingMax) this.pending.shift();
  }

  private resyncInBackground(): void {
    this.resync().catch((error: unknown) => this.options.onError?.(error));
  }
}

function delay(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isZero(decimal: string): boolean {
  return /^0*(\.0*)?$/.test(decimal);
}

/** "0012.3400" -> "12.34", "5." -> "5": one key per price however the server wrote it. */
export function canonicalDecimal(decimal: string): string {
  const [integerPart = '', fractionPart = ''] = decimal.split('.');
  const integer = integerPart.replace(/^0+(?=\d)/, '') || '0';
  const fraction = fractionPart.replace(/0+$/, '');
  return fraction ? `${integer}.${fraction}` : integer;
}

/** Compares two non-negative decimal strings exactly (no floating point): -1, 0 or 1. */
export function compareDecimals(a: string, b: string): number {
  const [aInteger = '0', aFraction = ''] = canonicalDecimal(a).split('.');
  const [bInteger = '0', bFraction = ''] = canonicalDecimal(b).split('.');
  if (aInteger.length !== bInteger.length) return aInteger.length < bInteger.length ? -1 : 1;
  if (aInteger !== bInteger) return aInteger < bInteger ? -1 : 1;
  const width = Math.max(aFraction.length, bFraction.length);
  const aPadded = aFraction.padEnd(width, '0');
  const bPadded = bFraction.padEnd(width, '0');
  if (aPadded === bPadded) return 0;
  return aPadded < bPadded ? -1 : 1;
}
