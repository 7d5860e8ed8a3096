/** Type augmentation for what our plugins decorate Fastify with. */
import type { CallAuth } from '../../src/shared/api/call';
import type { AppContext } from '../context';

export interface SessionRow {
  id: string;
  userId: number | null;
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  absoluteExpiresAt: number;
  failedSignins: number;
  captchaHash: string | null;
  captchaExpiresAt: number | null;
}

export interface SessionUser {
  id: number;
  role: 'user' | 'operator';
  testEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
  interface FastifyRequest {
    session: SessionRow | null;
    user: SessionUser | null;
    /** True when the request carries the admin CLI's bearer token. */
    isAdminToken: boolean;
  }
  interface FastifyContextConfig {
    auth?: CallAuth;
    skipCsrf?: boolean;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: import('./session').SessionStore;
    outbox: import('../outbox').OutboxDispatcher;
    engine: import('../engine/engine').Engine;
    prices: import('../prices/index-price').IndexPrices;
    scheduler: import('../scheduler/scheduler').Scheduler;
  }
}
