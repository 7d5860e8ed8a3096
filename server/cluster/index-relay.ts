/**
 * The index prices of a cluster (ARCHITECTURE.md, "Cluster"): only the leader samples (its robots
 * set the references, and the risk loop and the option records run after its rounds), but every
 * instance answers convert quotes, futures creates and GET /market/indexhistory from the index.
 * So the leader publishes each round's spot prices on Redis, on a channel for the followers that
 * listen now and in a list capped at an hour for one that starts (or restarts) later; a follower
 * loads the list, then applies each round as it comes (IndexPrices.applyRound). A follower that
 * takes the lead keeps what it followed and samples on from there.
 */
import type { Redis } from 'ioredis';
import { HISTORY_MS, SAMPLE_INTERVAL_MS, type IndexPrice, type IndexPrices, type IndexSource } from '../prices/index-price';
import type { Leadership } from './leader';

export const INDEX_ROUND_CHANNEL = 'index:round';
export const INDEX_HISTORY_KEY = 'index:history';
/** The list keeps an hour of rounds, as the index's own history does. */
const HISTORY_ROUNDS = HISTORY_MS / SAMPLE_INTERVAL_MS;

interface PublishedRound {
  at: number;
  prices: Array<{ symbolId: number; priceTicks: string; source: IndexSource; at: number }>;
}

function encodeRound(at: number, prices: readonly IndexPrice[]): string {
  const round: PublishedRound = { at, prices: prices.map((price) => ({ ...price, priceTicks: price.priceTicks.toString() })) };
  return JSON.stringify(round);
}

function decodeRound(text: string): { at: number; prices: IndexPrice[] } {
  const round = JSON.parse(text) as PublishedRound;
  return { at: round.at, prices: round.prices.map((price) => ({ ...price, priceTicks: BigInt(price.priceTicks) })) };
}

type Log = { error(object: unknown, message: string): void };

/**
 * Publishes the leader's rounds and follows them elsewhere, with `commands` for PUBLISH and the
 * list and `subscriber`, a connection of its own (a subscribed connection takes no other command).
 * The returned function stops both.
 */
export function relayIndexPrices(prices: IndexPrices, leadership: Leadership, redis: { commands: Redis; subscriber: Redis }, log: Log): () => void {
  const { commands, subscriber } = redis;
  const stopPublishing = prices.onSampled((now) => {
    const message = encodeRound(now, prices.spotPrices());
    commands
      .multi()
      .publish(INDEX_ROUND_CHANNEL, message)
      .lpush(INDEX_HISTORY_KEY, message)
      .ltrim(INDEX_HISTORY_KEY, 0, HISTORY_ROUNDS - 1)
      .exec()
      .catch((error: unknown) => log.error(error, 'publishing the index round failed'));
  });
  const apply = (text: string) => {
    const round = decodeRound(text);
    prices.applyRound(round.at, round.prices);
  };
  /** Rounds that came while the stored ones load: applied after them, so that the history stays in order. */
  let waiting: string[] | undefined;
  const onMessage = (channel: string, message: string) => {
    if (channel !== INDEX_ROUND_CHANNEL || leadership.isLeader()) return;
    if (waiting) waiting.push(message);
    else apply(message);
  };
  subscriber.on('message', onMessage);
  const stopFollowing = leadership.onChange(async (leading) => {
    if (leading) {
      await subscriber.unsubscribe(INDEX_ROUND_CHANNEL);
      return;
    }
    // Subscribed first, then the stored rounds (newest first in the list), then what came meanwhile: a round in both counts once.
    waiting = [];
    try {
      await subscriber.subscribe(INDEX_ROUND_CHANNEL);
      const stored = await commands.lrange(INDEX_HISTORY_KEY, 0, -1);
      for (const text of [...stored.reverse(), ...waiting]) apply(text);
    } finally {
      waiting = undefined;
    }
  });
  return () => {
    stopPublishing();
    stopFollowing();
    subscriber.off('message', onMessage);
  };
}
