/**
 * The socket server's types, shared by the server (server.ts), the publisher (publisher.ts) and
 * the modules that push on channels or tell it who may join one.
 */
import type { Server } from 'socket.io';
import type { Quote } from '../../src/shared/api/market';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src/shared/realtime';
import type { SessionUser } from '../core/viewer';
import type { EndedSessions } from '../http/session';
import type { TypedEvents } from '../engine/events';
import type { EngineEvents, MarketSymbol } from '../engine/types';
import type { IndexPrices } from '../prices/index-price';
import type { RedisConnections } from '../redis/connections';
import type { MessageBudget } from './limits';

/** What the socket server needs of the engine. */
export interface RealtimeEngine {
  readonly events: TypedEvents<EngineEvents>;
  symbol(symbolId: number): MarketSymbol | undefined;
}

/** The current quote of a symbol, or null when it has none yet. */
export type QuoteSource = (symbolId: number) => Promise<Quote | null>;

export interface SocketData {
  user: SessionUser | null;
  /** The session cookie the socket came with (signed in or not), to check it again later. */
  sessionToken: string | null;
  /** The id (hash) of that session: what a visitor's help-desk chat is bound to. */
  sessionId: string | null;
  /** Market channels held, by symbol id. */
  symbolIds: Set<number>;
  /** Help-desk chat channels held, by ChatId. */
  chatIds: Set<string>;
  budget: MessageBudget;
  /** When the session would end if nothing happens (its idle or absolute lifetime); 0 without one. */
  sessionDeadline: number;
}

/** What one instance tells the others through the adapter (only when several share Redis). */
export interface ServerSideEvents {
  /** Sessions ended on the instance that sends it: the others' sockets of them sign out too. */
  sessionsEnded: (ended: EndedSessions) => void;
}

export type RealtimeIo = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

export interface RealtimeOptions {
  engine: RealtimeEngine;
  prices: IndexPrices;
  /** Set when several instances share Redis: the sockets of every instance then hear every event. */
  redis: RedisConnections | null;
}

/** Who asks to join a help-desk chat: its user, or a visitor's server session, and whether an operator. */
export interface ChatViewer {
  userId: number | null;
  sessionId: string | null;
  isOperator: boolean;
}

/**
 * What the modules tell the socket server, set by their index.ts once they are registered (the
 * socket server starts first and knows no module): the quote pushed after trades (market) and
 * who may join a chat channel (help desk). Until a module says, nothing is pushed and nobody joins.
 */
export interface RealtimeHooks {
  quoteOf: QuoteSource | null;
  mayWatchChat: (viewer: ChatViewer, chatId: string) => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeIo;
    realtimeHooks: RealtimeHooks;
  }
}

