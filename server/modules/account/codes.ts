/**
 * Verification codes for sign-up, password reset and a signed-in user's security changes: six
 * digits from crypto.randomInt, stored only as a hash bound to their purpose and target, valid
 * for ten minutes and five attempts, at most one sent per target a minute. A newer code supersedes older ones; a used code stays used.
 */
import crypto from 'node:crypto';
import type { VerificationCodePurpose } from '../../../src/shared/api/account';
import type { Language } from '../../../src/shared/languages';
import type { AppContext } from '../../context';
import { refuse } from './errors';
import { CODE_MESSAGES, translate } from '../../i18n/messages';
import { findAccount, type CheckedContact } from './contact';
import type { Executor } from '../../core/executor';
import { lockName } from '../../db/row-lock';
import { deleteVerificationCode, insertVerificationCode, latestVerificationCode, reserveVerificationAttempt, useVerificationCode } from './repo';

export const VERIFICATION_CODE_TTL_MS = 10 * 60_000;
export const VERIFICATION_CODE_RESEND_MS = 60_000;
export const VERIFICATION_CODE_ATTEMPTS_MAX = 5;
const CODE_DIGITS = 6;

function hashCode(purpose: VerificationCodePurpose, target: string, code: string): string {
  return crypto.createHash('sha256').update(`${purpose}:${target}:${code}`).digest('hex');
}

function randomCode(): string {
  return String(crypto.randomInt(10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/**
 * Sends a code, or for a password reset of an unknown account pretends to: the row is written all
 * the same (with a code nobody receives), so the answer and the resend pause are the same whether
 * the account exists or not. The security purposes send to a contact the security area chose.
 */
export async function sendVerificationCode(
  context: AppContext,
  purpose: VerificationCodePurpose,
  contact: CheckedContact,
  language: Language,
): Promise<{ resendAfterSeconds: number }> {
  const { db, now, sender } = context;
  const code = randomCode();
  const deliver = purpose !== 'resetpassword' || (await findAccount(db, contact.key)) !== undefined;
  // Check and insert in one transaction so that two parallel requests cannot both send: the
  // target's name lock makes them take turns on PostgreSQL (there may be no row to lock yet).
  const codeId = await db.transaction().execute(async (trx) => {
    await lockName(trx, `verification-code:${purpose}:${contact.target}`);
    const time = now();
    const latest = await latestVerificationCode(trx, purpose, contact.target);
    const waitMs = latest ? latest.createdAt + VERIFICATION_CODE_RESEND_MS - time : 0;
    if (waitMs > 0) refuse('verificationCodeTooSoon', { seconds: Math.ceil(waitMs / 1000) });
    return insertVerificationCode(trx, {
      purpose,
      target: contact.target,
      codeHash: hashCode(purpose, contact.target, code),
      now: time,
      expiresAt: time + VERIFICATION_CODE_TTL_MS,
    });
  });
  if (deliver) {
    const text = translate(CODE_MESSAGES[purpose], language, { code, minutes: VERIFICATION_CODE_TTL_MS / 60_000 });
    try {
      await sender.send({ channel: contact.key.channel, to: contact.to, purpose, code, text });
    } catch (error) {
      // A code that never left must not block the next request for a minute.
      await deleteVerificationCode(db, codeId);
      throw error;
    }
  }
  return { resendAfterSeconds: VERIFICATION_CODE_RESEND_MS / 1000 };
}

/**
 * Checks a code against the newest one of its purpose and target and returns its id; the caller
 * marks it used in the transaction of the change it allows. A wrong code costs an attempt.
 */
export async function checkVerificationCode(
  context: AppContext,
  purpose: VerificationCodePurpose,
  target: string,
  code: string,
): Promise<bigint> {
  const { db, now } = context;
  const latest = await latestVerificationCode(db, purpose, target);
  if (!latest) refuse('verificationCodeWrong');
  if (latest.usedAt !== null || now() > latest.expiresAt) refuse('verificationCodeExpired');
  if (!(await reserveVerificationAttempt(db, latest.id, VERIFICATION_CODE_ATTEMPTS_MAX))) refuse('verificationCodeExpired');
  const presented = Buffer.from(hashCode(purpose, target, code.trim()));
  const expected = Buffer.from(latest.codeHash);
  if (presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) refuse('verificationCodeWrong');
  return latest.id;
}

/** Marks a checked code used, in the transaction of the change it allows; refused when a parallel request used it first. */
export async function consumeVerificationCode(executor: Executor, codeId: bigint, now: number): Promise<void> {
  if (!(await useVerificationCode(executor, codeId, now))) refuse('verificationCodeExpired');
}
