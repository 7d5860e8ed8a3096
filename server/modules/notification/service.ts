/**
 * Notifications: made from domain events of the outbox (sign-up, sign-in, password reset) and by
 * operators, read by their owner only. Messages of typed notifications are rendered when read,
 * in the reader's language, from NOTIFICATION_MESSAGES and the stored params; an operator's
 * message is stored as written. The outbox delivers at least once, so every handler remembers the
 * event it came from and does nothing the second time.
 */
import { z } from 'zod/mini';
import type { Notification } from '../../../src/shared/api/notification';
import { LIST_PAGE_MAX, NOTIFICATION_LIST_DEFAULT_MAX, NOTIFICATION_TYPE, notificationTypeName } from '../../../src/shared/constants';
import type { Language } from '../../../src/shared/languages';
import type { AppContext } from '../../context';
import { refuse } from './errors';
import { NOTIFICATION_MESSAGES, translate, type Texts } from '../../i18n/messages';
import type { Executor } from '../../core/executor';
import { writeOutbox, type OutboxDispatcher, type OutboxEvent } from '../../outbox';
import { getSiteSettings } from '../site/settings';
import * as repo from './repo';

/** Type 0 is not a spec type: the client names it 'other'. Operators' messages use it. */
export const OPERATOR_NOTIFICATION_TYPE = 0;
/** Published after each new notification, so that a socket can push it to its owner. */
export const NOTIFICATION_CREATED_TOPIC = 'notification.created';
const IP_TEXT_MAX = 64;

export interface CreateNotificationInput {
  userId: number;
  type: number;
  /** Values for the placeholders of the type's message. */
  params?: Record<string, string | number>;
  /** A message stored as written (operators); typed notifications leave it out. */
  message?: string;
  /** The outbox event the notification comes from, which makes its handler idempotent. */
  outboxEventId?: number;
}

/** Creates notifications inside the caller's transaction; other modules call this too. */
export async function createNotifications(executor: Executor, inputs: CreateNotificationInput[], now: number): Promise<number[]> {
  const ids = await repo.insertNotifications(
    executor,
    inputs.map((input) => ({
      userId: input.userId,
      type: input.type,
      paramsJson: JSON.stringify(input.params ?? {}),
      message: input.message ?? null,
      sourceEventId: input.outboxEventId ?? null,
    })),
    now,
  );
  for (const [index, id] of ids.entries()) {
    await writeOutbox(executor, NOTIFICATION_CREATED_TOPIC, { userId: inputs[index]?.userId, notificationId: id }, now);
  }
  return ids;
}

const accountEventPayload = z.object({ userId: z.number().check(z.int(), z.positive()), ip: z.optional(z.string()) });

/** Builds the handler that turns one kind of account event into one notification type. */
function accountEventHandler(context: AppContext, type: number, paramsOf: (payload: z.infer<typeof accountEventPayload>) => Record<string, string>) {
  return async (event: OutboxEvent): Promise<void> => {
    const parsed = accountEventPayload.safeParse(event.payload);
    if (!parsed.success) {
      // A malformed event would fail on every retry and hold up the events behind it.
      context.log?.error({ eventId: event.id, topic: event.topic }, 'outbox event without a valid userId; no notification made');
      return;
    }
    const payload = parsed.data;
    await context.db.transaction().execute(async (trx) => {
      if (await repo.existsForOutboxEvent(trx, payload.userId, event.id)) return;
      await createNotifications(trx, [{ userId: payload.userId, type, params: paramsOf(payload), outboxEventId: event.id }], context.now());
    });
  };
}

export function subscribeNotificationHandlers(context: AppContext, outbox: OutboxDispatcher): void {
  outbox.subscribe('account.registered', accountEventHandler(context, NOTIFICATION_TYPE.registration, () => ({})));
  outbox.subscribe(
    'account.signedIn',
    accountEventHandler(context, NOTIFICATION_TYPE.login, (payload) => ({ ip: (payload.ip ?? '').slice(0, IP_TEXT_MAX) })),
  );
  outbox.subscribe('account.passwordReset', accountEventHandler(context, NOTIFICATION_TYPE.resetLoginPassword, () => ({})));
}

const MESSAGES_BY_TYPE_NAME: Partial<Record<string, Texts>> = NOTIFICATION_MESSAGES;

function renderMessage(row: repo.NotificationRow, language: Language): string {
  if (row.message !== null) return row.message;
  const texts = MESSAGES_BY_TYPE_NAME[notificationTypeName(row.type)];
  if (!texts) return '';
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(row.params)) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  return translate(texts, language, params);
}

export async function notificationStatus(context: AppContext, userId: number): Promise<{ enabled: boolean; unread: number }> {
  const [settings, unread] = await Promise.all([getSiteSettings(context.db), repo.countUnread(context.db, userId)]);
  return { enabled: settings.notificationEnabled, unread };
}

export async function listNotifications(
  context: AppContext,
  userId: number,
  language: Language,
  input: { max?: number; offset?: number; unread?: boolean },
): Promise<Notification[]> {
  const limit = Math.min(input.max ?? NOTIFICATION_LIST_DEFAULT_MAX, LIST_PAGE_MAX);
  const rows = await repo.selectNotifications(context.db, userId, { offset: input.offset ?? 0, limit, unreadOnly: input.unread ?? false });
  return rows.map((row) => ({
    id: row.id,
    uid: row.userId,
    type: row.type,
    typeName: notificationTypeName(row.type),
    message: renderMessage(row, language),
    readFlag: row.readFlag,
    createdAt: row.createdAt,
  }));
}

/** Marks one of the user's notifications read, or all of them when no id is given. */
export async function markAsRead(context: AppContext, userId: number, notificationId: number | undefined): Promise<{ unread: number }> {
  if (notificationId === undefined) {
    await repo.markAllRead(context.db, userId);
  } else if (!(await repo.markRead(context.db, userId, notificationId))) {
    refuse('notificationNotFound');
  }
  return { unread: await repo.countUnread(context.db, userId) };
}
