/**
 * Sign-in throttling beyond the session (issue 12): a guesser who opens a new session for every
 * try never meets the session's captcha, so attempts are also counted per account named and per
 * address. The account key is the normalized username as typed, hashed, whether or not such an
 * account exists: every rule below behaves the same for a real account and a made-up one, so the
 * answers tell nothing about which accounts exist.
 *
 * - After CAPTCHA_AFTER attempts within WINDOW_MS (from any session), every further attempt
 *   needs the session's captcha (errcode 8, as spec 8 has the form ask for it).
 * - After DELAY_AFTER attempts, each failure blocks the key for a delay that doubles with every
 *   further failure, up to DELAY_MAX_MS; an attempt while blocked is refused (signinPaused) and
 *   not counted.
 * - A successful sign-in clears its account's count and takes itself back off its address's, so
 *   that an address counts failures (and attempts still in flight), not the people behind it.
 *
 * Attempts are counted before the password is checked, by one atomic upsert each, so that a
 * burst of concurrent guesses cannot all slip under a threshold.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../../ledger/ledger';
import { normalizeEmail } from '../../../src/shared/validation';
import { normalizeCountryCode } from './contact';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const DELAY_MAX_MS = 15 * 60_000;

export const THROTTLE_RULES = {
  account: { captchaAfter: 3, delayAfter: 10 },
  /**
   * Many people may share an address (an office, a mobile carrier): it gets more room, and like
   * every per-client limit it is multiplied by RATE_LIMIT_SCALE (a test suite signs in from one
   * address). An account's own thresholds never scale.
   */
  address: { captchaAfter: 10, delayAfter: 50 },
} as const;

function threshold(kind: ThrottleKind, rule: 'captchaAfter' | 'delayAfter', addressScale: number): number {
  return THROTTLE_RULES[kind][rule] * (kind === 'address' ? addressScale : 1);
}

export type ThrottleKind = keyof typeof THROTTLE_RULES;

export interface ThrottleKeys {
  account: string;
  address: string;
}

/** The keys of an attempt: the username as the account would be found by it, and the address. */
export function throttleKeys(username: string, countryCode: string | undefined, ip: string): ThrottleKeys {
  // As findSigninAccount reads it: the same account always counts under the same key.
  const normalized = username.includes('@') ? normalizeEmail(username) : `${normalizeCountryCode(countryCode ?? '') ?? ''} ${username}`;
  const hashed = crypto.createHash('sha256').update(normalized).digest('hex');
  return { account: `account:${hashed}`, address: `address:${ip.slice(0, 64)}` };
}

/** The delay after a failure that brought a key to `attempts`; 0 below the rule's threshold. */
export function delayAfterFailure(kind: ThrottleKind, attempts: number, addressScale = 1): number {
  const over = attempts - threshold(kind, 'delayAfter', addressScale);
  if (over < 0) return 0;
  return Math.min(1_000 * 2 ** Math.min(over, 20), DELAY_MAX_MS);
}

/** When each key stops being blocked (0: not blocked). */
export async function blockedUntil(executor: Executor, keys: ThrottleKeys): Promise<number> {
  const rows = await executor.selectFrom('signin_throttle').select('blocked_until').where('key', 'in', [keys.account, keys.address]).execute();
  return Math.max(0, ...rows.map((row) => Number(row.blocked_until)));
}

/** Counts one attempt for a key and answers how many came before it within the window. */
async function countAttempt(executor: Executor, key: string, now: number): Promise<number> {
  const windowStart = now - THROTTLE_WINDOW_MS;
  const row = await executor
    .insertInto('signin_throttle')
    .values({ key, attempts: 1, last_at: now, blocked_until: 0 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        attempts: sql<bigint>`case when signin_throttle.last_at < ${windowStart} then 1 else signin_throttle.attempts + 1 end`,
        last_at: now,
      }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return Number(row.attempts) - 1;
}

export async function countAttempts(executor: Executor, keys: ThrottleKeys, now: number): Promise<Record<ThrottleKind, number>> {
  return { account: await countAttempt(executor, keys.account, now), address: await countAttempt(executor, keys.address, now) };
}

export function needsCaptcha(attemptsBefore: Record<ThrottleKind, number>, addressScale = 1): boolean {
  return attemptsBefore.account >= threshold('account', 'captchaAfter', addressScale) || attemptsBefore.address >= threshold('address', 'captchaAfter', addressScale);
}

/** After a failed attempt: blocks each key whose count has passed its delay threshold. */
export async function noteFailure(executor: Executor, keys: ThrottleKeys, attemptsBefore: Record<ThrottleKind, number>, now: number, addressScale = 1): Promise<void> {
  for (const kind of ['account', 'address'] as const) {
    const delay = delayAfterFailure(kind, attemptsBefore[kind] + 1, addressScale);
    if (delay > 0) await executor.updateTable('signin_throttle').set({ blocked_until: now + delay }).where('key', '=', keys[kind]).execute();
  }
}

async function forgetAttempt(executor: Executor, key: string): Promise<void> {
  await executor
    .updateTable('signin_throttle')
    .set({ attempts: sql<bigint>`case when attempts > 0 then attempts - 1 else 0 end` })
    .where('key', '=', key)
    .execute();
}

/** After a successful sign-in: the account starts afresh, and the address forgets this attempt. */
export async function noteSuccess(executor: Executor, keys: ThrottleKeys): Promise<void> {
  await executor.deleteFrom('signin_throttle').where('key', '=', keys.account).execute();
  await forgetAttempt(executor, keys.address);
}

/** An attempt stopped at the captcha tried no password: it does not count. */
export async function forgetCaptchaStop(executor: Executor, keys: ThrottleKeys): Promise<void> {
  await forgetAttempt(executor, keys.account);
  await forgetAttempt(executor, keys.address);
}

/** Rows whose window and block have both passed (maintenance). */
export async function sweepThrottle(executor: Executor, now: number): Promise<number> {
  const result = await executor
    .deleteFrom('signin_throttle')
    .where('last_at', '<', BigInt(now - THROTTLE_WINDOW_MS))
    .where('blocked_until', '<', BigInt(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
