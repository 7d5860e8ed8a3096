/**
 * What app.ts decorates the Fastify instance with, for every module to use: the session store, the
 * outbox, the engine, the index prices and the scheduler.
 */
declare module 'fastify' {
  interface FastifyInstance {
    sessions: import('./http/session').SessionStore;
    outbox: import('./outbox').OutboxDispatcher;
    engine: import('./engine/engine').Engine;
    prices: import('./prices/index-price').IndexPrices;
    scheduler: import('./scheduler/scheduler').Scheduler;
  }
}

export {};
