/** Balance calls of spec section 7 (HTTP only; the rules are in service.ts). */
import type { FastifyInstance } from 'fastify';
import {
  balanceGet2Call,
  balanceGetCall,
  balanceListCall,
  balanceTransferCall,
  IDEMPOTENCY_KEY_HEADER,
} from '../../../src/shared/api/balance';
import { registerCall } from '../../http/route';
import type { SessionUser } from '../../core/viewer';
import { getAvailableByWallet, getBalance, getBalancesByWallet, listBalances, transfer } from './service';

/** Money calls are limited harder than reads: no client needs to transfer twice a second. */
const TRANSFER_PER_MINUTE = 120;

/** The auth guard has run for these calls (auth: 'user'), so a user is always present. */
function userIdOf(user: SessionUser | null): number {
  if (!user) throw new Error('a user call ran without a signed-in user');
  return user.id;
}

export async function balanceRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, balanceListCall, async (request) => listBalances(app.context, userIdOf(request.user)));

  registerCall(app, balanceGetCall, async (request) => {
    const userId = userIdOf(request.user);
    const { currency } = request.query;
    return currency === undefined ? getBalancesByWallet(app.context, userId) : getBalance(app.context, userId, currency);
  });

  registerCall(app, balanceGet2Call, async (request) => getAvailableByWallet(app.context, userIdOf(request.user), request.query.currency));

  registerCall(
    app,
    balanceTransferCall,
    async (request) => {
      const userId = userIdOf(request.user);
      const result = await transfer(app.context, userId, request.body, request.headers[IDEMPOTENCY_KEY_HEADER]);
      // After the commit: the user's private channel hears the balances moved, so every tab and
      // device of theirs reads them again (a repeated request announces it again, harmlessly).
      app.engine.events.emit('balance', { userId, currencies: [result.currency] });
      return result;
    },
    { perMinute: TRANSFER_PER_MINUTE },
  );
}
