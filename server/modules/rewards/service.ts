/**
 * Check-in and lucky-draw rules. The platform pays both out of the rewards fund
 * (systemOwner('rewards')), a ledger account with a floor of zero (SYSTEM_ACCOUNT_FLOORS): a reward
 * or prize the fund cannot pay is refused with platformLimitReached and nothing else is written.
 *
 * Check-in: one per user and UTC day, by the server's clock. The check-in row, its reward's
 * postings and any ticket it earns are one piece of the group commit; the (user, day) unique key
 * refuses a second row, so however many check-ins race, one is paid. A streak is the run of
 * consecutive UTC days ending at the check-in; a missed day starts it again at 1. The n-th day of
 * a streak pays entry ((n - 1) mod 7) of the reward table (settings.ts) and every
 * `ticketEveryDays`-th day (7, 14, ...) earns one lucky-draw ticket, whether or not the draw is
 * switched on at the time: tickets wait until it is.
 *
 * Lucky draw: a draw uses one ticket and pays one prize, picked on the server with crypto.randomInt
 * by the prizes' weights. The ticket id is the draw's idempotency key: marking it used, paying the
 * prize and writing the draw are one piece, and a ticket already used answers the draw it made.
 *
 * The site config switches each off (checkinEnabled, luckydraw.enabled): its calls are refused
 * with checkinDisabled or luckydrawDisabled.
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { TypedEvents } from '../../engine/events';
import type { EngineEvents } from '../../engine/types';
import { postTransaction, systemBalances, systemOwner, userOwner } from '../../ledger/ledger';
import { formatUnits, parseUnits } from '../../../src/shared/money';
import {
  LUCKYDRAW_LIST_MAX,
  type CheckinResult,
  type CheckinStatus,
  type Draw,
  type LuckydrawStatus,
  type OperatorRewards,
  type Reward,
  type RewardSettings,
} from '../../../src/shared/api/rewards';
import { getSiteSettings } from '../site/settings';
import { refuse } from './errors';
import * as repo from './repo';
import { chancePercentOf, earnsTicket, monthOf, pickByWeight, rewardIndexOf, totalWeightOf, utcDayOf } from './rules';
import { getRewardSettings } from './settings';

/** Where a payout is announced after its commit: the user's private channel hears its balance moved. */
export interface RewardsEvents {
  readonly events: Pick<TypedEvents<EngineEvents>, 'emit'>;
}

async function assertEnabled(context: AppContext, feature: 'checkin' | 'luckydraw'): Promise<void> {
  const site = await getSiteSettings(context.db);
  if (feature === 'checkin' && !site.checkinEnabled) refuse('checkinDisabled');
  if (feature === 'luckydraw' && !site.luckydraw.enabled) refuse('luckydrawDisabled');
}

function scaleOf(scales: Map<string, number>, currency: string): number {
  const scale = scales.get(currency);
  if (scale === undefined) throw new Error(`reward currency ${currency} is not a currency`);
  return scale;
}

/** Credits the user's spot wallet from the rewards fund; the fund's floor refuses what it cannot pay. */
async function payFromFund(trx: Transaction<Database>, payout: { userId: number; currency: string; amountUnits: bigint; kind: string; memo: string; now: number }): Promise<void> {
  const user = userOwner(payout.userId);
  await postTransaction(trx, {
    kind: payout.kind,
    owner: user,
    memo: payout.memo,
    now: payout.now,
    postings: [
      { account: { owner: systemOwner('rewards'), wallet: 'system', currency: payout.currency }, amountUnits: -payout.amountUnits },
      { account: { owner: user, wallet: 'spot', currency: payout.currency }, amountUnits: payout.amountUnits },
    ],
  });
}

function rewardOfStreak(settings: RewardSettings, streak: number): Reward {
  const rewards = settings.checkin.rewards;
  const reward = rewards[rewardIndexOf(streak, rewards.length)];
  if (!reward) throw new Error(`the reward table has no entry for streak ${streak}`);
  return reward;
}

export async function checkinStatus(context: AppContext, userId: number): Promise<CheckinStatus> {
  await assertEnabled(context, 'checkin');
  const settings = await getRewardSettings(context.db);
  const today = utcDayOf(context.now());
  const { month, firstDay, dayOfMonth } = monthOf(today);
  const [todayRow, yesterdayRow, days] = await Promise.all([
    repo.findCheckin(context.db, userId, today),
    repo.findCheckin(context.db, userId, today - 1),
    repo.listCheckinDays(context.db, userId, firstDay, today),
  ]);
  // Before today's check-in the streak still stands on yesterday's; after it, on today's.
  const streak = todayRow?.streak ?? yesterdayRow?.streak ?? 0;
  return {
    month,
    today: dayOfMonth,
    checkedDays: days.map((day) => day - firstDay + 1),
    checkedInToday: todayRow !== undefined,
    streak,
    nextReward: rewardOfStreak(settings, streak + 1),
    rewards: settings.checkin.rewards,
    ticketEveryDays: settings.luckydraw.ticketEveryDays,
  };
}

export async function checkIn(context: AppContext, publisher: RewardsEvents, userId: number): Promise<CheckinResult> {
  await assertEnabled(context, 'checkin');
  const [settings, scales] = await Promise.all([getRewardSettings(context.db), repo.currencyScales(context.db)]);
  const result = await context.commits.run(async (trx) => {
    const now = context.now();
    const day = utcDayOf(now);
    const yesterday = await repo.findCheckin(trx, userId, day - 1);
    const streak = (yesterday?.streak ?? 0) + 1;
    const reward = rewardOfStreak(settings, streak);
    const amountUnits = parseUnits(reward.amount, scaleOf(scales, reward.currency));
    if (!(await repo.insertCheckin(trx, { userId, day, streak, currency: reward.currency, amountUnits, now }))) refuse('alreadyCheckedIn');
    await payFromFund(trx, { userId, currency: reward.currency, amountUnits, kind: 'checkin', memo: `checkin:${day}`, now });
    const ticketEarned = earnsTicket(streak, settings.luckydraw.ticketEveryDays);
    if (ticketEarned) await repo.insertTicket(trx, userId, day, now);
    return { streak, reward, ticketEarned };
  });
  publisher.events.emit('balance', { userId, currencies: [result.reward.currency] });
  return result;
}

/** The prizes with each one's chance of a draw, from the weights. */
function withChances<T extends { weight: number }>(prizes: readonly T[]): (T & { chancePercent: string })[] {
  const total = totalWeightOf(prizes);
  return prizes.map((prize) => ({ ...prize, chancePercent: chancePercentOf(prize.weight, total) }));
}

function drawView(draw: repo.DrawRow, scales: Map<string, number>): Draw {
  return {
    id: draw.id,
    ticketId: draw.ticketId,
    prizeId: draw.prizeId,
    amount: formatUnits(draw.amountUnits, scaleOf(scales, draw.currency)),
    currency: draw.currency,
    createdAt: draw.createdAt,
  };
}

export async function luckydrawStatus(context: AppContext, userId: number): Promise<LuckydrawStatus> {
  await assertEnabled(context, 'luckydraw');
  const [settings, scales, tickets, draws] = await Promise.all([
    getRewardSettings(context.db),
    repo.currencyScales(context.db),
    repo.listUnusedTickets(context.db, userId, LUCKYDRAW_LIST_MAX),
    repo.listDraws(context.db, userId, LUCKYDRAW_LIST_MAX),
  ]);
  const { prizes, ticketEveryDays } = settings.luckydraw;
  return {
    prizes: withChances(prizes).map(({ id, amount, currency, chancePercent }) => ({ id, amount, currency, chancePercent })),
    ticketIds: tickets.ids,
    ticketsLeft: tickets.total,
    draws: draws.map((draw) => drawView(draw, scales)),
    ticketEveryDays,
  };
}

export async function draw(context: AppContext, publisher: RewardsEvents, userId: number, ticketId: number): Promise<{ draw: Draw; ticketsLeft: number }> {
  await assertEnabled(context, 'luckydraw');
  const [settings, scales] = await Promise.all([getRewardSettings(context.db), repo.currencyScales(context.db)]);
  const { made, replayed } = await context.commits.run(async (trx) => {
    const ticket = await repo.findTicket(trx, ticketId);
    // Another user's ticket is answered exactly like an unknown one, so ids cannot be probed.
    if (!ticket || ticket.userId !== userId) refuse('noTicket');
    if (ticket.usedAt !== null) {
      const previous = await repo.findDrawByTicket(trx, userId, ticketId);
      if (!previous) throw new Error(`ticket ${ticketId} is used but made no draw`);
      return { made: previous, replayed: true };
    }
    const now = context.now();
    // Pieces of a group commit run one after another, so nothing can use the ticket in between.
    if (!(await repo.markTicketUsed(trx, ticketId, now))) throw new Error(`ticket ${ticketId} was used concurrently`);
    const prizes = settings.luckydraw.prizes;
    const prize = pickByWeight(prizes, crypto.randomInt(0, totalWeightOf(prizes)));
    const amountUnits = parseUnits(prize.amount, scaleOf(scales, prize.currency));
    await payFromFund(trx, { userId, currency: prize.currency, amountUnits, kind: 'luckydraw', memo: `ticket:${ticketId}`, now });
    const fields = { userId, ticketId, prizeId: prize.id, currency: prize.currency, amountUnits, createdAt: now };
    return { made: { id: await repo.insertDraw(trx, fields), ...fields }, replayed: false };
  });
  if (!replayed) publisher.events.emit('balance', { userId, currencies: [made.currency] });
  const { total } = await repo.listUnusedTickets(context.db, userId, 0);
  return { draw: drawView(made, scales), ticketsLeft: total };
}

/** The operator's view: the reward table, the prizes with their weights and chances, and what the fund holds. */
export async function operatorRewards(context: AppContext): Promise<OperatorRewards> {
  const [settings, scales, fund] = await Promise.all([getRewardSettings(context.db), repo.currencyScales(context.db), systemBalances(context.db, 'rewards')]);
  const { prizes, ticketEveryDays } = settings.luckydraw;
  return {
    checkin: settings.checkin,
    luckydraw: { ticketEveryDays, prizes: withChances(prizes) },
    fund: fund.map((balance) => ({ currency: balance.currency, amount: formatUnits(balance.balanceUnits, scaleOf(scales, balance.currency)) })),
  };
}
