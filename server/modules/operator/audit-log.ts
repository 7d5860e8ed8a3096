/**
 * The operator audit log (migration 0015): every change made through the operator's configuration
 * calls is written in the transaction that makes it, with who made it, what and to what, when, and
 * the state before and after. The admin token of DATA_DIR has no account: its changes name no one
 * (the console shows "admin CLI"), which is what the machine holding the token is.
 */
import type { AuditEntry } from '../../../src/shared/api/operator-config';
import type { AppContext } from '../../context';
import type { Executor } from '../../core/executor';
import * as repo from './config-repo';

/** Who makes a change: an operator's account, or null for the admin token. */
export interface Actor {
  userId: number | null;
}

export interface Change {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

export async function recordChange(executor: Executor, actor: Actor, change: Change, now: number): Promise<void> {
  await repo.insertAudit(executor, { actorUserId: actor.userId, ...change, at: now });
}

export async function readAuditLog(context: AppContext, page: { beforeId: number | null; limit: number }): Promise<{ entries: AuditEntry[]; nextBeforeId: number | null }> {
  const rows = await repo.selectAudit(context.db, { beforeId: page.beforeId, limit: page.limit + 1 });
  const entries = rows.slice(0, page.limit);
  return { entries, nextBeforeId: rows.length > page.limit ? entries.at(-1)!.id : null };
}
