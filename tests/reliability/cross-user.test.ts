/**
 * The cross-user matrix: for every object the API names by an id (orders, notifications, help-desk
 * chats and their images, convert quotes and history, lucky-draw tickets, identity documents and
 * their images, bank accounts, the avatar, balances, deposit addresses and deposits, withdrawals,
 * binary options, futures positions), user A makes one and user B tries
 * every call that takes that id or lists that kind. B must get the answer an unknown object gets
 * (never A's data, never a different refusal that would confirm the id exists) and A's object must
 * be unchanged. Each area that adds objects adds its row here. Prints how many pairs were tried.
 */
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTicket } from '../../server/modules/rewards/repo';
import { ERRCODES } from '../../src/shared/errcodes';
import { createTestUser, creditUser, fundHouse, fundPlatformAccount, type TestUser } from '../helpers/auth';
import { mineBlocks, newWatcher, simulateDeposit } from '../helpers/chain';
import { callApi } from '../helpers/inject';
import { multipart } from '../helpers/multipart';
import { buildTestServer, type TestServer } from '../helpers/server';
import { withdrawingUser, withdrawUsdt } from '../helpers/withdraw';

const BTC_USDT = 301;

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let tried = 0;

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  owner = await createTestUser(server);
  stranger = await createTestUser(server);
  for (const user of [owner, stranger]) await creditUser(server, user.userId, 'USDT', '1000');
  const maker = await createTestUser(server);
  await creditUser(server, maker.userId, 'BTC', '1');
  await server.app.engine.placeOrder({ userId: maker.userId, symbolId: BTC_USDT, side: 'sell', type: 'limit', price: '90100', quantity: '1' });
  await fundHouse(server, { BTC: '10' });
  server.app.prices.setReference(BTC_USDT, 9_000_000n);
});
afterAll(async () => {
  console.info(`cross-user matrix: ${tried} calls by a stranger naming another user's objects, none answered with their data`);
  await server.close();
});

function call(user: TestUser, method: 'GET' | 'POST', url: string, payload: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  tried += 1;
  return callApi(server, method, url, { as: user, payload });
}

const body = (response: LightMyRequestResponse) => response.json<{ errcode: number; data?: unknown }>();

interface NamedCall {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
}

/** What the stranger gets for the owner's id must equal what an id nobody has gets. */
async function expectLikeUnknown(stranger: TestUser, request: (id: string) => NamedCall, ownersId: string, unknownId: string): Promise<void> {
  const send = (id: string) => {
    const { method, url, payload } = request(id);
    return call(stranger, method, url, payload);
  };
  const foreign = await send(ownersId);
  const unknown = await send(unknownId);
  expect(foreign.statusCode).toBe(unknown.statusCode);
  expect(body(foreign)).toEqual(body(unknown));
  expect(body(foreign).errcode).not.toBe(0);
}

describe('another user\'s objects', () => {
  it('orders: the stranger cannot cancel, list or see them, and they stay open', async () => {
    const order = body(await call(owner, 'POST', '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '80000', quantity: '0.001' })).data as { id: number };
    await expectLikeUnknown(stranger, (id) => ({ method: 'POST', url: `/exchange/cancelorder?id=${id}` }), String(order.id), '999999999');
    for (const url of ['/exchange/activeorders', '/exchange/activeorders?symbol=BTC_USDT']) {
      expect(JSON.stringify(body(await call(stranger, 'POST', url)).data)).not.toContain(`"id":${order.id},`);
    }
    const history = body(await call(stranger, 'POST', '/exchange/orders', { limit: 100 })).data as { list: { id: number }[] };
    expect(history.list.map((entry) => entry.id)).not.toContain(order.id);
    const mine = body(await call(owner, 'POST', '/exchange/activeorders')).data as { id: number; status: string }[];
    expect(mine.find((entry) => entry.id === order.id)?.status).toBe('open');
  });

  it('notifications: the stranger cannot mark them read or list them', async () => {
    const operator = await createTestUser(server, { role: 'operator' });
    expect(body(await call(operator, 'POST', '/operator/notify', { userId: owner.userId, message: 'for the owner only' })).errcode).toBe(0);
    await server.app.outbox.drain();
    let list: { id: number; message: string }[] = [];
    for (let round = 0; round < 50 && !list.some((entry) => entry.message === 'for the owner only'); round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      list = body(await call(owner, 'POST', '/notification/list')).data as { id: number; message: string }[];
    }
    const notification = list.find((entry) => entry.message === 'for the owner only');
    expect(notification).toBeDefined();
    await expectLikeUnknown(stranger, (id) => ({ method: 'POST', url: `/notification/markasread?id=${id}` }), String(notification!.id), '999999999');
    const strangers = body(await call(stranger, 'POST', '/notification/list')).data as { id: number }[];
    expect(strangers.map((entry) => entry.id)).not.toContain(notification!.id);
    const after = body(await call(owner, 'POST', '/notification/list')).data as { id: number; readFlag: boolean }[];
    expect(after.find((entry) => entry.id === notification!.id)?.readFlag).toBe(false);
  });

  it('help-desk chats and their images: the stranger cannot read, write to or see them', async () => {
    const chat = body(await call(owner, 'POST', '/helpdesk/start', {})).data as { SessionId: string; ChatId: string };
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    const upload = multipart([{ name: 'sessionId', value: chat.SessionId }, { name: 'image', filename: 'a.png', type: 'image/png', data: png }]);
    tried += 1;
    const image = (await server.app.inject({ method: 'POST', url: '/api/v1/helpdesk/image', headers: { ...owner.headers, 'content-type': upload.contentType }, payload: upload.payload })).json<{ data: { body: string } }>().data;
    expect(image.body).toMatch(/\/helpdesk\/image\//);

    const unknownKey = 'A'.repeat(chat.SessionId.length);
    await expectLikeUnknown(stranger, (id) => ({ method: 'GET', url: `/helpdesk/history?id=${id}` }), chat.SessionId, unknownKey);
    await expectLikeUnknown(stranger, (id) => ({ method: 'POST', url: '/helpdesk/text', payload: { sessionId: id, text: 'not yours' } }), chat.SessionId, unknownKey);
    const strangerUpload = multipart([{ name: 'sessionId', value: chat.SessionId }, { name: 'image', filename: 'b.png', type: 'image/png', data: png }]);
    tried += 1;
    const uploaded = await server.app.inject({ method: 'POST', url: '/api/v1/helpdesk/image', headers: { ...stranger.headers, 'content-type': strangerUpload.contentType }, payload: strangerUpload.payload });
    expect(uploaded.json<{ errcode: number }>().errcode).not.toBe(0);
    tried += 1;
    const picture = await server.app.inject({ method: 'GET', url: image.body.replace(/^.*\/api\/v1/, '/api/v1'), headers: stranger.headers });
    expect(picture.statusCode).toBe(404);
    // The owner's chat holds exactly their own image.
    const history = body(await call(owner, 'GET', `/helpdesk/history?id=${chat.SessionId}`)).data as { body: string; fromClient: boolean }[];
    expect(history.filter((message) => message.fromClient)).toHaveLength(1);
  });

  it('convert quotes and history: the stranger cannot use the quote or see the convert', async () => {
    const quote = body(await call(owner, 'POST', '/convert/quote', { from: 'USDT', to: 'BTC', amount: '100' })).data as { quoteId: string };
    await expectLikeUnknown(stranger, (id) => ({ method: 'POST', url: '/convert/create', payload: { quoteId: id } }), quote.quoteId, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(body(await call(stranger, 'POST', '/convert/create', { quoteId: quote.quoteId })).errcode).toBe(ERRCODES.quoteNotFound);
    const order = body(await call(owner, 'POST', '/convert/create', { quoteId: quote.quoteId })).data as { id: number };
    const history = body(await call(stranger, 'GET', '/convert/history')).data as { list: { id: number }[] };
    expect(history.list.map((entry) => entry.id)).not.toContain(order.id);
  });

  it('lucky-draw tickets: the stranger cannot draw with them or see them, and they stay unused', async () => {
    await insertTicket(server.context.db, owner.userId, 1, server.context.now());
    const mine = () => call(owner, 'GET', '/luckydraw').then((response) => body(response).data as { ticketIds: number[]; ticketsLeft: number });
    const [ticketId] = (await mine()).ticketIds;
    await expectLikeUnknown(stranger, (id) => ({ method: 'POST', url: '/luckydraw', payload: { ticketId: Number(id) } }), String(ticketId), '999999999');
    const strangers = body(await call(stranger, 'GET', '/luckydraw')).data as { ticketIds: number[] };
    expect(strangers.ticketIds).not.toContain(ticketId);
    expect((await mine()).ticketsLeft).toBe(1);
  });

  it('identity documents, bank accounts and the avatar: the stranger cannot see, change or delete them', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#663399' } }).png().toBuffer();
    const documents = multipart([
      { name: 'realName', value: 'Owner Person' },
      { name: 'documentType', value: 'passport' },
      { name: 'documentNumber', value: 'P7654321' },
      ...['front', 'back', 'selfie'].map((side) => ({ name: side, filename: `${side}.png`, type: 'image/png', data: png })),
    ]);
    tried += 1;
    const sent = (await callApi(server, 'POST', '/identityverification', { as: owner, headers: { 'content-type': documents.contentType }, payload: documents.payload })).json<{
      data: { submission: { images: Record<string, string> } };
    }>().data;
    for (const url of Object.values(sent.submission.images)) {
      tried += 1;
      expect((await server.app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode).toBe(404);
    }
    expect(body(await call(stranger, 'GET', '/identityverification/detail')).data).toEqual({ status: 0, submission: null });
    expect(body(await call(stranger, 'GET', '/identityverification')).data).toBe(0);

    const account = body(await call(owner, 'POST', '/bankaccount', { holderName: 'Owner Person', bankName: 'Owner Bank', accountNumber: '12345678' })).data as { id: number };
    await expectLikeUnknown(stranger, (id) => ({ method: 'GET', url: `/bankaccount/query?id=${id}` }), String(account.id), '999999999');
    await expectLikeUnknown(stranger, (id) => ({ method: 'POST', url: `/bankaccount/delete?id=${id}` }), String(account.id), '999999999');
    expect(body(await call(stranger, 'GET', '/bankaccount/list?id=bank')).data).toEqual([]);
    expect(body(await call(owner, 'GET', `/bankaccount/query?id=${account.id}`)).errcode).toBe(0);

    // An avatar upload changes only the uploader's own profile: there is no id to name another's.
    const picture = multipart([{ name: 'image', filename: 'me.png', type: 'image/png', data: png }]);
    tried += 1;
    const ownersAvatar = (await callApi(server, 'POST', '/account/avatar', { as: owner, headers: { 'content-type': picture.contentType }, payload: picture.payload })).json<{ data: { avatarUrl: string } }>().data.avatarUrl;
    tried += 1;
    await callApi(server, 'POST', '/account/avatar', { as: stranger, headers: { 'content-type': picture.contentType }, payload: picture.payload });
    expect((body(await call(owner, 'POST', '/account/profile')).data as { avatarUrl: string }).avatarUrl).toBe(ownersAvatar);
  });

  it('deposit addresses and deposits: the stranger gets an address of their own and sees none of the owner\'s deposits', async () => {
    const address = (user: TestUser) => call(user, 'POST', '/blockchain/get_coin_address?coin=USDT&network=TRC20').then((response) => (body(response).data as { address: string }).address);
    const ownersAddress = await address(owner);
    const deposit = await simulateDeposit(server, { address: ownersAddress, amount: '5' });
    mineBlocks(server, 10);
    await newWatcher(server).poll();
    expect(await address(stranger)).not.toBe(ownersAddress);
    const history = body(await call(stranger, 'POST', '/blockchain/deposit_history')).data as { total: number };
    expect(history.total).toBe(0);
    expect(JSON.stringify(body(await call(stranger, 'POST', '/blockchain/deposit_history', { coin: 'USDT', offset: 0, limit: 100 })))).not.toContain(deposit.data.txid);
    // The operator's deposit call is the operator's: a user's session cannot put funds on the chain.
    expect(body(await call(stranger, 'POST', '/operator/chain/deposit', { address: ownersAddress, amount: '5' })).errcode).not.toBe(0);
    const owners = body(await call(owner, 'POST', '/blockchain/deposit_history')).data as { list: { txid: string; status: string }[] };
    expect(owners.list).toEqual([expect.objectContaining({ txid: deposit.data.txid, status: 'credited' })]);
  });

  it('withdrawals: the stranger cannot cancel, list or decide them, and they stay submitted', async () => {
    const holder = await withdrawingUser(server);
    const made = (await withdrawUsdt(server, holder, '25')).data!;
    await expectLikeUnknown(stranger, (id) => ({ method: 'POST', url: `/finance/withdraw_cancel?id=${id}` }), String(made.id), '999999999');
    const history = body(await call(stranger, 'POST', '/finance/withdraw_history', { offset: 0, limit: 100 })).data as { total: number };
    expect(history.total).toBe(0);
    for (const url of [`/operator/withdrawals/approve?id=${made.id}`, `/operator/withdrawals/paid?id=${made.id}`]) expect(body(await call(stranger, 'POST', url)).errcode).not.toBe(0);
    expect(body(await call(stranger, 'POST', `/operator/withdrawals/reject?id=${made.id}`, { reason: 'not yours' })).errcode).not.toBe(0);
    expect(body(await call(stranger, 'GET', '/operator/withdrawals')).errcode).not.toBe(0);
    // The quota is the caller's own: nothing of the holder's withdrawal is used up in it.
    expect((body(await call(stranger, 'POST', '/finance/blockChainWithdrawQuota?currency=USDT')).data as { usedToday: string }).usedToday).toBe('0.000000');
    const holders = body(await call(holder, 'POST', '/finance/withdraw_history')).data as { list: { id: number; status: string }[] };
    expect(holders.list).toEqual([expect.objectContaining({ id: made.id, status: 'submitted' })]);
  });

  it('binary options: the stranger cannot see or list them, and they stay open', async () => {
    await fundPlatformAccount(server, 'options_house', { USDT: '1000' });
    const placed = body(await callApi(server, 'POST', '/boption/create', { as: owner, payload: { symbol: 101, direction: 'up', periodSeconds: 300, stake: '10' }, headers: { 'idempotency-key': 'cross-user-option' } }));
    const order = placed.data as { id: number };
    await expectLikeUnknown(stranger, (id) => ({ method: 'POST', url: `/boptionorder/status?id=${id}` }), String(order.id), '999999999');
    for (const url of ['/boptionorder/recentOpenOrders', '/boptionorder/recentOpenOrders?id=101', '/boptionorder/orders?status=open', '/boptionorder/orders']) {
      expect(JSON.stringify(body(await call(stranger, 'POST', url)).data)).not.toContain(`"id":${order.id},`);
    }
    // The same idempotency key is the stranger's own: it makes the stranger's order, never answers the owner's.
    const own = body(await callApi(server, 'POST', '/boption/create', { as: stranger, payload: { symbol: 101, direction: 'up', periodSeconds: 300, stake: '10' }, headers: { 'idempotency-key': 'cross-user-option' } }));
    expect((own.data as { id: number }).id).not.toBe(order.id);
    expect((body(await call(owner, 'POST', `/boptionorder/status?id=${order.id}`)).data as { status: string }).status).toBe('open');
  });

  it('futures positions: the stranger cannot close, change or list them, and they stay open', async () => {
    await fundPlatformAccount(server, 'futures_house', { USDT: '100000' });
    await creditUser(server, owner.userId, 'USDT', '1000', 'futures');
    server.app.prices.setReference(BTC_USDT, 9_000_000n);
    const opened = body(await callApi(server, 'POST', '/futures/create', { as: owner, payload: { symbol: 'BTC_USDT', side: 'long', leverage: 10, volume: '0.01' }, headers: { 'idempotency-key': 'cross-user-future' } }));
    const position = opened.data as { id: number };
    await expectLikeUnknown(stranger, (id) => ({ method: 'POST', url: `/futures/closeorder?id=${id}` }), String(position.id), '999999999');
    await expectLikeUnknown(stranger, (id) => ({ method: 'POST', url: '/futures/updatestoppoints', payload: { id: Number(id), takeProfit: '100000' } }), String(position.id), '999999999');
    for (const url of ['/futures/orders', '/futures/orders?scope=open', '/futures/orders?symbol=201']) {
      expect(JSON.stringify(body(await call(stranger, 'POST', url)).data)).not.toContain(`"id":${position.id},`);
    }
    expect(body(await call(stranger, 'POST', '/futures/closeall')).data).toMatchObject({ closed: 0, cancelled: 0 });
    expect((body(await call(stranger, 'POST', '/futures/stats')).data as { openCount: number }).openCount).toBe(0);
    // The same idempotency key is the stranger's own: it makes nothing of the owner's answer.
    const own = body(await callApi(server, 'POST', '/futures/create', { as: stranger, payload: { symbol: 'BTC_USDT', side: 'long', leverage: 10, volume: '0.01' }, headers: { 'idempotency-key': 'cross-user-future' } }));
    expect((own.data as { id?: number } | undefined)?.id).not.toBe(position.id);
    const owners = body(await call(owner, 'POST', '/futures/orders')).data as { list: { id: number; status: string; takeProfit: string | null }[] };
    expect(owners.list).toEqual([expect.objectContaining({ id: position.id, status: 'open', takeProfit: null })]);
  });

  it('balances: every balance call answers the caller\'s own', async () => {
    await creditUser(server, owner.userId, 'BTC', '0.5');
    const lists = [
      body(await call(stranger, 'POST', '/balance/list')).data,
      body(await call(stranger, 'POST', '/balance/get?currency=BTC')).data,
      body(await call(stranger, 'GET', '/balance/get2?currency=BTC')).data,
    ];
    expect(JSON.stringify(lists)).not.toContain('0.5');
  });
});
