/**
 * Spot exchange calls (spec 7: exchange/create, activeorders, cancelorder, orders). Prices and
 * quantities are decimal strings; the engine checks them against the symbol's precisions.
 */
import { z } from 'zod/mini';
import { LIST_PAGE_MAX } from '../constants';
import { defineCall } from './call';
import { amountField, idField, intField } from './fields';

/** A symbol by id (301) or by its name in any case (btc_usdt, BTC/USDT). */
export const symbolKeyField = z.union([z.number().check(z.int(), z.positive()), z.string().check(z.trim(), z.minLength(1), z.maxLength(30))]);

export const orderViewSchema = z.object({
  id: z.number(),
  userId: z.number(),
  symbolId: z.number(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['limit', 'market']),
  price: z.nullable(z.string()),
  quantity: z.nullable(z.string()),
  quoteAmount: z.nullable(z.string()),
  filledQuantity: z.string(),
  filledQuote: z.string(),
  averagePrice: z.nullable(z.string()),
  fee: z.string(),
  feeCurrency: z.string(),
  status: z.enum(['open', 'filled', 'cancelled']),
  cancelReason: z.nullable(z.string()),
  clientOrderId: z.nullable(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type OrderViewData = z.infer<typeof orderViewSchema>;

export const createOrderCall = defineCall({
  method: 'POST',
  path: '/exchange/create',
  body: z.object({
    symbol: symbolKeyField,
    side: z.enum(['buy', 'sell']),
    type: z._default(z.enum(['limit', 'market']), 'limit'),
    price: z.optional(amountField),
    quantity: z.optional(amountField),
    /** Market buys spend this much of the quote currency. */
    quoteAmount: z.optional(amountField),
    clientOrderId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40), z.regex(/^[\w.:-]+$/))),
  }),
  data: orderViewSchema,
  changesState: true,
  auth: 'user',
});

export const activeOrdersCall = defineCall({
  method: 'POST',
  path: '/exchange/activeorders',
  query: z.object({ symbol: z.optional(symbolKeyField) }),
  data: z.array(orderViewSchema),
  changesState: false,
  auth: 'user',
});

export const cancelOrderCall = defineCall({
  method: 'POST',
  path: '/exchange/cancelorder',
  query: z.object({ id: idField }),
  data: orderViewSchema,
  changesState: true,
  auth: 'user',
});

/**
 * Cancels every open order of the caller, of one market or of all: not in the spec's list, but a
 * trader with two hundred resting orders needs it. Orders that fill meanwhile are left as they are.
 */
export const cancelAllOrdersCall = defineCall({
  method: 'POST',
  path: '/exchange/cancelall',
  query: z.object({ symbol: z.optional(symbolKeyField) }),
  data: z.object({ cancelled: z.number() }),
  changesState: true,
  auth: 'user',
});

export const ordersCall = defineCall({
  method: 'POST',
  path: '/exchange/orders',
  body: z.object({
    symbol: z.optional(symbolKeyField),
    status: z.optional(z.enum(['open', 'filled', 'cancelled', 'closed'])),
    offset: z._default(intField({ min: 0, max: 1_000_000 }), 0),
    limit: z._default(intField({ min: 1, max: 1_000_000 }), 20),
  }),
  data: z.object({ total: z.number(), list: z.array(orderViewSchema) }),
  changesState: false,
  auth: 'user',
});

/** Server-side cap on a page of orders, whatever the client asks. */
export const ORDERS_PAGE_MAX = LIST_PAGE_MAX;

/**
 * The fee rates an order of the caller would pay on a market now: the market's maker and taker
 * fees, lowered by the fee tier of the caller's VIP level (an operator sets both, issue 21). Not
 * in the spec's list; the order form's fee estimate reads it. A visitor gets VIP level 0's.
 */
export const feeRatesCall = defineCall({
  method: 'GET',
  path: '/exchange/fees',
  query: z.object({ symbol: symbolKeyField }),
  data: z.object({
    symbolId: z.number(),
    /** Parts per million of what the order receives: 800 is 0.08 %. */
    makerFeePpm: z.number(),
    takerFeePpm: z.number(),
    vipLevel: z.number(),
  }),
  changesState: false,
  auth: 'none',
});
