/**
 * The withdrawal cool-off: every security change records its time, and withdrawals wait 24 h
 * after the last one, so that whoever took over an account (and changed its password, GA or
 * contacts) cannot empty it before the owner hears of it. The cool-off is derived from the stored
 * time whenever it is asked for; nothing needs to run when it ends.
 */
import { WITHDRAWAL_COOL_OFF_MS } from '../../../src/shared/api/security';
import type { Executor } from '../../core/executor';
import { findSecurity, upsertSecurity } from './repo';

/** Records the time of a change that starts the cool-off (a login password reset calls this too). */
export async function recordSecurityChange(executor: Executor, userId: number, now: number): Promise<void> {
  await upsertSecurity(executor, userId, { changed_at: now });
}

/**
 * Until when withdrawals are refused: 24 h after the last security change, or 0 when the account
 * has never had one. Issue 16's withdrawals reach it through checkWithdrawalSecurity; the security
 * page shows it.
 */
export async function withdrawalCoolOffUntil(executor: Executor, userId: number): Promise<number> {
  const changedAt = Number((await findSecurity(executor, userId))?.changed_at ?? 0n);
  return changedAt === 0 ? 0 : changedAt + WITHDRAWAL_COOL_OFF_MS;
}
