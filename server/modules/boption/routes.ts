/** Calls of the binary-options area (HTTP only; the rules are in service.ts). */
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/shared/api/balance';
import { boptionConfigCall, boptionCreateCall, boptionOrdersCall, boptionOrderStatusCall, boptionRecentOpenOrdersCall } from '../../../src/shared/api/boption';
import { registerCall, signedInUser } from '../../http/route';
import * as service from './service';

/** Options per minute per client: a person places a few a minute; a script placing more is braked. */
const CREATE_PER_MINUTE = 60;

export function boptionRoutes(app: FastifyInstance, deps: service.BoptionDeps): void {
  registerCall(app, boptionConfigCall, async (request) => service.boptionConfig(deps, request.user ?? null, request.query.id));
  registerCall(
    app,
    boptionCreateCall,
    async (request) => service.createOrder(deps, signedInUser(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]),
    { perMinute: CREATE_PER_MINUTE },
  );
  registerCall(app, boptionOrderStatusCall, async (request) => service.orderStatus(deps.context, signedInUser(request).id, request.query.id));
  registerCall(app, boptionRecentOpenOrdersCall, async (request) => service.recentOpenOrders(deps, signedInUser(request), request.query.id));
  registerCall(app, boptionOrdersCall, async (request) => service.orderHistory(deps, signedInUser(request), request.query));
}
