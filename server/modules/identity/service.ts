/**
 * Identity verification (spec 3: 0 none, 1 created, 2 reviewing, 3 rejected, 4 approved): a user
 * sends a name, a document and three images; operators open it (2) and approve (4: the verified
 * level raised, the real name taken from the document) or reject it with a reason (3), and the
 * user is notified either way. One submission waits at a time. The images are the server's
 * re-encodings (server/core/image.ts), decoded one after another before the transaction so that a
 * burst of uploads holds neither the database nor much memory; they are served to their owner and
 * to operators only. The submission row records who opened and who decided it, and when: it is the
 * audit of the review.
 */
import {
  IDENTITY_IMAGE_PATH,
  IDENTITY_IMAGE_SIDES,
  normalizedDocumentNumber,
  type DocumentType,
  type IdentityDetail,
  type IdentityFields,
  type IdentityImageSide,
  type IdentitySubmission,
  type OperatorIdentity,
} from '../../../src/shared/api/identity';
import { IDENTITY_STATUS } from '../../../src/shared/constants';
import { isVerified } from '../../../src/shared/layout';
import type { AppContext } from '../../context';
import { reencodeImage } from '../../core/image';
import { randomToken } from '../../core/tokens';
import { lockUserRow } from '../../db/row-lock';
import type { UploadedFile } from '../../http/images';
import { accountOf, changeIdentity } from '../account/identity';
import { createNotifications, IDENTITY_NOTIFICATION_TYPE, type CreateNotificationInput } from '../notification/service';
import { getSiteSettings } from '../site/settings';
import { refuse } from './errors';
import * as repo from './repo';

const WAITING: readonly number[] = [IDENTITY_STATUS.created, IDENTITY_STATUS.reviewing];
/** Characters of a document number the owner's page still shows: enough to tell two documents apart. */
const DOCUMENT_NUMBER_VISIBLE = 4;

function maskedNumber(number: string): string {
  return '*'.repeat(Math.max(0, number.length - DOCUMENT_NUMBER_VISIBLE)) + number.slice(-DOCUMENT_NUMBER_VISIBLE);
}

function imageUrls(images: { side: string; name: string }[]): Record<IdentityImageSide, string> {
  const urls = { front: '', back: '', selfie: '' };
  for (const image of images) if (image.side in urls) urls[image.side as IdentityImageSide] = `${IDENTITY_IMAGE_PATH}/${image.name}`;
  return urls;
}

function submissionOf(row: repo.SubmissionRow, images: { side: string; name: string }[]): IdentitySubmission {
  return {
    id: Number(row.id),
    realName: row.real_name,
    documentType: row.document_type as DocumentType,
    documentNumber: maskedNumber(row.document_number),
    status: Number(row.status),
    rejectReason: row.reject_reason,
    submittedAt: Number(row.created_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
    images: imageUrls(images),
  };
}

async function userStatus(context: AppContext, userId: number): Promise<{ status: number; verified: boolean; realName: string }> {
  const [user, settings] = await Promise.all([accountOf(context.db, userId), getSiteSettings(context.db)]);
  if (!user) throw new Error(`a session names user ${userId}, who does not exist`);
  const verified = isVerified({ verifiedLevel: Number(user.verified_level), requiredIDLevel: settings.requiredIDLevel });
  return { status: Number(user.identity_status), verified, realName: user.real_name };
}

/** The status and the latest submission, as the owner sees them. */
export async function identityDetail(context: AppContext, userId: number): Promise<IdentityDetail> {
  const { status } = await userStatus(context, userId);
  const row = await repo.latestSubmissionOf(context.db, userId);
  if (!row) return { status, submission: null };
  return { status, submission: submissionOf(row, await repo.imageNamesOf(context.db, [Number(row.id)])) };
}

/**
 * Whether a user may send documents now: not while one waits, not while verified. An approval
 * below the level the site requires now (an operator raised it) is no longer enough: the user
 * sends again, and the next approval raises the level.
 */
function checkMaySubmit(state: { status: number; verified: boolean }): void {
  if (WAITING.includes(state.status)) refuse('identityPending');
  if (state.verified) refuse('identityAlreadyVerified');
}

export async function submitIdentity(
  context: AppContext,
  userId: number,
  fields: IdentityFields,
  files: Record<IdentityImageSide, UploadedFile>,
): Promise<IdentityDetail> {
  checkMaySubmit(await userStatus(context, userId));
  const documentNumber = normalizedDocumentNumber(fields.documentNumber);
  if (!documentNumber) refuse('documentNumberInvalid');
  const images: repo.NewIdentityImage[] = [];
  for (const side of IDENTITY_IMAGE_SIDES) {
    const image = await reencodeImage(files[side].bytes, files[side].declaredType);
    images.push({ name: randomToken(18), side, ...image });
  }
  await context.db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: of two parallel submissions only one waits. On
    // PostgreSQL the user's row is locked first, so the second reads the status the first wrote.
    await lockUserRow(trx, userId);
    const user = await accountOf(trx, userId);
    if (user && WAITING.includes(Number(user.identity_status))) refuse('identityPending');
    const now = context.now();
    const id = await repo.insertSubmission(trx, { userId, realName: fields.realName, documentType: fields.documentType, documentNumber, status: IDENTITY_STATUS.created, now });
    await repo.insertImages(trx, id, images, now);
    await changeIdentity(trx, userId, { status: IDENTITY_STATUS.created });
  });
  return identityDetail(context, userId);
}

export interface ImageViewer {
  userId: number | null;
  isOperator: boolean;
}

/** A submission's image for its owner or an operator; undefined for anyone else. */
export async function readIdentityImage(context: AppContext, viewer: ImageViewer, name: string): Promise<Buffer | undefined> {
  const image = await repo.findImage(context.db, name);
  if (!image) return undefined;
  return viewer.isOperator || image.userId === viewer.userId ? image.jpeg : undefined;
}

async function operatorViews(context: AppContext, rows: repo.SubmissionRow[]): Promise<OperatorIdentity[]> {
  const ids = rows.map((row) => Number(row.id));
  const [images, contacts] = await Promise.all([
    repo.imageNamesOf(context.db, ids),
    repo.contactsOf(context.db, [...new Set(rows.map((row) => Number(row.user_id)))]),
  ]);
  return rows.map((row) => ({
    ...submissionOf(row, images.filter((image) => image.submissionId === Number(row.id))),
    documentNumber: row.document_number,
    userId: Number(row.user_id),
    contact: contacts.get(Number(row.user_id)) ?? '',
    reviewStartedAt: row.review_started_at === null ? null : Number(row.review_started_at),
  }));
}

/** How operators name accounts: the e-mail, else the phone (the withdrawal queue shows them too). */
export function accountContacts(context: AppContext, userIds: number[]): Promise<Map<number, string>> {
  return repo.contactsOf(context.db, userIds);
}

export async function listForOperator(context: AppContext, query: { state: 'waiting' | 'all'; limit: number }): Promise<OperatorIdentity[]> {
  return operatorViews(context, await repo.listSubmissions(context.db, query.state, query.limit));
}

async function operatorView(context: AppContext, id: number): Promise<OperatorIdentity> {
  const row = await repo.findSubmission(context.db, id);
  if (!row) refuse('identitySubmissionNotFound');
  const [view] = await operatorViews(context, [row]);
  return view!;
}

/** An operator opens a waiting submission: its user sees 'reviewing' (status 2). */
export async function startReview(context: AppContext, operatorUserId: number | null, id: number): Promise<OperatorIdentity> {
  await context.db.transaction().execute(async (trx) => {
    const row = await repo.findSubmission(trx, id);
    if (!row) refuse('identitySubmissionNotFound');
    if (Number(row.status) === IDENTITY_STATUS.reviewing) return;
    if (!(await repo.markReviewing(trx, id, operatorUserId, context.now()))) refuse('identityAlreadyDecided');
    await changeIdentity(trx, Number(row.user_id), { status: IDENTITY_STATUS.reviewing });
  });
  return operatorView(context, id);
}

export type IdentityDecision = { decision: 'approve'; level?: number } | { decision: 'reject'; reason: string };

/** Approves or rejects a waiting submission, changes the account and notifies its user, in one transaction. */
export async function decide(context: AppContext, operatorUserId: number | null, id: number, input: IdentityDecision): Promise<OperatorIdentity> {
  const settings = await getSiteSettings(context.db);
  const level = input.decision === 'approve' ? (input.level ?? Math.max(1, settings.requiredIDLevel)) : null;
  await context.db.transaction().execute(async (trx) => {
    const row = await repo.findSubmission(trx, id);
    if (!row) refuse('identitySubmissionNotFound');
    const userId = Number(row.user_id);
    const now = context.now();
    const approved = input.decision === 'approve';
    const status = approved ? IDENTITY_STATUS.approved : IDENTITY_STATUS.rejected;
    const rejectReason = approved ? null : input.reason;
    if (!(await repo.recordDecision(trx, id, { status, rejectReason, verifiedLevel: level, decidedByUserId: operatorUserId, now }))) {
      refuse('identityAlreadyDecided');
    }
    await changeIdentity(trx, userId, approved ? { status, realName: row.real_name, verifiedLevelAtLeast: level ?? 1 } : { status });
    const notification: CreateNotificationInput = approved
      ? { userId, type: IDENTITY_NOTIFICATION_TYPE.identityApproved }
      : { userId, type: IDENTITY_NOTIFICATION_TYPE.identityRejected, params: { reason: rejectReason ?? '' } };
    await createNotifications(trx, [notification], now);
  });
  context.log?.info({ submissionId: id, decision: input.decision, operatorUserId }, 'identity submission decided');
  return operatorView(context, id);
}
