/**
 * Help-desk calls of spec section 7 and the operator side of the same chats.
 *
 * A chat has two random, unguessable ids: `SessionId`, which the widget keeps per phone and
 * presents to resume and to call history, text and image; and `ChatId`, the name of its socket
 * channel `chat={ChatId}` where event 'm' delivers each new message. Neither is enough on its own:
 * a chat belongs to the signed-in user who started it, or for a visitor to the server session
 * (cookie) that started it, and every call checks that.
 *
 * Bodies are plain text, never HTML: a text message is what the person typed (emoji written as
 * `#id;`), an image message is the address of the re-encoded JPEG on this server.
 */
import { z } from 'zod/mini';
import { CHAT_LINES_MAX, SERVICE_CODE_LENGTH } from '../constants';
import { defineCall } from './call';
import { boolField, idField, intField, textField } from './fields';

/** Message types (spec 3). The server stores 1 and 2; 10 is the widget's line while a send is in flight. */
export const HELPDESK_MESSAGE_TYPE = { text: 1, image: 2, pending: 10 } as const;
export type HelpdeskMessageType = (typeof HELPDESK_MESSAGE_TYPE)[keyof typeof HELPDESK_MESSAGE_TYPE];

/** Longest chat text in characters (after trimming): two lines of a chat, with room to spare. */
export const CHAT_TEXT_LENGTH_MAX = 500;
/** Largest image upload. The widget sends a JPEG of at most 1600 px at quality 0.25, far below this. */
export const HELPDESK_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
/** Image formats the server decodes; anything else (SVG, HEIC, TIFF, ...) is refused. */
export const HELPDESK_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Messages one history page answers, newest last; older ones are read with beforeId. */
export const HELPDESK_HISTORY_MAX = 200;
/** An operator's signature on replies. */
export const HELPDESK_AUTHOR_MAX = 40;
export const SERVICE_CODE_LABEL_MAX = 60;
/** An issued service code may be limited to this many days at most. */
export const SERVICE_CODE_VALID_DAYS_MAX = 3_650;

/** SessionId and ChatId: base64url random tokens. */
const chatKeyField = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'not a chat id'));

/** The alphabet of service codes: letters and digits, compared without case. */
export const SERVICE_CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{${SERVICE_CODE_LENGTH}}$`);

// Control characters other than tab and line feed never belong in a chat line.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/**
 * A chat text (spec 5): line breaks normalised, trimmed, not empty, at most CHAT_LINES_MAX lines
 * and CHAT_TEXT_LENGTH_MAX characters. The widget cuts extra lines before sending; the server
 * refuses them rather than guess which ones the person meant.
 */
export const chatTextField = z.pipe(
  z.pipe(
    z.string(),
    z.transform((text) => text.replace(/\r\n?/g, '\n').trim()),
  ),
  z
    .string()
    .check(
      z.minLength(1, 'must not be empty'),
      z.maxLength(CHAT_TEXT_LENGTH_MAX),
      z.refine((text) => text.split('\n').length <= CHAT_LINES_MAX, `at most ${CHAT_LINES_MAX} lines`),
      z.refine((text) => !CONTROL_CHARACTERS.test(text), 'must not contain control characters'),
    ),
);

export const helpdeskMessageSchema = z.object({
  id: z.number(),
  /** The chat's ChatId, so that one socket watching several chats knows where a message goes. */
  chatId: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(10)]),
  /** Plain text; for an image, the address of the JPEG. Empty when an operator hid the message. */
  body: z.string(),
  fromClient: z.boolean(),
  /** False once an operator hid the message (it is then pushed with an empty body and left out of history). */
  visible: z.boolean(),
  /** The client's name (empty for a visitor) or the operator's signature. */
  author: z.string(),
  /** Milliseconds since the epoch. */
  timeCreated: z.number(),
});
export type HelpdeskMessage = z.infer<typeof helpdeskMessageSchema>;

const startInput = z.object({
  /** Required (exactly 4 letters or digits) when the site's helpDesk.scRequired is on. */
  serviceCode: z.optional(textField(16)),
  /** The SessionId kept from an earlier start; empty or unknown starts or finds another chat. */
  sessionId: z.optional(textField(64)),
});

export const helpdeskStartCall = defineCall({
  method: 'POST',
  path: '/helpdesk/start',
  body: startInput,
  data: z.object({
    SessionId: z.string(),
    Welcome: z.string(),
    ChatId: z.string(),
    /** When the chat started (ms): the widget's title line. */
    TimeCreated: z.number(),
  }),
  changesState: true,
  auth: 'none',
});

const historyInput = z.object({
  id: chatKeyField,
  /** Pages further back: messages with ids below this one. */
  beforeId: z.optional(idField),
});

export const helpdeskHistoryCall = defineCall({
  method: 'GET',
  path: '/helpdesk/history',
  query: historyInput,
  data: z.array(helpdeskMessageSchema),
  changesState: false,
  auth: 'none',
});

export const helpdeskTextCall = defineCall({
  method: 'POST',
  path: '/helpdesk/text',
  body: z.object({ sessionId: chatKeyField, text: chatTextField }),
  data: helpdeskMessageSchema,
  changesState: true,
  auth: 'none',
});

/** The non-file fields of the multipart image upload (the file part is named `image`). */
export const helpdeskImageFieldsSchema = z.object({ sessionId: chatKeyField });

/**
 * Multipart: a part `image` (one of HELPDESK_IMAGE_TYPES, at most HELPDESK_IMAGE_BYTES_MAX) and a
 * field `sessionId` (or ?sessionId=). The server decodes the image, refuses anything that is not
 * the image it claims to be, and stores only its own JPEG re-encoding.
 */
export const helpdeskImageCall = defineCall({
  method: 'POST',
  path: '/helpdesk/image',
  query: z.object({ sessionId: z.optional(chatKeyField) }),
  data: helpdeskMessageSchema,
  changesState: true,
  auth: 'none',
});

/** Where the server serves a stored chat image (its owner and operators only). */
export const HELPDESK_IMAGE_PATH = '/api/v1/helpdesk/image';

// Operator side: every call needs an operator session or the admin token.

export const CHAT_STATUSES = ['open', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export const chatSummarySchema = z.object({
  chatId: z.string(),
  /** The signed-in client, or null for a visitor. */
  userId: z.nullable(z.number()),
  /** The client's e-mail or phone ('' for a visitor). */
  contact: z.string(),
  serviceCode: z.nullable(z.string()),
  serviceCodeLabel: z.string(),
  /** The language the client's widget spoke when the chat started. */
  language: z.string(),
  status: z.enum(CHAT_STATUSES),
  timeCreated: z.number(),
  /** Time of the latest message (or of the start). */
  timeUpdated: z.number(),
  lastMessage: z.nullable(helpdeskMessageSchema),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

const chatListInput = z.object({
  status: z.optional(z.enum([...CHAT_STATUSES, 'all'])),
  offset: z.optional(intField({ min: 0, max: 1_000_000 })),
  /** Any positive number is accepted; the server caps the page at LIST_PAGE_MAX. */
  max: z.optional(intField({ min: 1, max: 2_147_483_647 })),
});

/** Chats, most recently active first; open ones unless `status` says otherwise. */
export const operatorChatListCall = defineCall({
  method: 'GET',
  path: '/operator/helpdesk/chats',
  query: chatListInput,
  data: z.array(chatSummarySchema),
  changesState: false,
  auth: 'operator',
});

export const operatorChatCall = defineCall({
  method: 'GET',
  path: '/operator/helpdesk/chat',
  query: z.object({ id: chatKeyField, beforeId: z.optional(idField) }),
  /** Messages include hidden ones, with their bodies, for the operator's eyes. */
  data: z.object({ chat: chatSummarySchema, messages: z.array(helpdeskMessageSchema) }),
  changesState: false,
  auth: 'operator',
});

export const operatorChatReplyCall = defineCall({
  method: 'POST',
  path: '/operator/helpdesk/reply',
  body: z.object({
    chatId: chatKeyField,
    text: chatTextField,
    /** The name the reply is signed with; the site's name when left out. */
    author: z.optional(textField(HELPDESK_AUTHOR_MAX)),
  }),
  data: helpdeskMessageSchema,
  changesState: true,
  auth: 'operator',
});

/** Ends a chat: the client's next start opens a new one. */
export const operatorChatCloseCall = defineCall({
  method: 'POST',
  path: '/operator/helpdesk/close',
  body: z.object({ chatId: chatKeyField }),
  data: chatSummarySchema,
  changesState: true,
  auth: 'operator',
});

/** Hides a message from its client (abuse, or data the client should not have sent). */
export const operatorMessageHideCall = defineCall({
  method: 'POST',
  path: '/operator/helpdesk/hide',
  body: z.object({ messageId: idField }),
  data: helpdeskMessageSchema,
  changesState: true,
  auth: 'operator',
});

export const serviceCodeSchema = z.object({
  code: z.string(),
  label: z.string(),
  timeCreated: z.number(),
  /** Null: valid until revoked. */
  expiresAt: z.nullable(z.number()),
  revokedAt: z.nullable(z.number()),
  /** Issued, not revoked and not expired. */
  active: z.boolean(),
});
export type ServiceCode = z.infer<typeof serviceCodeSchema>;

export const serviceCodeListCall = defineCall({
  method: 'GET',
  path: '/operator/helpdesk/servicecodes',
  query: z.object({ all: z.optional(boolField) }),
  data: z.array(serviceCodeSchema),
  changesState: false,
  auth: 'operator',
});

/** Issues a service code: the one given, or a random one the server draws. */
export const serviceCodeIssueCall = defineCall({
  method: 'POST',
  path: '/operator/helpdesk/servicecodes',
  body: z.object({
    code: z.optional(z.string().check(z.trim(), z.regex(SERVICE_CODE_PATTERN, `exactly ${SERVICE_CODE_LENGTH} letters or digits`))),
    label: z.optional(textField(SERVICE_CODE_LABEL_MAX)),
    validDays: z.optional(intField({ min: 1, max: SERVICE_CODE_VALID_DAYS_MAX })),
  }),
  data: serviceCodeSchema,
  changesState: true,
  auth: 'operator',
});

export const serviceCodeRevokeCall = defineCall({
  method: 'POST',
  path: '/operator/helpdesk/servicecodes/revoke',
  body: z.object({ code: z.string().check(z.trim(), z.regex(SERVICE_CODE_PATTERN, `exactly ${SERVICE_CODE_LENGTH} letters or digits`)) }),
  data: serviceCodeSchema,
  changesState: true,
  auth: 'operator',
});
