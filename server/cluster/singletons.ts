/**
 * The background work of a running server that must happen once across the cluster, each as a
 * task of the leader (server/cluster/leader.ts; SQLite: this instance): the outbox drain, the
 * scheduler, the housekeeping sweep and the market-maker robots. main.ts starts them after the app
 * is built; tests that need them (the cluster's) start them the same way. What app.ts and the
 * modules start themselves (the index sampling, the deposit watcher, the withdrawal round) are
 * leader tasks too; the socket server's session recheck runs on every instance for its own sockets.
 *
 * The outbox drains on the leader only: two instances draining the same pending rows at once would
 * each deliver them. A follower's events wait for the leader's next drain (at most a second).
 */
import type { FastifyInstance } from 'fastify';
import { startMaintenance } from '../maintenance';
import { startMarketMakers, type MarketMakers } from '../modules/robots/robots';

/** Starts them; the returned function stops them (the robots first, while the app still serves their orders). */
export function startSingletons(app: FastifyInstance): () => Promise<void> {
  const { leadership, context } = app;
  // Told at once when following too: a follower's kicks must not drain.
  const stopOutbox = leadership.onChange((leading) => (leading ? app.outbox.start() : app.outbox.stop()));
  const stopScheduler = leadership.run('scheduler', app.scheduler);
  let stopSweeps: (() => void) | undefined;
  const stopMaintenance = leadership.run('maintenance', { start: () => void (stopSweeps = startMaintenance(context)), stop: () => stopSweeps?.() });
  // Robots (ROBOTS=off switches them off) backfill candles on first start, then quote every market.
  let marketMakers: MarketMakers | undefined;
  const stopRobots = leadership.run('robots', {
    start: async () => void (marketMakers = await startMarketMakers(app)),
    stop: async () => marketMakers?.stop(),
  });
  return async () => {
    await stopRobots();
    stopOutbox();
    await Promise.all([stopScheduler(), stopMaintenance()]);
  };
}
