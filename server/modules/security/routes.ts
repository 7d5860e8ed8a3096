/** HTTP side of the security area: each call reads the request and calls its service, the signed-in user's own data only. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  bindEmailCall,
  bindPhoneCall,
  changeWithdrawPasswordCall,
  SECURITY_SEND_CODE_CALLS,
  securityStatusCall,
  twoFactorChangeCall,
  twoFactorStatusCall,
} from '../../../src/shared/api/security';
import { languageFromHeader } from '../../../src/shared/languages';
import { registerCall, signedInUser } from '../../http/route';
import { withdrawalCoolOffUntil } from './coolOff';
import { bindContact, sendSecurityCode } from './contacts';
import { findSecurity } from './repo';
import { bindTwoFactor, twoFactorStatus, unbindTwoFactor } from './twoFactor';
import { changeWithdrawPassword } from './withdrawPassword';

/**
 * Requests per minute per client. Security changes are few in a person's life: the limits leave
 * room for typos and stop guessing of GA codes, withdrawal passwords and e-mail codes.
 */
const RATE_LIMITS = { read: 60, change: 10, sendCode: 5 } as const;

const userIdOf = (request: FastifyRequest): number => signedInUser(request).id;

export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const { context } = app;

  registerCall(
    app,
    securityStatusCall,
    async (request) => {
      const userId = userIdOf(request);
      const row = await findSecurity(context.db, userId);
      const coolOffUntil = await withdrawalCoolOffUntil(context.db, userId);
      return { gaBound: Boolean(row?.ga_secret), withdrawPasswordSet: Boolean(row?.withdraw_password_hash), coolOffUntil: coolOffUntil > context.now() ? coolOffUntil : 0 };
    },
    { perMinute: RATE_LIMITS.read },
  );

  registerCall(app, twoFactorStatusCall, async (request) => twoFactorStatus(context, userIdOf(request)), { perMinute: RATE_LIMITS.read });

  registerCall(
    app,
    twoFactorChangeCall,
    async (request) => {
      const { action, code, password } = request.body;
      if (action === 'bind') await bindTwoFactor(context, userIdOf(request), { code, password });
      else await unbindTwoFactor(context, userIdOf(request), code);
      return { bound: action === 'bind' };
    },
    { perMinute: RATE_LIMITS.change },
  );

  registerCall(
    app,
    changeWithdrawPasswordCall,
    async (request) => {
      await changeWithdrawPassword(context, userIdOf(request), request.body);
      return {};
    },
    { perMinute: RATE_LIMITS.change },
  );

  registerCall(
    app,
    bindPhoneCall,
    async (request) => {
      const { countryCode, phone, ...codes } = request.body;
      await bindContact(context, userIdOf(request), { channel: 'sms', countryCode, phone }, codes);
      return {};
    },
    { perMinute: RATE_LIMITS.change },
  );

  registerCall(
    app,
    bindEmailCall,
    async (request) => {
      const { email, ...codes } = request.body;
      await bindContact(context, userIdOf(request), { channel: 'email', email }, codes);
      return {};
    },
    { perMinute: RATE_LIMITS.change },
  );

  const languageOf = (request: FastifyRequest) => languageFromHeader(request.headers['accept-language']);
  registerCall(
    app,
    SECURITY_SEND_CODE_CALLS.bindcontact,
    async (request) => sendSecurityCode(context, userIdOf(request), { purpose: 'bindcontact', contact: request.body.contact }, languageOf(request)),
    { perMinute: RATE_LIMITS.sendCode },
  );
  for (const purpose of ['changecontact', 'withdrawpassword'] as const) {
    registerCall(
      app,
      SECURITY_SEND_CODE_CALLS[purpose],
      async (request) => sendSecurityCode(context, userIdOf(request), { purpose, type: request.body.type }, languageOf(request)),
      { perMinute: RATE_LIMITS.sendCode },
    );
  }
}
