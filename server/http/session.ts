/**
 * Server-side sessions and CSRF (ARCHITECTURE.md, "Server"). The cookie holds a random token; the
 * database holds its SHA-256, so a leaked database does not leak live sessions. A session has an
 * idle and an absolute lifetime, is rotated at sign-in and ended at sign-out and on password
 * change. Every POST carries the CSRF token of its session in a header, and a cross-site POST is
 * refused whatever it carries. Guards are hooks driven by each route's `auth` config.
 */
import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { sendError } from './envelope';
import type { SessionUser } from '../core/viewer';
import { hashToken, randomToken } from '../core/tokens';
import type { SessionRow } from './types';

export const SESSION_COOKIE = 'sid';
export const CSRF_HEADER = 'x-xsrf-token';
/** last_seen_at is written at most this often, so that reads do not all become writes. */
const TOUCH_INTERVAL_MS = 60_000;


/** Read on every request that carries a cookie: compiled once (server/db/prepared.ts). */
const sessionWithUser = prepared<{ id: string }>()((db, p) =>
  db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.csrf_token',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.absolute_expires_at',
      'sessions.failed_signins',
      'sessions.captcha_hash',
      'sessions.captcha_expires_at',
      'users.role',
      'users.test_enabled',
      'users.disabled',
    ])
    .where('sessions.id', '=', p.id),
);

function toSessionRow(row: {
  id: string;
  user_id: bigint | null;
  csrf_token: string;
  created_at: bigint;
  last_seen_at: bigint;
  absolute_expires_at: bigint;
  failed_signins: bigint;
  captcha_hash: string | null;
  captcha_expires_at: bigint | null;
}): SessionRow {
  return {
    id: row.id,
    userId: row.user_id === null ? null : Number(row.user_id),
    csrfToken: row.csrf_token,
    createdAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    absoluteExpiresAt: Number(row.absolute_expires_at),
    failedSignins: Number(row.failed_signins),
    captchaHash: row.captcha_hash,
    captchaExpiresAt: row.captcha_expires_at === null ? null : Number(row.captcha_expires_at),
  };
}

/** Sessions that just ended: by id (sign-out, expiry, a sign-in's rotation) or every session of a user (a password change). */
export type EndedSessions = { sessionIds: string[] } | { userId: number };

export interface SessionStore {
  /** The live session of a cookie token and its user; `touch: false` leaves last_seen_at alone. */
  load(token: string, options?: { touch?: boolean }): Promise<{ session: SessionRow; user: SessionUser | null } | null>;
  create(request: FastifyRequest, reply: FastifyReply, userId: number | null): Promise<SessionRow>;
  /** Ends the request's session and starts a fresh one for `userId` (sign-in): no fixation. */
  rotate(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<SessionRow>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  endAllOfUser(userId: number, db?: Db): Promise<void>;
  update(sessionId: string, changes: Partial<{ failed_signins: number; captcha_hash: string | null; captcha_expires_at: number | null }>): Promise<void>;
  /** Told at once when sessions end, so that what outlives a request (a socket) ends with them. */
  onEnded(listener: (ended: EndedSessions) => void): () => void;
}

export function registerSessions(app: FastifyInstance): SessionStore {
  const { db, config, now } = app.context;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
  };

  const endedListeners = new Set<(ended: EndedSessions) => void>();
  const announceEnded = (ended: EndedSessions) => {
    for (const listener of endedListeners) listener(ended);
  };

  async function load(token: string, touch = true): Promise<{ session: SessionRow; user: SessionUser | null } | null> {
    const row = await sessionWithUser.first(db, { id: hashToken(token) });
    if (!row) return null;
    const session = toSessionRow(row);
    const time = now();
    if (time > session.absoluteExpiresAt || time > session.lastSeenAt + config.sessionIdleMs || row.disabled === 1n) {
      await db.deleteFrom('sessions').where('id', '=', session.id).execute();
      announceEnded({ sessionIds: [session.id] });
      return null;
    }
    if (touch && time - session.lastSeenAt > TOUCH_INTERVAL_MS) {
      await db.updateTable('sessions').set({ last_seen_at: time }).where('id', '=', session.id).execute();
      session.lastSeenAt = time;
    }
    const user =
      session.userId === null || row.role === null
        ? null
        : { id: session.userId, role: row.role === 'operator' ? 'operator' : 'user', testEnabled: row.test_enabled === 1n } as const;
    return { session, user };
  }

  const store: SessionStore = {
    load(token, options) {
      return load(token, options?.touch ?? true);
    },
    async create(request, reply, userId) {
      const token = randomToken();
      const time = now();
      const row = {
        id: hashToken(token),
        user_id: userId,
        csrf_token: randomToken(24),
        created_at: time,
        last_seen_at: time,
        absolute_expires_at: time + config.sessionAbsoluteMs,
        ip: request.ip.slice(0, 64),
        user_agent: String(request.headers['user-agent'] ?? '').slice(0, 256),
        failed_signins: 0,
        captcha_hash: null,
        captcha_expires_at: null,
      };
      await db.insertInto('sessions').values(row).execute();
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: Math.floor(config.sessionAbsoluteMs / 1000) });
      const session: SessionRow = {
        id: row.id,
        userId,
        csrfToken: row.csrf_token,
        createdAt: time,
        lastSeenAt: time,
        absoluteExpiresAt: row.absolute_expires_at,
        failedSignins: 0,
        captchaHash: null,
        captchaExpiresAt: null,
      };
      request.session = session;
      return session;
    },
    async rotate(request, reply, userId) {
      if (request.session) {
        await db.deleteFrom('sessions').where('id', '=', request.session.id).execute();
        announceEnded({ sessionIds: [request.session.id] });
      }
      return store.create(request, reply, userId);
    },
    async end(request, reply) {
      if (request.session) {
        await db.deleteFrom('sessions').where('id', '=', request.session.id).execute();
        announceEnded({ sessionIds: [request.session.id] });
      }
      request.session = null;
      request.user = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
    async endAllOfUser(userId, database = db) {
      await database.deleteFrom('sessions').where('user_id', '=', BigInt(userId)).execute();
      // Told now, though the caller's transaction may still roll back: a socket that signs out
      // too early costs a reconnect, one that stays signed in too long leaks a user's events.
      announceEnded({ userId });
    },
    onEnded(listener) {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
    async update(sessionId, changes) {
      await db.updateTable('sessions').set(changes).where('id', '=', sessionId).execute();
    },
  };

  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.decorateRequest('isAdminToken', false);

  app.addHook('onRequest', async (request) => {
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const presented = Buffer.from(authorization.slice('Bearer '.length));
      const expected = Buffer.from(app.context.adminToken);
      request.isAdminToken = presented.length === expected.length && crypto.timingSafeEqual(presented, expected);
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 128) return;
    const loaded = await load(token);
    if (loaded) {
      request.session = loaded.session;
      request.user = loaded.user;
    }
  });

  // Guards, before the body is parsed or checked: the route's auth level first (a request without
  // a valid session gets 401, the one answer that makes the client sign in again, whatever its
  // body), then CSRF and origin on every POST; only then the input (Fastify parses and validates
  // after onRequest). Nothing about the input is told to a caller who may not make the call.
  app.addHook('onRequest', async (request, reply) => {
    const routeConfig = request.routeOptions.config;
    const auth = routeConfig.auth ?? 'none';
    if (auth === 'user' && !request.user) return sendError(request, reply, 401, 'unauthorized');
    if (auth === 'operator' && !request.isAdminToken) {
      if (!request.user) return sendError(request, reply, 401, 'unauthorized');
      if (request.user.role !== 'operator') return sendError(request, reply, 200, 'operatorOnly');
    }
    if (request.method === 'POST' && !routeConfig.skipCsrf && !request.isAdminToken) {
      if (!isSameSiteRequest(request, config.allowedOrigins)) return sendError(request, reply, 403, 'forbidden');
      if (!hasValidCsrfToken(request)) return sendError(request, reply, 403, 'csrfInvalid');
    }
    return undefined;
  });

  return store;
}

/** True when the request carries its session's CSRF token. */
export function hasValidCsrfToken(request: FastifyRequest): boolean {
  const presented = request.headers[CSRF_HEADER];
  return request.session !== null && typeof presented === 'string' && safeEqual(presented, request.session.csrfToken);
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * A state-changing request must come from our own pages: Sec-Fetch-Site, when the browser sends
 * it, must not be cross-site, and an Origin header must name this host or an allowed origin.
 */
export function isSameSiteRequest(request: { headers: IncomingHttpHeaders }, allowedOrigins: string[]): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return false;
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
