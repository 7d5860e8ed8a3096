/**
 * The withdraw area: the config and quotas, blockchain, custody and fiat withdrawals with their
 * holds, the user's history and cancel, the operator's review, and the round that sends approved
 * withdrawals on the chain (the local simulator, as the chain area's deposits) and completes them
 * at their network's confirmations. The round runs on the leader while the server listens; tests drive one of
 * their own with the clock.
 */
import type { FastifyInstance } from 'fastify';
import { ChainSimulator } from '../../chain/simulator';
import type { AppModule } from '../module';
import { withdrawalRound } from './round';
import { withdrawRoutes } from './routes';

async function register(api: FastifyInstance): Promise<void> {
  const chain = new ChainSimulator(api.context.now);
  const round = withdrawalRound(api.context, chain, api.engine);
  withdrawRoutes(api, { context: api.context, publisher: api.engine, chain, sendApproved: () => round.runNow() });
  api.leadership.runWhileListening(api, 'withdrawal round', round);
}

export const withdrawModule: AppModule = { name: 'withdraw', register };
