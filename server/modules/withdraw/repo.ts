/** SQL of the withdraw area: the withdrawals, the wrong-password throttle, what the quota reads. */
import type { Selectable } from 'kysely';
import type { WithdrawStatus, WithdrawType } from '../../../src/shared/api/withdraw';
import type { WithdrawalsTable } from '../../db/schema';
import type { Executor } from '../../core/executor';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

export interface NewWithdrawal {
  userId: number;
  idempotencyKey: string;
  requestHash: string;
  type: WithdrawType;
  via: 'direct' | 'custody';
  currency: string;
  network: string | null;
  address: string | null;
  bank: { id: number; bankName: string; accountNumber: string; holderName: string } | null;
  amountUnits: bigint;
  feeUnits: bigint;
  confirmationsRequired: number;
  now: number;
}

export async function insertWithdrawal(executor: Executor, withdrawal: NewWithdrawal): Promise<WithdrawalRow> {
  return executor
    .insertInto('withdrawals')
    .values({
      user_id: withdrawal.userId,
      idempotency_key: withdrawal.idempotencyKey,
      request_hash: withdrawal.requestHash,
      type: withdrawal.type,
      via: withdrawal.via,
      currency: withdrawal.currency,
      network: withdrawal.network,
      address: withdrawal.address,
      bank_account_id: withdrawal.bank?.id ?? null,
      bank_name: withdrawal.bank?.bankName ?? null,
      account_number: withdrawal.bank?.accountNumber ?? null,
      holder_name: withdrawal.bank?.holderName ?? null,
      amount_units: withdrawal.amountUnits,
      fee_units: withdrawal.feeUnits,
      status: 'submitted',
      confirmations_required: withdrawal.confirmationsRequired,
      created_at: withdrawal.now,
      updated_at: withdrawal.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findByKey(executor: Executor, userId: number, idempotencyKey: string): Promise<WithdrawalRow | undefined> {
  return executor.selectFrom('withdrawals').selectAll().where('user_id', '=', BigInt(userId)).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export function findWithdrawal(executor: Executor, id: number): Promise<WithdrawalRow | undefined> {
  return executor.selectFrom('withdrawals').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

/**
 * Moves a withdrawal from one of `from` to `to`; false when it is not in one of them any more
 * (decided meanwhile), so that of two racing decisions exactly one happens.
 */
export async function moveStatus(
  executor: Executor,
  id: number,
  from: readonly WithdrawStatus[],
  to: WithdrawStatus,
  now: number,
  extra: { txid?: string; outputIndex?: number; rejectReason?: string; decidedBy?: number | null; completedAt?: number } = {},
): Promise<boolean> {
  const result = await executor
    .updateTable('withdrawals')
    .set({
      status: to,
      updated_at: now,
      ...(extra.txid === undefined ? {} : { txid: extra.txid, output_index: extra.outputIndex ?? 0 }),
      ...(extra.rejectReason === undefined ? {} : { reject_reason: extra.rejectReason }),
      ...(extra.decidedBy === undefined ? {} : { decided_by: extra.decidedBy }),
      ...(extra.completedAt === undefined ? {} : { completed_at: extra.completedAt }),
    })
    .where('id', '=', BigInt(id))
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** What the user's withdrawals of a kind took of a currency since `since`: all but the cancelled and rejected, fees excluded. */
export async function sumSince(executor: Executor, userId: number, type: WithdrawType, currency: string, since: number): Promise<bigint> {
  const row = await executor
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount_units'), eb.val(0n)).as('total'))
    .where('user_id', '=', BigInt(userId))
    .where('type', '=', type)
    .where('currency', '=', currency)
    .where('status', 'not in', ['cancelled', 'rejected'])
    .where('created_at', '>=', BigInt(since))
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export interface HistoryFilter {
  currency?: string;
  type?: WithdrawType;
  status?: WithdrawStatus;
  offset: number;
  limit: number;
}

export async function listForUser(executor: Executor, userId: number, filter: HistoryFilter): Promise<{ total: number; rows: WithdrawalRow[] }> {
  let query = executor.selectFrom('withdrawals').where('user_id', '=', BigInt(userId));
  if (filter.currency !== undefined) query = query.where('currency', '=', filter.currency);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<bigint>().as('total')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
  ]);
  return { total: Number(count.total), rows };
}

/** The operator's queue: what still needs a person (submitted; approved fiat waiting to be paid), oldest first; or every one, newest first. */
export function listForOperator(executor: Executor, state: 'pending' | 'all', limit: number): Promise<WithdrawalRow[]> {
  const query = executor.selectFrom('withdrawals').selectAll();
  if (state === 'all') return query.orderBy('id', 'desc').limit(limit).execute();
  return query
    .where((eb) => eb.or([eb('status', '=', 'submitted'), eb.and([eb('status', '=', 'approved'), eb('type', '=', 'fiat')])]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Blockchain withdrawals the round has to act on: approved ones to send, broadcast ones to complete. */
export function listForRound(executor: Executor, limit: number): Promise<WithdrawalRow[]> {
  return executor
    .selectFrom('withdrawals')
    .selectAll()
    .where('type', '=', 'blockchain')
    .where('status', 'in', ['approved', 'broadcast'])
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function vipLevel(executor: Executor, userId: number): Promise<number> {
  const row = await executor.selectFrom('users').select('vip_level').where('id', '=', BigInt(userId)).executeTakeFirst();
  return Number(row?.vip_level ?? 0n);
}

export async function currencyScale(executor: Executor, code: string): Promise<number | undefined> {
  const row = await executor.selectFrom('currencies').select('scale').where('code', '=', code).executeTakeFirst();
  return row === undefined ? undefined : Number(row.scale);
}

export interface ThrottleRow {
  failures: number;
  windowStartedAt: number;
  lockedUntil: number;
}

export async function readThrottle(executor: Executor, userId: number): Promise<ThrottleRow | undefined> {
  const row = await executor.selectFrom('withdraw_throttle').selectAll().where('user_id', '=', BigInt(userId)).executeTakeFirst();
  return row && { failures: Number(row.failures), windowStartedAt: Number(row.window_started_at), lockedUntil: Number(row.locked_until) };
}

export async function writeThrottle(executor: Executor, userId: number, throttle: ThrottleRow): Promise<void> {
  const values = { failures: throttle.failures, window_started_at: throttle.windowStartedAt, locked_until: throttle.lockedUntil };
  await executor
    .insertInto('withdraw_throttle')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
}
