/**
 * Check-in and lucky-draw calls (spec 7: GET and POST /checkin, GET and POST /luckydraw; the spec
 * names them but shows no fields, so these are ours). Days are UTC days: a user checks in once a
 * day, consecutive days make a streak (a missed day starts it again at 1), and the n-th day of a
 * streak pays the reward of day ((n - 1) mod cycle) + 1 of the reward table. Every
 * `ticketEveryDays`-th day of a streak also earns one lucky-draw ticket; a draw uses one ticket and
 * pays one prize, drawn by the server with the configured odds. Amounts are decimal strings.
 */
import { z } from 'zod/mini';
import { defineCall } from './call';
import { emptyBody, idField } from './fields';

export const rewardSchema = z.object({
  /** The day of the cycle this reward is for, from 1. */
  day: z.number(),
  amount: z.string(),
  currency: z.string(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const checkinStatusSchema = z.object({
  /** The current UTC month, "YYYY-MM", and today's day of it. */
  month: z.string(),
  today: z.number(),
  /** Days of this UTC month the user checked in, ascending. */
  checkedDays: z.array(z.number()),
  checkedInToday: z.boolean(),
  /** Consecutive days up to today (or up to yesterday while today is still open); 0 when broken. */
  streak: z.number(),
  /** What the next check-in pays: today's when still open, else tomorrow's if the streak goes on. */
  nextReward: rewardSchema,
  /** The reward table, one entry per day of the cycle. */
  rewards: z.array(rewardSchema),
  /** Every this many consecutive days earn a lucky-draw ticket. */
  ticketEveryDays: z.number(),
});
export type CheckinStatus = z.infer<typeof checkinStatusSchema>;

export const checkinStatusCall = defineCall({
  method: 'GET',
  path: '/checkin',
  data: checkinStatusSchema,
  changesState: false,
  auth: 'user',
});

export const checkinResultSchema = z.object({
  streak: z.number(),
  reward: rewardSchema,
  /** Whether this check-in completed a streak step and earned a lucky-draw ticket. */
  ticketEarned: z.boolean(),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;

/** Checks in for today (UTC); a second check-in the same day is refused with alreadyCheckedIn. */
export const checkinCall = defineCall({
  method: 'POST',
  path: '/checkin',
  body: emptyBody,
  data: checkinResultSchema,
  changesState: true,
  auth: 'user',
});

export const prizeSchema = z.object({
  id: z.string(),
  amount: z.string(),
  currency: z.string(),
  /** The chance of this prize on one draw, in percent with up to two decimals ("12.5"). */
  chancePercent: z.string(),
});
export type Prize = z.infer<typeof prizeSchema>;

export const drawSchema = z.object({
  id: z.number(),
  ticketId: z.number(),
  prizeId: z.string(),
  amount: z.string(),
  currency: z.string(),
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
});
export type Draw = z.infer<typeof drawSchema>;

/** How many unused tickets and recent draws GET /luckydraw lists at most. */
export const LUCKYDRAW_LIST_MAX = 20;

export const luckydrawStatusSchema = z.object({
  prizes: z.array(prizeSchema),
  /** Unused tickets, oldest first (at most LUCKYDRAW_LIST_MAX ids; `ticketsLeft` counts them all). */
  ticketIds: z.array(z.number()),
  ticketsLeft: z.number(),
  /** The latest draws, newest first (at most LUCKYDRAW_LIST_MAX). */
  draws: z.array(drawSchema),
  ticketEveryDays: z.number(),
});
export type LuckydrawStatus = z.infer<typeof luckydrawStatusSchema>;

export const luckydrawStatusCall = defineCall({
  method: 'GET',
  path: '/luckydraw',
  data: luckydrawStatusSchema,
  changesState: false,
  auth: 'user',
});

/**
 * Draws with one ticket. The ticket id is the call's idempotency key: a ticket already used
 * answers the draw it made and pays nothing again, so a retry after a lost answer is safe.
 */
export const luckydrawCall = defineCall({
  method: 'POST',
  path: '/luckydraw',
  body: z.object({ ticketId: idField }),
  data: z.object({ draw: drawSchema, ticketsLeft: z.number() }),
  changesState: true,
  auth: 'user',
});

export const rewardSettingsSchema = z.object({
  checkin: z.object({ rewards: z.array(rewardSchema) }),
  luckydraw: z.object({
    ticketEveryDays: z.number(),
    prizes: z.array(z.object({ id: z.string(), amount: z.string(), currency: z.string(), weight: z.number() })),
  }),
});
export type RewardSettings = z.infer<typeof rewardSettingsSchema>;

export const operatorRewardsSchema = z.object({
  checkin: z.object({ rewards: z.array(rewardSchema) }),
  luckydraw: z.object({
    ticketEveryDays: z.number(),
    prizes: z.array(z.object({ id: z.string(), amount: z.string(), currency: z.string(), weight: z.number(), chancePercent: z.string() })),
  }),
  /** What the rewards fund holds per currency: check-ins and draws it cannot pay are refused. */
  fund: z.array(z.object({ currency: z.string(), amount: z.string() })),
});
export type OperatorRewards = z.infer<typeof operatorRewardsSchema>;

/** The operator reads the reward table, the prizes with their weights and what the fund holds. */
export const operatorRewardsCall = defineCall({
  method: 'GET',
  path: '/operator/rewards',
  data: operatorRewardsSchema,
  changesState: false,
  auth: 'operator',
});
