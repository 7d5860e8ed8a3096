/**
 * Notifications: made from domain events of the outbox (sign-up, sign-in, password reset, a spot
 * order filled or cancelled), by other areas in their own transaction (a convert) and by
 * operators, read by their owner only. Messages of typed notifications are rendered when read,
 * in the reader's language, from NOTIFICATION_MESSAGES and the stored params; an operator's
 * message is stored as written. The outbox delivers at least once, so every handler remembers the
 * event it came from and does nothing the second time.
 */
import { z } from 'zod/mini';
import type { Notification } from '../../../src/shared/api/notification';
import { LIST_PAGE_MAX, NOTIFICATION_LIST_DEFAULT_MAX, NOTIFICATION_TYPE, notificationTypeName } from '../../../src/shared/constants';
import type { Language } from '../../../src/shared/languages';
import { splitSymbol } from '../../../src/shared/symbols';
import type { AppContext } from '../../context';
import { refuse } from './errors';
import {
  BOPTION_NOTIFICATION_MESSAGES,
  FUTURES_NOTIFICATION_MESSAGES,
  IDENTITY_NOTIFICATION_MESSAGES,
  NOTIFICATION_MESSAGES,
  SECURITY_NOTIFICATION_MESSAGES,
  TRADING_NOTIFICATION_MESSAGES,
  translate,
  WITHDRAW_NOTIFICATION_MESSAGES,
  type Texts,
} from '../../i18n/messages';
import type { OrderView } from '../../engine/types';
import { readRobotsRecord } from '../robots/accounts';
import type { Executor } from '../../core/executor';
import { writeOutbox, type OutboxDispatcher, type OutboxEvent } from '../../outbox';
import { getSiteSettings } from '../site/settings';
import * as repo from './repo';

/** Type 0 is not a spec type: the client names it 'other'. Operators' messages use it. */
export const OPERATOR_NOTIFICATION_TYPE = 0;
/** Published after each new notification, so that a socket can push it to its owner. */
export const NOTIFICATION_CREATED_TOPIC = 'notification.created';
const IP_TEXT_MAX = 64;

/**
 * The platform's notifications about a user's own trading. The spec's list of types has none for
 * them, so its client names them 'other' (anything else is 'other'); the server keeps them apart
 * to render their messages in the reader's language. High bits, clear of the spec's types.
 */
export const TRADING_NOTIFICATION_TYPE = {
  orderFilled: 1 << 20,
  orderCancelled: 1 << 21,
  convertCompleted: 1 << 22,
} as const;

/**
 * A change to the user's security settings (issue 15): GA bound or removed, the withdrawal
 * password set or changed, the phone or e-mail changed; params.change names which. Like the
 * trading types, 'other' to the spec's client. The withdrawal password's reset is the spec's type 8.
 */
export const SECURITY_NOTIFICATION_TYPE = 1 << 23;

/** The identity review's outcome for its user (server/modules/identity); high bits like the trading types. */
export const IDENTITY_NOTIFICATION_TYPE = {
  identityApproved: 1 << 26,
  identityRejected: 1 << 27,
} as const;

/**
 * A futures position's step its owner did not take (server/modules/futures): params.event names
 * it: open (a limit trigger), takeProfit, stopLoss or liquidation. 'other' to the spec's client.
 */
export const FUTURES_NOTIFICATION_TYPE = 1 << 24;

/** A binary option settled (server/modules/boption); params.outcome names how: won, lost, tie or refunded. */
export const BOPTION_NOTIFICATION_TYPE = 1 << 28;

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

const engineCommandPayload = z.object({
  orders: z.array(z.object({ id: z.number(), userId: z.number(), status: z.string() })),
});

/** What the engine offers the notifications: the orders an event names, as stored. */
export interface OrderReader {
  orderViews(orderIds: readonly number[]): Promise<OrderView[]>;
}

/** The notification an order that left the book makes for its owner: filled, or cancelled with what had filled. */
function orderNotification(order: OrderView, eventId: number): CreateNotificationInput {
  const { baseSymbol: base, quoteSymbol: quote } = splitSymbol(order.symbol);
  const name = `${base}/${quote}`;
  if (order.status === 'filled') {
    return {
      userId: order.userId,
      type: TRADING_NOTIFICATION_TYPE.orderFilled,
      params: { side: order.side, symbol: name, quantity: order.filledQuantity, base, price: order.averagePrice ?? '', quote },
      outboxEventId: eventId,
    };
  }
  return {
    userId: order.userId,
    type: TRADING_NOTIFICATION_TYPE.orderCancelled,
    params: { side: order.side, symbol: name, filled: order.filledQuantity, base },
    outboxEventId: eventId,
  };
}

/**
 * Turns the engine's command events into notifications: an order of a person that was filled or
 * cancelled. The market-maker robots trade all day; their orders make none. The robots' accounts
 * are read once they exist and kept (they never change).
 */
function engineCommandHandler(context: AppContext, orders: OrderReader) {
  let robotIds: ReadonlySet<number> | null = null;
  const robots = async (): Promise<ReadonlySet<number>> => {
    if (robotIds) return robotIds;
    const record = await readRobotsRecord(context.db);
    if (!record) return new Set();
    robotIds = new Set(record.userIds);
    return robotIds;
  };
  return async (event: OutboxEvent): Promise<void> => {
    const parsed = engineCommandPayload.safeParse(event.payload);
    if (!parsed.success) {
      context.log?.error({ eventId: event.id, topic: event.topic }, 'engine event without its orders; no notification made');
      return;
    }
    const robotAccounts = await robots();
    const closed = parsed.data.orders.filter((order) => order.status !== 'open' && !robotAccounts.has(order.userId));
    if (closed.length === 0) return;
    const views = await orders.orderViews(closed.map((order) => order.id));
    await context.db.transaction().execute(async (trx) => {
      const inputs: CreateNotificationInput[] = [];
      // One command can close several orders of one user (a taker filling two of their offers).
      // A notification's (user, event) is unique, so the first of each user's carries the event
      // and marks the delivery; the others are written in the same transaction, or not at all.
      const delivered = new Map<number, boolean>();
      for (const view of views) {
        if (view.status === 'open') continue;
        // At least once: a second delivery finds the notifications of the first.
        if (!delivered.has(view.userId)) delivered.set(view.userId, await repo.existsForOutboxEvent(trx, view.userId, event.id));
        if (delivered.get(view.userId)) continue;
        const marks = !inputs.some((input) => input.userId === view.userId);
        const notification = orderNotification(view, event.id);
        inputs.push(marks ? notification : { ...notification, outboxEventId: undefined });
      }
      if (inputs.length > 0) await createNotifications(trx, inputs, context.now());
    });
  };
}

export function subscribeNotificationHandlers(context: AppContext, outbox: OutboxDispatcher, orders: OrderReader): void {
  outbox.subscribe('engine.command', engineCommandHandler(context, orders));
  outbox.subscribe('account.registered', accountEventHandler(context, NOTIFICATION_TYPE.registration, () => ({})));
  outbox.subscribe(
    'account.signedIn',
    accountEventHandler(context, NOTIFICATION_TYPE.login, (payload) => ({ ip: (payload.ip ?? '').slice(0, IP_TEXT_MAX) })),
  );
  outbox.subscribe('account.passwordReset', accountEventHandler(context, NOTIFICATION_TYPE.resetLoginPassword, () => ({})));
}

const MESSAGES_BY_TYPE_NAME: Partial<Record<string, Texts>> = NOTIFICATION_MESSAGES;
const SECURITY_MESSAGES_BY_CHANGE: Partial<Record<string, Texts>> = SECURITY_NOTIFICATION_MESSAGES;
const BOPTION_MESSAGES_BY_OUTCOME: Partial<Record<string, Texts>> = BOPTION_NOTIFICATION_MESSAGES;
const FUTURES_MESSAGES_BY_EVENT: Partial<Record<string, Texts>> = FUTURES_NOTIFICATION_MESSAGES;

/** The message texts of a typed notification: by the spec's type name, or the platform's trading types. */
function textsOf(type: number, params: Record<string, string | number>): Texts | undefined {
  const sell = params.side === 'sell';
  if (type === TRADING_NOTIFICATION_TYPE.orderFilled) return sell ? TRADING_NOTIFICATION_MESSAGES.orderFilledSell : TRADING_NOTIFICATION_MESSAGES.orderFilledBuy;
  if (type === TRADING_NOTIFICATION_TYPE.orderCancelled) return sell ? TRADING_NOTIFICATION_MESSAGES.orderCancelledSell : TRADING_NOTIFICATION_MESSAGES.orderCancelledBuy;
  if (type === TRADING_NOTIFICATION_TYPE.convertCompleted) return TRADING_NOTIFICATION_MESSAGES.convertCompleted;
  if (type === SECURITY_NOTIFICATION_TYPE) return SECURITY_MESSAGES_BY_CHANGE[String(params.change)];
  if (type === IDENTITY_NOTIFICATION_TYPE.identityApproved) return IDENTITY_NOTIFICATION_MESSAGES.identityApproved;
  if (type === IDENTITY_NOTIFICATION_TYPE.identityRejected) return IDENTITY_NOTIFICATION_MESSAGES.identityRejected;
  if (type === BOPTION_NOTIFICATION_TYPE) return BOPTION_MESSAGES_BY_OUTCOME[String(params.outcome)];
  if (type === FUTURES_NOTIFICATION_TYPE) return FUTURES_MESSAGES_BY_EVENT[String(params.event)];
  // A withdrawal an operator rejected is a cancellation (512) that says why.
  if (type === NOTIFICATION_TYPE.withdrawalCancellation && params.reason !== undefined) return WITHDRAW_NOTIFICATION_MESSAGES.withdrawalRejected;
  return MESSAGES_BY_TYPE_NAME[notificationTypeName(type)];
}

function renderMessage(row: repo.NotificationRow, language: Language): string {
  if (row.message !== null) return row.message;
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(row.params)) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  const texts = textsOf(row.type, params);
  return texts ? translate(texts, language, params) : '';
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

/**
 * The user's latest sign-ins, newest first: the server records each one as a sign-in
 * notification (spec 3, type 2) with the address it came from, so the dashboard reads them there.
 */
export async function recentSignIns(context: AppContext, userId: number, limit: number): Promise<{ time: number; ip: string }[]> {
  const rows = await repo.selectNotifications(context.db, userId, { offset: 0, limit, unreadOnly: false, type: NOTIFICATION_TYPE.login });
  return rows.map((row) => ({ time: row.createdAt, ip: typeof row.params.ip === 'string' ? row.params.ip : '' }));
}
