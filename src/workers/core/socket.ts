/**
 * The hub's one socket, as its feeds see it (ARCHITECTURE.md, "Realtime"): whether it is up, a
 * generation number that changes with every connect and disconnect (an answer that comes back on
 * a newer connection than its request is dropped), joining and leaving channels, and the
 * server's messages. Every message is checked against its event's schema here, once
 * (shared/realtime.ts SERVER_MESSAGE_SCHEMAS), before any feed sees it: a feed's handler gets
 * typed, well-formed data or nothing.
 */
import { SERVER_MESSAGE_SCHEMAS, type ServerEvent, type ServerMessage, type SubscribeAck, type SubscribeRequest } from '../../shared/realtime';
import type { RealtimeFactory, RealtimeLink } from '../realtime-link';

type Handler<E extends ServerEvent> = (message: ServerMessage<E>) => void;

function isServerEvent(event: string): event is ServerEvent {
  return Object.hasOwn(SERVER_MESSAGE_SCHEMAS, event);
}

export interface HubSocketOptions {
  /** The socket came up or went down; the server forgets a socket's channels with it. */
  onConnection: (connected: boolean) => void;
  log: (message: string, error?: unknown) => void;
}

export class HubSocket {
  private link: RealtimeLink | null = null;
  private readonly handlers = new Map<ServerEvent, Handler<ServerEvent>[]>();
  private isConnected = false;
  private connectionGeneration = 0;

  constructor(private readonly options: HubSocketOptions) {}

  /** Opens the connection (once the cache has been read, so that pushes land on a painted hub). */
  open(factory: RealtimeFactory): void {
    this.link = factory({
      message: (event, payload) => this.receive(event, payload),
      connection: (connected) => {
        this.isConnected = connected;
        this.connectionGeneration += 1;
        this.options.onConnection(connected);
      },
    });
  }

  get connected(): boolean {
    return this.isConnected;
  }

  /** Changes with every connect and disconnect. */
  get generation(): number {
    return this.connectionGeneration;
  }

  /** Calls `handler` with every well-formed message of `event`. */
  on<E extends ServerEvent>(event: E, handler: Handler<E>): void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler as Handler<ServerEvent>);
    this.handlers.set(event, list);
  }

  /** Joins a channel: the server's answer, or null while disconnected or without an answer in time. */
  subscribe(request: SubscribeRequest): Promise<SubscribeAck | null> {
    return this.link?.subscribe(request) ?? Promise.resolve(null);
  }

  unsubscribe(request: SubscribeRequest): void {
    void this.link?.unsubscribe(request);
  }

  /** A socket's identity is fixed at its handshake: after sign-in and sign-out it connects anew. */
  reconnect(): void {
    this.link?.reconnect();
  }

  close(): void {
    this.link?.close();
  }

  private receive(event: string, payload: unknown): void {
    if (!isServerEvent(event)) return;
    const parsed = SERVER_MESSAGE_SCHEMAS[event].safeParse(payload);
    if (!parsed.success) {
      this.options.log(`A ${event} message did not match its schema`, parsed.error);
      return;
    }
    for (const handler of this.handlers.get(event) ?? []) handler(parsed.data);
  }
}
