/**
 * The chain area: coins and networks, deposit addresses, the deposit watcher and the deposit
 * history, on the local chain simulator (server/chain/simulator.ts) until a real node or custody
 * provider implements the chain interface. The watcher runs on the leader while the server listens;
 * tests drive a watcher of their own with the clock.
 */
import type { FastifyInstance } from 'fastify';
import { ChainSimulator } from '../../chain/simulator';
import type { AppModule } from '../module';
import { chainRoutes } from './routes';
import { DepositWatcher } from './watcher';

async function register(api: FastifyInstance): Promise<void> {
  const chain = new ChainSimulator(api.context.now);
  chainRoutes(api, chain);
  const watcher = new DepositWatcher(api.context, chain, api.engine);
  api.leadership.runWhileListening(api, 'deposit watcher', watcher);
}

export const chainModule: AppModule = { name: 'chain', register };
