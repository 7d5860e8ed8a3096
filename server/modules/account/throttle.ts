/**
 * Sign-in throttling beyond the session (issue 12): a guesser who opens a new session for every
 * try never meets the session's captcha, so failures are also counted per account named and per
 * address. The account key is the normalized username as typed, hashed, whether or not such an
 * account exists: every rule below behaves the same for a real account and a made-up one, so the
 * answers tell nothing about which accounts exist.
 *
 * - After CAPTCHA_AFTER failures within THROTTLE_WINDOW_MS (from any session), every further
 *   attempt needs the session's captcha (errcode 8, as spec 8 has the form ask for it).
 * - After DELAY_AFTER failures, each failure blocks the key for a delay that doubles with every
 *   further failure, up to DELAY_MAX_MS; an attempt while blocked is refused (signinPaused).
 * - A successful sign-in clears its account's failures; an address's failures only age out.
 *
 * Attempts on one account are checked one at a time (AccountTurns), so a burst of concurrent
 * guesses cannot all slip under the captcha threshold, while people signing in to different
 * accounts from one address (an office) are not held up. The turn is taken in the process, then,
 * when several instances share Redis, across them (server/redis/turn.ts): a burst spread over the
 * instances is still checked one attempt at a time.
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Executor } from '../../core/executor';
import { withTurn } from '../../redis/turn';
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

export type ThrottleKind = keyof typeof THROTTLE_RULES;
export type Failures = Record<ThrottleKind, number>;

export interface ThrottleKeys {
  account: string;
  address: string;
}

function threshold(kind: ThrottleKind, rule: 'captchaAfter' | 'delayAfter', addressScale: number): number {
  return THROTTLE_RULES[kind][rule] * (kind === 'address' ? addressScale : 1);
}

/** The keys of an attempt: the username as the account would be found by it, and the address. */
export function throttleKeys(username: string, countryCode: string | undefined, ip: string): ThrottleKeys {
  // As findSigninAccount reads it: the same account always counts under the same key.
  const normalized = username.includes('@') ? normalizeEmail(username) : `${normalizeCountryCode(countryCode ?? '') ?? ''} ${username}`;
  const hashed = crypto.createHash('sha256').update(normalized).digest('hex');
  return { account: `account:${hashed}`, address: `address:${ip.slice(0, 64)}` };
}

/** One server's sign-in turns: one attempt per account at a time in it and, with Redis, across every instance. */
export class AccountTurns {
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(
    private readonly redis: Redis | null,
    private readonly onRedisUnavailable: (error: unknown) => void = () => undefined,
  ) {}

  /** Runs `work` when the account's earlier attempts are done. */
  async run<T>(keys: ThrottleKeys, work: () => Promise<T>): Promise<T> {
    const { redis } = this;
    const taken = redis ? () => withTurn(redis, `signin-turn:${keys.account}`, work, this.onRedisUnavailable) : work;
    const previous = this.turns.get(keys.account) ?? Promise.resolve();
    const turn = previous.then(taken, taken);
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(keys.account, settled);
    void settled.then(() => {
      if (this.turns.get(keys.account) === settled) this.turns.delete(keys.account);
    });
    return turn;
  }
}

/** The delay after a failure that brought a key to `failures`; 0 below the rule's threshold. */
export function delayAfterFailure(kind: ThrottleKind, failures: number, addressScale = 1): number {
  const over = failures - threshold(kind, 'delayAfter', addressScale);
  if (over < 0) return 0;
  return Math.min(1_000 * 2 ** Math.min(over, 20), DELAY_MAX_MS);
}

/** Failures within the window, and when the keys stop being blocked (0: not blocked). */
export async function readThrottle(executor: Executor, keys: ThrottleKeys, now: number): Promise<{ failures: Failures; blockedUntil: number }> {
  const rows = await executor.selectFrom('signin_throttle').select(['key', 'failures', 'last_at', 'blocked_until']).where('key', 'in', [keys.account, keys.address]).execute();
  const failures: Failures = { account: 0, address: 0 };
  let blockedUntil = 0;
  for (const row of rows) {
    const kind: ThrottleKind = row.key === keys.account ? 'account' : 'address';
    if (Number(row.last_at) >= now - THROTTLE_WINDOW_MS) failures[kind] = Number(row.failures);
    blockedUntil = Math.max(blockedUntil, Number(row.blocked_until));
  }
  return { failures, blockedUntil };
}

export function needsCaptcha(failures: Failures, addressScale = 1): boolean {
  return failures.account >= threshold('account', 'captchaAfter', addressScale) || failures.address >= threshold('address', 'captchaAfter', addressScale);
}

/** Counts a failure for each key (the window starting again once it has passed) and blocks the keys past their delay threshold. */
export async function noteFailure(executor: Executor, keys: ThrottleKeys, now: number, addressScale = 1): Promise<void> {
  const windowStart = now - THROTTLE_WINDOW_MS;
  for (const kind of ['account', 'address'] as const) {
    const row = await executor
      .insertInto('signin_throttle')
      .values({ key: keys[kind], failures: 1, last_at: now, blocked_until: 0 })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          failures: sql<bigint>`case when signin_throttle.last_at < ${windowStart} then 1 else signin_throttle.failures + 1 end`,
          last_at: now,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    const delay = delayAfterFailure(kind, Number(row.failures), addressScale);
    if (delay > 0) await executor.updateTable('signin_throttle').set({ blocked_until: now + delay }).where('key', '=', keys[kind]).execute();
  }
}

/** After a successful sign-in: the account starts afresh. */
export async function noteSuccess(executor: Executor, keys: ThrottleKeys): Promise<void> {
  await executor.deleteFrom('signin_throttle').where('key', '=', keys.account).execute();
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
