/**
 * The hub's one socket.io connection (ARCHITECTURE.md, "Realtime"), behind the small interface the hub
 * core uses, so that tests drive the core with a fake link. Only the websocket transport: a
 * worker has WebSocket, and long-polling would cost a request every few seconds per hub.
 */
import { io, type Socket } from 'socket.io-client';
import {
  CLIENT_EVENTS,
  REALTIME_PATH,
  SERVER_EVENTS,
  type BalanceMessage,
  type BookMessage,
  type ChatMessage,
  type ClientToServerEvents,
  type OrderMessage,
  type QuoteMessage,
  type ServerToClientEvents,
  type SubscribeAck,
  type TradesMessage,
} from '../shared/realtime';
import type { HelpdeskChannel } from './protocol';

export interface RealtimeEvents {
  quote(message: QuoteMessage): void;
  /** A market channel's book delta, trades (unchecked: the hub validates them). */
  book(message: BookMessage): void;
  trades(message: TradesMessage): void;
  /** The signed-in user's private channel: order and balance changes. */
  order(message: OrderMessage): void;
  balance(message: BalanceMessage): void;
  /** Event 'm' of a help-desk channel this socket joined (unchecked: the hub validates it). */
  chatMessage(message: ChatMessage): void;
  /** The connection came up (true) or went down (false); the server forgets subscriptions then. */
  connection(connected: boolean): void;
}

export interface RealtimeLink {
  readonly connected: boolean;
  /** A socket's identity is fixed at its handshake: after sign-in and sign-out it connects anew. */
  reconnect(): void;
  /** Joins a market channel; false when the server refused or did not answer. */
  subscribe(symbolId: number): Promise<boolean>;
  unsubscribe(symbolId: number): Promise<void>;
  /** Joins a help-desk channel: the server's answer, or null while disconnected or without an answer in time. */
  subscribeChannel(channel: HelpdeskChannel): Promise<SubscribeAck | null>;
  unsubscribeChannel(channel: HelpdeskChannel): Promise<void>;
  close(): void;
}

export type RealtimeFactory = (events: RealtimeEvents) => RealtimeLink;

/** How long a subscribe waits for the server's acknowledgement. */
const ACK_TIMEOUT_MS = 5_000;

export function socketIoLink(origin: string): RealtimeFactory {
  return (events) => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(origin, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 10_000,
    });
    socket.on('connect', () => events.connection(true));
    socket.on('disconnect', () => events.connection(false));
    socket.on(SERVER_EVENTS.quote, (message) => events.quote(message));
    socket.on(SERVER_EVENTS.book, (message) => events.book(message));
    socket.on(SERVER_EVENTS.trades, (message) => events.trades(message));
    socket.on(SERVER_EVENTS.order, (message) => events.order(message));
    socket.on(SERVER_EVENTS.balance, (message) => events.balance(message));
    socket.on(SERVER_EVENTS.chatMessage, (message) => events.chatMessage(message));
    return {
      get connected() {
        return socket.connected;
      },
      reconnect() {
        socket.disconnect();
        socket.connect();
      },
      async subscribe(symbolId) {
        // Not while disconnected: socket.io would buffer it, and the hub subscribes anew on connect.
        if (!socket.connected) return false;
        try {
          const answer = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(CLIENT_EVENTS.subscribe, { channel: 'market', symbolId });
          return answer.ok;
        } catch {
          // No acknowledgement in time: the hub polls this symbol instead, which is the visible outcome.
          return false;
        }
      },
      async unsubscribe(symbolId) {
        if (!socket.connected) return;
        socket.emit(CLIENT_EVENTS.unsubscribe, { channel: 'market', symbolId }, () => undefined);
      },
      async subscribeChannel(channel) {
        if (!socket.connected) return null;
        try {
          return await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(CLIENT_EVENTS.subscribe, { ...channel });
        } catch {
          return null;
        }
      },
      async unsubscribeChannel(channel) {
        if (!socket.connected) return;
        socket.emit(CLIENT_EVENTS.unsubscribe, { ...channel }, () => undefined);
      },
      close() {
        socket.disconnect();
      },
    };
  };
}
