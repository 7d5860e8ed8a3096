/** Calls of the chain area (HTTP only; the rules are in service.ts). */
import type { FastifyInstance } from 'fastify';
import { blockchainConfigCall, coinAddressCall, depositHistoryCall, operatorChainDemoDepositCall, operatorChainDepositCall } from '../../../src/shared/api/chain';
import type { ChainSimulator } from '../../chain/simulator';
import { registerCall, signedInUser } from '../../http/route';
import * as service from './service';

/** A person asks for an address per coin and network, a handful at a time: more than this is a script. */
const COIN_ADDRESS_PER_MINUTE = 30;

export function chainRoutes(app: FastifyInstance, chain: ChainSimulator): void {
  registerCall(app, blockchainConfigCall, async () => service.blockchainConfig(app.context));
  registerCall(app, coinAddressCall, async (request) => service.coinAddress(app.context, chain, signedInUser(request).id, request.query), {
    perMinute: COIN_ADDRESS_PER_MINUTE,
  });
  registerCall(app, depositHistoryCall, async (request) => service.depositHistory(app.context, chain, signedInUser(request).id, request.body));
  registerCall(app, operatorChainDepositCall, async (request) => service.simulateDeposit(app.context, chain, request.body));
  registerCall(app, operatorChainDemoDepositCall, async (request) => service.simulateDemoDeposit(app.context, chain, request.body));
}
