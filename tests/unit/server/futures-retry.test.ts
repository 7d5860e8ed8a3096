/**
 * Proves the risk loop's wait after a failed settlement: while the futures house cannot pay a
 * take-profit, the loop tries it again after 1 s, 2 s, 4 s ... up to 60 s (the test's clock moves,
 * the one-second timer is stopped; each round is one sampling round), never sooner, logging once per
 * try rather than every round; once the house is funded the position settles at the first round
 * after its wait, once, and the audit passes.
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
