// Proves the socket server over a real connection: market channels carry committed book deltas with consecutive sequence numbers, trades and quotes; a client that drops a delta resyncs from full_quote and ends with the server's book; private channels reach only their own signed-in user; cross-site origins, bad subscriptions and floods are refused.
import type { AddressInfo } from 'node:net';
import Sqlite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { recheckSessions } from '../../../server/realtime/server';
import { DEPTH_LEVELS_MAX } from '../../../src/shared/api/market';
import { ERRCODES } from '../../../src/shared/errcodes';
import {
  REALTIME_LIMITS,
  SERVER_MESSAGE_SCHEMAS,
  userChannel,
  type BalanceMessage,
  type BookMessage,
  type BookSnapshot,
  type IndexMessage,
  type OrderMessage,
  type QuoteMessage,
  type ServerToClientEvents,
  type SubscribeAck,
  type TradesMessage,
} from '../../../src/shared/realtime';
import { RealtimeBook } from '../../../src/shared/realtime-book';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { buildTestServer, type TestServer } from '../../helpers/server';
import { openTestSocket, SOCKET_WAIT_MS, waitFor, type ClientSocket } from '../../helpers/sockets';

const BTC_USDT = 301;
const FUTURES_BTC_USDT = 201;
const FUTURES_ETH_USDT = 202;
const BOPTION_BTC_USDT = 101;
const TEST_ONLY_BTC_USDC = 311;

let server: TestServer;
let baseUrl: string;
const sockets: ClientSocket[] = [];

beforeEach(async () => {
  server = await buildTestServer({ demoMode: false, robotsEnabled: false });
  baseUrl = await listen(server.app);
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await server.close();
  // Every message a test collected matched its event's schema: what the hub checks it against.
  expect(schemaMismatches.splice(0)).toEqual([]);
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens a socket to this test's server (or to `url`) and waits for the handshake's outcome. */
function openSocket(headers: Record<string, string> = {}, url = baseUrl): Promise<ClientSocket> {
  return openTestSocket(url, headers, sockets);
}

function subscribe(socket: ClientSocket, symbolId: unknown): Promise<SubscribeAck> {
  return socket.timeout(SOCKET_WAIT_MS).emitWithAck('subscribe', { channel: 'market', symbolId } as never);
}

/** Lets messages in flight arrive, so that "nothing arrived" means nothing was sent. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
}

/** Messages the server sent that their event's schema (shared/realtime.ts) refuses. */
const schemaMismatches: { event: string; message: unknown }[] = [];

function collect<Message>(socket: ClientSocket, event: keyof ServerToClientEvents): Message[] {
  const messages: Message[] = [];
  socket.on(event, ((message: Message) => {
    if (!SERVER_MESSAGE_SCHEMAS[event].safeParse(message).success) schemaMismatches.push({ event, message });
    messages.push(message);
  }) as never);
  return messages;
}

async function fundedUser(): Promise<TestUser> {
  const user = await createTestUser(server);
  await creditUser(server, user.userId, 'BTC', '10');
  await creditUser(server, user.userId, 'USDT', '1000000');
  return user;
}

function sell(user: TestUser, price: string, quantity: string) {
  return server.app.engine.placeOrder({ userId: user.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price, quantity });
}

function buy(user: TestUser, price: string, quantity: string) {
  return server.app.engine.placeOrder({ userId: user.userId, symbolId: BTC_USDT, side: 'buy', type: 'limit', price, quantity });
}

async function fetchSnapshot(symbolId: number): Promise<BookSnapshot> {
  const response = await fetch(`${baseUrl}/api/v1/quotation/full_quote?id=${symbolId}`);
  const body = (await response.json()) as { errcode: number; data: { depth: BookSnapshot } };
  expect(body.errcode).toBe(0);
  return body.data.depth;
}

/**
 * Counts the orders through a connection of its own. On SQLite a read-only handle counts at the
 * very moment of the call; on PostgreSQL the query starts at that moment on a connection of the
 * pool other than the one the commit batch holds.
 */
function openCommittedOrderCounter(): { count(): Promise<number>; close(): Promise<void> } {
  const { database } = server;
  if (database.dialect === 'sqlite') {
    const reader = new Sqlite(database.sqlite.name, { readonly: true });
    const countOrders = reader.prepare('SELECT count(*) AS count FROM orders').pluck();
    return { count: () => Promise.resolve(Number(countOrders.get())), close: async () => void reader.close() };
  }
  return {
    count: async () => Number((await database.db.selectFrom('orders').select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow()).count),
    close: async () => undefined,
  };
}

describe('market channel', () => {
  it('pushes book deltas with consecutive sequence numbers, only after each order committed', async () => {
    const socket = await openSocket();
    expect(await subscribe(socket, BTC_USDT)).toEqual({ ok: true, channel: `market=${BTC_USDT}` });
    // At each delta's arrival, count the orders another connection can read: it sees only
    // committed rows, so a delta published before its commit would find its order missing.
    const reader = openCommittedOrderCounter();
    const committedAtArrival: Promise<number>[] = [];
    const deltas: BookMessage[] = [];
    socket.on('book', (message) => {
      deltas.push(message);
      committedAtArrival.push(reader.count());
    });
    const startSequence = server.app.engine.depth(BTC_USDT, 1).sequence;
    const maker = await fundedUser();
    await sell(maker, '90000', '0.5');
    await sell(maker, '90010', '0.25');
    await buy(maker, '89990', '0.1');
    await waitFor(() => committedAtArrival.length === 3, 'three deltas');

    expect(deltas.map((delta) => delta.sequence)).toEqual([startSequence + 1, startSequence + 2, startSequence + 3]);
    expect(deltas.map((delta) => delta.changes)).toEqual([
      [{ side: 'sell', price: '90000.00', quantity: '0.500000' }],
      [{ side: 'sell', price: '90010.00', quantity: '0.250000' }],
      [{ side: 'buy', price: '89990.00', quantity: '0.100000' }],
    ]);
    (await Promise.all(committedAtArrival)).forEach((count, index) => expect(count).toBeGreaterThanOrEqual(index + 1));
    await reader.close();
  });

  it('pushes the trades of a crossing order with its book sequence, then the quote', async () => {
    const socket = await openSocket();
    await subscribe(socket, BTC_USDT);
    const deltas = collect<BookMessage>(socket, 'book');
    const trades = collect<TradesMessage>(socket, 'trades');
    const quotes = collect<QuoteMessage>(socket, 'quote');
    const [maker, taker] = [await fundedUser(), await fundedUser()];
    await sell(maker, '90000', '0.5');
    await buy(taker, '90000', '0.2');
    await waitFor(() => quotes.length === 1 && deltas.length === 2, 'the trade, its delta and the quote');

    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({ symbolId: BTC_USDT, sequence: deltas[1]!.sequence });
    expect(trades[0]!.trades).toMatchObject([{ price: '90000.00', quantity: '0.200000', takerSide: 'buy' }]);
    expect(deltas[1]!.changes).toEqual([{ side: 'sell', price: '90000.00', quantity: '0.300000' }]);
    expect(quotes[0]).toMatchObject({ symbolId: BTC_USDT, sequence: deltas[1]!.sequence, quote: { id: BTC_USDT, c: '90000.00' } });
  });

  it('a client that drops a delta detects the gap, resyncs from full_quote and ends with the server book', async () => {
    const [maker, taker] = [await fundedUser(), await fundedUser()];
    // A book that exists before the client arrives, so the first snapshot is not empty.
    await sell(maker, '90100', '0.3');
    await buy(maker, '89900', '0.4');

    const socket = await openSocket();
    const snapshots: number[] = [];
    const book = new RealtimeBook({
      symbolId: BTC_USDT,
      levelsMax: DEPTH_LEVELS_MAX,
      fetchSnapshot: async () => {
        const snapshot = await fetchSnapshot(BTC_USDT);
        snapshots.push(snapshot.sequence);
        return snapshot;
      },
      retryDelayMs: 20,
    });
    let received = 0;
    let dropped: BookMessage | undefined;
    socket.on('book', (message) => {
      received += 1;
      // The network loses the second delta.
      if (received === 2) dropped = message;
      else book.applyMessage(message);
    });
    // Subscribe first, then read the snapshot: no delta can fall between the two.
    await subscribe(socket, BTC_USDT);
    await book.start();
    expect(book.snapshotCount).toBe(1);

    await sell(maker, '90050', '0.2');
    await sell(maker, '90050', '0.1');
    await buy(taker, '90100', '0.35');
    const cancelled = await buy(maker, '89950', '0.5');
    await server.app.engine.cancelOrder(maker.userId, cancelled.id);
    await sell(taker, '89800', '0.1');
    await buy(taker, '89850', '0.05');

    const engine = server.app.engine;
    await waitFor(() => book.isLive && book.sequence === engine.depth(BTC_USDT, DEPTH_LEVELS_MAX).sequence, 'the copy to catch up');
    expect(dropped).toBeDefined();
    expect(book.snapshotCount).toBe(2);
    // The resync's snapshot already held the dropped delta; older deltas were discarded.
    expect(snapshots[1]).toBeGreaterThanOrEqual(dropped!.sequence);
    expect(book.view()).toEqual(engine.depth(BTC_USDT, DEPTH_LEVELS_MAX));
    expect(book.view().asks.length + book.view().bids.length).toBeGreaterThan(0);
  });

  it('refuses malformed, unknown, non-engine and hidden test-only markets', async () => {
    const anonymous = await openSocket();
    expect(await subscribe(anonymous, 'abc')).toEqual({ ok: false, errcode: ERRCODES.invalidFields });
    expect(await anonymous.timeout(SOCKET_WAIT_MS).emitWithAck('subscribe', { channel: 'private', symbolId: BTC_USDT } as never)).toEqual({ ok: false, errcode: ERRCODES.invalidFields });
    expect(await subscribe(anonymous, 999_999)).toEqual({ ok: false, errcode: ERRCODES.symbolNotFound });
    expect(await subscribe(anonymous, FUTURES_BTC_USDT)).toEqual({ ok: false, errcode: ERRCODES.symbolNotFound });
    expect(await subscribe(anonymous, TEST_ONLY_BTC_USDC)).toEqual({ ok: false, errcode: ERRCODES.symbolNotFound });

    const tester = await createTestUser(server, { testEnabled: true });
    const testerSocket = await openSocket({ cookie: tester.cookie });
    expect(await subscribe(testerSocket, TEST_ONLY_BTC_USDC)).toEqual({ ok: true, channel: `market=${TEST_ONLY_BTC_USDC}` });
    expect(await testerSocket.timeout(SOCKET_WAIT_MS).emitWithAck('unsubscribe', { channel: 'market', symbolId: TEST_ONLY_BTC_USDC })).toEqual({ ok: true, channel: `market=${TEST_ONLY_BTC_USDC}` });
  });

  it('the index channel carries every futures and binary-option index at its own precision after each round', async () => {
    const socket = await openSocket();
    expect(await socket.timeout(SOCKET_WAIT_MS).emitWithAck('subscribe', { channel: 'index' })).toEqual({ ok: true, channel: 'index' });
    const messages = collect<IndexMessage>(socket, 'index');
    server.app.prices.setReference(BTC_USDT, 9_012_345n);
    server.app.prices.sample();
    await waitFor(() => messages.some((message) => message.prices.some((item) => item.price !== null)), 'an index message with a price');
    const prices = new Map(messages.at(-1)!.prices.map((item) => [item.symbolId, item.price]));
    // Futures BTC_USDT has one price decimal, the binary option two; both read spot BTC_USDT.
    expect(prices.get(FUTURES_BTC_USDT)).toBe('90123.4');
    expect(prices.get(BOPTION_BTC_USDT)).toBe('90123.45');
    expect(prices.has(BTC_USDT)).toBe(false);
    expect(prices.get(FUTURES_ETH_USDT)).toBeNull();

    const history = await server.app.inject({ method: 'GET', url: `/api/v1/market/indexhistory?id=${FUTURES_BTC_USDT}` });
    expect(history.json()).toMatchObject({ errcode: 0, data: { symbolId: FUTURES_BTC_USDT, points: [{ price: '90123.4' }] } });
  });

  it('tells every socket, with no channel joined, when an operator changed the markets', async () => {
    const socket = await openSocket();
    const messages = collect<{ at: number }>(socket, 'markets');
    const suspended = await server.app.inject({
      method: 'POST',
      url: `/api/v1/operator/markets/update?id=${BTC_USDT}`,
      headers: { authorization: `Bearer ${server.context.adminToken}` },
      payload: { status: 'suspended' },
    });
    expect(suspended.json()).toMatchObject({ errcode: 0 });
    await waitFor(() => messages.length === 1, 'a markets message');
    await settle();
    expect(messages).toHaveLength(1);
  });

  it('stops a subscription at unsubscribe', async () => {
    const socket = await openSocket();
    await subscribe(socket, BTC_USDT);
    await socket.timeout(SOCKET_WAIT_MS).emitWithAck('unsubscribe', { channel: 'market', symbolId: BTC_USDT });
    const deltas = collect<BookMessage>(socket, 'book');
    await sell(await fundedUser(), '90000', '0.1');
    await settle();
    expect(deltas).toEqual([]);
  });

  it(`holds at most ${REALTIME_LIMITS.subscriptionsMax} markets per socket`, async () => {
    // The seed has fewer exchange markets than the bound: add enough, then start a second app
    // on the same database so that its engine trades them.
    const currencies = (await server.context.db.selectFrom('currencies').select('code').execute()).map((row) => row.code);
    const exchangeRows = await server.context.db.selectFrom('symbols').select(['symbol', 'test_only']).where('type', '=', 3n).execute();
    const existing = new Set(exchangeRows.map((row) => row.symbol));
    const visibleCount = exchangeRows.filter((row) => row.test_only === 0n).length;
    const pairs = currencies.flatMap((base) => currencies.filter((quote) => quote !== base).map((quote) => `${base}_${quote}`)).filter((pair) => !existing.has(pair));
    const template = await server.context.db.selectFrom('symbols').selectAll().where('id', '=', BigInt(BTC_USDT)).executeTakeFirstOrThrow();
    const needed = REALTIME_LIMITS.subscriptionsMax + 1 - visibleCount;
    expect(pairs.length).toBeGreaterThanOrEqual(needed);
    await server.context.db
      .insertInto('symbols')
      .values(
        pairs.slice(0, needed).map((symbol, index) => {
          const [base = '', quote = ''] = symbol.split('_');
          return { ...template, id: 1000n + BigInt(index), symbol, name: `${base}/${quote}`, base_symbol: base, quote_symbol: quote, prompted: 0n, price_precision: 2n, volume_precision: 2n };
        }),
      )
      .execute();
    const app = await buildApp(server.context);
    try {
      const url = await listen(app);
      const socket = await openSocket({}, url);
      const symbolIds = app.engine.symbols().filter((symbol) => !symbol.testOnly).map((symbol) => symbol.id);
      expect(symbolIds.length).toBeGreaterThan(REALTIME_LIMITS.subscriptionsMax);
      const answers: SubscribeAck[] = [];
      for (const symbolId of symbolIds.slice(0, REALTIME_LIMITS.subscriptionsMax + 1)) answers.push(await subscribe(socket, symbolId));
      expect(answers.slice(0, REALTIME_LIMITS.subscriptionsMax).every((answer) => answer.ok)).toBe(true);
      expect(answers.at(-1)).toEqual({ ok: false, errcode: ERRCODES.rateLimited });
      // Subscribing again to a market it holds is not a new channel.
      expect(await subscribe(socket, symbolIds[0])).toMatchObject({ ok: true });
      socket.disconnect();
    } finally {
      await app.close();
    }
  });

  it('answers a flood of messages beyond the burst with rateLimited', async () => {
    const socket = await openSocket();
    const answers = await Promise.all(Array.from({ length: REALTIME_LIMITS.messageBurst + 20 }, () => subscribe(socket, BTC_USDT)));
    const refused = answers.filter((answer) => !answer.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((answer) => !answer.ok && answer.errcode === ERRCODES.rateLimited)).toBe(true);
    expect(answers.slice(0, REALTIME_LIMITS.messageBurst).every((answer) => answer.ok)).toBe(true);
  });

  it('drops a socket that sends a message above the size bound', async () => {
    const socket = await openSocket();
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    socket.emit('subscribe', { channel: 'market', symbolId: BTC_USDT, padding: 'x'.repeat(REALTIME_LIMITS.messageBytesMax * 2) } as never, () => undefined);
    expect(await disconnected).toBe('transport close');
  });
});

describe('handshake', () => {
  it('refuses a cross-site Origin and accepts the server own origin', async () => {
    await expect(openSocket({ origin: 'https://evil.example' })).rejects.toThrow();
    const user = await createTestUser(server);
    await expect(openSocket({ origin: 'https://evil.example', cookie: user.cookie })).rejects.toThrow();
    const socket = await openSocket({ origin: baseUrl, cookie: user.cookie });
    expect(socket.connected).toBe(true);
  });

  it('accepts a socket with an unknown session cookie as anonymous', async () => {
    const socket = await openSocket({ cookie: 'sid=not-a-session' });
    expect(socket.connected).toBe(true);
    expect(server.app.realtime.sockets.adapter.rooms.size).toBe(1);
  });
});

describe('private channel', () => {
  it('gives user A its own order and balance events, never B events, and an anonymous socket none', async () => {
    const [userA, userB] = [await fundedUser(), await fundedUser()];
    const anonymous = await openSocket();
    await subscribe(anonymous, BTC_USDT);
    const socketA = await openSocket({ cookie: userA.cookie });
    const socketB = await openSocket({ cookie: userB.cookie });
    const anonymousOrders = collect<OrderMessage>(anonymous, 'order');
    const anonymousBalances = collect<BalanceMessage>(anonymous, 'balance');
    const ordersA = collect<OrderMessage>(socketA, 'order');
    const balancesA = collect<BalanceMessage>(socketA, 'balance');
    const ordersB = collect<OrderMessage>(socketB, 'order');
    const balancesB = collect<BalanceMessage>(socketB, 'balance');

    const resting = await sell(userA, '90000', '0.5');
    const crossing = await buy(userB, '90000', '0.2');
    const own = await buy(userB, '80000', '0.1');
    await waitFor(() => ordersA.length >= 2 && ordersB.length >= 2, 'order events');
    await settle();

    expect(ordersA.every((message) => message.order.userId === userA.userId)).toBe(true);
    expect(ordersB.every((message) => message.order.userId === userB.userId)).toBe(true);
    expect(ordersA.map((message) => message.order.id)).toEqual([resting.id, resting.id]);
    expect(ordersA.at(-1)!.order).toMatchObject({ status: 'open', filledQuantity: '0.200000' });
    expect(ordersB.map((message) => message.order.id)).toEqual([crossing.id, own.id]);
    expect(balancesA.flatMap((message) => message.currencies).sort()).toEqual(expect.arrayContaining(['BTC', 'USDT']));
    expect(balancesB.length).toBeGreaterThan(0);
    expect(anonymousOrders).toEqual([]);
    expect(anonymousBalances).toEqual([]);
  });

  it('leaves the private channel at the moment of sign-out, with no periodic check (issue 12)', async () => {
    const user = await fundedUser();
    const socket = await openSocket({ cookie: user.cookie });
    const orders = collect<OrderMessage>(socket, 'order');
    expect(server.app.realtime.sockets.adapter.rooms.get(userChannel(user.userId))?.size).toBe(1);
    const signedOut = await server.app.inject({ method: 'POST', url: '/api/v1/account/signout', headers: user.headers, payload: {} });
    expect(signedOut.json()).toMatchObject({ errcode: 0 });
    // No recheckSessions here: the sign-out itself took the socket out.
    expect(server.app.realtime.sockets.adapter.rooms.get(userChannel(user.userId))).toBeUndefined();
    await sell(user, '90000', '0.1');
    await settle();
    expect(orders).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it('leaves the private channel when the session expires, at its deadline', async () => {
    const user = await fundedUser();
    // A session that ends (absolutely) in 300 ms from the server's clock.
    await server.context.db.updateTable('sessions').set({ absolute_expires_at: server.context.now() + 300 }).where('user_id', '=', BigInt(user.userId)).execute();
    const socket = await openSocket({ cookie: user.cookie });
    expect(server.app.realtime.sockets.adapter.rooms.get(userChannel(user.userId))?.size).toBe(1);
    await waitFor(() => server.app.realtime.sockets.adapter.rooms.get(userChannel(user.userId)) === undefined, 'the expired session to leave its channel');
    expect(socket.connected).toBe(true);
  });

  it('leaves the private channel once the session has ended', async () => {
    const user = await fundedUser();
    const socket = await openSocket({ cookie: user.cookie });
    const orders = collect<OrderMessage>(socket, 'order');
    expect(server.app.realtime.sockets.adapter.rooms.get(userChannel(user.userId))?.size).toBe(1);

    await server.context.db.deleteFrom('sessions').where('user_id', '=', BigInt(user.userId)).execute();
    await recheckSessions(server.app, server.app.realtime, server.app.engine);
    expect(server.app.realtime.sockets.adapter.rooms.get(userChannel(user.userId))).toBeUndefined();

    await sell(user, '90000', '0.1');
    await settle();
    expect(orders).toEqual([]);
    expect(socket.connected).toBe(true);
  });
});
