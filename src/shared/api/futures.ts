/**
 * Futures (spec 7: POST futures/config, stats, create, closeall, closeorder?id, updatestoppoints,
 * orders?offset; spec 2: the Futures trading page and /Futures/FuturesContractOrder). The spec
 * shows no fields, so these are ours:
 *
 * - USDT-margined perpetual contracts on the type-2 symbols, settled in the futures wallet's USDT
 *   (FTUSDT). The platform is every trader's counterparty through ledger accounts: the futures
 *   house account pays profits and takes losses (it has limits, as every paying platform account
 *   does), fees go to the fee account, and an insurance fund account takes what a liquidation
 *   leaves and pays what a price gap costs beyond a position's margin.
 * - Margin is isolated per position: a position can lose its own margin and nothing else.
 * - The mark price of a futures symbol is the index price (server/prices) of the spot market of
 *   the same pair: one user's own orders cannot move it. Everything that pays reads the mark.
 * - A "futures order" of the spec's call names is a position. It opens at market (the mark plus
 *   the spread for a long, minus it for a short) or waits as a limit trigger: `pending` until the
 *   mark reaches `triggerPrice` (a long when the mark is at or below it, a short at or above),
 *   then opens at the mark with the spread. Its margin and open fee are held from FTUSDT at once.
 * - A position goes pending -> open -> closed, or pending -> cancelled (closeorder on a pending
 *   one). It closes at the mark with its close fee: by the user (closeorder, closeall), by its
 *   take-profit or stop-loss when the mark reaches it, or by liquidation when its margin plus the
 *   unrealised PnL at the mark falls to the maintenance margin. A liquidation settles at the
 *   bankruptcy price (where the margin is exactly used up): the user loses the margin and never
 *   more; the difference between the mark and the bankruptcy price goes to (or, after a gap, comes
 *   from) the insurance fund. Each of these happens exactly once per position.
 * - Create needs the Idempotency-Key header (as transfers and withdrawals do): a repeat with the
 *   same key and body answers the same position; the same key with another body is refused.
 *   Closing a position that is already closed answers it as it is (a retry after a lost answer is
 *   safe, and its closeReason tells the user what closed it).
 * - Limits: the leverage choices and size bounds per symbol, the notional one user may hold per
 *   symbol, and the platform's net exposure per symbol (longs minus shorts, valued at the mark): a
 *   new position on the heavier side is refused past it, one on the lighter side is always taken.
 * - The mark of every futures and binary-option symbol is pushed each second on the public
 *   `index` socket channel (realtime.ts); the user's own position changes come on the private
 *   channel as `futures` events, and every close by TP, SL or liquidation is also a notification.
 */
import { z } from 'zod/mini';
import { defineCall } from './call';
import { symbolKeyField } from './exchange';
import { amountField, idField, intField } from './fields';

export const FUTURES_SIDES = ['long', 'short'] as const;
export type FuturesSide = (typeof FUTURES_SIDES)[number];

export const FUTURES_ORDER_TYPES = ['market', 'limit'] as const;
export type FuturesOrderType = (typeof FUTURES_ORDER_TYPES)[number];

export const FUTURES_STATUSES = ['pending', 'open', 'closed', 'cancelled'] as const;
export type FuturesStatus = (typeof FUTURES_STATUSES)[number];

/** What closed a position. A pending one cancelled by its owner has status cancelled and reason user. */
export const FUTURES_CLOSE_REASONS = ['user', 'takeProfit', 'stopLoss', 'liquidation'] as const;
export type FuturesCloseReason = (typeof FUTURES_CLOSE_REASONS)[number];

/** The highest leverage any symbol offers; each symbol lists its own choices. */
export const FUTURES_LEVERAGE_MAX = 100;

export const futuresSymbolConfigSchema = z.object({
  symbolId: z.number(),
  symbol: z.string(),
  /** The spot market whose index price is this symbol's mark. */
  indexSymbolId: z.number(),
  /** The leverage choices, ascending (e.g. 1, 2, 3, 5, 10, 20, 50, 75, 100). */
  leverages: z.array(z.number()),
  /** Sizes are in the base currency, in steps of volumeStep (the symbol's volume precision). */
  volumeStep: z.string(),
  minVolume: z.string(),
  maxVolume: z.string(),
  /** Fractions of the notional, as decimal strings ("0.0005" is 0.05 %). */
  openFeeRate: z.string(),
  closeFeeRate: z.string(),
  maintenanceMarginRate: z.string(),
  /** The market open's distance from the mark. */
  spreadRate: z.string(),
  /** The notional (USDT at the entry price) one user may hold open in this symbol. */
  userNotionalMax: z.string(),
  /** The platform's largest net exposure in this symbol (USDT at the mark). */
  netExposureMax: z.string(),
  /** The mark now, at the symbol's price precision; null while the index has no price. */
  markPrice: z.nullable(z.string()),
  /** Milliseconds since the epoch of the mark; null with it. */
  markAt: z.nullable(z.number()),
});
export type FuturesSymbolConfig = z.infer<typeof futuresSymbolConfigSchema>;

/** Every futures symbol's terms and mark (or one symbol's, with `id`); the same for everyone. */
export const futuresConfigCall = defineCall({
  method: 'POST',
  path: '/futures/config',
  query: z.object({ id: z.optional(symbolKeyField) }),
  data: z.object({ currency: z.string(), symbols: z.array(futuresSymbolConfigSchema) }),
  changesState: false,
  auth: 'none',
});

export const futuresPositionSchema = z.object({
  id: z.number(),
  symbolId: z.number(),
  symbol: z.string(),
  side: z.enum(FUTURES_SIDES),
  type: z.enum(FUTURES_ORDER_TYPES),
  leverage: z.number(),
  status: z.enum(FUTURES_STATUSES),
  /** Base-currency size. */
  volume: z.string(),
  /** USDT held for the position (isolated margin). */
  margin: z.string(),
  /** The limit trigger; null for a market open. */
  triggerPrice: z.nullable(z.string()),
  /** Null while pending. */
  entryPrice: z.nullable(z.string()),
  /** Where the position is liquidated; null while pending. */
  liquidationPrice: z.nullable(z.string()),
  takeProfit: z.nullable(z.string()),
  stopLoss: z.nullable(z.string()),
  openFee: z.string(),
  /** Null until closed. */
  closeFee: z.nullable(z.string()),
  closePrice: z.nullable(z.string()),
  /** PnL before fees; null until closed. A liquidation's is minus the margin. */
  realizedPnl: z.nullable(z.string()),
  closeReason: z.nullable(z.enum(FUTURES_CLOSE_REASONS)),
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
  openedAt: z.nullable(z.number()),
  closedAt: z.nullable(z.number()),
});
export type FuturesPosition = z.infer<typeof futuresPositionSchema>;

/**
 * Opens a position. Exactly one of `margin` (USDT; the size is margin x leverage / price, rounded
 * down to the step) and `volume` (base; the margin is volume x price / leverage, rounded up).
 * `type: limit` needs `triggerPrice`. A take-profit must be beyond the entry in the position's
 * favour, a stop-loss against it and before the liquidation price. Needs the Idempotency-Key header.
 */
export const futuresCreateCall = defineCall({
  method: 'POST',
  path: '/futures/create',
  body: z.object({
    symbol: symbolKeyField,
    side: z.enum(FUTURES_SIDES),
    type: z._default(z.enum(FUTURES_ORDER_TYPES), 'market'),
    leverage: intField({ min: 1, max: FUTURES_LEVERAGE_MAX }),
    margin: z.optional(amountField),
    volume: z.optional(amountField),
    triggerPrice: z.optional(amountField),
    takeProfit: z.optional(amountField),
    stopLoss: z.optional(amountField),
  }),
  data: futuresPositionSchema,
  changesState: true,
  auth: 'user',
});

/** Closes one of the caller's positions at the mark, or cancels it while pending. */
export const futuresCloseOrderCall = defineCall({
  method: 'POST',
  path: '/futures/closeorder',
  query: z.object({ id: idField }),
  data: futuresPositionSchema,
  changesState: true,
  auth: 'user',
});

/**
 * Closes every open position of the caller (of one symbol with `symbol`) and cancels the pending
 * ones, each on its own: `list` is every position it tried, as it is afterwards.
 */
export const futuresCloseAllCall = defineCall({
  method: 'POST',
  path: '/futures/closeall',
  query: z.object({ symbol: z.optional(symbolKeyField) }),
  data: z.object({
    closed: z.number(),
    cancelled: z.number(),
    /** How many could not be closed now (the platform short of a profit it owes, say): they stay open in `list`, to be closed again later. */
    refused: z.number(),
    list: z.array(futuresPositionSchema),
  }),
  changesState: true,
  auth: 'user',
});

/** Sets or clears (null) the take-profit and stop-loss of a pending or open position; an absent field stays. */
export const futuresUpdateStopPointsCall = defineCall({
  method: 'POST',
  path: '/futures/updatestoppoints',
  body: z.object({
    id: idField,
    takeProfit: z.optional(z.nullable(amountField)),
    stopLoss: z.optional(z.nullable(amountField)),
  }),
  data: futuresPositionSchema,
  changesState: true,
  auth: 'user',
});

/** Which positions a list shows: open (pending and open), history (closed and cancelled), or all. */
export const FUTURES_LIST_SCOPES = ['open', 'history', 'all'] as const;

/** The caller's positions, newest first; the server caps `limit` at LIST_PAGE_MAX. */
export const futuresOrdersCall = defineCall({
  method: 'POST',
  path: '/futures/orders',
  query: z.object({
    offset: z.optional(intField({ min: 0, max: 1_000_000 })),
    limit: z.optional(intField({ min: 1, max: 2_147_483_647 })),
    scope: z.optional(z.enum(FUTURES_LIST_SCOPES)),
    symbol: z.optional(symbolKeyField),
    side: z.optional(z.enum(FUTURES_SIDES)),
    closeReason: z.optional(z.enum(FUTURES_CLOSE_REASONS)),
    /** Created at or after / before, milliseconds since the epoch. */
    from: z.optional(intField({ min: 0 })),
    to: z.optional(intField({ min: 0 })),
  }),
  data: z.object({ total: z.number(), list: z.array(futuresPositionSchema) }),
  changesState: false,
  auth: 'user',
});

export const futuresStatsSchema = z.object({
  currency: z.string(),
  /** FTUSDT free to open positions with. */
  available: z.string(),
  /** Margin of open and pending positions plus held open fees. */
  marginInUse: z.string(),
  /** At the marks now; "0" without open positions. */
  unrealizedPnl: z.string(),
  /** available + marginInUse + unrealizedPnl. */
  equity: z.string(),
  /** Sum of maintenance margins over sum of (margin + unrealised PnL) of open positions, as a fraction; null without any. 1 liquidates. */
  marginRatio: z.nullable(z.string()),
  openCount: z.number(),
  pendingCount: z.number(),
  /** Realised PnL minus fees of everything closed today (UTC). */
  todayPnl: z.string(),
});
export type FuturesStats = z.infer<typeof futuresStatsSchema>;

/** The caller's futures account at the marks now. */
export const futuresStatsCall = defineCall({
  method: 'POST',
  path: '/futures/stats',
  data: futuresStatsSchema,
  changesState: false,
  auth: 'user',
});
