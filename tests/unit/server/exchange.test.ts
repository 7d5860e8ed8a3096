/**
 * Proves the spot exchange calls over HTTP: placing, listing, cancelling and paging orders,
 * JSON and form bodies, the refusals with their errcodes, and that a user never sees or cancels
 * another user's order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  alice = await createTestUser(server);
  bob = await createTestUser(server);
  await creditUser(server, alice.userId, 'USDT', '50000');
  await creditUser(server, bob.userId, 'BTC', '1');
});
afterAll(async () => {
  await server.close();
});

const post = (user: TestUser | null, url: string, payload?: Record<string, unknown>) => callApi(server, 'POST', url, { as: user, payload: payload ?? {} });

describe('POST /exchange/create', () => {
  it('R-API-04 places a resting limit order by symbol name and lists it among active orders', async () => {
    const response = await post(alice, '/exchange/create', { symbol: 'btc_usdt', side: 'buy', type: 'limit', price: '80000', quantity: '0.1' });
    expect(response.json()).toMatchObject({ errcode: 0, data: { symbol: 'BTC_USDT', status: 'open', price: '80000.00', quantity: '0.100000' } });
    const active = await post(alice, '/exchange/activeorders?symbol=BTC_USDT');
    expect(active.json().data).toHaveLength(1);
  });

  it('accepts a form-encoded body with the symbol id', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/exchange/create',
      headers: { ...bob.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'symbol=301&side=sell&type=limit&price=81000&quantity=0.05',
    });
    expect(response.json()).toMatchObject({ errcode: 0, data: { side: 'sell', status: 'open' } });
  });

  it('fills a crossing order and shows it in the history', async () => {
    const response = await post(alice, '/exchange/create', { symbol: 301, side: 'buy', type: 'limit', price: '81000', quantity: '0.05' });
    expect(response.json().data).toMatchObject({ status: 'filled', averagePrice: '81000.00' });
    const history = await post(alice, '/exchange/orders', { status: 'filled' });
    expect(history.json().data.total).toBe(1);
  });

  it('refuses what the user cannot pay, bad precision and unknown symbols with errcodes', async () => {
    expect((await post(alice, '/exchange/create', { symbol: 301, side: 'buy', price: '90000', quantity: '5' })).json()).toMatchObject({ errcode: 1101 });
    expect((await post(alice, '/exchange/create', { symbol: 301, side: 'buy', price: '1.001', quantity: '1' })).json()).toMatchObject({ errcode: 1304 });
    expect((await post(alice, '/exchange/create', { symbol: 'nope_usdt', side: 'buy', price: '1', quantity: '1' })).json()).toMatchObject({ errcode: 1301 });
    const invalid = await post(alice, '/exchange/create', { symbol: 301, side: 'up', price: '1', quantity: '1' });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await post(null, '/exchange/create', { symbol: 301, side: 'buy', price: '1', quantity: '1' })).statusCode).toBe(401);
  });
});

describe('POST /exchange/cancelorder', () => {
  it('cancels only the owner order; another user gets orderNotFound and the order stays', async () => {
    const placed = (await post(alice, '/exchange/create', { symbol: 301, side: 'buy', price: '70000', quantity: '0.01' })).json().data;
    expect((await post(bob, `/exchange/cancelorder?id=${placed.id}`)).json()).toMatchObject({ errcode: 1302 });
    expect((await post(bob, '/exchange/activeorders')).json().data.map((order: { id: number }) => order.id)).not.toContain(placed.id);
    expect((await post(alice, `/exchange/cancelorder?id=${placed.id}`)).json()).toMatchObject({ errcode: 0, data: { status: 'cancelled' } });
    expect((await post(alice, `/exchange/cancelorder?id=${placed.id}`)).json()).toMatchObject({ errcode: 1303 });
  });
});

describe('POST /exchange/cancelall', () => {
  it('cancels every open order of the caller in one market, then in all, and touches nobody else\'s', async () => {
    const carol = await createTestUser(server);
    await creditUser(server, carol.userId, 'USDT', '10000');
    await creditUser(server, bob.userId, 'USDT', '1000');
    for (const price of ['30000', '30001', '30002']) await post(carol, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', price, quantity: '0.01' });
    await post(carol, '/exchange/create', { symbol: 'ETH_USDT', side: 'buy', price: '1000', quantity: '0.1' });
    const bobs = (await post(bob, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', price: '30000', quantity: '0.01' })).json().data;

    expect((await post(carol, '/exchange/cancelall?symbol=BTC_USDT')).json()).toEqual({ errcode: 0, data: { cancelled: 3 } });
    expect((await post(carol, '/exchange/activeorders')).json().data.map((order: { symbol: string }) => order.symbol)).toEqual(['ETH_USDT']);
    expect((await post(carol, '/exchange/cancelall')).json()).toEqual({ errcode: 0, data: { cancelled: 1 } });
    expect((await post(carol, '/exchange/cancelall')).json()).toEqual({ errcode: 0, data: { cancelled: 0 } });
    expect((await post(bob, '/exchange/activeorders')).json().data.map((order: { id: number }) => order.id)).toContain(bobs.id);
    // Every hold is released: Carol has all her USDT again.
    const balance = (await post(carol, '/balance/get?currency=USDT')).json().data;
    expect(balance).toMatchObject({ balance: '10000.000000', frozen: '0.000000' });
  });
});

describe('POST /exchange/orders', () => {
  it('pages the user own orders newest first with a server-side cap', async () => {
    const page = (await post(alice, '/exchange/orders', { offset: 0, limit: 100000 })).json().data;
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.list.every((order: { userId: number }) => order.userId === alice.userId)).toBe(true);
    const ids = page.list.map((order: { id: number }) => order.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
  });
});
