/** SQL of the help-desk module: chats, their messages and images, and service codes. */
import type { ChatStatus } from '../../../src/shared/api/helpdesk';
import type { Executor } from '../../core/executor';

export interface ChatRow {
  id: number;
  sessionKey: string;
  chatKey: string;
  userId: number | null;
  ownerSessionId: string | null;
  serviceCode: string | null;
  language: string;
  status: ChatStatus;
  createdAt: number;
  updatedAt: number;
}

export interface MessageRow {
  id: number;
  chatId: number;
  chatKey: string;
  type: number;
  body: string;
  fromClient: boolean;
  visible: boolean;
  author: string;
  createdAt: number;
}

export interface ServiceCodeRow {
  code: string;
  label: string;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
}

type ChatRecord = {
  id: bigint;
  session_key: string;
  chat_key: string;
  user_id: bigint | null;
  owner_session_id: string | null;
  service_code: string | null;
  language: string;
  status: string;
  created_at: bigint;
  updated_at: bigint;
};

function toChatRow(row: ChatRecord): ChatRow {
  return {
    id: Number(row.id),
    sessionKey: row.session_key,
    chatKey: row.chat_key,
    userId: row.user_id === null ? null : Number(row.user_id),
    ownerSessionId: row.owner_session_id,
    serviceCode: row.service_code,
    language: row.language,
    status: row.status === 'closed' ? 'closed' : 'open',
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const CHAT_COLUMNS = ['id', 'session_key', 'chat_key', 'user_id', 'owner_session_id', 'service_code', 'language', 'status', 'created_at', 'updated_at'] as const;

export async function insertChat(
  executor: Executor,
  chat: { sessionKey: string; chatKey: string; userId: number | null; ownerSessionId: string | null; serviceCode: string | null; language: string },
  now: number,
): Promise<ChatRow> {
  const row = await executor
    .insertInto('helpdesk_chats')
    .values({
      session_key: chat.sessionKey,
      chat_key: chat.chatKey,
      user_id: chat.userId,
      owner_session_id: chat.ownerSessionId,
      service_code: chat.serviceCode,
      language: chat.language,
      status: 'open',
      created_at: now,
      updated_at: now,
      closed_at: null,
    })
    .returning(CHAT_COLUMNS)
    .executeTakeFirstOrThrow();
  return toChatRow(row);
}

export async function findChatBySessionKey(executor: Executor, sessionKey: string): Promise<ChatRow | undefined> {
  const row = await executor.selectFrom('helpdesk_chats').select(CHAT_COLUMNS).where('session_key', '=', sessionKey).executeTakeFirst();
  return row ? toChatRow(row) : undefined;
}

export async function findChatByChatKey(executor: Executor, chatKey: string): Promise<ChatRow | undefined> {
  const row = await executor.selectFrom('helpdesk_chats').select(CHAT_COLUMNS).where('chat_key', '=', chatKey).executeTakeFirst();
  return row ? toChatRow(row) : undefined;
}

/** The owner's latest open chat: a user's by user id, a visitor's by server session. */
export async function findOpenChatOfOwner(executor: Executor, owner: { userId: number } | { sessionId: string }): Promise<ChatRow | undefined> {
  let query = executor.selectFrom('helpdesk_chats').select(CHAT_COLUMNS).where('status', '=', 'open');
  query = 'userId' in owner ? query.where('user_id', '=', BigInt(owner.userId)) : query.where('user_id', 'is', null).where('owner_session_id', '=', owner.sessionId);
  const row = await query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? toChatRow(row) : undefined;
}

export async function touchChat(executor: Executor, chatId: number, now: number): Promise<void> {
  await executor.updateTable('helpdesk_chats').set({ updated_at: now }).where('id', '=', BigInt(chatId)).execute();
}

export async function closeChat(executor: Executor, chatId: number, now: number): Promise<void> {
  await executor
    .updateTable('helpdesk_chats')
    .set({ status: 'closed', closed_at: now, updated_at: now })
    .where('id', '=', BigInt(chatId))
    .execute();
}

export async function listChats(executor: Executor, page: { status: ChatStatus | 'all'; offset: number; limit: number }): Promise<ChatRow[]> {
  let query = executor.selectFrom('helpdesk_chats').select(CHAT_COLUMNS);
  if (page.status !== 'all') query = query.where('status', '=', page.status);
  const rows = await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  return rows.map(toChatRow);
}

export async function insertMessage(
  executor: Executor,
  message: { chatId: number; type: number; body: string; fromClient: boolean; author: string; operatorUserId: number | null },
  now: number,
): Promise<number> {
  const row = await executor
    .insertInto('helpdesk_messages')
    .values({
      chat_id: message.chatId,
      type: message.type,
      body: message.body,
      from_client: message.fromClient ? 1 : 0,
      visible: 1,
      author: message.author,
      operator_user_id: message.operatorUserId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

function messagesQuery(executor: Executor) {
  return executor
    .selectFrom('helpdesk_messages')
    .innerJoin('helpdesk_chats', 'helpdesk_chats.id', 'helpdesk_messages.chat_id')
    .select([
      'helpdesk_messages.id',
      'helpdesk_messages.chat_id',
      'helpdesk_chats.chat_key',
      'helpdesk_messages.type',
      'helpdesk_messages.body',
      'helpdesk_messages.from_client',
      'helpdesk_messages.visible',
      'helpdesk_messages.author',
      'helpdesk_messages.created_at',
    ]);
}

function toMessageRow(row: {
  id: bigint;
  chat_id: bigint;
  chat_key: string;
  type: bigint;
  body: string;
  from_client: bigint;
  visible: bigint;
  author: string;
  created_at: bigint;
}): MessageRow {
  return {
    id: Number(row.id),
    chatId: Number(row.chat_id),
    chatKey: row.chat_key,
    type: Number(row.type),
    body: row.body,
    fromClient: row.from_client !== 0n,
    visible: row.visible !== 0n,
    author: row.author,
    createdAt: Number(row.created_at),
  };
}

export async function findMessage(executor: Executor, messageId: number): Promise<MessageRow | undefined> {
  const row = await messagesQuery(executor).where('helpdesk_messages.id', '=', BigInt(messageId)).executeTakeFirst();
  return row ? toMessageRow(row) : undefined;
}

/** The latest `limit` messages of a chat below `beforeId`, oldest first. */
export async function selectMessages(
  executor: Executor,
  chatId: number,
  page: { beforeId?: number; limit: number; visibleOnly: boolean },
): Promise<MessageRow[]> {
  let query = messagesQuery(executor).where('helpdesk_messages.chat_id', '=', BigInt(chatId));
  if (page.beforeId !== undefined) query = query.where('helpdesk_messages.id', '<', BigInt(page.beforeId));
  if (page.visibleOnly) query = query.where('helpdesk_messages.visible', '=', 1n);
  const rows = await query.orderBy('helpdesk_messages.id', 'desc').limit(page.limit).execute();
  return rows.map(toMessageRow).reverse();
}

export async function lastMessage(executor: Executor, chatId: number): Promise<MessageRow | undefined> {
  const [message] = await selectMessages(executor, chatId, { limit: 1, visibleOnly: false });
  return message;
}

export async function hideMessage(executor: Executor, messageId: number): Promise<void> {
  await executor.updateTable('helpdesk_messages').set({ visible: 0 }).where('id', '=', BigInt(messageId)).execute();
}

export async function insertImage(
  executor: Executor,
  image: { name: string; messageId: number; jpeg: Buffer; width: number; height: number },
  now: number,
): Promise<void> {
  await executor
    .insertInto('helpdesk_images')
    .values({ name: image.name, message_id: image.messageId, jpeg: image.jpeg, width: image.width, height: image.height, created_at: now })
    .execute();
}

/** An image with what deciding who may see it needs: its message's visibility and its chat. */
export async function findImage(executor: Executor, name: string): Promise<{ jpeg: Buffer; visible: boolean; chatId: number } | undefined> {
  const row = await executor
    .selectFrom('helpdesk_images')
    .innerJoin('helpdesk_messages', 'helpdesk_messages.id', 'helpdesk_images.message_id')
    .select(['helpdesk_images.jpeg', 'helpdesk_messages.visible', 'helpdesk_messages.chat_id'])
    .where('helpdesk_images.name', '=', name)
    .executeTakeFirst();
  return row ? { jpeg: row.jpeg, visible: row.visible !== 0n, chatId: Number(row.chat_id) } : undefined;
}

export async function findChatById(executor: Executor, chatId: number): Promise<ChatRow | undefined> {
  const row = await executor.selectFrom('helpdesk_chats').select(CHAT_COLUMNS).where('id', '=', BigInt(chatId)).executeTakeFirst();
  return row ? toChatRow(row) : undefined;
}

/** What a chat line and the operator's list show of a user: name and contact. */
export async function findUserLabel(executor: Executor, userId: number): Promise<{ realName: string; contact: string } | undefined> {
  const row = await executor
    .selectFrom('users')
    .select(['real_name', 'email', 'phone', 'phone_country'])
    .where('id', '=', BigInt(userId))
    .executeTakeFirst();
  if (!row) return undefined;
  const phone = row.phone ? `${row.phone_country ?? ''} ${row.phone}`.trim() : '';
  return { realName: row.real_name, contact: row.email ?? phone };
}

function toServiceCodeRow(row: { code: string; label: string; created_at: bigint; expires_at: bigint | null; revoked_at: bigint | null }): ServiceCodeRow {
  return {
    code: row.code,
    label: row.label,
    createdAt: Number(row.created_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

export async function findServiceCode(executor: Executor, code: string): Promise<ServiceCodeRow | undefined> {
  const row = await executor.selectFrom('helpdesk_service_codes').selectAll().where('code', '=', code).executeTakeFirst();
  return row ? toServiceCodeRow(row) : undefined;
}

/** Inserts a code; false when the code exists already (issued before, even if revoked). */
export async function insertServiceCode(executor: Executor, code: ServiceCodeRow): Promise<boolean> {
  const result = await executor
    .insertInto('helpdesk_service_codes')
    .values({ code: code.code, label: code.label, created_at: code.createdAt, expires_at: code.expiresAt, revoked_at: null })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function revokeServiceCode(executor: Executor, code: string, now: number): Promise<void> {
  await executor.updateTable('helpdesk_service_codes').set({ revoked_at: now }).where('code', '=', code).where('revoked_at', 'is', null).execute();
}

/** Codes newest first; only the usable ones unless `all`. */
export async function listServiceCodes(executor: Executor, options: { all: boolean; now: number; limit: number }): Promise<ServiceCodeRow[]> {
  let query = executor.selectFrom('helpdesk_service_codes').selectAll();
  if (!options.all) {
    query = query
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', BigInt(options.now))]));
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('code').limit(options.limit).execute();
  return rows.map(toServiceCodeRow);
}
