/**
 * Proves GET and POST /luckydraw on a real database and ledger: tickets come from seven-day
 * check-in streaks, a draw uses one ticket exactly once (concurrent draws of one ticket answer one
 * draw and pay once; a used ticket answers the draw it made), another user's ticket is refused like
 * an unknown one, every prize is paid from the rewards fund so that the prizes drawn sum to what the
 * ledger shows for the user and for the fund, the odds come from the configured weights, and the
 * calls are refused where the site config switches the draw off. The pure rules are checked too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { auditLedger } from '../../../server/ledger/audit';
import { systemOwner, userBalances, userOwner } from '../../../server/ledger/ledger';
import { insertTicket } from '../../../server/modules/rewards/repo';
import { chancePercentOf, earnsTicket, monthOf, pickByWeight, rewardIndexOf, utcDayOf } from '../../../server/modules/rewards/rules';
import { DEFAULT_REWARD_SETTINGS } from '../../../server/modules/rewards/settings';
import type { Draw, LuckydrawStatus } from '../../../src/shared/api/rewards';
import { ERRCODES } from '../../../src/shared/errcodes';
import { formatUnits, parseUnits } from '../../../src/shared/money';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildRewardsServer, DAY_MS, updateSiteSettings, type Answer } from '../../helpers/rewards';
import type { TestServer } from '../../helpers/server';

const USDT_SCALE = 6;

let server: TestServer;

beforeAll(async () => {
  server = await buildRewardsServer('100000');
});
afterAll(async () => {
  await server.close();
});

async function status(user: TestUser): Promise<Answer<LuckydrawStatus>> {
  return (await callApi(server, 'GET', '/luckydraw', { as: user })).json();
}

async function draw(user: TestUser, ticketId: number): Promise<Answer<{ draw: Draw; ticketsLeft: number }>> {
  return (await callApi(server, 'POST', '/luckydraw', { as: user, payload: { ticketId } })).json();
}

/** Tickets written straight into the database, as check-in streaks would earn them (the streak itself is proved in rewards-checkin). */
async function giveTickets(user: TestUser, count: number): Promise<number[]> {
  const firstDay = utcDayOf(server.context.now());
  for (let index = 0; index < count; index += 1) await insertTicket(server.context.db, user.userId, firstDay - index * 7, server.context.now());
  return (await status(user)).data.ticketIds;
}

async function spotUsdtUnits(userId: number): Promise<bigint> {
  return (await userBalances(server.context.db, userId)).find((balance) => balance.wallet === 'spot' && balance.currency === 'USDT')?.availableUnits ?? 0n;
}

/** The sum of the postings of the lucky draw's ledger transactions on one owner's accounts. */
async function luckydrawPostings(owner: string): Promise<bigint> {
  const row = await server.context.db
    .selectFrom('ledger_postings')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_postings.transaction_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
    .select(sql<bigint>`coalesce(sum(ledger_postings.amount_units), 0)`.as('total'))
    .where('ledger_transactions.kind', '=', 'luckydraw')
    .where('ledger_accounts.owner_key', '=', owner)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

describe('tickets', () => {
  it('come one per seven consecutive check-in days and are listed by GET /luckydraw', async () => {
    const user = await createTestUser(server);
    for (let day = 1; day <= 14; day += 1) {
      expect((await callApi(server, 'POST', '/checkin', { as: user })).json().errcode).toBe(0);
      server.advance(DAY_MS);
    }
    const data = (await status(user)).data;
    expect(data.ticketsLeft).toBe(2);
    expect(data.ticketIds).toHaveLength(2);
    expect(data.ticketEveryDays).toBe(7);
    expect(data.draws).toEqual([]);
  });
});

describe('POST /luckydraw', () => {
  it('uses a ticket exactly once: 20 concurrent draws of one ticket answer one draw, paid once; a repeat answers it again', async () => {
    const user = await createTestUser(server);
    const [ticketId] = await giveTickets(user, 1);
    if (ticketId === undefined) throw new Error('no ticket');
    const answers = await Promise.all(Array.from({ length: 20 }, () => draw(user, ticketId)));
    expect(answers.every((answer) => answer.errcode === 0)).toBe(true);
    const ids = new Set(answers.map((answer) => answer.data.draw.id));
    expect(ids.size).toBe(1);
    const made = answers[0]!.data.draw;
    expect(made.ticketId).toBe(ticketId);
    expect(await spotUsdtUnits(user.userId)).toBe(parseUnits(made.amount, USDT_SCALE));
    expect((await draw(user, ticketId)).data.draw).toEqual(made);
    const rows = await server.context.db.selectFrom('lucky_draws').select('id').where('user_id', '=', BigInt(user.userId)).execute();
    expect(rows).toHaveLength(1);
    expect((await status(user)).data).toMatchObject({ ticketsLeft: 0, ticketIds: [], draws: [made] });
  });

  it('draws every ticket once under concurrency, and the prizes sum to what the ledger shows for the user and the rewards fund', async () => {
    const user = await createTestUser(server);
    const fund = systemOwner('rewards');
    const fundBefore = await luckydrawPostings(fund);
    const tickets = await giveTickets(user, 20);
    expect(tickets).toHaveLength(20);
    // Each ticket twice, all at once.
    const answers = await Promise.all([...tickets, ...tickets].map((ticketId) => draw(user, ticketId)));
    expect(answers.every((answer) => answer.errcode === 0)).toBe(true);
    const draws = new Map(answers.map((answer) => [answer.data.draw.id, answer.data.draw]));
    expect(draws.size).toBe(20);
    expect(new Set([...draws.values()].map((made) => made.ticketId))).toEqual(new Set(tickets));

    const prizes = new Map(DEFAULT_REWARD_SETTINGS.luckydraw.prizes.map((prize) => [prize.id, prize]));
    const paidUnits = [...draws.values()].reduce((sum, made) => {
      // Each draw paid exactly its prize's configured amount.
      expect(parseUnits(made.amount, USDT_SCALE)).toBe(parseUnits(prizes.get(made.prizeId)!.amount, USDT_SCALE));
      return sum + parseUnits(made.amount, USDT_SCALE);
    }, 0n);
    expect(await spotUsdtUnits(user.userId)).toBe(paidUnits);
    expect(await luckydrawPostings(userOwner(user.userId))).toBe(paidUnits);
    expect((await luckydrawPostings(fund)) - fundBefore).toBe(-paidUnits);
    expect((await auditLedger(server.context.db)).ok).toBe(true);
  });

  it("refuses another user's ticket exactly like an unknown one, and a user without tickets", async () => {
    const owner = await createTestUser(server);
    const other = await createTestUser(server);
    const [ticketId] = await giveTickets(owner, 1);
    const foreign = await draw(other, ticketId!);
    const unknown = await draw(other, 999_999);
    expect(foreign).toEqual(unknown);
    expect(foreign.errcode).toBe(ERRCODES.noTicket);
    expect(foreign.errmsg).toBe('You have no lucky draw ticket left.');
    expect((await status(owner)).data.ticketsLeft).toBe(1);
    expect(await spotUsdtUnits(other.userId)).toBe(0n);
  });

  it('R-API-02 needs a session and a ticket id', async () => {
    expect((await callApi(server, 'POST', '/luckydraw', { payload: { ticketId: 1 } })).statusCode).toBe(401);
    const user = await createTestUser(server);
    expect((await callApi(server, 'POST', '/luckydraw', { as: user, payload: {} })).statusCode).toBe(400);
  });
});

describe('GET /luckydraw', () => {
  it('answers the configured prizes with their chances', async () => {
    const user = await createTestUser(server);
    const data = (await status(user)).data;
    expect(data.prizes.map((prize) => [prize.amount, prize.chancePercent])).toEqual([
      ['0.5', '60'],
      ['1', '25'],
      ['2', '10'],
      ['10', '4.5'],
      ['100', '0.5'],
    ]);
  });
});

describe('lucky draw switched off by the site config', () => {
  it('refuses GET and POST /luckydraw with luckydrawDisabled and uses no ticket', async () => {
    const user = await createTestUser(server);
    const [ticketId] = await giveTickets(user, 1);
    expect((await updateSiteSettings(server, { luckydraw: { enabled: false } })).json().errcode).toBe(0);
    try {
      expect((await status(user)).errcode).toBe(ERRCODES.luckydrawDisabled);
      expect((await draw(user, ticketId!)).errcode).toBe(ERRCODES.luckydrawDisabled);
    } finally {
      await updateSiteSettings(server, { luckydraw: { enabled: true } });
    }
    expect((await status(user)).data.ticketsLeft).toBe(1);
  });
});

describe('operator', () => {
  it('reads the reward table, the prizes with their weights and chances, and what the fund holds; a user may not', async () => {
    const answer = (await callApi(server, 'GET', '/operator/rewards', { headers: { authorization: `Bearer ${server.context.adminToken}` } })).json();
    expect(answer.errcode).toBe(0);
    expect(answer.data.checkin).toEqual(DEFAULT_REWARD_SETTINGS.checkin);
    expect(answer.data.luckydraw.prizes.map((prize: { weight: number; chancePercent: string }) => [prize.weight, prize.chancePercent])).toEqual([
      [6_000, '60'],
      [2_500, '25'],
      [1_000, '10'],
      [450, '4.5'],
      [50, '0.5'],
    ]);
    // The fund started at 100000 USDT; every draw of the tests above came out of it.
    const paid = await server.context.db.selectFrom('lucky_draws').select('amount_units').execute();
    const checkins = await server.context.db.selectFrom('checkins').select('amount_units').execute();
    const spentUnits = [...paid, ...checkins].reduce((sum, row) => sum + row.amount_units, 0n);
    expect(answer.data.fund).toEqual([{ currency: 'USDT', amount: formatUnits(100_000_000_000n - spentUnits, USDT_SCALE) }]);
    const user = await createTestUser(server);
    expect((await callApi(server, 'GET', '/operator/rewards', { as: user })).json().errcode).not.toBe(0);
  });
});

describe('rules', () => {
  it('cycles the reward table, earns a ticket every seventh day and picks prizes by weight ranges', () => {
    expect([1, 6, 7, 8, 14, 15].map((streak) => rewardIndexOf(streak, 7))).toEqual([0, 5, 6, 0, 6, 0]);
    expect([1, 6, 7, 8, 14, 21].map((streak) => earnsTicket(streak, 7))).toEqual([false, false, true, false, true, true]);
    const prizes = [{ id: 'a', weight: 2 }, { id: 'b', weight: 3 }];
    expect([0, 1, 2, 4].map((roll) => pickByWeight(prizes, roll).id)).toEqual(['a', 'a', 'b', 'b']);
    expect(() => pickByWeight(prizes, 5)).toThrow();
    expect(chancePercentOf(1, 3)).toBe('33.33');
    expect(chancePercentOf(1, 8)).toBe('12.5');
  });

  it('names UTC days and months', () => {
    const day = utcDayOf(Date.UTC(2026, 1, 28, 23, 59));
    expect(monthOf(day)).toEqual({ month: '2026-02', firstDay: utcDayOf(Date.UTC(2026, 1, 1)), dayOfMonth: 28 });
    expect(monthOf(day + 1)).toMatchObject({ month: '2026-03', dayOfMonth: 1 });
  });
});
