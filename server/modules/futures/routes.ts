/** Calls of the futures area (HTTP only; the rules are in service.ts). */
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/shared/api/balance';
import {
  futuresCloseAllCall,
  futuresCloseOrderCall,
  futuresConfigCall,
  futuresCreateCall,
  futuresOrdersCall,
  futuresStatsCall,
  futuresUpdateStopPointsCall,
} from '../../../src/shared/api/futures';
import { registerCall, signedInUser } from '../../http/route';
import * as service from './service';
import type { FuturesDeps } from './settle';

/** Per client and minute: a trader opens and closes often, a script hammering the house is braked. */
const TRADE_PER_MINUTE = 120;
/** Close-all may close dozens of positions at once. */
const CLOSE_ALL_PER_MINUTE = 20;

export function futuresRoutes(app: FastifyInstance, deps: FuturesDeps): void {
  registerCall(app, futuresConfigCall, async (request) => service.futuresConfig(deps, request.user, request.query.id));
  registerCall(app, futuresStatsCall, async (request) => service.futuresStats(deps, signedInUser(request).id));
  registerCall(app, futuresCreateCall, async (request) => service.createPosition(deps, signedInUser(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]), {
    perMinute: TRADE_PER_MINUTE,
  });
  registerCall(app, futuresCloseOrderCall, async (request) => service.closePosition(deps, signedInUser(request).id, request.query.id), { perMinute: TRADE_PER_MINUTE });
  registerCall(app, futuresCloseAllCall, async (request) => service.closeAll(deps, signedInUser(request), request.query.symbol), { perMinute: CLOSE_ALL_PER_MINUTE });
  registerCall(app, futuresUpdateStopPointsCall, async (request) => service.updateStopPoints(deps, signedInUser(request).id, request.body), {
    perMinute: TRADE_PER_MINUTE,
  });
  registerCall(app, futuresOrdersCall, async (request) => service.listOrders(deps, signedInUser(request), request.query));
}
