/**
 * Routes of the operator's configuration (issue 21; the calls are in
 * src/shared/api/operator-config.ts). Each change names its actor for the audit log: the signed-in
 * operator, or no one for the admin token of DATA_DIR.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  operatorAuditLogCall,
  operatorCoinsCall,
  operatorCoinUpdateCall,
  operatorFeeTiersCall,
  operatorFeeTiersSetCall,
  operatorFloorSetCall,
  operatorFundCall,
  operatorFuturesLimitsSetCall,
  operatorLimitsCall,
  operatorMarketAddCall,
  operatorMarketsCall,
  operatorMarketUpdateCall,
  operatorNetworkUpdateCall,
  operatorOptionLimitsSetCall,
  operatorRoleCall,
} from '../../../src/shared/api/operator-config';
import { registerCall } from '../../http/route';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/shared/api/balance';
import { readAuditLog, type Actor } from './audit-log';
import { listCoins, updateCoin, updateNetwork } from './coins';
import { fundPlatformAccount, readLimits, setFloor, setFuturesLimits, setOptionLimits } from './limits';
import { addMarket, feeTiers, listMarkets, setFeeTiers, updateMarket } from './markets';
import { setOperatorRole } from './roles';

function actorOf(request: FastifyRequest): Actor {
  return { userId: request.isAdminToken ? null : (request.user?.id ?? null) };
}

export function operatorConfigRoutes(app: FastifyInstance): void {
  const { context, engine } = app;
  registerCall(app, operatorRoleCall, async (request) => setOperatorRole(context, actorOf(request), request.body.email, request.body.operator));
  registerCall(app, operatorAuditLogCall, async (request) => readAuditLog(context, { beforeId: request.query.before ?? null, limit: request.query.limit }));

  registerCall(app, operatorMarketsCall, async () => listMarkets(context));
  registerCall(app, operatorMarketAddCall, async (request) => addMarket(context, engine, actorOf(request), request.body));
  registerCall(app, operatorMarketUpdateCall, async (request) => updateMarket(context, engine, actorOf(request), request.query.id, request.body));
  registerCall(app, operatorFeeTiersCall, async () => feeTiers(context));
  registerCall(app, operatorFeeTiersSetCall, async (request) => setFeeTiers(context, engine, actorOf(request), request.body.tiers));

  registerCall(app, operatorCoinsCall, async () => listCoins(context));
  registerCall(app, operatorCoinUpdateCall, async (request) => updateCoin(context, actorOf(request), request.query, request.body));
  registerCall(app, operatorNetworkUpdateCall, async (request) => updateNetwork(context, actorOf(request), request.query.id, request.body.confirmations));

  registerCall(app, operatorLimitsCall, async () => readLimits(context.db));
  registerCall(app, operatorFloorSetCall, async (request) => setFloor(context, actorOf(request), request.body));
  registerCall(app, operatorFundCall, async (request) => fundPlatformAccount(context, actorOf(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]));
  registerCall(app, operatorFuturesLimitsSetCall, async (request) => setFuturesLimits(context, actorOf(request), request.query.id, request.body));
  registerCall(app, operatorOptionLimitsSetCall, async (request) =>
    setOptionLimits(context, actorOf(request), { symbolId: request.query.id, seconds: request.query.seconds }, request.body),
  );
}
