// Proves what several instances share through Redis (REDIS_URL): two instances on one database and
// one Redis (started here from Debian's redis-server, scripts/lib/local-redis.ts). A socket on
// instance 1 hears the market, private and help-desk events instance 2 emits, once each; a
// sign-out or a password reset through instance 2 signs out the sockets on instance 1; a client's
// rate limit and an account's sign-in turn count across both; with Redis away they go on
// answering, and share again once it is back. On SQLite each instance's engine trades every market
// (the test's two instances share the file); on PostgreSQL (TEST_DATABASE_URL) a market's orders
// go to the instance holding its book (server/cluster), which is then the one that emits.
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalRedis, type LocalRedis } from '../../../scripts/lib/local-redis';
import { ERRCODES } from '../../../src/shared/errcodes';
import type { BalanceMessage, BookMessage, ChatMessage, OrderMessage, QuoteMessage, ServerToClientEvents, SubscribeAck, TradesMessage } from '../../../src/shared/realtime';
import { createTestUser, creditUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { freePort } from '../../helpers/freePort';
import { buildTestInstances, type TestInstances } from '../../helpers/instances';
import type { TestServer } from '../../helpers/server';
import { openTestSocket, SOCKET_WAIT_MS, waitFor, type ClientSocket } from '../../helpers/sockets';
import { startSession } from '../../helpers/signin';

/** Part B's range of Redis ports (the session's plan): the first free one is taken. */
const REDIS_PORTS = [56379, 56380, 56381, 56382];
const BTC_USDT = 301;

let redis: LocalRedis;
let cluster: TestInstances | undefined;
let one: TestServer;
let two: TestServer;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  redis = await startLocalRedis({ port: REDIS_PORTS });
});

afterAll(async () => {
  await redis?.stop();
});

beforeEach(async () => {
  // Each test starts from an empty Redis: no rate-limit counts or turns left from the one before.
  const client = new Redis(redis.url);
  await client.flushall();
  client.disconnect();
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await cluster?.close();
  cluster = undefined;
});

/**
 * Two instances on one database and `redisUrl`, each listening on its own port, which is its
 * INTERNAL_URL: on PostgreSQL a market's commands go to the instance that holds its book.
 */
async function twoInstances(overrides: Parameters<typeof buildTestInstances>[1] = {}, redisUrl = redis.url): Promise<void> {
  const ports = [await freePort(), await freePort()];
  cluster = await buildTestInstances(2, { demoMode: false, redisUrl, ...overrides }, (index) => ({
    instanceId: `shared-state-${index}`,
    port: ports[index]!,
    internalUrl: `http://127.0.0.1:${ports[index]!}`,
  }));
  [one, two] = cluster.instances as [TestServer, TestServer];
  for (const server of cluster.instances) await server.app.listen({ host: '127.0.0.1', port: server.context.config.port });
}

function urlOf(server: TestServer): string {
  return server.context.config.internalUrl;
}

function openSocket(url: string, headers: Record<string, string> = {}): Promise<ClientSocket> {
  return openTestSocket(url, headers, sockets);
}

function subscribe(socket: ClientSocket, request: unknown): Promise<SubscribeAck> {
  return socket.timeout(SOCKET_WAIT_MS).emitWithAck('subscribe', request as never);
}

function collect<Message>(socket: ClientSocket, event: keyof ServerToClientEvents): Message[] {
  const messages: Message[] = [];
  socket.on(event, ((message: Message) => messages.push(message)) as never);
  return messages;
}

/** Lets messages in flight arrive (through Redis and back), so that "nothing more arrived" means nothing more was sent. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/** The server side of instance 1's only socket of `userId`. */
function serverSocketOf(server: TestServer, userId: number | null) {
  return [...server.app.realtime.sockets.sockets.values()].filter((socket) => (socket.data.user?.id ?? null) === userId);
}

describe('socket.io across instances (Redis adapter)', () => {
  it('a socket on instance 1 gets the market, private and help-desk events instance 2 emits, each once', async () => {
    await twoInstances();
    const url = urlOf(one);
    const [seller, buyer, other] = [await createTestUser(one), await createTestUser(one), await createTestUser(one)];
    await creditUser(two, seller.userId, 'BTC', '1');
    await creditUser(two, buyer.userId, 'USDT', '100000');
    const socket = await openSocket(url, { cookie: buyer.cookie });
    const otherSocket = await openSocket(url, { cookie: other.cookie });
    expect(await subscribe(socket, { channel: 'market', symbolId: BTC_USDT })).toMatchObject({ ok: true });
    const received = { book: collect<BookMessage>(socket, 'book'), trades: collect<TradesMessage>(socket, 'trades'), quote: collect<QuoteMessage>(socket, 'quote'), order: collect<OrderMessage>(socket, 'order') };
    const othersOrders = collect<OrderMessage>(otherSocket, 'order');
    const emitted = { book: [] as unknown[], trades: [] as unknown[], buyerOrders: [] as unknown[], by: new Set<TestServer>() };
    for (const server of [one, two]) {
      server.app.engine.events.on('book', (event) => emitted.book.push(event));
      server.app.engine.events.on('trades', (event) => {
        emitted.trades.push(event);
        emitted.by.add(server);
      });
      server.app.engine.events.on('order', (event) => {
        if (event.userId === buyer.userId) emitted.buyerOrders.push(event.order);
      });
    }

    // A trade placed through instance 2, which has no socket at all. On SQLite its own engine makes
    // the trade: the events reach instance 1's sockets only through Redis, and the quote after the
    // trades goes out although nobody watches the market on instance 2.
    expect(two.app.realtime.sockets.sockets.size).toBe(0);
    await two.app.engine.placeOrder({ userId: seller.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '50000', quantity: '0.1' });
    await two.app.engine.placeOrder({ userId: buyer.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price: '50000', quantity: '0.1' });
    expect(emitted.trades).toHaveLength(1);
    if (!one.context.config.databaseUrl) expect([...emitted.by]).toEqual([two]);
    await waitFor(() => received.book.length === emitted.book.length && received.trades.length === 1 && received.quote.length === 1 && received.order.length === emitted.buyerOrders.length, 'the market and order events');
    expect(received.book).toEqual(emitted.book);
    expect(received.trades[0]?.trades).toEqual((emitted.trades[0] as TradesMessage).trades);
    expect(received.quote[0]).toMatchObject({ symbolId: BTC_USDT, quote: expect.objectContaining({}) });
    expect(received.order.map((message) => message.order)).toEqual(emitted.buyerOrders);

    // A help-desk message written through instance 2 reaches the chat's socket on instance 1.
    const visitor = await startSession(one);
    const chat = (await callApi(one, 'POST', '/helpdesk/start', { as: visitor, payload: {} })).json<{ data: { ChatId: string; SessionId: string } }>().data;
    const visitorSocket = await openSocket(url, { cookie: visitor.cookie });
    expect(await subscribe(visitorSocket, { channel: 'chat', chatId: chat.ChatId })).toMatchObject({ ok: true });
    const chatMessages = collect<ChatMessage>(visitorSocket, 'm');
    const sent = await callApi(two, 'POST', '/helpdesk/text', { as: visitor, payload: { sessionId: chat.SessionId, text: 'hello from instance 2' } });
    expect(sent.json()).toMatchObject({ errcode: 0 });
    await waitFor(() => chatMessages.length === 1, 'the help-desk message');
    expect(chatMessages[0]).toEqual(sent.json<{ data: ChatMessage }>().data);

    await settle();
    expect([received.book.length, received.trades.length, received.quote.length, received.order.length, chatMessages.length]).toEqual([emitted.book.length, 1, 1, emitted.buyerOrders.length, 1]);
    expect(othersOrders).toEqual([]);
  });

  it('a sign-out through instance 2 takes the socket on instance 1 out of the private channel at once', async () => {
    await twoInstances();
    const url = urlOf(one);
    const user = await createTestUser(one);
    const socket = await openSocket(url, { cookie: user.cookie });
    const balances = collect<BalanceMessage>(socket, 'balance');
    expect(serverSocketOf(one, user.userId)).toHaveLength(1);

    const signedOut = await callApi(two, 'POST', '/account/signout', { as: user, payload: {} });
    expect(signedOut.json()).toMatchObject({ errcode: 0 });
    // Well before the periodic session check (a minute): told through Redis.
    await waitFor(() => serverSocketOf(one, user.userId).length === 0, 'the socket on instance 1 to sign out');
    expect(socket.connected).toBe(true);
    expect(serverSocketOf(one, null)).toHaveLength(1);

    two.app.engine.events.emit('balance', { userId: user.userId, currencies: ['USDT'] });
    one.app.engine.events.emit('balance', { userId: user.userId, currencies: ['BTC'] });
    await settle();
    expect(balances).toEqual([]);
  });

  it('a password reset through instance 2 signs out every socket of the account on instance 1', async () => {
    await twoInstances();
    const url = urlOf(one);
    const user = await createTestUser(one);
    await openSocket(url, { cookie: user.cookie });
    await openSocket(url, { cookie: user.cookie });
    expect(serverSocketOf(one, user.userId)).toHaveLength(2);
    // What a password reset (or an operator disabling the account) does to the sessions.
    await two.app.sessions.endAllOfUser(user.userId);
    await waitFor(() => serverSocketOf(one, user.userId).length === 0, 'both sockets on instance 1 to sign out');
  });
});

describe('limits across instances', () => {
  it('a client\'s rate limit counts its requests to both instances', async () => {
    await twoInstances({ rateLimitScale: 1 });
    const session = await startSession(one);
    const send = (server: TestServer, index: number) =>
      callApi(server, 'POST', '/vcode/register', { as: session, payload: { email: `limit${index}@example.com` } });
    // Five codes a minute per client: three through one instance and two through the other use them up.
    for (const [index, server] of [one, two, one, two, one].entries()) expect((await send(server, index)).json()).toMatchObject({ errcode: 0 });
    for (const server of [one, two]) {
      const refused = await send(server, 9);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ errcode: ERRCODES.rateLimited });
    }
  });

  it('twenty concurrent guesses on one account, half through each instance: three get checked, the rest are asked for the captcha', async () => {
    await twoInstances();
    // A made-up account: the throttle treats it exactly as a real one (server/modules/account/throttle.ts).
    const email = `guessed-${Date.now()}@example.com`;
    const sessions = await Promise.all(Array.from({ length: 20 }, (_, index) => startSession(index % 2 === 0 ? one : two)));
    const answers = await Promise.all(
      sessions.map((session, index) => callApi(index % 2 === 0 ? one : two, 'POST', '/account/signin', { as: session, payload: { username: email, password: 'Wrong1234' } })),
    );
    const codes = answers.map((answer) => answer.json<{ errcode: number }>().errcode);
    expect(codes.filter((code) => code === ERRCODES.wrongCredentials)).toHaveLength(3);
    expect(codes.filter((code) => code === ERRCODES.captchaRequired)).toHaveLength(17);
  });
});

describe('what instances keep in memory', () => {
  it('an operator\'s change of a market\'s terms through instance 1 applies on instance 2 without a restart', async () => {
    await twoInstances();
    const asOperator = { authorization: `Bearer ${one.context.adminToken}` };
    const update = (body: Record<string, unknown>) => callApi(one, 'POST', `/operator/markets/update?id=${BTC_USDT}`, { headers: asOperator, payload: body });
    expect((await update({ takerFeePpm: 500, status: 'suspended' })).json()).toMatchObject({ errcode: 0 });
    await waitFor(() => two.app.engine.config.termsOf(BTC_USDT)?.takerPpm === 500n && !two.app.engine.isTrading(BTC_USDT), 'instance 2 to read the new terms');
    expect((await update({ status: 'active' })).json()).toMatchObject({ errcode: 0 });
    await waitFor(() => two.app.engine.isTrading(BTC_USDT), 'instance 2 to trade the market again');
  });
});

describe('while Redis is away', () => {
  it('the instances go on answering (rate limits and the sign-in turn let calls through, emits to other instances are lost), and share again once it is back', async () => {
    let own = await startLocalRedis({ port: REDIS_PORTS });
    await twoInstances({ rateLimitScale: 1 }, own.url);
    const user = await createTestUser(one);
    const socket = await openSocket(urlOf(one), { cookie: user.cookie });
    const balances = collect<BalanceMessage>(socket, 'balance');
    await own.stop();

    const session = await startSession(two);
    const signin = await callApi(two, 'POST', '/account/signin', { as: session, payload: { username: 'nobody@example.com', password: 'Wrong1234' } });
    expect(signin.json()).toMatchObject({ errcode: ERRCODES.wrongCredentials });
    two.app.engine.events.emit('balance', { userId: user.userId, currencies: ['USDT'] });
    await settle();
    expect(balances).toEqual([]);

    // Back on the same address: the connections reconnect and subscribe again by themselves.
    own = await startLocalRedis({ port: own.port });
    try {
      await waitFor(() => {
        two.app.engine.events.emit('balance', { userId: user.userId, currencies: ['USDT'] });
        return balances.length > 0;
      }, 'an event from instance 2 once Redis is back');
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await cluster?.close();
      cluster = undefined;
      await own.stop();
    }
  });
});
