/**
 * Proves that a trader hears of their own trading in the notification centre (issue 14): an order
 * that fills, one that is cancelled (with what had filled) and a convert each make one notification,
 * of the 'other' kind to the spec's client, written in the reader's language; a repeated outbox
 * delivery makes no second one, and the market-maker robots' orders make none at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRobotsRecord } from '../../../server/modules/robots/accounts';
import { TRADING_NOTIFICATION_TYPE } from '../../../server/modules/notification/service';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
});
afterAll(async () => {
  await server.close();
});

type Listed = { type: number; typeName: string; message: string };

const post = async (user: TestUser, url: string, payload: Record<string, unknown> = {}, language = 'en') =>
  (await callApi(server, 'POST', url, { as: user, payload, headers: { 'accept-language': language } })).json();

async function notificationsOf(user: TestUser, language = 'en'): Promise<Listed[]> {
  await server.app.outbox.drain();
  return (await post(user, '/notification/list', {}, language)).data as Listed[];
}

async function trader(currency: string, amount: string): Promise<TestUser> {
  const user = await createTestUser(server);
  await creditUser(server, user.userId, currency, amount);
  return user;
}

describe('notifications of a trader\'s own orders', () => {
  it('an order that fills tells both sides: what filled, at what average price, in their language', async () => {
    const seller = await trader('BTC', '1');
    const buyer = await trader('USDT', '10000');
    expect((await post(seller, '/exchange/create', { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '60000', quantity: '0.05' })).errcode).toBe(0);
    expect((await post(buyer, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '60000', quantity: '0.05' })).data.status).toBe('filled');

    const [sold] = await notificationsOf(seller);
    expect(sold).toMatchObject({ type: TRADING_NOTIFICATION_TYPE.orderFilled, typeName: 'other' });
    expect(sold?.message).toBe('Your sell order on BTC/USDT is filled: 0.050000 BTC at an average price of 60000.00 USDT.');
    const [bought] = await notificationsOf(buyer, 'de');
    expect(bought?.message).toBe('Ihre Kauforder für BTC/USDT wurde ausgeführt: 0.050000 BTC zum Durchschnittspreis von 60000.00 USDT.');
  });

  it('a cancelled order says so, with what had filled before; a resting order says nothing yet', async () => {
    const seller = await trader('BTC', '1');
    const buyer = await trader('USDT', '10000');
    const resting = (await post(buyer, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '50000', quantity: '0.04' })).data;
    await post(seller, '/exchange/create', { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '50000', quantity: '0.01' });
    expect(await notificationsOf(buyer)).toEqual([]);
    expect((await post(buyer, `/exchange/cancelorder?id=${resting.id}`)).errcode).toBe(0);
    const listed = await notificationsOf(buyer);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ type: TRADING_NOTIFICATION_TYPE.orderCancelled, typeName: 'other' });
    expect(listed[0]?.message).toBe('Your buy order on BTC/USDT was cancelled. Filled before that: 0.010000 BTC.');
  });

  it('an order that fills two of one seller\'s orders tells the seller of each, once although delivered again', async () => {
    const seller = await trader('BTC', '1');
    const buyer = await trader('USDT', '10000');
    await post(seller, '/exchange/create', { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '61000', quantity: '0.01' });
    await post(seller, '/exchange/create', { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '61001', quantity: '0.01' });
    expect((await post(buyer, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '61001', quantity: '0.02' })).data.status).toBe('filled');
    const told = await notificationsOf(seller);
    expect(told.map((item) => item.message).sort()).toEqual([
      'Your sell order on BTC/USDT is filled: 0.010000 BTC at an average price of 61000.00 USDT.',
      'Your sell order on BTC/USDT is filled: 0.010000 BTC at an average price of 61001.00 USDT.',
    ]);
    expect(await notificationsOf(buyer)).toHaveLength(1);
    await server.context.db.updateTable('outbox').set({ dispatched_at: null }).where('topic', '=', 'engine.command').execute();
    expect(await notificationsOf(seller)).toHaveLength(2);
  });

  it('makes each once although the outbox delivers the engine\'s event again', async () => {
    const user = await trader('USDT', '1000');
    const order = (await post(user, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' })).data;
    await post(user, `/exchange/cancelorder?id=${order.id}`);
    expect(await notificationsOf(user)).toHaveLength(1);
    await server.context.db.updateTable('outbox').set({ dispatched_at: null }).where('topic', '=', 'engine.command').execute();
    expect(await notificationsOf(user)).toHaveLength(1);
  });

  it('the market-maker robots\' orders make none, while the person they trade with hears of it', async () => {
    const robot = await trader('BTC', '1');
    await writeRobotsRecord(server.context.db, { userIds: [robot.userId], seed: 1, paused: false });
    const person = await trader('USDT', '10000');
    await post(robot, '/exchange/create', { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '61000', quantity: '0.02' });
    await post(person, '/exchange/create', { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '61000', quantity: '0.02' });
    expect(await notificationsOf(person)).toHaveLength(1);
    const robotNotifications = await server.context.db.selectFrom('notifications').select('id').where('user_id', '=', BigInt(robot.userId)).execute();
    expect(robotNotifications).toEqual([]);
  });
});
