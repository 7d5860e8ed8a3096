/**
 * Registers a call of the shared contract: its schemas validate the query and body, its auth
 * level picks the guard, and the handler's return value is wrapped in the success envelope.
 * Routes stay thin: they read the request and call their module's service.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import type { CallDefinition } from '../../src/shared/api/call';
import type { SessionUser } from '../core/viewer';

export interface RouteOptions {
  /** Rate limit for this route: requests per minute per client (scaled by config.rateLimitScale). */
  perMinute?: number;
  /** Skip the CSRF check (only for /csrftoken, which hands the token out). */
  skipCsrf?: boolean;
}

export type CallHandler<Q extends z.ZodMiniType, B extends z.ZodMiniType, D extends z.ZodMiniType> = (
  request: FastifyRequest & { query: z.output<Q>; body: z.output<B> },
  reply: FastifyReply,
) => Promise<z.input<D> | z.output<D>>;

export function registerCall<Q extends z.ZodMiniType, B extends z.ZodMiniType, D extends z.ZodMiniType>(
  app: FastifyInstance,
  call: CallDefinition<Q, B, D>,
  handler: CallHandler<Q, B, D>,
  options: RouteOptions = {},
): void {
  const schema: Record<string, z.ZodMiniType> = {};
  if (call.query) schema.querystring = call.query;
  if (call.body) schema.body = call.body;
  app.route({
    method: call.method,
    url: call.path,
    schema,
    config: {
      auth: call.auth,
      skipCsrf: options.skipCsrf ?? false,
      ...(options.perMinute ? { rateLimit: { max: options.perMinute * app.context.config.rateLimitScale, timeWindow: 60_000 } } : {}),
    },
    handler: async (request, reply) => {
      const data = await handler(request as FastifyRequest & { query: z.output<Q>; body: z.output<B> }, reply);
      if (reply.sent) return reply;
      return { errcode: 0, data };
    },
  });
}

/** The signed-in user of a call with auth 'user': the auth guard has run, so one is always there. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error('a user call ran without a signed-in user');
  return request.user;
}
