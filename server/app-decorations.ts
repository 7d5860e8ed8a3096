/**
 * What app.ts decorates the Fastify instance with, for every module to use: the session store, the
 * outbox, the engine, the index prices, the scheduler, the leadership and the Redis connections.
 */
declare module 'fastify' {
  interface FastifyInstance {
    sessions: import('./http/session').SessionStore;
    outbox: import('./outbox').OutboxDispatcher;
    engine: import('./engine/engine').Engine;
    prices: import('./prices/index-price').IndexPrices;
    scheduler: import('./scheduler/scheduler').Scheduler;
    leadership: import('./cluster/leader').Leadership;
    /** The Redis connections when REDIS_URL is set (server/redis); null when this process is alone. */
    redis: import('./redis/connections').RedisConnections | null;
  }
}

export {};
