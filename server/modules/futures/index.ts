/**
 * The futures area (issue 17): the calls of api/futures.ts, and the risk loop that settles what
 * each mark reaches. The risk book is rebuilt from the database before the loop hears its first
 * sample; every position change goes to its owner's private channel as a `futures` event, with a
 * `balance` event for the futures USDT when money moved.
 */
import type { FastifyInstance } from 'fastify';
import { FUTURES_USDT } from '../../../src/shared/constants';
import { userChannel } from '../../../src/shared/realtime';
import type { AppContext } from '../../context';
import type { AppModule } from '../module';
import { RiskBook } from './risk-book';
import { RiskLoop } from './risk-loop';
import { announcingPublisher, followPositions } from './relay';
import { futuresRoutes } from './routes';
import type { FuturesDeps, FuturesPublisher } from './settle';

/** Each app's risk loop, by its context: tests reach it (settleDue, runRound, idle) through riskLoopOf. */
const LOOPS = new WeakMap<AppContext, RiskLoop>();

export function riskLoopOf(context: AppContext): RiskLoop {
  const loop = LOOPS.get(context);
  if (!loop) throw new Error('the futures module is not registered on this context');
  return loop;
}

function publisherOf(api: FastifyInstance): FuturesPublisher {
  return {
    positionChanged(userId, position, options = { balanceMoved: true }) {
      api.realtime.to(userChannel(userId)).emit('futures', { position });
      if (options.balanceMoved) api.engine.events.emit('balance', { userId, currencies: [FUTURES_USDT] });
    },
  };
}

async function register(api: FastifyInstance): Promise<void> {
  const { leadership, redis } = api;
  const publisher = redis ? announcingPublisher(publisherOf(api), leadership, redis.commands) : publisherOf(api);
  const deps: FuturesDeps = { context: api.context, prices: api.prices, book: new RiskBook(), publisher };
  const loop = new RiskLoop(deps);
  await loop.rebuild();
  // The loop runs after the leader's rounds only (server/cluster/leader.ts). A follower's book
  // misses what the other instances did: the instance that takes the lead reads it all again.
  let leading = leadership.isLeader();
  leadership.onChange(async (now) => {
    if (now && !leading) await loop.rebuild();
    leading = now;
  });
  if (redis) await followPositions(deps, loop, leadership, await redis.subscriber());
  const stopListening = api.prices.onSampled(() => loop.onSampled());
  api.addHook('onClose', async () => {
    stopListening();
    await loop.idle();
  });
  LOOPS.set(api.context, loop);
  futuresRoutes(api, deps);
}

export const futuresModule: AppModule = { name: 'futures', register };
