/**
 * The realtime contract (ARCHITECTURE.md, "Realtime"): socket.io on the same server as the API. A
 * client subscribes to a market channel per symbol and receives book deltas, trades and quotes,
 * each stamped with the book's sequence number for that symbol; a missed book number means the
 * client resyncs from the `full_quote` snapshot (see realtime-book.ts). A signed-in socket joins
 * its private channel at connect and receives its own order and balance events, published only
 * after the engine committed them. A socket's identity is fixed at its handshake, so the hub
 * reconnects after sign-in and sign-out. A help-desk chat's channel is `chat={ChatId}` with event
 * `m`: a socket may join the chats its user (or, for a visitor, its session) owns; an operator
 * may join any chat and the `helpdesk` channel, which carries every chat's messages.
 */
import { z } from 'zod/mini';
import { boptionOrderSchema } from './api/boption';
import { futuresPositionSchema } from './api/futures';
import { helpdeskMessageSchema, type HelpdeskMessage } from './api/helpdesk';
import { quoteSchema } from './api/market';

/** socket.io's default path, named so that the server, the hub and the dev proxy agree. */
export const REALTIME_PATH = '/socket.io';

/** Bounds the server enforces; the hub stays inside them. */
export const REALTIME_LIMITS = {
  /** Market channels one socket may hold at once (the hub subscribes only the symbols tabs show). */
  subscriptionsMax: 50,
  /** Help-desk chat channels one socket may hold at once (an operator watches several). */
  chatSubscriptionsMax: 50,
  /** Client messages: a burst of this many, refilled at messagesPerSecond. */
  messageBurst: 60,
  messagesPerSecond: 20,
  /** Largest client message, in bytes: subscribe and unsubscribe are tiny. */
  messageBytesMax: 4096,
} as const;

export const CLIENT_EVENTS = { subscribe: 'subscribe', unsubscribe: 'unsubscribe' } as const;

/** Channel names: `{kind}={id}`, the shape the spec gives the help-desk channel. */
export function marketChannel(symbolId: number): string {
  return `market=${symbolId}`;
}

export function userChannel(userId: number): string {
  return `user=${userId}`;
}

export function chatChannel(chatId: string): string {
  return `chat=${chatId}`;
}

/** Operators only: every help-desk message of every chat, for the operator page's chat list. */
export const HELPDESK_OPERATORS_CHANNEL = 'helpdesk';

/** Public: every futures and binary-option symbol's index price each second (event `index`). */
export const INDEX_CHANNEL = 'index';

export const subscribeRequestSchema = z.discriminatedUnion('channel', [
  z.strictObject({
    channel: z.literal('market'),
    symbolId: z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
  }),
  z.strictObject({ channel: z.literal('chat'), chatId: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)) }),
  z.strictObject({ channel: z.literal(HELPDESK_OPERATORS_CHANNEL) }),
  z.strictObject({ channel: z.literal(INDEX_CHANNEL) }),
]);
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

/** The answer to subscribe and unsubscribe; errcode is one of src/shared/errcodes.ts. */
export type SubscribeAck = { ok: true; channel: string } | { ok: false; errcode: number };

/*
 * Every message the server sends has its schema here: the server's emits are typed by them and the
 * hub checks each message against its event's schema before it touches a book or reaches a tab
 * (SERVER_MESSAGE_SCHEMAS). Prices and quantities are decimal text, never numbers.
 */

const safeId = z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));
const sequenceNumber = z.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));
/** A non-negative decimal as text: what the engine writes for prices and quantities. */
const decimalText = z.string().check(z.regex(/^\d{1,20}(\.\d{1,18})?$/));

export const bookSideSchema = z.enum(['buy', 'sell']);
export type BookSide = z.infer<typeof bookSideSchema>;

export const bookLevelChangeSchema = z.object({
  side: bookSideSchema,
  /** Decimal string with the symbol's pricePrecision. */
  price: decimalText,
  /** The level's new total quantity; "0" removes the level. */
  quantity: decimalText,
});
export type BookLevelChange = z.infer<typeof bookLevelChangeSchema>;

/** One command's book changes; sequence numbers per symbol increase by exactly one. */
export const bookMessageSchema = z.object({
  symbolId: safeId,
  sequence: sequenceNumber,
  changes: z.array(bookLevelChangeSchema),
});
export type BookMessage = z.infer<typeof bookMessageSchema>;

/** A depth-limited book at a sequence number: the `depth` of `quotation/full_quote`. */
export interface BookSnapshot {
  symbolId: number;
  /** The sequence number of the last book change included in this snapshot. */
  sequence: number;
  /** Best first: bids from the highest price down, asks from the lowest up. */
  bids: [price: string, quantity: string][];
  asks: [price: string, quantity: string][];
}

export const realtimeTradeSchema = z.object({
  id: safeId,
  symbolId: safeId,
  price: decimalText,
  quantity: decimalText,
  /** The taker's side: a buy taker lifted the ask. */
  takerSide: bookSideSchema,
  time: z.number().check(z.int(), z.minimum(0)),
});
export type RealtimeTrade = z.infer<typeof realtimeTradeSchema>;

/** Trades of one command; `sequence` is the book's sequence number once they were made. */
export const tradesMessageSchema = z.object({
  symbolId: safeId,
  sequence: sequenceNumber,
  trades: z.array(realtimeTradeSchema),
});
export type TradesMessage = z.infer<typeof tradesMessageSchema>;

/** The symbol's quote after its trades (the same shape as `quotation/latest`), at most one a second. */
export const quoteMessageSchema = z.object({
  symbolId: safeId,
  sequence: sequenceNumber,
  quote: quoteSchema,
});
export type QuoteMessage = z.infer<typeof quoteMessageSchema>;

export const realtimeOrderSchema = z.object({
  id: safeId,
  userId: safeId,
  symbolId: safeId,
  symbol: z.string(),
  side: bookSideSchema,
  type: z.enum(['limit', 'market']),
  price: z.nullable(decimalText),
  quantity: z.nullable(decimalText),
  quoteAmount: z.nullable(decimalText),
  filledQuantity: decimalText,
  filledQuote: decimalText,
  averagePrice: z.nullable(decimalText),
  fee: decimalText,
  feeCurrency: z.string(),
  status: z.enum(['open', 'filled', 'cancelled']),
  cancelReason: z.nullable(z.string()),
  clientOrderId: z.nullable(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type RealtimeOrder = z.infer<typeof realtimeOrderSchema>;

/** The signed-in user's order changed (placed, filled, cancelled). */
export const orderMessageSchema = z.object({ order: realtimeOrderSchema });
export type OrderMessage = z.infer<typeof orderMessageSchema>;

/** The signed-in user's balances changed in these currencies: read them again. */
export const balanceMessageSchema = z.object({ currencies: z.array(z.string().check(z.maxLength(12))).check(z.maxLength(100)) });
export type BalanceMessage = z.infer<typeof balanceMessageSchema>;

/**
 * One sampling round of the index (api/index-price.ts): each futures and binary-option symbol's
 * price at its own precision, null while it has none.
 */
export const indexMessageSchema = z.object({
  at: z.number(),
  prices: z.array(z.object({ symbolId: safeId, price: z.nullable(decimalText) })).check(z.maxLength(500)),
});
export type IndexMessage = z.infer<typeof indexMessageSchema>;

/** The signed-in user's futures position changed (opened, triggered, stop points, closed, liquidated). */
export const futuresMessageSchema = z.object({ position: futuresPositionSchema });
export type FuturesMessage = z.infer<typeof futuresMessageSchema>;

/** The signed-in user's binary option was placed or settled. */
export const boptionMessageSchema = z.object({ order: boptionOrderSchema });
export type BoptionMessage = z.infer<typeof boptionMessageSchema>;

/**
 * The markets' configuration changed (an operator added, suspended, resumed or delisted a market,
 * or changed its terms): sent to every socket, so that open tabs read the symbol list again at
 * once instead of at the next SYMBOL_REFRESH_MS.
 */
export const marketsMessageSchema = z.object({ at: z.number() });
export type MarketsMessage = z.infer<typeof marketsMessageSchema>;

/** A help-desk line (api/helpdesk.ts): new, or an operator hid it (visible false, empty body). */
export type ChatMessage = HelpdeskMessage;

/** Each server event's schema, by event name: the one check every socket message passes in the hub. */
export const SERVER_MESSAGE_SCHEMAS = {
  book: bookMessageSchema,
  trades: tradesMessageSchema,
  quote: quoteMessageSchema,
  order: orderMessageSchema,
  balance: balanceMessageSchema,
  /** On the public `index` channel. */
  index: indexMessageSchema,
  futures: futuresMessageSchema,
  boption: boptionMessageSchema,
  /** To every socket. */
  markets: marketsMessageSchema,
  /** A help-desk message on a `chat=` channel and on the operators' channel. */
  m: helpdeskMessageSchema,
} as const;

export type ServerEvent = keyof typeof SERVER_MESSAGE_SCHEMAS;
export type ServerMessage<E extends ServerEvent> = z.infer<(typeof SERVER_MESSAGE_SCHEMAS)[E]>;

export type ServerToClientEvents = { [E in ServerEvent]: (message: ServerMessage<E>) => void };

export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => void;
  unsubscribe: (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => void;
}
