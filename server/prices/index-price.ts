/**
 * One index price per market (ARCHITECTURE.md, "Index prices"): the price that every payout reads
 * (convert today; the futures mark price, binary-option open and settlement prices, loan LTVs and
 * C2C floating prices as those areas land), and one that a user's own orders cannot move. No
 * payout reads a raw level of the book.
 *
 * Where it comes from, in order:
 * 1. A reference feed: what the world outside says the price is. A real deployment plugs prices
 *    from other exchanges in here; without internet, the market-maker robots' seeded walk plays
 *    that part (server/modules/robots publishes it every tick). A reference older than
 *    REFERENCE_MAX_AGE_MS is not used: a feed that stopped says nothing about now.
 * 2. Without a fresh reference (robots off, no feed): the book. Its mid price is sampled every
 *    SAMPLE_INTERVAL_MS while both sides are quoted and the spread is under SPREAD_MAX_PPM; the
 *    index is the median of the samples of the last WINDOW_MS, once there are BOOK_SAMPLES_MIN
 *    of them. One order moves no median: to move it, a user must hold the book away from its
 *    price for half the window, in the open, where every other trader can take the other side.
 * 3. Neither: no index. Whatever pays from it refuses (errcode indexUnavailable) rather than
 *    guess.
 *
 * Every second the index of each market is also kept with its time for HISTORY_MS, so that a
 * payout due at an instant (an option's expiry) reads the price of that instant, however late
 * it runs. That history lives in memory: what must survive a restart is recorded by its reader.
 *
 * A futures or binary-option symbol has no book of its own: it reads the index of the spot market
 * of the same pair (setDerived), at its own price precision, rounded down. `current`, `at` and
 * `history` answer for both kinds of symbol. After each sampling round the listeners of
 * onSampled run (the futures risk loop, the `index` socket channel, the options' records).
 */
import type { MarketSymbol } from '../engine/types';
import { parseUnits, rescaleUnits } from '../../src/shared/money';

export const SAMPLE_INTERVAL_MS = 1_000;
/** The book's median spans this long. */
export const WINDOW_MS = 5 * 60_000;
/** The book gives an index once it has this many samples (a minute's worth). */
export const BOOK_SAMPLES_MIN = 60;
/** A mid whose spread is wider than this (2 %) says too little to be sampled. */
export const SPREAD_MAX_PPM = 20_000n;
/** A reference not refreshed for this long is stale. */
export const REFERENCE_MAX_AGE_MS = 30_000;
/** How far back the index of an instant can be read. */
export const HISTORY_MS = 60 * 60_000;
/** On a cluster's follower, the leader's last round is the index for this long (a failover takes a few seconds). */
export const FOLLOWED_MAX_AGE_MS = 10_000;

export type IndexSource = 'reference' | 'book';

export interface IndexPrice {
  symbolId: number;
  /** Whole ticks of the symbol's price precision. */
  priceTicks: bigint;
  source: IndexSource;
  /** When this price was true: the reference's time, or the last book sample's. */
  at: number;
}

/** What the index reads of the engine: its markets and their best prices, never anyone's orders. */
export interface IndexMarkets {
  symbols(): MarketSymbol[];
  bestPrices(symbolId: number): { bid: string | null; ask: string | null };
  /**
   * Reads, before a round, what bestPrices cannot answer from this process: in a cluster, the
   * best prices of the markets whose books other instances hold (Engine.refreshRemoteBests).
   */
  refreshBests?(): Promise<void>;
}

/** A symbol priced from a spot market's index: a futures or binary-option symbol. */
export interface DerivedSymbol {
  symbolId: number;
  /** The spot market of the same pair. */
  indexSymbolId: number;
  pricePrecision: number;
  /** Seen only by accounts with testEnabled (spec 6): not on public channels. */
  testOnly: boolean;
}

interface Sample {
  at: number;
  priceTicks: bigint;
}

interface MarketPrices {
  reference: Sample | undefined;
  /** Book mids of the window, oldest first. */
  bookSamples: Sample[];
  /** The index each second, oldest first. */
  history: Sample[];
  historySources: IndexSource[];
  /** On a follower: the index of the leader's last round (applyRound) and that round's time. */
  followed: { price: IndexPrice; roundAt: number } | undefined;
}

/** The middle value (the lower middle of an even count: an index never rounds up a half tick). */
export function medianTicks(values: readonly bigint[]): bigint | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The book's mid in ticks (rounded down), when both sides are quoted and close enough. */
export function bookMidTicks(best: { bid: string | null; ask: string | null }, pricePrecision: number): bigint | undefined {
  if (best.bid === null || best.ask === null) return undefined;
  const bid = parseUnits(best.bid, pricePrecision);
  const ask = parseUnits(best.ask, pricePrecision);
  if (bid <= 0n || ask < bid) return undefined;
  const mid = (bid + ask) / 2n;
  if ((ask - bid) * 1_000_000n > SPREAD_MAX_PPM * mid) return undefined;
  return mid;
}

export class IndexPrices {
  private readonly markets = new Map<number, MarketPrices>();
  private readonly derived = new Map<number, DerivedSymbol>();
  private readonly listeners = new Set<(now: number) => void>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly source: IndexMarkets,
    private readonly now: () => number,
    /** Where a listener's failure goes: one failing reader must not stop the sampling of the others. */
    private readonly report: (error: unknown) => void = (error) => console.error(error),
  ) {}

  /** Samples every SAMPLE_INTERVAL_MS until stop(); with a source that reads other instances' books first, each round after that read. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.round(), SAMPLE_INTERVAL_MS);
    this.timer.unref();
    this.round();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private refreshing = false;

  private round(): void {
    const refresh = this.source.refreshBests;
    if (!refresh) {
      this.sample();
      return;
    }
    // A round whose reads are still out is not doubled: the next tick samples what they brought.
    if (this.refreshing) return;
    this.refreshing = true;
    void refresh
      .call(this.source)
      .catch((error: unknown) => this.report(error))
      .finally(() => {
        this.refreshing = false;
        if (this.timer) this.sample();
      });
  }

  /** The reference feed says a market's price (the robots' walk, or an outside feed). */
  setReference(symbolId: number, priceTicks: bigint, at = this.now()): void {
    if (priceTicks <= 0n) return;
    this.marketOf(symbolId).reference = { at, priceTicks };
  }

  /** One sampling round: each market's book mid, then each market's index into its history. */
  sample(): void {
    const now = this.now();
    for (const symbol of this.source.symbols()) {
      const market = this.marketOf(symbol.id);
      const mid = bookMidTicks(this.source.bestPrices(symbol.id), symbol.pricePrecision);
      if (mid !== undefined) market.bookSamples.push({ at: now, priceTicks: mid });
      dropBefore(market.bookSamples, now - WINDOW_MS);
      recordHistory(market, now, this.current(symbol.id));
    }
    for (const listener of this.listeners) {
      try {
        listener(now);
      } catch (error) {
        this.report(error);
      }
    }
  }

  /** The index of every spot market now (what a round put in the history): the leader publishes it for the followers. */
  spotPrices(): IndexPrice[] {
    return this.source.symbols().flatMap((symbol) => this.current(symbol.id) ?? []);
  }

  /**
   * A follower takes a round of the leader's (server/cluster/index-relay.ts) instead of sampling:
   * each spot market's price, into its history as the leader's round put it. A round no newer than
   * a market's last point changes nothing, so rounds read twice (the stored history and the live
   * channel) count once. Listeners do not run: what they do is the leader's.
   */
  applyRound(at: number, prices: readonly IndexPrice[]): void {
    for (const price of prices) {
      const market = this.marketOf(price.symbolId);
      if ((market.history.at(-1)?.at ?? -Infinity) >= at) continue;
      market.followed = { price, roundAt: at };
      recordHistory(market, at, price);
    }
  }

  /** Runs `listener` after every sampling round until the returned function is called. */
  onSampled(listener: (now: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The futures and binary-option symbols and the spot markets they read (replaces the previous list). */
  setDerived(symbols: readonly DerivedSymbol[]): void {
    this.derived.clear();
    for (const symbol of symbols) this.derived.set(symbol.symbolId, symbol);
  }

  derivedSymbols(): DerivedSymbol[] {
    return [...this.derived.values()];
  }

  /** A symbol's index points of the last `sinceMs` (at its own precision for a derived symbol), oldest first. */
  history(symbolId: number, since: number): IndexPrice[] {
    const derived = this.derived.get(symbolId);
    const market = this.markets.get(derived?.indexSymbolId ?? symbolId);
    if (!market) return [];
    const spotPrecision = derived && this.spotPrecision(derived);
    const points: IndexPrice[] = [];
    market.history.forEach((sample, index) => {
      if (sample.at < since) return;
      const price: IndexPrice = { symbolId: derived?.indexSymbolId ?? symbolId, priceTicks: sample.priceTicks, source: market.historySources[index]!, at: sample.at };
      points.push(derived && spotPrecision !== undefined ? toDerived(derived, spotPrecision, price) : price);
    });
    return points;
  }

  /** The price precision of the spot market a derived symbol reads. */
  private spotPrecision(derived: DerivedSymbol): number {
    return this.source.symbols().find((symbol) => symbol.id === derived.indexSymbolId)?.pricePrecision ?? derived.pricePrecision;
  }

  /** The index now; undefined when neither a fresh reference nor enough of the book says it. */
  current(symbolId: number): IndexPrice | undefined {
    const derived = this.derived.get(symbolId);
    if (derived) {
      const price = this.current(derived.indexSymbolId);
      return price && toDerived(derived, this.spotPrecision(derived), price);
    }
    const market = this.markets.get(symbolId);
    if (!market) return undefined;
    const now = this.now();
    if (market.reference && now - market.reference.at <= REFERENCE_MAX_AGE_MS) {
      return { symbolId, priceTicks: market.reference.priceTicks, source: 'reference', at: market.reference.at };
    }
    const recent = market.bookSamples.filter((sample) => sample.at > now - WINDOW_MS);
    const median = recent.length < BOOK_SAMPLES_MIN ? undefined : medianTicks(recent.map((sample) => sample.priceTicks));
    if (median !== undefined) return { symbolId, priceTicks: median, source: 'book', at: recent.at(-1)!.at };
    // A follower has no reference and no samples of its own; a leader just elected has none yet either.
    const followed = market.followed;
    return followed && now - followed.roundAt <= FOLLOWED_MAX_AGE_MS ? followed.price : undefined;
  }

  /** The index as it was at `time` (the last sample at or before it), within HISTORY_MS. */
  at(symbolId: number, time: number): IndexPrice | undefined {
    const derived = this.derived.get(symbolId);
    if (derived) {
      const price = this.at(derived.indexSymbolId, time);
      return price && toDerived(derived, this.spotPrecision(derived), price);
    }
    const market = this.markets.get(symbolId);
    if (!market) return undefined;
    const { history } = market;
    // Binary search for the last sample at or before `time`.
    let low = 0;
    let high = history.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (history[middle]!.at <= time) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (found < 0 || time - history[found]!.at > SAMPLE_INTERVAL_MS * 2) return undefined;
    return { symbolId, priceTicks: history[found]!.priceTicks, source: market.historySources[found]!, at: history[found]!.at };
  }

  private marketOf(symbolId: number): MarketPrices {
    let market = this.markets.get(symbolId);
    if (!market) {
      market = { reference: undefined, bookSamples: [], history: [], historySources: [], followed: undefined };
      this.markets.set(symbolId, market);
    }
    return market;
  }
}

/** A spot market's index expressed for a derived symbol: its precision, rounded down. */
function toDerived(derived: DerivedSymbol, spotPrecision: number, price: IndexPrice): IndexPrice {
  return { ...price, symbolId: derived.symbolId, priceTicks: rescaleUnits(price.priceTicks, spotPrecision, derived.pricePrecision, 'down') };
}

/** Appends a round's index (when there is one) to a market's history and drops what is older than HISTORY_MS. */
function recordHistory(market: MarketPrices, now: number, index: IndexPrice | undefined): void {
  if (index) {
    market.history.push({ at: now, priceTicks: index.priceTicks });
    market.historySources.push(index.source);
  }
  const dropped = dropBefore(market.history, now - HISTORY_MS);
  market.historySources.splice(0, dropped);
}

/** Drops the samples older than `cutoff` from the front; answers how many. */
function dropBefore(samples: Sample[], cutoff: number): number {
  let count = 0;
  while (count < samples.length && samples[count]!.at < cutoff) count += 1;
  if (count > 0) samples.splice(0, count);
  return count;
}
