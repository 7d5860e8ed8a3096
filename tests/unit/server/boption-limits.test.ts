/**
 * Proves the limits of binary options through app.inject: the open orders one user may have, the
 * platform's netted liability per symbol and period, the options house's funds against every open
 * win, and 100 concurrent creates against one balance (and 100 repeats of one key), which never
 * overspend it; and that each order change reaches its owner's socket as a `boption` and a
 * `balance` event once committed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLedger } from '../../../server/ledger/audit';
import type { BoptionOrder } from '../../../src/shared/api/boption';
import { ERRCODES } from '../../../src/shared/errcodes';
import { userChannel } from '../../../src/shared/realtime';
import { advanceTo, createOption, fundedUser, sampleIndex, spotUsdt, takeOverSampling } from '../../helpers/boption';
import { fundPlatformAccount } from '../../helpers/auth';
import { buildTestServer, type TestServer } from '../../helpers/server';

const RACERS = 100;
let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer({ boptionExtraPeriodsSeconds: [5] });
  takeOverSampling(server);
  await sampleIndex(server, 102, '3000.00');
});
afterAll(async () => {
  await server.close();
});


async function setOpenOrdersMax(max: number): Promise<void> {
  await server.context.db.updateTable('settings').set({ value_json: JSON.stringify({ openOrdersMax: max }) }).where('key', '=', 'boption').execute();
}

async function setLiabilityMax(symbolId: number, seconds: number, units: bigint): Promise<void> {
  await server.context.db.updateTable('boption_periods').set({ liability_max_units: units }).where('symbol_id', '=', BigInt(symbolId)).where('seconds', '=', BigInt(seconds)).execute();
}


describe('limits', () => {
  it('refuses an order past the open orders one user may have, all symbols together', async () => {
    await setOpenOrdersMax(2);
    try {
      const user = await fundedUser(server);
      await sampleIndex(server, 101, '60000.00');
      expect((await createOption(server, user, { symbol: 101 })).errcode).toBe(0);
      expect((await createOption(server, user, { symbol: 102 })).errcode).toBe(0);
      const third = await createOption(server, user, { symbol: 102, direction: 'down' });
      expect(third.errcode).toBe(ERRCODES.boptionOpenOrdersLimit);
      expect(third.errmsg).toContain('2');
      // Somebody else is not limited by this user's orders.
      expect((await createOption(server, await fundedUser(server), { symbol: 102 })).errcode).toBe(0);
    } finally {
      await setOpenOrdersMax(20);
    }
  });

  it('bounds the liability per symbol and period, net of the other side; an order that lowers it is taken', async () => {
    // 100 USDT on ETH 60 s: what the platform would pay if one side won, less the other side's stakes.
    await setLiabilityMax(102, 60, 100_000_000n);
    try {
      const user = await fundedUser(server);
      expect((await createOption(server, user, { symbol: 102, periodSeconds: 60, direction: 'up', stake: '100' })).errcode).toBe(0);
      expect((await createOption(server, user, { symbol: 102, periodSeconds: 60, direction: 'up', stake: '20' })).errcode).toBe(ERRCODES.boptionLiabilityLimit);
      // Another period of the same symbol has its own bound.
      expect((await createOption(server, user, { symbol: 102, periodSeconds: 120, direction: 'up', stake: '20' })).errcode).toBe(0);
      expect((await createOption(server, user, { symbol: 102, periodSeconds: 60, direction: 'down', stake: '50' })).errcode).toBe(0);
      expect((await createOption(server, user, { symbol: 102, periodSeconds: 60, direction: 'up', stake: '20' })).errcode).toBe(0);
      await setLiabilityMax(102, 60, 10_000_000n);
      // Past a lowered bound, only what lowers the liability is taken.
      expect((await createOption(server, user, { symbol: 102, periodSeconds: 60, direction: 'up', stake: '1' })).errcode).toBe(ERRCODES.boptionLiabilityLimit);
      expect((await createOption(server, user, { symbol: 102, periodSeconds: 60, direction: 'down', stake: '1' })).errcode).toBe(0);
    } finally {
      await setLiabilityMax(102, 60, 100_000_000_000n);
    }
  });

  it('takes an order only while the options house could pay every open win', async () => {
    const bare = await buildTestServer({ demoMode: false });
    try {
      takeOverSampling(bare);
      await sampleIndex(bare, 102, '3000.00');
      const user = await fundedUser(bare, '100');
      expect((await createOption(bare, user, { symbol: 102, stake: '10' })).errcode).toBe(ERRCODES.platformLimitReached);
      await fundPlatformAccount(bare, 'options_house', { USDT: '8.5' });
      expect((await createOption(bare, user, { symbol: 102, stake: '10' })).errcode).toBe(0);
      expect((await createOption(bare, user, { symbol: 102, stake: '1' })).errcode).toBe(ERRCODES.platformLimitReached);
    } finally {
      await bare.close();
    }
  });
});

describe('concurrent creates', () => {
  it(`${RACERS} concurrent creates against a balance that covers half of them: exactly half are placed, nothing is overspent`, async () => {
    await setOpenOrdersMax(1_000);
    try {
      const user = await fundedUser(server, '50');
      const answers = await Promise.all(Array.from({ length: RACERS }, () => createOption(server, user, { symbol: 102, stake: '1' })));
      const placed = answers.filter((answer) => answer.errcode === 0);
      expect(placed).toHaveLength(50);
      expect(answers.filter((answer) => answer.errcode !== 0).every((answer) => answer.errcode === ERRCODES.insufficientBalance)).toBe(true);
      expect(new Set(placed.map((answer) => answer.data.id)).size).toBe(50);
      expect(await spotUsdt(server, user)).toEqual({ available: 0n, held: 50_000_000n });
      expect((await auditLedger(server.context.db)).problems).toEqual([]);
      console.info(`boption races: ${RACERS} concurrent creates of 1 USDT on 50 USDT, ${placed.length} placed, none overspent`);
    } finally {
      await setOpenOrdersMax(20);
    }
  });

  it(`${RACERS} concurrent repeats of one key are one order and one hold`, async () => {
    const user = await fundedUser(server, '50');
    const answers = await Promise.all(Array.from({ length: RACERS }, () => createOption(server, user, { symbol: 102, stake: '7' }, 'one-key-for-all')));
    expect(answers.every((answer) => answer.errcode === 0)).toBe(true);
    expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
    expect(await spotUsdt(server, user)).toEqual({ available: 43_000_000n, held: 7_000_000n });
  });
});

describe('events', () => {
  it('pushes the order and a balance event to its owner after the commit that placed or settled it', async () => {
    const user = await fundedUser(server);
    const balances: number[] = [];
    const stopBalances = server.app.engine.events.on('balance', (event) => {
      if (event.userId === user.userId) balances.push(event.userId);
    });
    const pushed: { room: string; event: string; order: BoptionOrder }[] = [];
    const to = vi.spyOn(server.app.realtime, 'to').mockImplementation((room) => ({
      emit: (event: string, message: { order: BoptionOrder }) => pushed.push({ room: String(room), event, order: message.order }),
    }) as never);
    try {
      const order = (await createOption(server, user, { symbol: 102, periodSeconds: 5, direction: 'up' })).data;
      await server.app.outbox.drain();
      advanceTo(server, order.expiresAt - 500);
      await sampleIndex(server, 102, '3000.50');
      advanceTo(server, order.expiresAt + 10);
      await server.app.scheduler.runDue();
      await server.app.outbox.drain();
      const mine = pushed.filter((push) => push.event === 'boption' && push.order.id === order.id);
      expect(mine.map((push) => [push.room, push.order.status])).toEqual([
        [userChannel(user.userId), 'open'],
        [userChannel(user.userId), 'won'],
      ]);
      expect(balances).toHaveLength(2);
    } finally {
      to.mockRestore();
      stopBalances();
    }
  });
});
