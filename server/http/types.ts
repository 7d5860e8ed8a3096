/** The HTTP layer's additions to Fastify: the request's session and user, and each route's guard settings. */
import type { CallAuth } from '../../src/shared/api/call';
import type { AppContext } from '../context';
import type { SessionUser } from '../core/viewer';

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
