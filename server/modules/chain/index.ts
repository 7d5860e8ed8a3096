/**
 * The chain area: coins and networks, deposit addresses, the deposit watcher and the deposit
 * history, on the local chain simulator (server/chain/simulator.ts) until a real node or custody
 * provider implements the chain interface. The watcher runs while the server listens (main.ts);
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
  api.addHook('onListen', async () => watcher.start());
  api.addHook('onClose', async () => watcher.stop());
}

export const chainModule: AppModule = { name: 'chain', register };
