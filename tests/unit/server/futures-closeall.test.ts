/**
 * Proves POST /futures/closeall says what happened when one close is refused: the other closes and
 * the cancels commit, the answer counts them and the refused one (`refused`), and lists the refused
 * position as it is, still open; once the house can pay, the same call closes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/ledger/audit';
import type { FuturesPosition } from '../../../src/shared/api/futures';
import { fundPlatformAccount } from '../../helpers/auth';
import { BTC_FUTURES, BTC_SPOT, createPosition, emptyFuturesHouse, fundFuturesAccounts, futuresUser, markAndSettle } from '../../helpers/futures';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  server.app.prices.stop();
});
afterAll(async () => {
  await server.close();
});

describe('POST /futures/closeall with a close the house cannot pay', () => {
  it('closes and cancels the others, and answers the refused one as refused and still open', async () => {
    await fundFuturesAccounts(server, '100000', '0');
    await markAndSettle(server, BTC_SPOT, '60000');
    const user = await futuresUser(server, '5000');
    const position = { symbol: BTC_FUTURES, leverage: 10 };
    // The long's profit at 61000 (about 200) is more than what the short's loss (about 100) gives the house.
    const long = await createPosition(server, user, { ...position, side: 'long', volume: '0.2' });
    const short = await createPosition(server, user, { ...position, side: 'short', volume: '0.1' });
    const pending = await createPosition(server, user, { ...position, side: 'long', volume: '0.1', type: 'limit', triggerPrice: '55000' });
    await markAndSettle(server, BTC_SPOT, '61000');
    await emptyFuturesHouse(server);

    const answer = (await callApi(server, 'POST', '/futures/closeall', { as: user })).json();
    expect(answer).toMatchObject({ errcode: 0, data: { closed: 1, cancelled: 1, refused: 1 } });
    const byId = new Map((answer.data.list as FuturesPosition[]).map((listed) => [listed.id, listed]));
    expect(byId.get(long.id)).toMatchObject({ status: 'open', closeReason: null });
    expect(byId.get(short.id)).toMatchObject({ status: 'closed', closeReason: 'user' });
    expect(byId.get(pending.id)).toMatchObject({ status: 'cancelled' });

    await fundPlatformAccount(server, 'futures_house', { USDT: '1000' });
    const again = (await callApi(server, 'POST', '/futures/closeall', { as: user })).json();
    expect(again).toMatchObject({ errcode: 0, data: { closed: 1, cancelled: 0, refused: 0, list: [{ id: long.id, status: 'closed' }] } });
    expect((await auditLedger(server.context.db)).problems).toEqual([]);
  });
});
