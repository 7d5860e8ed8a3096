/**
 * One at a time across every instance: `withTurn` runs work while holding a Redis key (SET NX PX
 * with a random token; deleted by a script only while it still holds that token, so a late
 * release never frees a turn someone else has taken since). A holder that dies frees the turn
 * when the key expires. Waiters poll: a turn is meant for bursts on one key (one account's
 * sign-in attempts), and each instance sends at most one waiter per key here (callers keep a
 * turn of their own in the process first).
 *
 * While Redis does not answer, the work runs without the shared turn (`onUnavailable` is told):
 * a sign-in must not fail because Redis is away, and the caller's own turn in the process still
 * holds; what the outage opens is one attempt per instance at a time instead of one in all.
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

/** Longer than any turn's work takes (a sign-in: an argon2 check and a few statements). */
const TURN_TTL_MS = 10_000;
const POLL_MS = 20;
const RELEASE_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export async function withTurn<T>(redis: Redis, key: string, work: () => Promise<T>, onUnavailable: (error: unknown) => void): Promise<T> {
  const token = crypto.randomBytes(16).toString('hex');
  try {
    while ((await redis.set(key, token, 'PX', TURN_TTL_MS, 'NX')) !== 'OK') {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    onUnavailable(error);
    return work();
  }
  try {
    return await work();
  } finally {
    await redis.eval(RELEASE_SCRIPT, 1, key, token).catch(onUnavailable);
  }
}
