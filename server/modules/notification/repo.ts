/** SQL of the notification module. Every read and write is scoped to one user's rows. */
import type { Executor } from '../../core/executor';

export interface NotificationRow {
  id: number;
  userId: number;
  type: number;
  params: Record<string, unknown>;
  message: string | null;
  readFlag: boolean;
  createdAt: number;
}

export interface NewNotification {
  userId: number;
  type: number;
  paramsJson: string;
  message: string | null;
  sourceEventId: number | null;
}

/** Inserts notifications, at most a few hundred per statement, and answers their ids in order. */
export async function insertNotifications(executor: Executor, notifications: NewNotification[], now: number): Promise<number[]> {
  const ids: number[] = [];
  const batchRows = 500;
  for (let start = 0; start < notifications.length; start += batchRows) {
    const rows = await executor
      .insertInto('notifications')
      .values(
        notifications.slice(start, start + batchRows).map((notification) => ({
          user_id: notification.userId,
          type: notification.type,
          params_json: notification.paramsJson,
          message: notification.message,
          source_event_id: notification.sourceEventId,
          read_flag: 0,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => Number(row.id)));
  }
  return ids;
}

/** Whether the user already has the notification made from outbox event `eventId`. */
export async function existsForOutboxEvent(executor: Executor, userId: number, eventId: number): Promise<boolean> {
  const row = await executor
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .where('source_event_id', '=', BigInt(eventId))
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnread(executor: Executor, userId: number): Promise<number> {
  const row = await executor
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<bigint>().as('total'))
    .where('user_id', '=', BigInt(userId))
    .where('read_flag', '=', 0n)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function selectNotifications(
  executor: Executor,
  userId: number,
  page: { offset: number; limit: number; unreadOnly: boolean; type?: number },
): Promise<NotificationRow[]> {
  let query = executor.selectFrom('notifications').selectAll().where('user_id', '=', BigInt(userId));
  if (page.unreadOnly) query = query.where('read_flag', '=', 0n);
  if (page.type !== undefined) query = query.where('type', '=', BigInt(page.type));
  const rows = await query.orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    type: Number(row.type),
    params: JSON.parse(row.params_json) as Record<string, unknown>,
    message: row.message,
    readFlag: row.read_flag !== 0n,
    createdAt: Number(row.created_at),
  }));
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(executor: Executor, userId: number, notificationId: number): Promise<boolean> {
  const result = await executor
    .updateTable('notifications')
    .set({ read_flag: 1 })
    .where('id', '=', BigInt(notificationId))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markAllRead(executor: Executor, userId: number): Promise<void> {
  await executor.updateTable('notifications').set({ read_flag: 1 }).where('user_id', '=', BigInt(userId)).where('read_flag', '=', 0n).execute();
}
