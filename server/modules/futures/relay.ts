/**
 * The futures risk loop on a cluster (ARCHITECTURE.md, "Cluster"): it runs on the leader only
 * (server/cluster/leader.ts), after the leader's sampling rounds, but a position is created or its
 * stop points change on whichever instance served the call. That instance names the position on
 * Redis (POSITION_CHANNEL, after its commit, with the event to its owner) and the leader reads the
 * row again into its risk book. Redis's pub/sub delivers at most once, so the leader also reads
 * every live position again when it takes the lead and when its subscription reconnects: a message
 * lost meanwhile is found there. A position the book still holds after it closed elsewhere is
 * harmless: its step finds another status and takes it out.
 */
import type { Redis } from 'ioredis';
import type { Leadership } from '../../cluster/leader';
import * as repo from './repo';
import type { RiskLoop } from './risk-loop';
import { followInBook, type FuturesDeps, type FuturesPublisher } from './settle';

export const POSITION_CHANNEL = 'futures:position';

/** The publisher, and on a follower also the position's id for the leader's book. */
export function announcingPublisher(publisher: FuturesPublisher, leadership: Leadership, commands: Redis): FuturesPublisher {
  return {
    positionChanged(userId, position, options) {
      publisher.positionChanged(userId, position, options);
      if (!leadership.isLeader()) void commands.publish(POSITION_CHANNEL, String(position.id)).catch(() => undefined);
    },
  };
}

/** On the leader: each position named on the channel is read again into the book. */
export async function followPositions(deps: FuturesDeps, loop: RiskLoop, leadership: Leadership, subscriber: Redis): Promise<void> {
  const log = (error: unknown) => deps.context.log?.error({ err: error }, 'following a futures position of another instance failed');
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== POSITION_CHANNEL || !leadership.isLeader()) return;
    repo
      .findPosition(deps.context.db, Number(message))
      .then((row) => row && followInBook(deps.book, row))
      .catch(log);
  });
  // The subscriber is connected already: 'ready' now means a reconnection, after which ioredis
  // subscribes again by itself; what was said meanwhile is in the database.
  subscriber.on('ready', () => {
    if (leadership.isLeader()) loop.rebuild().catch(log);
  });
  await subscriber.subscribe(POSITION_CHANNEL);
}
