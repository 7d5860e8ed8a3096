/**
 * Proves the futures risk loop on a real database and ledger: as the test moves the spot index
 * (the mark), a limit trigger opens its position at the mark, a take-profit and a stop-loss close
 * theirs at the mark, a liquidation closes at the bankruptcy price with the remainder to the
 * insurance fund (and the fund paying after a gap), each exactly once, with a notification and
 * the owner's socket events; a close racing a liquidation settles once; a rebuilt risk book finds
 * every live position; at the platform accounts' floors, a gap beyond an empty insurance fund is
 * taken from what the house receives and a take-profit the house cannot pay stays armed until it
 * can; and the ledger audit passes after all of it.
 */
import type { AddressInfo } from 'node:net';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/ledger/audit';
import { systemBalances, type SystemAccount } from '../../../server/ledger/ledger';
import { riskLoopOf } from '../../../server/modules/futures';
import { FUTURES_NOTIFICATION_TYPE } from '../../../server/modules/notification/service';
import { ERRCODES } from '../../../src/shared/errcodes';
import type { FuturesPosition } from '../../../src/shared/api/futures';
import { futuresMessageSchema, REALTIME_PATH, type FuturesMessage } from '../../../src/shared/realtime';
import { fundPlatformAccount, type TestUser } from '../../helpers/auth';
import { BTC_FUTURES, BTC_SPOT, createPosition, emptyFuturesHouse, fundFuturesAccounts, futuresUser, futuresWallet, markAndSettle, setIndex } from '../../helpers/futures';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  await fundFuturesAccounts(server);
});
beforeEach(async () => {
  // Start each test from 60000, with what an earlier test left due at other marks settled.
  await markAndSettle(server, BTC_SPOT, '60000');
});
afterAll(async () => {
  await server.close();
});

async function post(url: string, user: TestUser, payload?: Record<string, unknown>) {
  return (await callApi(server, 'POST', url, { as: user, payload })).json();
}

async function position(user: TestUser, id: number): Promise<FuturesPosition> {
  const list = (await post('/futures/orders?limit=100', user)).data.list as FuturesPosition[];
  return list.find((candidate) => candidate.id === id)!;
}

async function usdtOf(account: SystemAccount): Promise<bigint> {
  return (await systemBalances(server.context.db, account)).find((balance) => balance.currency === 'USDT')?.balanceUnits ?? 0n;
}

async function notificationsOf(userId: number): Promise<Record<string, string>[]> {
  const rows = await server.context.db
    .selectFrom('notifications')
    .select('params_json')
    .where('user_id', '=', BigInt(userId))
    .where('type', '=', BigInt(FUTURES_NOTIFICATION_TYPE))
    .orderBy('id')
    .execute();
  return rows.map((row) => JSON.parse(row.params_json) as Record<string, string>);
}

async function closeTransactions(positionId: number): Promise<number> {
  const rows = await server.context.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `futures:close:${positionId}`).execute();
  return rows.length;
}

async function expectAuditOk() {
  expect((await auditLedger(server.context.db)).problems).toEqual([]);
}

/** A long of 0.1 BTC at 10x entered at 60012.0: margin 600.12, open fee 3.0006, liquidation 54282.3. */
const LONG_TENTH = { symbol: BTC_FUTURES, side: 'long', leverage: 10, volume: '0.1' };

describe('the futures risk loop', () => {
  it('closes at the take-profit once, at the mark, and tells the owner', async () => {
    const user = await futuresUser(server, '1000');
    const opened = await createPosition(server, user, { ...LONG_TENTH, takeProfit: '62000' });
    const balanceEvents: number[] = [];
    const stop = server.app.engine.events.on('balance', ({ userId }) => balanceEvents.push(userId));
    await markAndSettle(server, BTC_SPOT, '61999.99');
    expect((await position(user, opened.id)).status).toBe('open');
    await markAndSettle(server, BTC_SPOT, '62050');
    await markAndSettle(server, BTC_SPOT, '62100');
    stop();
    // PnL 0.1 x (62050 - 60012) = 203.8; fee 0.1 x 62050 x 0.0005 = 3.1025.
    expect(await position(user, opened.id)).toMatchObject({ status: 'closed', closeReason: 'takeProfit', closePrice: '62050.0', realizedPnl: '203.800000', closeFee: '3.102500' });
    expect(await closeTransactions(opened.id)).toBe(1);
    expect(balanceEvents.filter((userId) => userId === user.userId)).toHaveLength(1);
    expect(await notificationsOf(user.userId)).toEqual([expect.objectContaining({ event: 'takeProfit', symbol: 'BTC/USDT', price: '62050.0', pnl: '203.800000' })]);
    const notification = (await post('/notification/list', user, {})).data;
    expect(JSON.stringify(notification)).toContain('Take-profit reached on BTC/USDT');
    await expectAuditOk();
  });

  it('closes a short at its stop-loss', async () => {
    const user = await futuresUser(server, '1000');
    const opened = await createPosition(server, user, { ...LONG_TENTH, side: 'short', stopLoss: '61000' });
    await markAndSettle(server, BTC_SPOT, '61000');
    // Entered at 59988.0: PnL 0.1 x (59988 - 61000) = -101.2.
    expect(await position(user, opened.id)).toMatchObject({ status: 'closed', closeReason: 'stopLoss', closePrice: '61000.0', realizedPnl: '-101.200000' });
    expect((await notificationsOf(user.userId)).map((params) => params.event)).toEqual(['stopLoss']);
    await expectAuditOk();
  });

  it('liquidates at the bankruptcy price: the user loses the margin, the insurance fund takes what the mark leaves', async () => {
    const user = await futuresUser(server, '1000');
    const opened = await createPosition(server, user, LONG_TENTH);
    const insuranceBefore = await usdtOf('insurance');
    const houseBefore = await usdtOf('futures_house');
    await markAndSettle(server, BTC_SPOT, '54282.40');
    expect((await position(user, opened.id)).status).toBe('open');
    await markAndSettle(server, BTC_SPOT, '54282.30');
    // Bankruptcy: 60012 - 600.12 / 0.1 = 54010.8; the mark's loss is 0.1 x (60012 - 54282.3) = 572.97.
    expect(await position(user, opened.id)).toMatchObject({ status: 'closed', closeReason: 'liquidation', closePrice: '54010.8', realizedPnl: '-600.120000', closeFee: '0.000000' });
    expect(await futuresWallet(server, user.userId)).toEqual({ available: '396.879400', held: '0.000000' });
    expect((await usdtOf('futures_house')) - houseBefore).toBe(572_970_000n);
    expect((await usdtOf('insurance')) - insuranceBefore).toBe(27_150_000n);
    expect((await notificationsOf(user.userId)).map((params) => params.event)).toEqual(['liquidation']);
    await expectAuditOk();
  });

  it('after a gap past bankruptcy, liquidates before the stop-loss and the insurance fund pays the rest', async () => {
    const user = await futuresUser(server, '1000');
    const opened = await createPosition(server, user, { ...LONG_TENTH, stopLoss: '58000' });
    const insuranceBefore = await usdtOf('insurance');
    const houseBefore = await usdtOf('futures_house');
    await markAndSettle(server, BTC_SPOT, '50000');
    expect(await position(user, opened.id)).toMatchObject({ status: 'closed', closeReason: 'liquidation', realizedPnl: '-600.120000' });
    // The house is owed 0.1 x (60012 - 50000) = 1001.2; the margin covers 600.12, the fund 401.08.
    expect((await usdtOf('futures_house')) - houseBefore).toBe(1_001_200_000n);
    expect((await usdtOf('insurance')) - insuranceBefore).toBe(-401_080_000n);
    await expectAuditOk();
  });

  it('opens a pending limit long when the mark reaches its trigger, at the mark plus the spread', async () => {
    const user = await futuresUser(server, '1000');
    const pending = await createPosition(server, user, { ...LONG_TENTH, type: 'limit', triggerPrice: '59000', takeProfit: '61000' });
    // 59000.09 marks 59000.0 (rounded down), which would trigger; 59000.10 does not.
    await markAndSettle(server, BTC_SPOT, '59000.10');
    expect((await position(user, pending.id)).status).toBe('pending');
    await markAndSettle(server, BTC_SPOT, '58900');
    // 58900 x 1.0002 = 58911.78 -> 58911.8 (rounded up for a long).
    const opened = await position(user, pending.id);
    expect(opened).toMatchObject({ status: 'open', entryPrice: '58911.8', margin: '590.000000', openFee: '2.950000', takeProfit: '61000.0' });
    expect(opened.liquidationPrice).not.toBeNull();
    expect(await futuresWallet(server, user.userId)).toEqual({ available: '407.050000', held: '590.000000' });
    expect((await notificationsOf(user.userId)).map((params) => params.event)).toEqual(['open']);
    await markAndSettle(server, BTC_SPOT, '61000');
    expect(await position(user, pending.id)).toMatchObject({ status: 'closed', closeReason: 'takeProfit' });
    await expectAuditOk();
  });

  it('closes at the same mark a limit that a gap opens past its own stop-loss', async () => {
    const user = await futuresUser(server, '1000');
    const pending = await createPosition(server, user, { ...LONG_TENTH, type: 'limit', triggerPrice: '59000', stopLoss: '58000' });
    // One mark through both the trigger and the stop-loss: it opens at 57011.4 and closes there, not a round later.
    await markAndSettle(server, BTC_SPOT, '57000');
    expect(await position(user, pending.id)).toMatchObject({ status: 'closed', closeReason: 'stopLoss', entryPrice: '57011.4', closePrice: '57000.0' });
    expect((await notificationsOf(user.userId)).map((params) => params.event)).toEqual(['open', 'stopLoss']);
    expect(await closeTransactions(pending.id)).toBe(1);
    await expectAuditOk();
  });

  it('settles a close racing a liquidation once', async () => {
    const user = await futuresUser(server, '1000');
    const opened = await createPosition(server, user, LONG_TENTH);
    setIndex(server, BTC_SPOT, '54000');
    const [closed] = await Promise.all([post(`/futures/closeorder?id=${opened.id}`, user), riskLoopOf(server.context).settleDue(BTC_FUTURES, 540_000n)]);
    expect(closed).toMatchObject({ errcode: 0, data: { status: 'closed', closeReason: 'liquidation' } });
    expect(await closeTransactions(opened.id)).toBe(1);
    expect(await futuresWallet(server, user.userId)).toEqual({ available: '396.879400', held: '0.000000' });
    await expectAuditOk();
  });

  it('a user close and a take-profit at the same mark settle once', async () => {
    const user = await futuresUser(server, '1000');
    const opened = await createPosition(server, user, { ...LONG_TENTH, takeProfit: '61000' });
    setIndex(server, BTC_SPOT, '61000');
    const [closed] = await Promise.all([post(`/futures/closeorder?id=${opened.id}`, user), riskLoopOf(server.context).settleDue(BTC_FUTURES, 610_000n)]);
    expect(closed.errcode).toBe(0);
    expect(await closeTransactions(opened.id)).toBe(1);
    expect((await position(user, opened.id)).status).toBe('closed');
    await expectAuditOk();
  });

  it('refuses an open position without an index, and settles nothing without a mark', async () => {
    const user = await futuresUser(server, '1000');
    const opened = await createPosition(server, user, LONG_TENTH);
    server.app.prices.setReference(BTC_SPOT, 1n, 0);
    expect((await post(`/futures/closeorder?id=${opened.id}`, user)).errcode).toBe(ERRCODES.indexUnavailable);
    expect((await post('/futures/closeall', user)).errcode).toBe(ERRCODES.indexUnavailable);
    await riskLoopOf(server.context).runRound();
    expect((await position(user, opened.id)).status).toBe('open');
    setIndex(server, BTC_SPOT, '60000');
    expect((await post(`/futures/closeorder?id=${opened.id}`, user)).data.status).toBe('closed');
  });

  it("sends each change of a position to its owner's socket as a futures event, and to nobody else", async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const user = await futuresUser(server, '1000');
    const other = await futuresUser(server, '1000');
    const heard = new Map<number, FuturesMessage[]>();
    const sockets = await Promise.all(
      [user, other].map(async (listener) => {
        const socket = connectSocket(url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie: listener.cookie } });
        heard.set(listener.userId, []);
        socket.on('futures', (message: unknown) => heard.get(listener.userId)!.push(futuresMessageSchema.parse(message)));
        await new Promise((resolve, reject) => socket.once('connect', () => resolve(undefined)).once('connect_error', reject));
        return socket;
      }),
    );
    try {
      const opened = await createPosition(server, user, { ...LONG_TENTH, takeProfit: '61000' });
      await post('/futures/updatestoppoints', user, { id: opened.id, takeProfit: '61500' });
      await markAndSettle(server, BTC_SPOT, '61500');
      await expect.poll(() => heard.get(user.userId)!.length).toBe(3);
      expect(heard.get(user.userId)!.map(({ position: changed }) => [changed.id, changed.status, changed.takeProfit])).toEqual([
        [opened.id, 'open', '61000.0'],
        [opened.id, 'open', '61500.0'],
        [opened.id, 'closed', '61500.0'],
      ]);
      expect(heard.get(other.userId)).toEqual([]);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it('rebuilds its book from the pending and open positions', async () => {
    const user = await futuresUser(server, '2000');
    await createPosition(server, user, LONG_TENTH);
    await createPosition(server, user, { ...LONG_TENTH, type: 'limit', triggerPrice: '59000' });
    const live = await server.context.db.selectFrom('futures_positions').select('id').where('status', 'in', ['pending', 'open']).execute();
    expect(await riskLoopOf(server.context).rebuild()).toBe(live.length);
  });
});

describe('the futures platform accounts at their floors', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await buildTestServer({ demoMode: false });
  });
  afterAll(async () => {
    await bare.close();
  });
  const usdt = async (account: SystemAccount) => (await systemBalances(bare.context.db, account)).find((balance) => balance.currency === 'USDT')?.balanceUnits ?? 0n;

  it('takes what a gap costs beyond an empty insurance fund from what the house receives', async () => {
    await fundFuturesAccounts(bare, '10000', '0');
    await markAndSettle(bare, BTC_SPOT, '60000');
    const user = await futuresUser(bare, '1000');
    const opened = await createPosition(bare, user, LONG_TENTH);
    await markAndSettle(bare, BTC_SPOT, '50000');
    const closed = (await callApi(bare, 'POST', '/futures/orders', { as: user, payload: {} })).json().data.list[0] as FuturesPosition;
    expect(closed).toMatchObject({ id: opened.id, status: 'closed', closeReason: 'liquidation', realizedPnl: '-600.120000' });
    // The house gets the margin only (not the 1001.2 the mark says); the fund stays at zero.
    expect(await usdt('futures_house')).toBe(10_000_000_000n + 600_120_000n);
    expect(await usdt('insurance')).toBe(0n);
    expect((await auditLedger(bare.context.db)).problems).toEqual([]);
  });

  it('keeps a take-profit the house cannot pay armed, and settles it once the house can', async () => {
    await markAndSettle(bare, BTC_SPOT, '60000');
    const user = await futuresUser(bare, '1000');
    const opened = await createPosition(bare, user, { ...LONG_TENTH, takeProfit: '70000' });
    // Empty the house (an operator moving its funds out, say): the profit of 998.8 cannot be paid.
    await emptyFuturesHouse(bare);
    await markAndSettle(bare, BTC_SPOT, '70000');
    const list = async () => (await callApi(bare, 'POST', '/futures/orders', { as: user, payload: {} })).json().data.list as FuturesPosition[];
    expect((await list())[0]).toMatchObject({ id: opened.id, status: 'open' });
    await fundPlatformAccount(bare, 'futures_house', { USDT: '2000' });
    // The failed take-profit waits a second before it is armed again (futures-house-short.test.ts).
    bare.advance(1_000);
    await markAndSettle(bare, BTC_SPOT, '70000');
    expect((await list())[0]).toMatchObject({ id: opened.id, status: 'closed', closeReason: 'takeProfit' });
    expect((await auditLedger(bare.context.db)).problems).toEqual([]);
  });
});
