/**
 * The internal routes the forwarder calls (forwarder.ts): /internal/engine/<kind>, POST only,
 * outside the API's prefix, taken only with a valid, fresh signature (else HTTP 403
 * clusterSignatureInvalid, before the body is read as JSON). They run the call on this instance's
 * book; a market this instance does not hold is refused with clusterNotOwner by the fence (or
 * here, for a book read), and the caller looks for its holder again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusinessError, refuse } from '../core/errors';
import { sendError } from '../http/envelope';
import type { Engine } from '../engine/engine';
import type { RoutedCalls } from '../engine/types';
import type { EngineOwnership } from './ownership';
import { INTERNAL_PREFIX, type InternalAnswer } from './forwarder';
import { SignatureCheck } from './signing';

type Handlers = { [K in keyof RoutedCalls]: (request: RoutedCalls[K]['request']) => Promise<RoutedCalls[K]['answer']> };

export function registerInternalRoutes(app: FastifyInstance, engine: Engine, ownership: EngineOwnership, secret: string): void {
  const signatures = new SignatureCheck(secret);
  const handlers: Handlers = {
    place: ({ input }) => engine.placeOrderHere(input),
    cancel: ({ userId, orderId }) => engine.cancelOrderHere(userId, orderId),
    cancelAll: ({ userId, symbolId }) => engine.cancelOpenOrdersHere(userId, symbolId),
    cancelMarket: async ({ symbolId }) => {
      // The operator's instance wrote the market's new status: read it here before cancelling, so nothing new rests after.
      await engine.reloadConfig();
      return engine.cancelMarketOrdersHere(symbolId);
    },
    depth: async ({ symbolId, levels }) => {
      if (!ownership.holds(symbolId)) refuse('clusterNotOwner');
      return engine.depth(symbolId, levels);
    },
  };

  void app.register(async (scope) => {
    // The signature covers the body as sent: it is kept as text and parsed only once checked.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.addHook('preHandler', async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      if (!signatures.verify(request.method, request.url, request.headers, body)) return sendError(request, reply, 403, 'clusterSignatureInvalid');
      return undefined;
    });
    for (const kind of Object.keys(handlers) as (keyof RoutedCalls)[]) {
      scope.post(`${INTERNAL_PREFIX}${kind}`, { config: { skipCsrf: true } }, async (request: FastifyRequest): Promise<InternalAnswer> => {
        const call = JSON.parse(request.body as string) as never;
        try {
          return { ok: true, value: await handlers[kind](call) };
        } catch (error) {
          if (error instanceof BusinessError) return { ok: false, code: error.code, params: error.params };
          throw error;
        }
      });
    }
  });
}
