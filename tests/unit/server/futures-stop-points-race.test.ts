/**
 * Proves that a stop point is checked against the position as it is when it is written: a
 * pending position that opens (at an entry other than its trigger, so with another liquidation
 * price) while its owner moves the stop-loss must not keep a stop-loss beyond the liquidation of
 * the opened position. The opening is held open in a transaction of the test's own (the row's lock
 * on PostgreSQL, the one writer on SQLite) while the call arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forUpdate } from '../../../server/db/row-lock';
import { ERRCODES } from '../../../src/shared/errcodes';
import type { TestUser } from '../../helpers/auth';
import { BTC_SPOT, createPosition, fundFuturesAccounts, futuresUser, setIndex } from '../../helpers/futures';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
  await fundFuturesAccounts(server);
  setIndex(server, BTC_SPOT, '60000');
});
afterAll(async () => {
  await server.close();
});

async function post(url: string, user: TestUser, payload?: Record<string, unknown>) {
  return (await callApi(server, 'POST', url, { as: user, payload })).json<{ errcode: number; data?: { stopLoss: string | null } }>();
}

/** BTC futures prices have one decimal: ticks are tenths. */
const ticks = (price: number) => BigInt(price * 10);

describe('stop points and a pending position that opens meanwhile', () => {
  it('checks a stop-loss against the opened position, not the pending terms it was read with', async () => {
    const user = await futuresUser(server, '1000');
    // A long limit at 59000, 10x: pending, its liquidation expected near 53,400 at the trigger.
    const pending = await createPosition(server, user, { symbol: 'BTC_USDT', side: 'long', leverage: 10, volume: '0.01', type: 'limit', triggerPrice: '59000' });
    // 55000 is a fine stop-loss for those terms.
    const id = BigInt(pending.id);

    let open!: () => void;
    const opening = new Promise<void>((resolve) => (open = resolve));
    let locked!: () => void;
    const rowLocked = new Promise<void>((resolve) => (locked = resolve));
    const { db } = server.context;
    const opened = db.transaction().execute(async (trx) => {
      await forUpdate(trx, trx.selectFrom('futures_positions').select('id').where('id', '=', id)).execute();
      locked();
      await opening;
      // It opens at 62000; its liquidation is then 56000, above the stop-loss the owner is sending.
      await trx.updateTable('futures_positions').set({ status: 'open', entry_ticks: ticks(62_000), liquidation_ticks: ticks(56_000), opened_at: server.context.now() }).where('id', '=', id).execute();
    });
    await rowLocked;
    const moved = post('/futures/updatestoppoints', user, { id: pending.id, stopLoss: '55000' });
    // Time for the call to read the position before the opening commits (where nothing makes it wait).
    await new Promise((resolve) => setTimeout(resolve, 300));
    open();
    await opened;
    expect((await moved).errcode).toBe(ERRCODES.futuresStopLossInvalid);
    const stored = await db.selectFrom('futures_positions').select(['status', 'stop_loss_ticks']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'open', stop_loss_ticks: null });
  });
});
