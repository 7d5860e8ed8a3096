/**
 * Proves what happens while the futures house cannot pay a profit it owes. The risk loop tries a
 * take-profit again after 1 s, 2 s, 4 s ... up to 60 s (the test's clock moves, the one-second
 * timer is stopped; each round is one sampling round), never sooner, logging once per try rather
 * than every round; once the house is funded the position settles at the first round after its
 * wait, once. POST /futures/closeall closes and cancels the others, counts the refused one
 * (`refused`) and lists it as it is, still open; once the house can pay, the same call closes it.
 * The audit passes after each.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLedger } from '../../../server/ledger/audit';
import { RETRY_FIRST_MS, RETRY_MAX_MS } from '../../../server/modules/futures/risk-loop';
import type { FuturesPosition } from '../../../src/shared/api/futures';
import { fundPlatformAccount } from '../../helpers/auth';
import { BTC_FUTURES, BTC_SPOT, createPosition, emptyFuturesHouse, fundFuturesAccounts, futuresUser, markAndSettle } from '../../helpers/futures';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

/** Room for the real time a round takes: the clock is Date.now() plus what the test moved it. */
const SLACK_MS = 500;
const FAILED = 'futures settlement failed; tried again after a wait';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  server.app.prices.stop();
});
afterAll(async () => {
  await server.close();
});

describe('the futures risk loop after a failed settlement', () => {
  it('tries again after a wait doubling from 1 s to 60 s, and settles once the house is funded', async () => {
    await fundFuturesAccounts(server, '10000', '0');
    await markAndSettle(server, BTC_SPOT, '60000');
    const user = await futuresUser(server, '1000');
    const opened = await createPosition(server, user, { symbol: BTC_FUTURES, side: 'long', leverage: 10, volume: '0.1', takeProfit: '61000' });
    await emptyFuturesHouse(server);
    const error = vi.spyOn(server.context.log!, 'error');
    const waits = () => error.mock.calls.filter(([, message]) => message === FAILED).map(([fields]) => (fields as { retryInMs: number }).retryInMs);
    const round = () => markAndSettle(server, BTC_SPOT, '61000');
    const status = async () => ((await callApi(server, 'POST', '/futures/orders', { as: user })).json().data.list as FuturesPosition[])[0]!;

    await round();
    expect(waits()).toEqual([RETRY_FIRST_MS]);
    await round();
    expect(waits()).toHaveLength(1);

    const expected = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000];
    for (let index = 1; index < expected.length; index += 1) {
      server.advance(expected[index - 1]! - SLACK_MS);
      await round();
      expect(waits(), 'not before its wait').toHaveLength(index);
      server.advance(SLACK_MS);
      await round();
      expect(waits()).toEqual(expected.slice(0, index + 1));
    }
    expect(expected.at(-1)).toBe(RETRY_MAX_MS);
    expect(await status()).toMatchObject({ id: opened.id, status: 'open' });

    await fundPlatformAccount(server, 'futures_house', { USDT: '2000' });
    server.advance(RETRY_MAX_MS);
    await round();
    await round();
    expect(await status()).toMatchObject({ id: opened.id, status: 'closed', closeReason: 'takeProfit' });
    expect(waits()).toHaveLength(expected.length);
    const closes = await server.context.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `futures:close:${opened.id}`).execute();
    expect(closes).toHaveLength(1);
    expect((await auditLedger(server.context.db)).problems).toEqual([]);
    error.mockRestore();
  });
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
    // The refused close's piece rolled back whole: the exposure totals still count the long, and only it.
    const totals = await server.context.db.selectFrom('futures_exposure').select(['side', 'pending_lots', 'open_lots']).where('symbol_id', '=', BigInt(BTC_FUTURES)).orderBy('side').execute();
    expect(totals).toEqual([
      { side: 'long', pending_lots: 0n, open_lots: 200n },
      { side: 'short', pending_lots: 0n, open_lots: 0n },
    ]);

    await fundPlatformAccount(server, 'futures_house', { USDT: '1000' });
    const again = (await callApi(server, 'POST', '/futures/closeall', { as: user })).json();
    expect(again).toMatchObject({ errcode: 0, data: { closed: 1, cancelled: 0, refused: 0, list: [{ id: long.id, status: 'closed' }] } });
    expect((await auditLedger(server.context.db)).problems).toEqual([]);
  });
});
