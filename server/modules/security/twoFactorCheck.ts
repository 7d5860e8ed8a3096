/**
 * Checking a Google Authenticator code of a bound account: at sign-in (the account module), before
 * a security change, and before a withdrawal (issue 16). A code is taken once: its time step is
 * stored as used, in the transaction of whatever the code allows, so a replay fails and a change
 * that fails afterwards gives the step back.
 */
import type { AppContext } from '../../context';
import type { Executor } from '../../core/executor';
import { refuse } from './errors';
import { findSecurity, takeTwoFactorStep } from './repo';
import { openSecret } from './secretBox';
import { matchTotpStep } from './totp';

export async function isTwoFactorBound(executor: Executor, userId: number): Promise<boolean> {
  return ((await findSecurity(executor, userId))?.ga_secret ?? null) !== null;
}

/** Checks a code of the user's bound GA and uses up its time step; false when wrong, already used or GA is not bound. */
export async function acceptTwoFactorCode(context: AppContext, executor: Executor, userId: number, code: string): Promise<boolean> {
  const row = await findSecurity(executor, userId);
  if (!row?.ga_secret) return false;
  const secret = openSecret(context.adminToken, row.ga_secret);
  if (secret === null) {
    // Sealed under another admin token: no code can match until the user binds GA again.
    context.log?.error({ userId }, 'the GA secret cannot be opened with this admin token');
    return false;
  }
  const step = matchTotpStep(secret, code, context.now(), Number(row.ga_last_step));
  return step !== null && (await takeTwoFactorStep(executor, userId, step));
}

/** For a security change: nothing when GA is not bound, else a right code, taken in the change's transaction. */
export async function requireTwoFactorIfBound(context: AppContext, executor: Executor, userId: number, code: string | undefined): Promise<void> {
  if (!(await isTwoFactorBound(executor, userId))) return;
  if (!code) refuse('twoFactorCodeRequired');
  if (!(await acceptTwoFactorCode(context, executor, userId, code))) refuse('twoFactorCodeWrong');
}

export type SignInSecondFactor = 'notBound' | 'accepted' | 'missing' | 'wrong';

/** What a sign-in with the right password still needs; the account module maps it to 101 or a failure. */
export async function checkSignInSecondFactor(context: AppContext, userId: number, code: string | undefined): Promise<SignInSecondFactor> {
  if (!(await isTwoFactorBound(context.db, userId))) return 'notBound';
  if (!code) return 'missing';
  return (await acceptTwoFactorCode(context, context.db, userId, code)) ? 'accepted' : 'wrong';
}
