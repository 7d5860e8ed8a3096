/**
 * Proves deposits from the simulated chain on a real database and ledger: a deposit waits for its
 * network's confirmations, is credited exactly once however often it is seen (two rounds, two
 * watchers at once, the blocks read again, a restarted server), a deposit below the minimum is
 * recorded and never credited, notification 128 tells the user, and the history pages the
 * user's own deposits only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { boot } from '../../../server/boot';
import { ChainSimulator } from '../../../server/chain/simulator';
import { auditLedger } from '../../../server/ledger/audit';
import { userBalances } from '../../../server/ledger/ledger';
import { DepositWatcher } from '../../../server/modules/chain/watcher';
import { ERRCODES } from '../../../src/shared/errcodes';
import { NOTIFICATION_TYPE } from '../../../src/shared/constants';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { coinAddress, depositHistory, mineBlocks, newWatcher, simulateDeposit } from '../../helpers/chain';
import { buildTestServer, type TestServer } from '../../helpers/server';

/** USDT on TRC20: six confirmations, a minimum of 1 USDT (server/seed/chain.ts). */
const TRC20_CONFIRMATIONS = 6;

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

async function spotUnits(userId: number, currency: string): Promise<bigint> {
  const entry = (await userBalances(server.context.db, userId)).find((balance) => balance.wallet === 'spot' && balance.currency === currency);
  return entry?.availableUnits ?? 0n;
}

async function depositTo(user: TestUser, amount: string): Promise<string> {
  const { data } = await coinAddress(server, user, 'USDT', 'TRC20');
  const sent = await simulateDeposit(server, { address: data.address, amount });
  expect(sent.errcode).toBe(0);
  expect(sent.data.network).toBe('TRC20');
  return sent.data.txid;
}

describe('the deposit watcher', () => {
  it('R-ENT-13 waits for the confirmations, then credits once however often the transfer is seen, and tells the user (notification 128, type deposit)', async () => {
    const user = await createTestUser(server);
    const txid = await depositTo(user, '25.5');
    const watcher = newWatcher(server);
    await watcher.poll();
    // Not yet in a block: seen only once its block is mined.
    mineBlocks(server, 1);
    await watcher.poll();
    let history = await depositHistory(server, user);
    expect(history.data.total).toBe(1);
    expect(history.data.list[0]).toMatchObject({ txid, status: 'confirming', amount: '25.500000', confirmationsRequired: TRC20_CONFIRMATIONS, network: 'TRC20', currency: 'USDT' });
    expect(history.data.list[0]?.confirmations).toBeGreaterThanOrEqual(1);
    expect(history.data.list[0]?.confirmations).toBeLessThan(TRC20_CONFIRMATIONS);
    expect(await spotUnits(user.userId, 'USDT')).toBe(0n);

    mineBlocks(server, TRC20_CONFIRMATIONS);
    // Two watchers at once and a second round: one credit.
    await Promise.all([watcher.poll(), newWatcher(server).poll()]);
    await watcher.poll();
    // The blocks read again from the start (a cursor lost): still one credit.
    await server.context.db.deleteFrom('chain_watch_cursors').execute();
    await newWatcher(server).poll();

    expect(await spotUnits(user.userId, 'USDT')).toBe(25_500_000n);
    history = await depositHistory(server, user);
    expect(history.data.list).toHaveLength(1);
    expect(history.data.list[0]).toMatchObject({ status: 'credited', confirmations: TRC20_CONFIRMATIONS });
    expect(history.data.list[0]?.creditedAt).toBeTypeOf('number');
    const notifications = (await callApi(server, 'POST', '/notification/list', { as: user, payload: {}, headers: { 'accept-language': 'en' } })).json<{ data: { type: number; message: string }[] }>().data;
    expect(notifications).toEqual([
      expect.objectContaining({ type: NOTIFICATION_TYPE.deposit, message: 'Your deposit of 25.5 USDT (TRC20) is credited to your spot account.' }),
    ]);
    const journal = await server.context.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'deposit').where('owner_key', '=', `u:${user.userId}`).execute();
    expect(journal).toHaveLength(1);
    expect((await auditLedger(server.context.db)).ok).toBe(true);
  });

  it('records a deposit below the minimum and never credits it', async () => {
    const user = await createTestUser(server);
    await depositTo(user, '0.5');
    const watcher = newWatcher(server);
    mineBlocks(server, TRC20_CONFIRMATIONS + 2);
    await watcher.poll();
    await watcher.poll();
    const history = await depositHistory(server, user);
    expect(history.data.list[0]).toMatchObject({ status: 'belowMinimum', amount: '0.500000' });
    expect(await spotUnits(user.userId, 'USDT')).toBe(0n);
  });

  it('credits once across a restart: a second server on the same data folder sees the same transfer again', async () => {
    const user = await createTestUser(server);
    await depositTo(user, '3');
    mineBlocks(server, TRC20_CONFIRMATIONS + 1);
    await newWatcher(server).poll();
    expect(await spotUnits(user.userId, 'USDT')).toBe(3_000_000n);

    // A second process on the same database, its cursors lost: it reads every block again.
    await server.context.db.deleteFrom('chain_watch_cursors').execute();
    const second = await boot(server.context.config, { now: server.context.now });
    const secondApp = await buildApp(second.context);
    try {
      await secondApp.ready();
      await new DepositWatcher(second.context, new ChainSimulator(second.context.now), secondApp.engine).poll();
    } finally {
      await secondApp.close();
      await second.database.close();
    }
    expect(await spotUnits(user.userId, 'USDT')).toBe(3_000_000n);
  });

  it('pages the history newest first, filtered by coin, and shows nobody else\'s deposits', async () => {
    const owner = await createTestUser(server);
    const stranger = await createTestUser(server);
    await depositTo(owner, '2');
    await depositTo(owner, '4');
    mineBlocks(server, 1);
    await newWatcher(server).poll();
    const page = await depositHistory(server, owner, { offset: 0, limit: 1 });
    expect(page.data.total).toBe(2);
    expect(page.data.list.map((deposit) => deposit.amount)).toEqual(['4.000000']);
    expect((await depositHistory(server, owner, { coin: 'BTC' })).data.total).toBe(0);
    expect((await depositHistory(server, stranger)).data).toEqual({ total: 0, list: [] });
  });
});

describe('POST /operator/chain/deposit', () => {
  it('refuses an address nobody was given, a bad amount, and anyone but an operator', async () => {
    const user = await createTestUser(server);
    const unknown = await simulateDeposit(server, { address: 'TNotAnAddressOfAnyUser111111111111', amount: '1' });
    expect(unknown.errcode).toBe(ERRCODES.depositAddressUnknown);
    const { data } = await coinAddress(server, user, 'BTC');
    expect((await simulateDeposit(server, { address: data.address, amount: '0.000000001' })).errcode).toBe(ERRCODES.invalidAmount);
    expect((await simulateDeposit(server, { address: data.address, amount: '0' })).errcode).toBe(ERRCODES.invalidAmount);
    expect((await simulateDeposit(server, { address: data.address, amount: '1', network: 'ERC20' })).errcode).toBe(ERRCODES.depositAddressUnknown);
    const asUser = await callApi(server, 'POST', '/operator/chain/deposit', { as: user, payload: { address: data.address, amount: '1' } });
    expect(asUser.json<{ errcode: number }>().errcode).not.toBe(0);
  });
});
