/**
 * The withdrawal password: a second password, hashed with argon2id like the login password and
 * never equal to it, that withdrawals ask for. Set once with the login password (and the GA code
 * when bound); changed with the old one plus the GA code, or a code to the user's e-mail or phone
 * when GA is not bound; reset with such a code (and the GA code when bound). Changing and
 * resetting start the withdrawal cool-off; checkWithdrawalSecurity is the one check issue 16's
 * withdrawals make.
 */
import type { ContactType } from '../../../src/shared/api/account';
import type { WithdrawPasswordMode } from '../../../src/shared/api/security';
import { isAcceptablePassword } from '../../../src/shared/validation';
import type { AppContext } from '../../context';
import type { Executor } from '../../core/executor';
import { lockUserRow } from '../../db/row-lock';
import { checkVerificationCode, consumeVerificationCode } from '../account/codes';
import { hashPassword, verifyPassword } from '../account/password';
import { verifyLoginPassword } from '../account/service';
import { noteSecurityChange } from './changes';
import { withdrawalCoolOffUntil } from './coolOff';
import { ownContact } from './contacts';
import { refuse } from './errors';
import { findSecurity, upsertSecurity } from './repo';
import { isTwoFactorBound, requireTwoFactorIfBound } from './twoFactorCheck';

export interface WithdrawPasswordInput {
  mode: WithdrawPasswordMode;
  password: string;
  loginPassword?: string;
  oldPassword?: string;
  gaCode?: string;
  vcode?: string;
  type?: ContactType;
}

/** Checks a withdrawpassword code sent to the user's contact and answers its id, to be consumed with the change. */
async function checkOwnCode(context: AppContext, userId: number, input: WithdrawPasswordInput): Promise<bigint> {
  if (!input.vcode) refuse('verificationCodeWrong');
  const contact = await ownContact(context.db, userId, input.type);
  return checkVerificationCode(context, 'withdrawpassword', contact.target, input.vcode);
}

/** What the mode asks for besides the new password; answers the e-mail/phone code to consume, if one was used. */
async function checkModeProof(context: AppContext, userId: number, input: WithdrawPasswordInput, currentHash: string | null): Promise<bigint | null> {
  const { db } = context;
  if (input.mode === 'set') {
    if (currentHash !== null) refuse('withdrawPasswordAlreadySet');
    if (!input.loginPassword || !(await verifyLoginPassword(db, userId, input.loginPassword))) refuse('wrongCredentials');
    return null;
  }
  if (currentHash === null) refuse('withdrawPasswordNotSet');
  if (input.mode === 'reset') return checkOwnCode(context, userId, input);
  if (!input.oldPassword || !(await verifyPassword(currentHash, input.oldPassword))) refuse('withdrawPasswordWrong');
  // With GA bound its code is the second proof (taken in the transaction); without, a code to the contact.
  return (await isTwoFactorBound(db, userId)) ? null : checkOwnCode(context, userId, input);
}

export async function changeWithdrawPassword(context: AppContext, userId: number, input: WithdrawPasswordInput): Promise<void> {
  const { db, now, config } = context;
  if (!isAcceptablePassword(input.password)) refuse('weakPassword');
  if (await verifyLoginPassword(db, userId, input.password)) refuse('withdrawPasswordSameAsLogin');
  const current = (await findSecurity(db, userId))?.withdraw_password_hash ?? null;
  const codeId = await checkModeProof(context, userId, input, current);
  const passwordHash = await hashPassword(input.password, config.passwordHashMemoryKib);
  await db.transaction().execute(async (trx) => {
    const time = now();
    // The hash read above must still be the current one: of parallel changes one wins, the others
    // are refused as their proof now stands (a second first password, an old one that changed).
    await lockUserRow(trx, userId);
    if (((await findSecurity(trx, userId))?.withdraw_password_hash ?? null) !== current) {
      refuse(input.mode === 'set' ? 'withdrawPasswordAlreadySet' : input.mode === 'change' ? 'withdrawPasswordWrong' : 'verificationCodeExpired');
    }
    if (codeId !== null) await consumeVerificationCode(trx, codeId, time);
    await requireTwoFactorIfBound(context, trx, userId, input.gaCode);
    await upsertSecurity(trx, userId, { withdraw_password_hash: passwordHash });
    const change = input.mode === 'set' ? 'withdrawPasswordSet' : input.mode === 'change' ? 'withdrawPasswordChanged' : 'withdrawPasswordReset';
    await noteSecurityChange(trx, userId, change, time);
  });
}

/** A moment as refusals name it to the user: 'YYYY-MM-DD HH:MM' in UTC (the cool-off's end, the withdrawal lock's). */
export function utcMinute(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** A withdrawal password checked against the hash it was read with (checkWithdrawPassword). */
export interface CheckedWithdrawPassword {
  hash: string | null;
  matches: boolean;
}

/**
 * Checks the withdrawal password before the withdrawal's transaction: argon2id takes tens of
 * milliseconds, and a commit piece that waited for it would hold up every piece of its batch (on
 * SQLite every order of the moment). The transaction then only compares the hash.
 */
export async function checkWithdrawPassword(executor: Executor, userId: number, password: string): Promise<CheckedWithdrawPassword> {
  const hash = (await findSecurity(executor, userId))?.withdraw_password_hash ?? null;
  return { hash, matches: hash !== null && (await verifyPassword(hash, password)) };
}

/**
 * Everything a withdrawal needs of the security settings, checked in one place for issue 16: no
 * cool-off running, the withdrawal password, and the GA code when bound. Pass the withdrawal's
 * transaction as `executor`, so that the GA code's time step is used only if the withdrawal is made.
 * `checked` is the password's check made before the transaction: its verdict stands while the hash
 * is the one it was made with; a hash that changed in between (a change racing the withdrawal) is
 * checked again here.
 */
export async function checkWithdrawalSecurity(
  context: AppContext,
  executor: Executor,
  userId: number,
  input: { withdrawPassword: string; checked?: CheckedWithdrawPassword; gaCode?: string },
): Promise<void> {
  const until = await withdrawalCoolOffUntil(executor, userId);
  if (until > context.now()) refuse('withdrawalCoolOff', { until: utcMinute(until) });
  const passwordHash = (await findSecurity(executor, userId))?.withdraw_password_hash ?? null;
  if (passwordHash === null) refuse('withdrawPasswordNotSet');
  const matches = input.checked?.hash === passwordHash ? input.checked.matches : await verifyPassword(passwordHash, input.withdrawPassword);
  if (!matches) refuse('withdrawPasswordWrong');
  await requireTwoFactorIfBound(context, executor, userId, input.gaCode);
}
