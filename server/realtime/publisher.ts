/**
 * Engine events to socket channels. The engine emits only after a command's transaction
 * committed, in commit order, so a client never sees a change that could still be rolled back.
 * Market channels get book deltas with the engine's per-symbol sequence number, the trades of
 * the same command stamped with that number (the engine emits a command's book before its
 * trades), and the symbol's quote after its trades; private channels get their own user's order
 * and balance events and nobody else's.
 */
import type { FastifyBaseLogger } from 'fastify';
import { marketChannel, userChannel } from '../../src/shared/realtime';
import type { RealtimeEngine, RealtimeHooks, RealtimeIo } from './types';

export type { QuoteSource, RealtimeEngine } from './types';

/** A quote is read from the day's candles, so a busy market pushes one at most this often. */
export const QUOTE_PUSH_INTERVAL_MS = 1_000;

/**
 * Subscribes to the engine's events; returns the function that unsubscribes. `shared`: the io's
 * emits reach the sockets of every instance (the Redis adapter), so whether anyone watches a
 * market cannot be told from this instance's rooms.
 */
export function publishEngineEvents(io: RealtimeIo, engine: RealtimeEngine, hooks: RealtimeHooks, log: FastifyBaseLogger, options: { shared: boolean }): () => void {
  // The book sequence each symbol has published up to, so trades and quotes carry it too.
  const publishedSequences = new Map<number, number>();
  const quotes = new QuotePusher(io, hooks, publishedSequences, log, options.shared);

  const unsubscribers = [
    engine.events.on('book', ({ symbolId, sequence, changes }) => {
      publishedSequences.set(symbolId, sequence);
      io.to(marketChannel(symbolId)).emit('book', { symbolId, sequence, changes });
    }),
    engine.events.on('trades', ({ symbolId, trades }) => {
      if (trades.length === 0) return;
      const sequence = publishedSequences.get(symbolId) ?? 0;
      io.to(marketChannel(symbolId)).emit('trades', { symbolId, sequence, trades });
      quotes.request(symbolId);
    }),
    engine.events.on('order', ({ userId, order }) => {
      io.to(userChannel(userId)).emit('order', { order });
    }),
    engine.events.on('balance', ({ userId, currencies }) => {
      io.to(userChannel(userId)).emit('balance', { currencies });
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    quotes.stop();
  };
}

/**
 * Pushes a symbol's quote after its trades: at once when the symbol has been quiet, else once
 * when its cooldown ends, so that a burst of trades costs one quote read a second, and none for
 * a market nobody watches (alone; with several instances someone elsewhere may watch it).
 */
class QuotePusher {
  private readonly cooldowns = new Map<number, { timer: ReturnType<typeof setTimeout>; requested: boolean }>();
  private stopped = false;

  constructor(
    private readonly io: RealtimeIo,
    private readonly hooks: RealtimeHooks,
    private readonly publishedSequences: ReadonlyMap<number, number>,
    private readonly log: FastifyBaseLogger,
    private readonly shared: boolean,
  ) {}

  request(symbolId: number): void {
    const cooldown = this.cooldowns.get(symbolId);
    if (cooldown) {
      cooldown.requested = true;
      return;
    }
    this.push(symbolId);
  }

  stop(): void {
    this.stopped = true;
    for (const { timer } of this.cooldowns.values()) clearTimeout(timer);
    this.cooldowns.clear();
  }

  private push(symbolId: number): void {
    const timer = setTimeout(() => this.endCooldown(symbolId), QUOTE_PUSH_INTERVAL_MS);
    timer.unref();
    this.cooldowns.set(symbolId, { timer, requested: false });
    const channel = marketChannel(symbolId);
    const { quoteOf } = this.hooks;
    if (!quoteOf || !(this.shared || this.io.sockets.adapter.rooms.get(channel)?.size)) return;
    void quoteOf(symbolId).then(
      (quote) => {
        if (!quote || this.stopped) return;
        const sequence = this.publishedSequences.get(symbolId) ?? 0;
        this.io.to(channel).emit('quote', { symbolId, sequence, quote });
      },
      (error: unknown) => this.log.error({ err: error }, `quote of symbol ${symbolId} failed`),
    );
  }

  private endCooldown(symbolId: number): void {
    const cooldown = this.cooldowns.get(symbolId);
    this.cooldowns.delete(symbolId);
    if (cooldown?.requested && !this.stopped) this.push(symbolId);
  }
}
