/**
 * Binary options (spec 7: POST boption/config?id, boptionorder/status?id,
 * boptionorder/recentOpenOrders, boptionorder/orders?offset, boption/create; spec 2: the Boption
 * trading page and /Boption/BoptionCoinOrder). The spec shows no fields, so these are ours:
 *
 * - On the type-1 symbols. A trader stakes USDT of the spot wallet on the index price (server/prices,
 *   the spot market of the same pair; one user's orders cannot move it) being above (`up`) or
 *   below (`down`) its open price after a period. The open price is the index at acceptance.
 * - At expiry the order settles with the index of that instant (the last index sample at or
 *   before `expiresAt`, at most 2 s before it; the server records each second's index in its
 *   database, so a restart keeps it), however late the settlement runs: a win pays stake + stake x
 *   payoutRate from the platform's options account, a loss moves the stake there, a tie (equal
 *   prices) refunds the stake. When no price of that instant was recorded (the server was down
 *   then, or there was no index), nobody can say who won: the stake is refunded as a tie, with
 *   settlePrice null. Each order settles exactly once, across restarts.
 * - The stake is held through the ledger when the order is accepted; create needs the
 *   Idempotency-Key header (a repeat with the same key and body answers the same order).
 * - Limits: each period's minimum and maximum stake, the open orders one user may have, and the
 *   platform's open liability per symbol and period (what it would pay if every open order won,
 *   net of what the losing side would bring): an order past it is refused.
 * - The index of every binary-option and futures symbol is pushed each second on the public
 *   `index` socket channel and its last minutes are read with GET /market/indexhistory
 *   (api/index-price.ts); the user's own orders come on the private channel as `boption` events,
 *   and every settlement is also a notification.
 */
import { z } from 'zod/mini';
import { defineCall } from './call';
import { symbolKeyField } from './exchange';
import { amountField, idField, intField } from './fields';

export const BOPTION_DIRECTIONS = ['up', 'down'] as const;
export type BoptionDirection = (typeof BOPTION_DIRECTIONS)[number];

export const BOPTION_STATUSES = ['open', 'won', 'lost', 'tie'] as const;
export type BoptionStatus = (typeof BOPTION_STATUSES)[number];

export const boptionPeriodSchema = z.object({
  /** The period's length in seconds (e.g. 30, 60, 120, 300). */
  seconds: z.number(),
  /** What a win pays on top of the stake, as a fraction ("0.85" is 85 %). */
  payoutRate: z.string(),
  minStake: z.string(),
  maxStake: z.string(),
});
export type BoptionPeriod = z.infer<typeof boptionPeriodSchema>;

export const boptionConfigSchema = z.object({
  symbolId: z.number(),
  symbol: z.string(),
  /** The spot market whose index prices this symbol. */
  indexSymbolId: z.number(),
  /** The currency staked and paid, from the spot wallet. */
  currency: z.string(),
  periods: z.array(boptionPeriodSchema),
  /** How many open orders one user may have at once, all symbols together. */
  openOrdersMax: z.number(),
  /** The index now, at the symbol's price precision; null while there is none (orders are refused). */
  indexPrice: z.nullable(z.string()),
  indexAt: z.nullable(z.number()),
});
export type BoptionConfig = z.infer<typeof boptionConfigSchema>;

/** One symbol's periods and limits (the first binary-option symbol without `id`); the same for everyone. */
export const boptionConfigCall = defineCall({
  method: 'POST',
  path: '/boption/config',
  query: z.object({ id: z.optional(symbolKeyField) }),
  data: boptionConfigSchema,
  changesState: false,
  auth: 'none',
});

export const boptionOrderSchema = z.object({
  id: z.number(),
  symbolId: z.number(),
  symbol: z.string(),
  direction: z.enum(BOPTION_DIRECTIONS),
  periodSeconds: z.number(),
  stake: z.string(),
  payoutRate: z.string(),
  status: z.enum(BOPTION_STATUSES),
  openPrice: z.string(),
  /** Null until settled, and on a refund for want of a price at the expiry instant. */
  settlePrice: z.nullable(z.string()),
  /** What the settlement paid back: stake x (1 + payoutRate) on a win, the stake on a tie, 0 on a loss; null until settled. */
  payout: z.nullable(z.string()),
  /** payout - stake; null until settled. */
  profit: z.nullable(z.string()),
  /** Milliseconds since the epoch. */
  openedAt: z.number(),
  expiresAt: z.number(),
  settledAt: z.nullable(z.number()),
});
export type BoptionOrder = z.infer<typeof boptionOrderSchema>;

/** Places an option at the index now; needs the Idempotency-Key header. */
export const boptionCreateCall = defineCall({
  method: 'POST',
  path: '/boption/create',
  body: z.object({
    symbol: symbolKeyField,
    direction: z.enum(BOPTION_DIRECTIONS),
    periodSeconds: intField({ min: 1, max: 86_400 }),
    stake: amountField,
  }),
  data: boptionOrderSchema,
  changesState: true,
  auth: 'user',
});

/** One of the caller's orders. */
export const boptionOrderStatusCall = defineCall({
  method: 'POST',
  path: '/boptionorder/status',
  query: z.object({ id: idField }),
  data: boptionOrderSchema,
  changesState: false,
  auth: 'user',
});

/** The caller's open orders (of one symbol with `id`), soonest expiry first. */
export const boptionRecentOpenOrdersCall = defineCall({
  method: 'POST',
  path: '/boptionorder/recentOpenOrders',
  query: z.object({ id: z.optional(symbolKeyField) }),
  data: z.array(boptionOrderSchema),
  changesState: false,
  auth: 'user',
});

/** The caller's settled orders, newest first; the server caps `limit` at LIST_PAGE_MAX. */
export const boptionOrdersCall = defineCall({
  method: 'POST',
  path: '/boptionorder/orders',
  query: z.object({
    offset: z.optional(intField({ min: 0, max: 1_000_000 })),
    limit: z.optional(intField({ min: 1, max: 2_147_483_647 })),
    symbol: z.optional(symbolKeyField),
    status: z.optional(z.enum(BOPTION_STATUSES)),
    /** Opened at or after / before, milliseconds since the epoch. */
    from: z.optional(intField({ min: 0 })),
    to: z.optional(intField({ min: 0 })),
  }),
  data: z.object({ total: z.number(), list: z.array(boptionOrderSchema) }),
  changesState: false,
  auth: 'user',
});
