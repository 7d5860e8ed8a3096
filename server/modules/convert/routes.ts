/** Convert calls (HTTP only; the rules are in service.ts). */
import type { FastifyInstance } from 'fastify';
import { convertCreateCall, convertHistoryCall, convertPairsCall, convertQuoteCall } from '../../../src/shared/api/convert';
import { registerCall, signedInUser } from '../../http/route';
import * as service from './service';

/** A convert form refreshes its quote every few seconds; more than this is a script. */
const QUOTE_PER_MINUTE = 120;
/** Money calls are limited harder than reads. */
const CREATE_PER_MINUTE = 60;

export async function convertRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, convertQuoteCall, async (request) => service.createQuote(app.context, app.engine, app.prices, signedInUser(request), request.body), {
    perMinute: QUOTE_PER_MINUTE,
  });
  registerCall(app, convertCreateCall, async (request) => service.createOrder(app.context, app.engine, signedInUser(request).id, request.body.quoteId), {
    perMinute: CREATE_PER_MINUTE,
  });
  registerCall(app, convertHistoryCall, async (request) => service.history(app.context, signedInUser(request).id, request.query));
  registerCall(app, convertPairsCall, async (request) => service.pairs(app.context, app.engine, app.prices, request.user));
}
