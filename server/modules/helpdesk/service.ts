/**
 * The help desk's rules.
 *
 * Ownership: a chat belongs to the signed-in user who started it, or, for a visitor, to the
 * server session (the cookie) that started it. Every client call and every socket join checks it;
 * the random SessionId and ChatId are never enough on their own. A visitor's chat therefore ends
 * with the visitor's session (signing in rotates the session, so the signed-in user starts anew).
 * An owner has at most one open chat: start answers it again (on any device of a signed-in user)
 * until an operator closes it.
 *
 * Service codes (spec 5, exactly SERVICE_CODE_LENGTH characters): when the site's
 * helpDesk.scRequired is on, a new chat needs a code that an operator issued through the operator
 * API, not revoked and not expired; letters and digits, compared without case. Resuming one's own
 * open chat needs no code again. With scRequired off no code is asked; one that is given must
 * still be valid, and is recorded on the chat so that operators see who sent the client.
 * With helpDesk.authRequired on, visitors get HTTP 401 (the widget sends them to sign in).
 *
 * New messages are written with an outbox event in the same transaction and pushed after commit
 * on `chat={ChatId}` (and to operators' `helpdesk` channel) with event 'm'. Delivery is at least
 * once: a client keeps messages by id.
 */
import crypto from 'node:crypto';
import {
  HELPDESK_HISTORY_MAX,
  HELPDESK_IMAGE_PATH,
  HELPDESK_MESSAGE_TYPE,
  SERVICE_CODE_PATTERN,
  type ChatStatus,
  type ChatSummary,
  type HelpdeskMessage,
  type ServiceCode,
} from '../../../src/shared/api/helpdesk';
import { LIST_PAGE_MAX, SERVICE_CODE_LENGTH } from '../../../src/shared/constants';
import type { Language } from '../../../src/shared/languages';
import { chatChannel, HELPDESK_OPERATORS_CHANNEL } from '../../../src/shared/realtime';
import type { AppContext } from '../../context';
import { BusinessError } from '../../core/errors';
import { refuse } from './errors';
import { randomToken } from '../../core/tokens';
import { HELPDESK_MESSAGES, translate } from '../../i18n/messages';
import type { Executor } from '../../core/executor';
import { isUniqueViolation } from '../../db/unique';
import { writeOutbox, type OutboxDispatcher } from '../../outbox';
import type { RealtimeIo } from '../../realtime/types';
import { getSiteSettings, type SiteSettings } from '../site/settings';
import { reencodeImage } from '../../core/image';
import * as repo from './repo';

/** Published after each new or hidden message; the push handler reads the message's current state. */
export const HELPDESK_MESSAGE_TOPIC = 'helpdesk.message';
/** Random codes avoid look-alikes (0/O, 1/I/L) so that a code read over the phone is typed right. */
const SERVICE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const SERVICE_CODE_DRAWS_MAX = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who is asking: the signed-in user, else the server session of a visitor; operators see every chat. */
export interface ChatViewer {
  userId: number | null;
  sessionId: string | null;
  isOperator: boolean;
}

type ChatOwner = { userId: number } | { sessionId: string };

function ownerOf(viewer: ChatViewer): ChatOwner | undefined {
  if (viewer.userId !== null) return { userId: viewer.userId };
  return viewer.sessionId !== null ? { sessionId: viewer.sessionId } : undefined;
}

function owns(chat: repo.ChatRow, viewer: ChatViewer): boolean {
  if (chat.userId !== null) return viewer.userId === chat.userId;
  return viewer.userId === null && viewer.sessionId !== null && chat.ownerSessionId === viewer.sessionId;
}

/** Visitors are answered 401 when the help desk requires sign-in: the client's cue to go to login. */
function assertMayUse(settings: SiteSettings, viewer: ChatViewer): void {
  if (settings.helpDesk.authRequired && viewer.userId === null) throw new BusinessError('unauthorized', {}, 401);
}

function toWireMessage(row: repo.MessageRow, forOperator: boolean): HelpdeskMessage {
  return {
    id: row.id,
    chatId: row.chatKey,
    type: row.type === HELPDESK_MESSAGE_TYPE.image ? HELPDESK_MESSAGE_TYPE.image : HELPDESK_MESSAGE_TYPE.text,
    body: row.visible || forOperator ? row.body : '',
    fromClient: row.fromClient,
    visible: row.visible,
    author: row.author,
    timeCreated: row.createdAt,
  };
}

function welcomeText(settings: SiteSettings, language: Language): string {
  const configured = settings.kvConfigs[`helpDeskWelcome_${language}`] || settings.kvConfigs.helpDeskWelcome;
  return configured || translate(HELPDESK_MESSAGES.welcome, language, { name: settings.name });
}

function isActiveCode(code: repo.ServiceCodeRow, now: number): boolean {
  return code.revokedAt === null && (code.expiresAt === null || code.expiresAt > now);
}

/** The code a new chat is admitted with (null: none needed and none given); refuses a bad one. */
async function admitServiceCode(executor: Executor, settings: SiteSettings, given: string | undefined, now: number): Promise<string | null> {
  const code = (given ?? '').trim().toUpperCase();
  if (code === '') {
    if (settings.helpDesk.scRequired) refuse('serviceCodeRequired', { length: SERVICE_CODE_LENGTH });
    return null;
  }
  if (!SERVICE_CODE_PATTERN.test(code)) refuse('serviceCodeInvalid');
  const issued = await repo.findServiceCode(executor, code);
  if (!issued || !isActiveCode(issued, now)) refuse('serviceCodeInvalid');
  return code;
}

/** The chat a start call resumes: the one named if it is the caller's and open, else the caller's open one. */
async function resumableChat(context: AppContext, viewer: ChatViewer, owner: ChatOwner, sessionKey: string | undefined): Promise<repo.ChatRow | undefined> {
  if (sessionKey) {
    const named = await repo.findChatBySessionKey(context.db, sessionKey);
    if (named && named.status === 'open' && owns(named, viewer)) return named;
  }
  return repo.findOpenChatOfOwner(context.db, owner);
}

export interface StartAnswer {
  SessionId: string;
  Welcome: string;
  ChatId: string;
  TimeCreated: number;
}

export async function startChat(
  context: AppContext,
  viewer: ChatViewer,
  language: Language,
  input: { serviceCode?: string; sessionId?: string },
): Promise<StartAnswer> {
  const settings = await getSiteSettings(context.db);
  assertMayUse(settings, viewer);
  const owner = ownerOf(viewer);
  // A POST always has a session (the CSRF check needs one); this guards a future caller.
  if (!owner) throw new BusinessError('unauthorized', {}, 401);
  const now = context.now();
  let chat = await resumableChat(context, viewer, owner, input.sessionId);
  if (!chat) {
    const serviceCode = await admitServiceCode(context.db, settings, input.serviceCode, now);
    const fresh = { sessionKey: randomToken(24), chatKey: randomToken(16), userId: 'userId' in owner ? owner.userId : null, ownerSessionId: 'sessionId' in owner ? owner.sessionId : null, serviceCode, language };
    try {
      chat = await repo.insertChat(context.db, fresh, now);
    } catch (error) {
      // Another start call of the same owner opened one in between (one open chat per owner,
      // migration 0019): both answer that one.
      const opened = isUniqueViolation(error) ? await repo.findOpenChatOfOwner(context.db, owner) : undefined;
      if (!opened) throw error;
      chat = opened;
    }
  }
  return { SessionId: chat.sessionKey, Welcome: welcomeText(settings, language), ChatId: chat.chatKey, TimeCreated: chat.createdAt };
}

/** The caller's chat named by its SessionId; foreign and unknown ids get the same refusal. */
async function ownedChat(context: AppContext, viewer: ChatViewer, sessionKey: string): Promise<repo.ChatRow> {
  const settings = await getSiteSettings(context.db);
  assertMayUse(settings, viewer);
  const chat = await repo.findChatBySessionKey(context.db, sessionKey);
  if (!chat || !owns(chat, viewer)) refuse('chatNotFound');
  return chat;
}

export async function chatHistory(context: AppContext, viewer: ChatViewer, input: { id: string; beforeId?: number }): Promise<HelpdeskMessage[]> {
  const chat = await ownedChat(context, viewer, input.id);
  const rows = await repo.selectMessages(context.db, chat.id, { beforeId: input.beforeId, limit: HELPDESK_HISTORY_MAX, visibleOnly: true });
  return rows.map((row) => toWireMessage(row, false));
}

/** Writes one message with its outbox event and answers it as its author sees it. */
async function addMessage(
  context: AppContext,
  chat: repo.ChatRow,
  message: { type: number; body: string; fromClient: boolean; author: string; operatorUserId: number | null },
  image?: { name: string; jpeg: Buffer; width: number; height: number },
): Promise<HelpdeskMessage> {
  const now = context.now();
  const messageId = await context.db.transaction().execute(async (trx) => {
    const id = await repo.insertMessage(trx, { chatId: chat.id, ...message }, now);
    if (image) await repo.insertImage(trx, { ...image, messageId: id }, now);
    await repo.touchChat(trx, chat.id, now);
    await writeOutbox(trx, HELPDESK_MESSAGE_TOPIC, { messageId: id }, now);
    return id;
  });
  const row = await repo.findMessage(context.db, messageId);
  if (!row) throw new Error(`help-desk message ${messageId} vanished after its commit`);
  return toWireMessage(row, !message.fromClient);
}

async function clientAuthor(context: AppContext, viewer: ChatViewer): Promise<string> {
  if (viewer.userId === null) return '';
  return (await repo.findUserLabel(context.db, viewer.userId))?.realName ?? '';
}

async function openOwnedChat(context: AppContext, viewer: ChatViewer, sessionKey: string): Promise<repo.ChatRow> {
  const chat = await ownedChat(context, viewer, sessionKey);
  if (chat.status !== 'open') refuse('chatClosed');
  return chat;
}

export async function sendClientText(context: AppContext, viewer: ChatViewer, input: { sessionId: string; text: string }): Promise<HelpdeskMessage> {
  const chat = await openOwnedChat(context, viewer, input.sessionId);
  const author = await clientAuthor(context, viewer);
  return addMessage(context, chat, { type: HELPDESK_MESSAGE_TYPE.text, body: input.text, fromClient: true, author, operatorUserId: null });
}

/** Checks the chat first, so that nobody else's chat costs a decode. */
export async function sendClientImage(
  context: AppContext,
  viewer: ChatViewer,
  input: { sessionId: string; bytes: Buffer; declaredType: string },
): Promise<HelpdeskMessage> {
  const chat = await openOwnedChat(context, viewer, input.sessionId);
  const image = await reencodeImage(input.bytes, input.declaredType);
  const name = randomToken(18);
  const author = await clientAuthor(context, viewer);
  return addMessage(
    context,
    chat,
    { type: HELPDESK_MESSAGE_TYPE.image, body: `${HELPDESK_IMAGE_PATH}/${name}`, fromClient: true, author, operatorUserId: null },
    { name, ...image },
  );
}

/** A stored chat image for its owner (unless hidden) or an operator; undefined for anyone else. */
export async function readChatImage(context: AppContext, viewer: ChatViewer, name: string): Promise<Buffer | undefined> {
  const image = await repo.findImage(context.db, name);
  if (!image) return undefined;
  if (viewer.isOperator) return image.jpeg;
  const chat = await repo.findChatById(context.db, image.chatId);
  const settings = await getSiteSettings(context.db);
  const allowed = chat !== undefined && owns(chat, viewer) && image.visible && !(settings.helpDesk.authRequired && viewer.userId === null);
  return allowed ? image.jpeg : undefined;
}

/** Whether a socket may join `chat={chatKey}`: its owner, or any operator. */
export async function mayWatchChat(context: AppContext, viewer: ChatViewer, chatKey: string): Promise<boolean> {
  const chat = await repo.findChatByChatKey(context.db, chatKey);
  if (!chat) return false;
  if (viewer.isOperator) return true;
  const settings = await getSiteSettings(context.db);
  return owns(chat, viewer) && !(settings.helpDesk.authRequired && viewer.userId === null);
}

/** Pushes each committed message (and each hiding) to its chat's channel and to operators. */
export function subscribeHelpdeskPush(context: AppContext, outbox: OutboxDispatcher, io: RealtimeIo): void {
  outbox.subscribe(HELPDESK_MESSAGE_TOPIC, async (event) => {
    const messageId = event.payload.messageId;
    if (typeof messageId !== 'number') {
      context.log?.error({ eventId: event.id }, 'help-desk outbox event without a message id; nothing pushed');
      return;
    }
    const row = await repo.findMessage(context.db, messageId);
    if (!row) return;
    // One emit to both rooms: a socket in both (an operator watching the chat) gets it once.
    io.to([chatChannel(row.chatKey), HELPDESK_OPERATORS_CHANNEL]).emit('m', toWireMessage(row, false));
  });
}

// Operator side.

async function chatSummary(executor: Executor, chat: repo.ChatRow): Promise<ChatSummary> {
  const [user, code, last] = await Promise.all([
    chat.userId === null ? undefined : repo.findUserLabel(executor, chat.userId),
    chat.serviceCode === null ? undefined : repo.findServiceCode(executor, chat.serviceCode),
    repo.lastMessage(executor, chat.id),
  ]);
  return {
    chatId: chat.chatKey,
    userId: chat.userId,
    contact: user?.contact ?? '',
    serviceCode: chat.serviceCode,
    serviceCodeLabel: code?.label ?? '',
    language: chat.language,
    status: chat.status,
    timeCreated: chat.createdAt,
    timeUpdated: chat.updatedAt,
    lastMessage: last ? toWireMessage(last, true) : null,
  };
}

export async function listChatSummaries(context: AppContext, input: { status?: ChatStatus | 'all'; offset?: number; max?: number }): Promise<ChatSummary[]> {
  const chats = await repo.listChats(context.db, {
    status: input.status ?? 'open',
    offset: input.offset ?? 0,
    limit: Math.min(input.max ?? LIST_PAGE_MAX, LIST_PAGE_MAX),
  });
  return Promise.all(chats.map((chat) => chatSummary(context.db, chat)));
}

async function chatByKey(context: AppContext, chatKey: string): Promise<repo.ChatRow> {
  const chat = await repo.findChatByChatKey(context.db, chatKey);
  if (!chat) refuse('chatNotFound');
  return chat;
}

export async function readChat(context: AppContext, input: { id: string; beforeId?: number }): Promise<{ chat: ChatSummary; messages: HelpdeskMessage[] }> {
  const chat = await chatByKey(context, input.id);
  const rows = await repo.selectMessages(context.db, chat.id, { beforeId: input.beforeId, limit: HELPDESK_HISTORY_MAX, visibleOnly: false });
  return { chat: await chatSummary(context.db, chat), messages: rows.map((row) => toWireMessage(row, true)) };
}

export async function replyToChat(
  context: AppContext,
  operatorUserId: number | null,
  input: { chatId: string; text: string; author?: string },
): Promise<HelpdeskMessage> {
  const chat = await chatByKey(context, input.chatId);
  if (chat.status !== 'open') refuse('chatClosed');
  const author = input.author || (await getSiteSettings(context.db)).name;
  return addMessage(context, chat, { type: HELPDESK_MESSAGE_TYPE.text, body: input.text, fromClient: false, author, operatorUserId });
}

export async function closeChat(context: AppContext, input: { chatId: string }): Promise<ChatSummary> {
  const chat = await chatByKey(context, input.chatId);
  if (chat.status === 'open') await repo.closeChat(context.db, chat.id, context.now());
  const closed = await repo.findChatById(context.db, chat.id);
  if (!closed) throw new Error(`help-desk chat ${chat.id} vanished while closing`);
  return chatSummary(context.db, closed);
}

export async function hideMessage(context: AppContext, input: { messageId: number }): Promise<HelpdeskMessage> {
  const message = await repo.findMessage(context.db, input.messageId);
  if (!message) refuse('chatMessageNotFound');
  if (message.visible) {
    const now = context.now();
    await context.db.transaction().execute(async (trx) => {
      await repo.hideMessage(trx, message.id);
      await writeOutbox(trx, HELPDESK_MESSAGE_TOPIC, { messageId: message.id }, now);
    });
  }
  return toWireMessage({ ...message, visible: false }, true);
}

function toServiceCode(row: repo.ServiceCodeRow, now: number): ServiceCode {
  return {
    code: row.code,
    label: row.label,
    timeCreated: row.createdAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    active: isActiveCode(row, now),
  };
}

function drawServiceCode(): string {
  let code = '';
  for (let index = 0; index < SERVICE_CODE_LENGTH; index += 1) code += SERVICE_CODE_ALPHABET[crypto.randomInt(SERVICE_CODE_ALPHABET.length)];
  return code;
}

/** Issues the given code, or draws unused ones until one is free. A code is never issued twice. */
export async function issueServiceCode(context: AppContext, input: { code?: string; label?: string; validDays?: number }): Promise<ServiceCode> {
  const now = context.now();
  const expiresAt = input.validDays === undefined ? null : now + input.validDays * DAY_MS;
  const attempts = input.code === undefined ? SERVICE_CODE_DRAWS_MAX : 1;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const row = { code: input.code?.toUpperCase() ?? drawServiceCode(), label: input.label ?? '', createdAt: now, expiresAt, revokedAt: null };
    if (await repo.insertServiceCode(context.db, row)) return toServiceCode(row, now);
  }
  refuse('serviceCodeExists');
}

export async function revokeServiceCode(context: AppContext, input: { code: string }): Promise<ServiceCode> {
  const code = input.code.toUpperCase();
  const now = context.now();
  await repo.revokeServiceCode(context.db, code, now);
  const row = await repo.findServiceCode(context.db, code);
  if (!row) refuse('serviceCodeInvalid');
  return toServiceCode(row, now);
}

export async function listServiceCodes(context: AppContext, input: { all?: boolean }): Promise<ServiceCode[]> {
  const now = context.now();
  const rows = await repo.listServiceCodes(context.db, { all: input.all ?? false, now, limit: LIST_PAGE_MAX });
  return rows.map((row) => toServiceCode(row, now));
}
