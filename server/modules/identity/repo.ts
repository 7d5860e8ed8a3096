/** SQL of the identity area: submissions with their images, avatars and payment accounts. */
import type { Selectable } from 'kysely';
import type { Executor } from '../../core/executor';
import type { IdentitySubmissionsTable, PaymentAccountsTable } from '../../db/schema';

export type SubmissionRow = Selectable<IdentitySubmissionsTable>;
export type PaymentAccountRow = Selectable<PaymentAccountsTable>;

/** spec 3: the statuses of a submission still waiting for its decision. */
const WAITING_STATUSES = [1n, 2n];

export interface NewSubmission {
  userId: number;
  realName: string;
  documentType: string;
  documentNumber: string;
  status: number;
  now: number;
}

export async function insertSubmission(executor: Executor, submission: NewSubmission): Promise<number> {
  const row = await executor
    .insertInto('identity_submissions')
    .values({
      user_id: submission.userId,
      real_name: submission.realName,
      document_type: submission.documentType,
      document_number: submission.documentNumber,
      status: submission.status,
      created_at: submission.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface NewIdentityImage {
  name: string;
  side: string;
  jpeg: Buffer;
  width: number;
  height: number;
}

export async function insertImages(executor: Executor, submissionId: number, images: NewIdentityImage[], now: number): Promise<void> {
  await executor
    .insertInto('identity_images')
    .values(images.map((image) => ({ ...image, submission_id: submissionId, created_at: now })))
    .execute();
}

export async function latestSubmissionOf(executor: Executor, userId: number): Promise<SubmissionRow | undefined> {
  return executor.selectFrom('identity_submissions').selectAll().where('user_id', '=', BigInt(userId)).orderBy('id', 'desc').executeTakeFirst();
}

export async function findSubmission(executor: Executor, id: number): Promise<SubmissionRow | undefined> {
  return executor.selectFrom('identity_submissions').selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
}

/** Waiting submissions oldest first (the queue's order), or all of them newest first. */
export async function listSubmissions(executor: Executor, state: 'waiting' | 'all', limit: number): Promise<SubmissionRow[]> {
  const query = executor.selectFrom('identity_submissions').selectAll();
  if (state === 'waiting') return query.where('status', 'in', WAITING_STATUSES).orderBy('id', 'asc').limit(limit).execute();
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** Marks a waiting submission as being reviewed; false when it is no longer waiting. */
export async function markReviewing(executor: Executor, id: number, reviewerUserId: number | null, now: number): Promise<boolean> {
  const result = await executor
    .updateTable('identity_submissions')
    .set({ status: 2, reviewer_user_id: reviewerUserId, review_started_at: now })
    .where('id', '=', BigInt(id))
    .where('status', 'in', WAITING_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export interface Decision {
  status: number;
  rejectReason: string | null;
  verifiedLevel: number | null;
  decidedByUserId: number | null;
  now: number;
}

/** Records a decision on a waiting submission; false when another decision came first. */
export async function recordDecision(executor: Executor, id: number, decision: Decision): Promise<boolean> {
  const result = await executor
    .updateTable('identity_submissions')
    .set({
      status: decision.status,
      reject_reason: decision.rejectReason,
      verified_level: decision.verifiedLevel,
      decided_by_user_id: decision.decidedByUserId,
      decided_at: decision.now,
    })
    .where('id', '=', BigInt(id))
    .where('status', 'in', WAITING_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function imageNamesOf(executor: Executor, submissionIds: number[]): Promise<{ submissionId: number; side: string; name: string }[]> {
  if (submissionIds.length === 0) return [];
  const rows = await executor
    .selectFrom('identity_images')
    .select(['submission_id', 'side', 'name'])
    .where('submission_id', 'in', submissionIds.map(BigInt))
    .execute();
  return rows.map((row) => ({ submissionId: Number(row.submission_id), side: row.side, name: row.name }));
}

/** An image with the user it belongs to. */
export async function findImage(executor: Executor, name: string): Promise<{ jpeg: Buffer; userId: number } | undefined> {
  const row = await executor
    .selectFrom('identity_images')
    .innerJoin('identity_submissions', 'identity_submissions.id', 'identity_images.submission_id')
    .select(['identity_images.jpeg', 'identity_submissions.user_id'])
    .where('identity_images.name', '=', name)
    .executeTakeFirst();
  return row ? { jpeg: row.jpeg, userId: Number(row.user_id) } : undefined;
}

export async function contactsOf(executor: Executor, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await executor
    .selectFrom('users')
    .select(['id', 'email', 'phone_country', 'phone'])
    .where('id', 'in', userIds.map(BigInt))
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row.email ?? `${row.phone_country ?? ''} ${row.phone ?? ''}`.trim()]));
}

export async function insertAvatar(executor: Executor, avatar: { name: string; userId: number; jpeg: Buffer; now: number }): Promise<void> {
  await executor.insertInto('avatars').values({ name: avatar.name, user_id: avatar.userId, jpeg: avatar.jpeg, created_at: avatar.now }).execute();
}

/** Removes a user's avatars except the one named: only the current one is ever served. */
export async function deleteOtherAvatars(executor: Executor, userId: number, keepName: string): Promise<void> {
  await executor.deleteFrom('avatars').where('user_id', '=', BigInt(userId)).where('name', '!=', keepName).execute();
}

export async function findAvatar(executor: Executor, name: string): Promise<Buffer | undefined> {
  return (await executor.selectFrom('avatars').select('jpeg').where('name', '=', name).executeTakeFirst())?.jpeg;
}

export async function listPaymentAccounts(executor: Executor, userId: number, kind: string): Promise<PaymentAccountRow[]> {
  return executor
    .selectFrom('payment_accounts')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('kind', '=', kind)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'asc')
    .execute();
}

/** The user's own account of that id; undefined for another user's, a deleted one or none. */
export async function findPaymentAccount(executor: Executor, userId: number, id: number): Promise<PaymentAccountRow | undefined> {
  return executor
    .selectFrom('payment_accounts')
    .selectAll()
    .where('id', '=', BigInt(id))
    .where('user_id', '=', BigInt(userId))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface NewPaymentAccount {
  userId: number;
  kind: string;
  holderName: string;
  provider: string;
  accountNumber: string;
  branch: string;
  now: number;
}

export async function insertPaymentAccount(executor: Executor, account: NewPaymentAccount): Promise<PaymentAccountRow> {
  return executor
    .insertInto('payment_accounts')
    .values({
      user_id: account.userId,
      kind: account.kind,
      holder_name: account.holderName,
      provider: account.provider,
      account_number: account.accountNumber,
      branch: account.branch,
      created_at: account.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the user's own account; false when it is not theirs or already gone. */
export async function deletePaymentAccount(executor: Executor, userId: number, id: number, now: number): Promise<boolean> {
  const result = await executor
    .updateTable('payment_accounts')
    .set({ deleted_at: now })
    .where('id', '=', BigInt(id))
    .where('user_id', '=', BigInt(userId))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
