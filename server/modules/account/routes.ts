/**
 * HTTP side of accounts: reads the request, calls the service, and handles what only HTTP knows
 * about (the session cookie, rotated at sign-in and ended at sign-out; the raw SVG answer).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  captchaImageCall,
  captchaImageDataCall,
  createAccountCall,
  csrfTokenCall,
  identityStatusCall,
  profileCall,
  resetPasswordCall,
  SEND_CODE_CALLS,
  signInCall,
  signOutCall,
  VERIFICATION_CODE_PURPOSES,
} from '../../../src/shared/api/account';
import { languageFromHeader } from '../../../src/shared/languages';
import { BusinessError } from '../../core/errors';
import { registerCall } from '../../http/route';
import { hasValidCsrfToken } from '../../http/session';
import type { SessionRow } from '../../http/types';
import { sendVerificationCode } from './codes';
import { checkContact } from './contact';
import { createAccount, getIdentityStatus, getProfile, issueCaptcha, resetPassword, signIn, type AccountDeps } from './service';
import { AccountTurns } from './throttle';

/** Requests per minute per client. */
const RATE_LIMITS = { csrfToken: 120, signIn: 10, sendCode: 5, captcha: 30, create: 10, resetPassword: 10 } as const;

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const deps: AccountDeps = { context: app.context, sessions: app.sessions, outbox: app.outbox, turns: new AccountTurns(app.redis?.commands ?? null, (error) => app.log.error({ err: error }, 'the sign-in turn across instances is unavailable')) };

  /** The request's session, or a new pre-session (no user yet) when it has none. */
  async function sessionOf(request: FastifyRequest, reply: FastifyReply): Promise<SessionRow> {
    return request.session ?? app.sessions.create(request, reply, null);
  }

  async function answerSignedIn(request: FastifyRequest, reply: FastifyReply, userId: number) {
    const session = await app.sessions.rotate(request, reply, userId);
    return { csrfToken: session.csrfToken, profile: await getProfile(deps, userId) };
  }

  registerCall(
    app,
    csrfTokenCall,
    async (request, reply) => ({ token: (await sessionOf(request, reply)).csrfToken }),
    { skipCsrf: true, perMinute: RATE_LIMITS.csrfToken },
  );

  registerCall(
    app,
    signInCall,
    async (request, reply) => {
      const userId = await signIn(deps, request.body, { sessionId: request.session?.id ?? null, ip: request.ip });
      return answerSignedIn(request, reply, userId);
    },
    { perMinute: RATE_LIMITS.signIn },
  );

  // Signing out of a session that has already expired must succeed, not toast a CSRF error, so
  // the guard is skipped and the token checked here only when there is a session to end.
  registerCall(
    app,
    signOutCall,
    async (request, reply) => {
      if (request.session && !hasValidCsrfToken(request)) throw new BusinessError('csrfInvalid', {}, 403);
      await app.sessions.end(request, reply);
      return {};
    },
    { skipCsrf: true },
  );

  for (const purpose of VERIFICATION_CODE_PURPOSES) {
    registerCall(
      app,
      SEND_CODE_CALLS[purpose],
      async (request) =>
        sendVerificationCode(app.context, purpose, checkContact(request.body.contact), languageFromHeader(request.headers['accept-language'])),
      { perMinute: RATE_LIMITS.sendCode },
    );
  }

  registerCall(
    app,
    captchaImageCall,
    async (request, reply) => {
      const svg = await issueCaptcha(deps, (await sessionOf(request, reply)).id);
      // Awaiting the reply waits until the image has gone out, so registerCall adds no envelope.
      await reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
      return svg;
    },
    { perMinute: RATE_LIMITS.captcha },
  );

  registerCall(
    app,
    captchaImageDataCall,
    async (request, reply) => {
      const svg = await issueCaptcha(deps, (await sessionOf(request, reply)).id);
      reply.header('cache-control', 'no-store');
      return { image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },
    { perMinute: RATE_LIMITS.captcha },
  );

  registerCall(
    app,
    createAccountCall,
    async (request, reply) => answerSignedIn(request, reply, await createAccount(deps, request.body)),
    { perMinute: RATE_LIMITS.create },
  );

  registerCall(
    app,
    resetPasswordCall,
    async (request) => {
      await resetPassword(deps, request.body);
      return {};
    },
    { perMinute: RATE_LIMITS.resetPassword },
  );

  registerCall(app, profileCall, async (request) => {
    if (!request.user) throw new Error('the auth guard let a request without a user through');
    return getProfile(deps, request.user.id);
  });

  registerCall(app, identityStatusCall, async (request) => {
    if (!request.user) throw new Error('the auth guard let a request without a user through');
    return getIdentityStatus(deps, request.user.id);
  });
}
