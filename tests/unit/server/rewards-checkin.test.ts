/**
 * Proves GET and POST /checkin on a real database and ledger: one check-in per UTC day even under
 * 50 concurrent tries, a streak that grows over consecutive days and starts again after a missed
 * one (the server's clock moved by the test), rewards from the reward table paid through the
 * ledger out of the rewards fund and refused when the fund cannot pay, a ticket every seventh day,
 * the month's calendar, and the calls refused where the site config switches check-in off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/ledger/audit';
import { postTransaction, systemOwner, userBalances } from '../../../server/ledger/ledger';
import { DEFAULT_REWARD_SETTINGS } from '../../../server/modules/rewards/settings';
import type { CheckinResult, CheckinStatus } from '../../../src/shared/api/rewards';
import { ERRCODES } from '../../../src/shared/errcodes';
import { formatUnits } from '../../../src/shared/money';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildRewardsServer, DAY_MS, updateSiteSettings, type Answer } from '../../helpers/rewards';
import type { TestServer } from '../../helpers/server';

const USDT_SCALE = 6;
const REWARDS = DEFAULT_REWARD_SETTINGS.checkin.rewards.map((reward) => reward.amount);

let server: TestServer;

beforeAll(async () => {
  server = await buildRewardsServer('1000');
});
afterAll(async () => {
  await server.close();
});

async function status(user: TestUser): Promise<Answer<CheckinStatus>> {
  return (await callApi(server, 'GET', '/checkin', { as: user })).json();
}

async function checkIn(user: TestUser): Promise<Answer<CheckinResult>> {
  return (await callApi(server, 'POST', '/checkin', { as: user })).json();
}

async function spotUsdt(userId: number): Promise<string> {
  const entry = (await userBalances(server.context.db, userId)).find((balance) => balance.wallet === 'spot' && balance.currency === 'USDT');
  return formatUnits(entry?.availableUnits ?? 0n, USDT_SCALE);
}

async function fundUnits(): Promise<bigint> {
  const row = await server.context.db
    .selectFrom('ledger_accounts')
    .select('balance_units')
    .where('owner_key', '=', systemOwner('rewards'))
    .where('currency', '=', 'USDT')
    .where('bucket', '=', 'available')
    .executeTakeFirst();
  return row?.balance_units ?? 0n;
}

describe('POST /checkin', () => {
  it('checks in once a day: of 50 concurrent tries exactly one is paid, the others hear alreadyCheckedIn', async () => {
    const user = await createTestUser(server);
    const fundBefore = await fundUnits();
    const answers = await Promise.all(Array.from({ length: 50 }, () => checkIn(user)));
    const paid = answers.filter((answer) => answer.errcode === 0);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.data).toEqual({ streak: 1, reward: { day: 1, amount: REWARDS[0], currency: 'USDT' }, ticketEarned: false });
    const refused = answers.filter((answer) => answer.errcode !== 0);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((answer) => answer.errcode))).toEqual(new Set([ERRCODES.alreadyCheckedIn]));
    expect(refused[0]?.errmsg).toBe('You have already checked in today. Come back tomorrow.');
    const rows = await server.context.db.selectFrom('checkins').selectAll().where('user_id', '=', BigInt(user.userId)).execute();
    expect(rows).toHaveLength(1);
    // The reward came out of the rewards fund, through the ledger, once.
    expect(await spotUsdt(user.userId)).toBe('0.100000');
    expect(fundBefore - (await fundUnits())).toBe(100_000n);
    expect((await auditLedger(server.context.db)).ok).toBe(true);
  });

  it('counts a streak over consecutive UTC days, pays the table day by day, earns a ticket on day 7 and starts again after a missed day', async () => {
    const user = await createTestUser(server);
    const streaks: number[] = [];
    const amounts: string[] = [];
    for (let day = 1; day <= 8; day += 1) {
      const answer = await checkIn(user);
      expect(answer.errcode, answer.errmsg).toBe(0);
      streaks.push(answer.data.streak);
      amounts.push(answer.data.reward.amount);
      expect(answer.data.ticketEarned).toBe(day === 7);
      server.advance(DAY_MS);
    }
    expect(streaks).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Day 8 starts the table again.
    expect(amounts).toEqual([...REWARDS, REWARDS[0]]);
    const tickets = await server.context.db.selectFrom('draw_tickets').select('id').where('user_id', '=', BigInt(user.userId)).execute();
    expect(tickets).toHaveLength(1);

    // The day after the last check-in is still open: the streak stands on yesterday's.
    expect((await status(user)).data).toMatchObject({ streak: 8, checkedInToday: false, nextReward: { day: 2, amount: REWARDS[1] } });
    // A missed day breaks it.
    server.advance(DAY_MS);
    expect((await status(user)).data).toMatchObject({ streak: 0, checkedInToday: false, nextReward: { day: 1, amount: REWARDS[0] } });
    const restarted = await checkIn(user);
    expect(restarted.data).toMatchObject({ streak: 1, reward: { day: 1 } });
    const total = [...amounts, restarted.data.reward.amount].reduce((sum, amount) => sum + Number(amount), 0);
    expect(Number(await spotUsdt(user.userId))).toBeCloseTo(total, 6);
  });

  it('is refused when the rewards fund cannot pay, and writes nothing', async () => {
    const user = await createTestUser(server);
    const units = await fundUnits();
    const drain = (amountUnits: bigint) =>
      server.context.commits.run((trx) =>
        postTransaction(trx, {
          kind: 'test-drain',
          owner: systemOwner('rewards'),
          now: server.context.now(),
          postings: [
            { account: { owner: systemOwner('rewards'), wallet: 'system', currency: 'USDT' }, amountUnits: -amountUnits },
            { account: { owner: systemOwner('genesis'), wallet: 'system', currency: 'USDT' }, amountUnits },
          ],
        }),
      );
    await drain(units);
    try {
      const answer = await checkIn(user);
      expect(answer.errcode).toBe(ERRCODES.platformLimitReached);
      expect((await status(user)).data).toMatchObject({ checkedInToday: false, streak: 0 });
      expect(await spotUsdt(user.userId)).toBe('0.000000');
    } finally {
      await drain(-units);
    }
    expect((await checkIn(user)).errcode).toBe(0);
  });

  it('R-API-02 needs a session', async () => {
    expect((await callApi(server, 'POST', '/checkin')).statusCode).toBe(401);
    expect((await callApi(server, 'GET', '/checkin')).statusCode).toBe(401);
  });
});

describe('GET /checkin', () => {
  it("answers this month's checked days, today's state, the streak, the next reward and the table", async () => {
    const user = await createTestUser(server);
    // Two days ago and yesterday, then today: within one month unless today is the 1st or 2nd.
    server.advance(-2 * DAY_MS);
    await checkIn(user);
    server.advance(DAY_MS);
    await checkIn(user);
    server.advance(DAY_MS);
    const before = (await status(user)).data;
    expect(before).toMatchObject({ checkedInToday: false, streak: 2, nextReward: { day: 3, amount: REWARDS[2], currency: 'USDT' }, ticketEveryDays: 7 });
    expect(before.rewards.map((reward) => reward.amount)).toEqual(REWARDS);
    await checkIn(user);
    const after = (await status(user)).data;
    const today = new Date(server.context.now());
    expect(after.month).toBe(`${today.getUTCFullYear()}-${String(today.getUTCMonth() + 1).padStart(2, '0')}`);
    expect(after.today).toBe(today.getUTCDate());
    expect(after.checkedDays).toEqual([after.today - 2, after.today - 1, after.today].filter((day) => day >= 1));
    expect(after).toMatchObject({ checkedInToday: true, streak: 3, nextReward: { day: 4, amount: REWARDS[3] } });
  });
});

describe('check-in switched off by the site config', () => {
  it('R-ENT-10 refuses GET and POST /checkin with checkinDisabled while the lucky draw still answers', async () => {
    const user = await createTestUser(server);
    expect((await updateSiteSettings(server, { checkinEnabled: false })).json().errcode).toBe(0);
    try {
      expect((await status(user)).errcode).toBe(ERRCODES.checkinDisabled);
      const refused = await checkIn(user);
      expect(refused.errcode).toBe(ERRCODES.checkinDisabled);
      expect(refused.errmsg).toBe('Daily check-in is not available at the moment.');
      expect((await callApi(server, 'GET', '/luckydraw', { as: user })).json().errcode).toBe(0);
      expect(await spotUsdt(user.userId)).toBe('0.000000');
    } finally {
      await updateSiteSettings(server, { checkinEnabled: true });
    }
    expect((await checkIn(user)).errcode).toBe(0);
  });
});
