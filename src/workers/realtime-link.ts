/**
 * The hub's one socket.io connection (ARCHITECTURE.md, "Realtime"), behind the small interface the
 * hub's socket core (core/socket.ts) uses, so that tests drive the hub with a fake link. It passes
 * every server event on as it came: the core checks each against its schema. Only the websocket
 * transport: a worker has WebSocket, and long-polling would cost a request every few seconds per hub.
 */
import { io, type Socket } from 'socket.io-client';
import { CLIENT_EVENTS, REALTIME_PATH, type ClientToServerEvents, type ServerToClientEvents, type SubscribeAck, type SubscribeRequest } from '../shared/realtime';

export interface RealtimeEvents {
  /** A server event with its payload, unchecked. */
  message(event: string, payload: unknown): void;
  /** The connection came up (true) or went down (false); the server forgets subscriptions then. */
  connection(connected: boolean): void;
}

export interface RealtimeLink {
  /** A socket's identity is fixed at its handshake: after sign-in and sign-out it connects anew. */
  reconnect(): void;
  /** Joins a channel: the server's answer, or null while disconnected or without an answer in time. */
  subscribe(request: SubscribeRequest): Promise<SubscribeAck | null>;
  unsubscribe(request: SubscribeRequest): Promise<void>;
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
    socket.onAny((event: string, payload: unknown) => events.message(event, payload));
    return {
      reconnect() {
        socket.disconnect();
        socket.connect();
      },
      async subscribe(request) {
        // Not while disconnected: socket.io would buffer it, and the hub subscribes anew on connect.
        if (!socket.connected) return null;
        try {
          return await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(CLIENT_EVENTS.subscribe, { ...request });
        } catch {
          // No acknowledgement in time: the feed takes it as a refusal (quotes are then polled).
          return null;
        }
      },
      async unsubscribe(request) {
        if (!socket.connected) return;
        socket.emit(CLIENT_EVENTS.unsubscribe, { ...request }, () => undefined);
      },
      close() {
        socket.disconnect();
      },
    };
  };
}
