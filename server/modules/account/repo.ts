/**
 * SQL of the account module: users, verification codes, and the two session columns sign-in
 * changes atomically (the failure count and the single-use captcha), which the session store's
 * plain update cannot do without a read-modify-write race.
 */
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../core/executor';
import type { UsersTable } from '../../db/schema';
import type { VerificationCodePurpose } from '../../../src/shared/api/account';

export type UserRow = Selectable<UsersTable>;

export async function findUserById(executor: Executor, userId: number): Promise<UserRow | undefined> {
  return executor.selectFrom('users').selectAll().where('id', '=', BigInt(userId)).executeTakeFirst();
}

/** The identity verification status of spec 3 (0 none ... 4 approved); undefined for no such user. */
export async function findIdentityStatus(executor: Executor, userId: number): Promise<number | undefined> {
  const row = await executor.selectFrom('users').select('identity_status').where('id', '=', BigInt(userId)).executeTakeFirst();
  return row ? Number(row.identity_status) : undefined;
}

export async function findUserByEmail(executor: Executor, email: string): Promise<UserRow | undefined> {
  return executor.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserByPhone(executor: Executor, countryCode: string, phone: string): Promise<UserRow | undefined> {
  return executor.selectFrom('users').selectAll().where('phone_country', '=', countryCode).where('phone', '=', phone).executeTakeFirst();
}

export async function findUserIdByReferralCode(executor: Executor, referralCode: string): Promise<number | undefined> {
  const row = await executor.selectFrom('users').select('id').where('referral_code', '=', referralCode).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export interface NewUser {
  email: string | null;
  phoneCountry: string | null;
  phone: string | null;
  passwordHash: string;
  referralCode: string;
  referredBy: number | null;
  role?: 'user' | 'operator';
  testEnabled?: boolean;
  realName?: string;
  vipLevel?: number;
  verifiedLevel?: number;
  identityStatus?: number;
  merchantStatus?: number;
  now: number;
}

export async function insertUser(executor: Executor, user: NewUser): Promise<number> {
  const row = await executor
    .insertInto('users')
    .values({
      email: user.email,
      phone_country: user.phoneCountry,
      phone: user.phone,
      password_hash: user.passwordHash,
      referral_code: user.referralCode,
      referred_by: user.referredBy,
      role: user.role ?? 'user',
      test_enabled: user.testEnabled ? 1 : 0,
      real_name: user.realName ?? '',
      vip_level: user.vipLevel ?? 0,
      verified_level: user.verifiedLevel ?? 0,
      identity_status: user.identityStatus ?? 0,
      merchant_status: user.merchantStatus ?? 0,
      avatar_url: '',
      help_desk_link: '',
      disabled: 0,
      created_at: user.now,
      password_changed_at: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePasswordHash(executor: Executor, userId: number, passwordHash: string, now: number): Promise<void> {
  await executor
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: now })
    .where('id', '=', BigInt(userId))
    .execute();
}

/** Sets the user's e-mail, or phone with its country code (binding or changing a contact). */
export async function updateUserContact(executor: Executor, userId: number, contact: { email: string } | { countryCode: string; phone: string }): Promise<void> {
  await executor
    .updateTable('users')
    .set('email' in contact ? { email: contact.email } : { phone_country: contact.countryCode, phone: contact.phone })
    .where('id', '=', BigInt(userId))
    .execute();
}


export interface VerificationCodeRow {
  id: bigint;
  codeHash: string;
  attempts: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** The newest code of a purpose and target: a new code supersedes the ones before it. */
export async function latestVerificationCode(
  executor: Executor,
  purpose: VerificationCodePurpose,
  target: string,
): Promise<VerificationCodeRow | undefined> {
  const row = await executor
    .selectFrom('verification_codes')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    codeHash: row.code_hash,
    attempts: Number(row.attempts),
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    usedAt: row.used_at === null ? null : Number(row.used_at),
  };
}

export async function insertVerificationCode(
  executor: Executor,
  code: { purpose: VerificationCodePurpose; target: string; codeHash: string; now: number; expiresAt: number },
): Promise<bigint> {
  const row = await executor
    .insertInto('verification_codes')
    .values({ purpose: code.purpose, target: code.target, code_hash: code.codeHash, attempts: 0, created_at: code.now, expires_at: code.expiresAt, used_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteVerificationCode(executor: Executor, id: bigint): Promise<void> {
  await executor.deleteFrom('verification_codes').where('id', '=', id).execute();
}

/**
 * Counts an attempt on a code before it is compared, refusing once the code has had its share:
 * parallel guesses cannot exceed the cap. False when no attempt is left.
 */
export async function reserveVerificationAttempt(executor: Executor, id: bigint, attemptsMax: number): Promise<boolean> {
  const result = await executor
    .updateTable('verification_codes')
    .set({ attempts: sql<bigint>`attempts + 1` })
    .where('id', '=', id)
    .where('attempts', '<', BigInt(attemptsMax))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Marks a code used; false when another request used it first. */
export async function useVerificationCode(executor: Executor, id: bigint, now: number): Promise<boolean> {
  const result = await executor
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Counts a sign-in attempt on the session before the password is checked and returns how many
 * failed before it. Counting first keeps parallel guesses from all slipping under the captcha
 * threshold; a successful sign-in rotates the session, which drops the count.
 */
export async function countSigninAttempt(executor: Executor, sessionId: string): Promise<number> {
  const row = await executor
    .updateTable('sessions')
    .set({ failed_signins: sql<bigint>`failed_signins + 1` })
    .where('id', '=', sessionId)
    .returning('failed_signins')
    .executeTakeFirst();
  return row ? Number(row.failed_signins) - 1 : 0;
}

/**
 * Takes the session's captcha whatever the answer: it is single-use, so a wrong guess costs the
 * image too. True only when the answer matched an unexpired captcha that no other request took.
 */
export async function takeSessionCaptcha(executor: Executor, sessionId: string, answerHash: string, now: number): Promise<boolean> {
  // The conditional update is the check: of two requests with the right answer only one clears it.
  const matched = await executor
    .updateTable('sessions')
    .set({ captcha_hash: null, captcha_expires_at: null })
    .where('id', '=', sessionId)
    .where('captcha_hash', '=', answerHash)
    .where('captcha_expires_at', '>=', BigInt(now))
    .executeTakeFirst();
  if (matched.numUpdatedRows === 1n) return true;
  await executor.updateTable('sessions').set({ captcha_hash: null, captcha_expires_at: null }).where('id', '=', sessionId).execute();
  return false;
}

/** What an operator searches accounts by: an e-mail or phone fragment, a real name, or an exact id. */
export interface AccountSearch {
  text: string;
  /** Accounts with a smaller id than this, newest first (the next page). */
  beforeId: number | null;
  limit: number;
}

export async function searchUsers(executor: Executor, search: AccountSearch): Promise<UserRow[]> {
  let query = executor.selectFrom('users').selectAll();
  const text = search.text.trim();
  if (text !== '') {
    // LIKE with its wildcards escaped: an operator's '%' or '_' is a character, not a pattern.
    // Both sides lowered: SQLite's LIKE ignores case, PostgreSQL's does not.
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const id = /^\d{1,15}$/.test(text) ? BigInt(text) : null;
    query = query.where((where) =>
      where.or([
        where(where.fn('lower', ['email']), 'like', sql<string>`${pattern} escape '\\'`),
        where(where.fn('lower', ['phone']), 'like', sql<string>`${pattern} escape '\\'`),
        where(where.fn('lower', ['real_name']), 'like', sql<string>`${pattern} escape '\\'`),
        ...(id !== null ? [where('id', '=', id)] : []),
      ]),
    );
  }
  if (search.beforeId !== null) query = query.where('id', '<', BigInt(search.beforeId));
  return query.orderBy('id', 'desc').limit(search.limit).execute();
}

export interface OperatorAccountChange {
  vipLevel?: number;
  testEnabled?: boolean;
  disabled?: boolean;
}

/** Applies an operator's change; false when there is no such user. */
export async function updateUserByOperator(executor: Executor, userId: number, change: OperatorAccountChange): Promise<boolean> {
  const values = {
    ...(change.vipLevel !== undefined ? { vip_level: BigInt(change.vipLevel) } : {}),
    ...(change.testEnabled !== undefined ? { test_enabled: change.testEnabled ? 1n : 0n } : {}),
    ...(change.disabled !== undefined ? { disabled: change.disabled ? 1n : 0n } : {}),
  };
  if (Object.keys(values).length === 0) return (await findUserById(executor, userId)) !== undefined;
  const result = await executor.updateTable('users').set(values).where('id', '=', BigInt(userId)).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What the identity area changes on an account (account/identity.ts says when). */
export interface IdentityChange {
  status: number;
  realName?: string;
  /** The verified level becomes at least this; never lowered. */
  verifiedLevelAtLeast?: number;
}

export async function updateUserIdentity(executor: Executor, userId: number, change: IdentityChange): Promise<void> {
  await executor
    .updateTable('users')
    .set({
      identity_status: change.status,
      ...(change.realName !== undefined ? { real_name: change.realName } : {}),
      ...(change.verifiedLevelAtLeast !== undefined ? { verified_level: sql<bigint>`case when verified_level < ${change.verifiedLevelAtLeast} then ${change.verifiedLevelAtLeast} else verified_level end` } : {}),
    })
    .where('id', '=', BigInt(userId))
    .execute();
}

export async function updateAvatarUrl(executor: Executor, userId: number, avatarUrl: string): Promise<void> {
  await executor.updateTable('users').set({ avatar_url: avatarUrl }).where('id', '=', BigInt(userId)).execute();
}
