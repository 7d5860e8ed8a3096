/**
 * socket.io on the API's own HTTP server (ARCHITECTURE.md, "Realtime"). The handshake refuses a
 * cross-site Origin (a browser sends cookies on a websocket whatever the page's origin, so the
 * Origin check is what stops another site from reading a user's private channel), reads the
 * session cookie with the HTTP layer's own loader, and puts a signed-in socket in its private
 * channel. Anyone may subscribe to market channels, up to a bound, at a bounded message rate.
 * What is published comes from engine events only (publisher.ts), which fire after commit.
 * Help-desk chat channels are joined on request, only by the chat's owner (its user, or for a
 * visitor its server session) or an operator; operators may also join the `helpdesk` channel.
 * The help-desk module publishes on them after its own commits (through the outbox).
 */
import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import { publishIndexPrices } from './index-channel';
import { ERRCODES } from '../../src/shared/errcodes';
import {
  chatChannel,
  HELPDESK_OPERATORS_CHANNEL,
  INDEX_CHANNEL,
  marketChannel,
  REALTIME_LIMITS,
  REALTIME_PATH,
  subscribeRequestSchema,
  userChannel,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscribeAck,
} from '../../src/shared/realtime';
import { isSameSiteRequest, SESSION_COOKIE, type EndedSessions } from '../http/session';
import type { SessionUser } from '../core/viewer';
import { MessageBudget, REALTIME_SERVER_LIMITS } from './limits';
import { publishEngineEvents } from './publisher';
import type { ChatViewer, RealtimeEngine, RealtimeHooks, RealtimeIo, RealtimeOptions, ServerSideEvents, SocketData } from './types';

export type { ChatViewer, RealtimeHooks, RealtimeIo } from './types';

type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

/** The prefix of the adapter's Redis channels. */
const REDIS_ADAPTER_KEY = 'socket.io';

/**
 * Attaches the socket server to app.server (works for app.listen and tests) and closes it with the
 * app. With Redis (several instances), socket.io's Redis adapter carries every room's emits to the
 * sockets of every instance, and a session that ends on one instance signs out its sockets on all.
 */
export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<RealtimeIo> {
  const { config } = app.context;
  const io: RealtimeIo = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    cookie: false,
    maxHttpBufferSize: REALTIME_LIMITS.messageBytesMax,
    pingInterval: REALTIME_SERVER_LIMITS.pingIntervalMs,
    pingTimeout: REALTIME_SERVER_LIMITS.pingTimeoutMs,
    connectTimeout: REALTIME_SERVER_LIMITS.connectTimeoutMs,
    allowRequest(request, answer) {
      if (!isSameSiteRequest(request, config.allowedOrigins)) return answer('cross-site origin', false);
      if (io.engine.clientsCount >= REALTIME_SERVER_LIMITS.connectionsMax) return answer('too many connections', false);
      return answer(null, true);
    },
  });

  if (options.redis) io.adapter(createAdapter(options.redis.quietPublisher(), await options.redis.subscriber(), { key: REDIS_ADAPTER_KEY }));

  io.use((socket, next) => {
    authenticate(app, socket).then(
      () => next(),
      (error: unknown) => {
        app.log.error({ err: error }, 'socket handshake failed');
        next(new Error('unavailable'));
      },
    );
  });
  io.on('connection', (socket) => onConnection(app, options, socket));

  const hooks: RealtimeHooks = { quoteOf: null, mayWatchChat: async () => false };
  app.decorate('realtimeHooks', hooks);
  const stopPublishing = publishEngineEvents(io, options.engine, hooks, app.log, { shared: options.redis !== null });
  const stopPublishingIndex = publishIndexPrices(io, options.prices);
  // A sign-out, a rotated or expired session, a password change: its sockets leave at once.
  // The sockets of those sessions on other instances too: each signs out its own (socketsLeave
  // through the adapter would take them out of the rooms, but leave them holding the signed-in
  // user that lets them join again).
  const signOutEnded = (ended: EndedSessions) => {
    for (const socket of io.sockets.sockets.values()) {
      const { sessionId, user } = socket.data;
      const endedHere = 'userId' in ended ? user?.id === ended.userId : sessionId !== null && ended.sessionIds.includes(sessionId);
      if (endedHere) signOutSocket(socket, options.engine);
    }
  };
  const stopWatchingSessions = app.sessions.onEnded((ended) => {
    signOutEnded(ended);
    if (options.redis) io.serverSideEmit('sessionsEnded', ended);
  });
  if (options.redis) io.on('sessionsEnded', signOutEnded);
  // A backstop for what nothing announces (a session deleted behind the server's back).
  const recheckTimer = setInterval(() => void recheckSessions(app, io, options.engine), REALTIME_SERVER_LIMITS.sessionRecheckMs);
  recheckTimer.unref();

  // Before the HTTP server stops: its close waits for every connection, websockets included.
  app.addHook('preClose', async () => {
    stopWatchingSessions();
    clearInterval(recheckTimer);
    stopPublishing();
    stopPublishingIndex();
    io.disconnectSockets(true);
    io.engine.close();
  });
  return io;
}

async function authenticate(app: FastifyInstance, socket: RealtimeSocket): Promise<void> {
  const { now } = app.context;
  socket.data.user = null;
  socket.data.sessionToken = null;
  socket.data.sessionId = null;
  socket.data.symbolIds = new Set();
  socket.data.chatIds = new Set();
  socket.data.budget = new MessageBudget(REALTIME_LIMITS.messageBurst, REALTIME_LIMITS.messagesPerSecond, now());
  socket.data.sessionDeadline = 0;
  const cookieHeader = socket.request.headers.cookie;
  if (!cookieHeader) return;
  const token = app.parseCookie(cookieHeader)[SESSION_COOKIE];
  if (!token || token.length > REALTIME_SERVER_LIMITS.sessionTokenLengthMax) return;
  const loaded = await app.sessions.load(token);
  if (!loaded) return;
  socket.data.sessionToken = token;
  socket.data.sessionId = loaded.session.id;
  socket.data.user = loaded.user;
  socket.data.sessionDeadline = sessionDeadlineOf(app, loaded.session);
}

function sessionDeadlineOf(app: FastifyInstance, session: { absoluteExpiresAt: number; lastSeenAt: number }): number {
  return Math.min(session.absoluteExpiresAt, session.lastSeenAt + app.context.config.sessionIdleMs);
}

/**
 * Expiry ends a socket's session when it happens, not at the next periodic check: a timer at the
 * session's deadline looks at it again (activity may have moved the idle deadline on; then the
 * timer is set again), and signs the socket out once the session is over.
 */
function watchSessionDeadline(app: FastifyInstance, engine: RealtimeEngine, socket: RealtimeSocket): void {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(timer);
    if (!socket.data.sessionToken || socket.data.sessionDeadline === 0) return;
    // Past the deadline by a moment, so that the session's own check agrees it is over.
    const delayMs = Math.min(Math.max(0, socket.data.sessionDeadline - app.context.now()) + SESSION_DEADLINE_SLACK_MS, SESSION_DEADLINE_WAIT_MAX_MS);
    timer = setTimeout(() => void check(), delayMs);
    timer.unref();
  };
  const check = async () => {
    const token = socket.data.sessionToken;
    if (!token || !socket.connected) return;
    try {
      const loaded = await app.sessions.load(token, { touch: false });
      if (loaded && (loaded.user?.id ?? null) === (socket.data.user?.id ?? null)) {
        socket.data.sessionDeadline = sessionDeadlineOf(app, loaded.session);
        schedule();
        return;
      }
      signOutSocket(socket, engine);
    } catch (error) {
      app.log.error({ err: error }, 'socket session deadline check failed');
      schedule();
    }
  };
  schedule();
  socket.on('disconnect', () => clearTimeout(timer));
}

/** How long after a session's deadline its sockets are looked at again. */
const SESSION_DEADLINE_SLACK_MS = 250;
/** Timers of Node hold at most about 24 days; a 30-day session is looked at again daily. */
const SESSION_DEADLINE_WAIT_MAX_MS = 24 * 60 * 60_000;

function onConnection(app: FastifyInstance, options: RealtimeOptions, socket: RealtimeSocket): void {
  const { now } = app.context;
  const { user } = socket.data;
  if (user) void socket.join(userChannel(user.id));
  watchQueue(socket);
  watchSessionDeadline(app, options.engine, socket);

  socket.use((packet, next) => {
    if (socket.data.budget.take(now())) return next();
    // Over budget: the message is dropped unanswered except for its acknowledgement.
    const ack = packet.at(-1);
    if (typeof ack === 'function') (ack as (answer: SubscribeAck) => void)({ ok: false, errcode: ERRCODES.rateLimited });
  });

  socket.on('subscribe', (request: unknown, ack: unknown) => {
    subscribe(app, options.engine, socket, request).then(
      (result) => answer(ack, result),
      (error: unknown) => {
        app.log.error({ err: error }, 'socket subscribe failed');
        answer(ack, { ok: false, errcode: ERRCODES.internal });
      },
    );
  });
  socket.on('unsubscribe', (request: unknown, ack: unknown) => {
    answer(ack, unsubscribe(socket, request));
  });
}

async function subscribe(app: FastifyInstance, engine: RealtimeEngine, socket: RealtimeSocket, request: unknown): Promise<SubscribeAck> {
  const parsed = subscribeRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, errcode: ERRCODES.invalidFields };
  if (parsed.data.channel === 'chat') return subscribeChat(app, socket, parsed.data.chatId);
  if (parsed.data.channel === HELPDESK_OPERATORS_CHANNEL) {
    if (socket.data.user?.role !== 'operator') return { ok: false, errcode: ERRCODES.operatorOnly };
    void socket.join(HELPDESK_OPERATORS_CHANNEL);
    return { ok: true, channel: HELPDESK_OPERATORS_CHANNEL };
  }
  if (parsed.data.channel === INDEX_CHANNEL) {
    void socket.join(INDEX_CHANNEL);
    return { ok: true, channel: INDEX_CHANNEL };
  }
  const { symbolId } = parsed.data;
  const channel = marketChannel(symbolId);
  if (!canWatch(engine, socket.data.user, symbolId)) return { ok: false, errcode: ERRCODES.symbolNotFound };
  if (socket.data.symbolIds.has(symbolId)) return { ok: true, channel };
  // Too many channels is answered like too many messages: the client is asking for too much.
  if (socket.data.symbolIds.size >= REALTIME_LIMITS.subscriptionsMax) return { ok: false, errcode: ERRCODES.rateLimited };
  socket.data.symbolIds.add(symbolId);
  void socket.join(channel);
  return { ok: true, channel };
}

/** A chat's owner or an operator joins; anyone else learns only that there is no such chat. */
async function subscribeChat(app: FastifyInstance, socket: RealtimeSocket, chatId: string): Promise<SubscribeAck> {
  const channel = chatChannel(chatId);
  if (socket.data.chatIds.has(chatId)) return { ok: true, channel };
  if (socket.data.chatIds.size >= REALTIME_LIMITS.chatSubscriptionsMax) return { ok: false, errcode: ERRCODES.rateLimited };
  const { user, sessionId } = socket.data;
  const viewer: ChatViewer = { userId: user?.id ?? null, sessionId, isOperator: user?.role === 'operator' };
  if (!(await app.realtimeHooks.mayWatchChat(viewer, chatId))) return { ok: false, errcode: ERRCODES.chatNotFound };
  socket.data.chatIds.add(chatId);
  void socket.join(channel);
  return { ok: true, channel };
}

function unsubscribe(socket: RealtimeSocket, request: unknown): SubscribeAck {
  const parsed = subscribeRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, errcode: ERRCODES.invalidFields };
  if (parsed.data.channel === 'chat') {
    socket.data.chatIds.delete(parsed.data.chatId);
    void socket.leave(chatChannel(parsed.data.chatId));
    return { ok: true, channel: chatChannel(parsed.data.chatId) };
  }
  if (parsed.data.channel === HELPDESK_OPERATORS_CHANNEL) {
    void socket.leave(HELPDESK_OPERATORS_CHANNEL);
    return { ok: true, channel: HELPDESK_OPERATORS_CHANNEL };
  }
  if (parsed.data.channel === INDEX_CHANNEL) {
    void socket.leave(INDEX_CHANNEL);
    return { ok: true, channel: INDEX_CHANNEL };
  }
  const channel = marketChannel(parsed.data.symbolId);
  socket.data.symbolIds.delete(parsed.data.symbolId);
  void socket.leave(channel);
  return { ok: true, channel };
}

/** A market the engine trades; test-only markets only for accounts with testEnabled (spec 6). */
function canWatch(engine: RealtimeEngine, user: SessionUser | null, symbolId: number): boolean {
  const symbol = engine.symbol(symbolId);
  return symbol !== undefined && (!symbol.testOnly || user?.testEnabled === true);
}

function answer(ack: unknown, result: SubscribeAck): void {
  if (typeof ack === 'function') (ack as (answer: SubscribeAck) => void)(result);
}

/**
 * socket.io queues without limit for a reader that does not keep up. Packets the transport has
 * not taken are counted from engine.io's public events; past the bound the socket is dropped,
 * and the client reconnects and resyncs from a snapshot instead of the server holding its backlog.
 */
function watchQueue(socket: RealtimeSocket): void {
  let queuedPackets = 0;
  let dropping = false;
  socket.conn.on('packetCreate', () => {
    queuedPackets += 1;
    if (queuedPackets <= REALTIME_SERVER_LIMITS.queuedPacketsMax || dropping) return;
    dropping = true;
    setImmediate(() => socket.disconnect(true));
  });
  socket.conn.on('flush', () => {
    queuedPackets = 0;
  });
}

/**
 * A socket outlives the request that opened it: once its session ends (sign-out, expiry, a
 * disabled account) it leaves its private channel, any test-only market and its help-desk chats,
 * and goes on as an anonymous socket. Anonymous sockets are checked only while they hold a chat.
 * The check does not count as activity on the session.
 */
export async function recheckSessions(app: FastifyInstance, io: RealtimeIo, engine: RealtimeEngine): Promise<void> {
  for (const socket of io.sockets.sockets.values()) {
    const { user, sessionToken } = socket.data;
    if (!sessionToken || (!user && socket.data.chatIds.size === 0)) continue;
    try {
      const loaded = await app.sessions.load(sessionToken, { touch: false });
      if (loaded && (loaded.user?.id ?? null) === (user?.id ?? null)) continue;
      signOutSocket(socket, engine);
    } catch (error) {
      app.log.error({ err: error }, 'socket session check failed');
      return;
    }
  }
}

function signOutSocket(socket: RealtimeSocket, engine: RealtimeEngine): void {
  for (const chatId of socket.data.chatIds) void socket.leave(chatChannel(chatId));
  socket.data.chatIds.clear();
  void socket.leave(HELPDESK_OPERATORS_CHANNEL);
  socket.data.sessionToken = null;
  socket.data.sessionId = null;
  socket.data.sessionDeadline = 0;
  const { user } = socket.data;
  if (!user) return;
  void socket.leave(userChannel(user.id));
  socket.data.user = null;
  for (const symbolId of socket.data.symbolIds) {
    if (canWatch(engine, null, symbolId)) continue;
    socket.data.symbolIds.delete(symbolId);
    void socket.leave(marketChannel(symbolId));
  }
}
