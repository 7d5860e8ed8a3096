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
import { z } from 'zod';
import type { HelpdeskMessage } from './api/helpdesk';
import type { Quote } from './api/market';

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

export const SERVER_EVENTS = {
  book: 'book',
  trades: 'trades',
  quote: 'quote',
  order: 'order',
  balance: 'balance',
  /** A help-desk message on a `chat=` channel. */
  chatMessage: 'm',
} as const;

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

export const subscribeRequestSchema = z.discriminatedUnion('channel', [
  z.strictObject({
    channel: z.literal('market'),
    symbolId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  }),
  z.strictObject({ channel: z.literal('chat'), chatId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
  z.strictObject({ channel: z.literal(HELPDESK_OPERATORS_CHANNEL) }),
]);
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

/** The answer to subscribe and unsubscribe; errcode is one of src/shared/errcodes.ts. */
export type SubscribeAck = { ok: true; channel: string } | { ok: false; errcode: number };

export type BookSide = 'buy' | 'sell';

export interface BookLevelChange {
  side: BookSide;
  /** Decimal string with the symbol's pricePrecision. */
  price: string;
  /** The level's new total quantity; "0" removes the level. */
  quantity: string;
}

/** One command's book changes; sequence numbers per symbol increase by exactly one. */
export interface BookMessage {
  symbolId: number;
  sequence: number;
  changes: BookLevelChange[];
}

/** A depth-limited book at a sequence number: the `depth` of `quotation/full_quote`. */
export interface BookSnapshot {
  symbolId: number;
  /** The sequence number of the last book change included in this snapshot. */
  sequence: number;
  /** Best first: bids from the highest price down, asks from the lowest up. */
  bids: [price: string, quantity: string][];
  asks: [price: string, quantity: string][];
}

export interface RealtimeTrade {
  id: number;
  symbolId: number;
  price: string;
  quantity: string;
  /** The taker's side: a buy taker lifted the ask. */
  takerSide: BookSide;
  time: number;
}

/** Trades of one command; `sequence` is the book's sequence number once they were made. */
export interface TradesMessage {
  symbolId: number;
  sequence: number;
  trades: RealtimeTrade[];
}

/** The symbol's quote after its trades (the same shape as `quotation/latest`), at most one a second. */
export interface QuoteMessage {
  symbolId: number;
  sequence: number;
  quote: Quote;
}

export interface RealtimeOrder {
  id: number;
  userId: number;
  symbolId: number;
  symbol: string;
  side: BookSide;
  type: 'limit' | 'market';
  price: string | null;
  quantity: string | null;
  quoteAmount: string | null;
  filledQuantity: string;
  filledQuote: string;
  averagePrice: string | null;
  fee: string;
  feeCurrency: string;
  status: 'open' | 'filled' | 'cancelled';
  cancelReason: string | null;
  clientOrderId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The signed-in user's order changed (placed, filled, cancelled). */
export interface OrderMessage {
  order: RealtimeOrder;
}

/** The signed-in user's balances changed in these currencies: read them again. */
export interface BalanceMessage {
  currencies: string[];
}

/** A help-desk line (api/helpdesk.ts): new, or an operator hid it (visible false, empty body). */
export type ChatMessage = HelpdeskMessage;

export interface ServerToClientEvents {
  book: (message: BookMessage) => void;
  trades: (message: TradesMessage) => void;
  quote: (message: QuoteMessage) => void;
  order: (message: OrderMessage) => void;
  balance: (message: BalanceMessage) => void;
  m: (message: ChatMessage) => void;
}

export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => void;
  unsubscribe: (request: SubscribeRequest, ack: (answer: SubscribeAck) => void) => void;
}
