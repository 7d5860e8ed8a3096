/**
 * Spot exchange calls (spec 7: exchange/create, activeorders, cancelorder, orders). Prices and
 * quantities are decimal strings; the engine checks them against the symbol's precisions.
 */
import { z } from 'zod';
import { LIST_PAGE_MAX } from '../constants';
import { defineCall } from './call';
import { amountField, idField, intField } from './fields';

/** A symbol by id (301) or by its name in any case (btc_usdt, BTC/USDT). */
export const symbolKeyField = z.union([z.number().int().positive(), z.string().trim().min(1).max(30)]);

export const orderViewSchema = z.object({
  id: z.number(),
  userId: z.number(),
  symbolId: z.number(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['limit', 'market']),
  price: z.string().nullable(),
  quantity: z.string().nullable(),
  quoteAmount: z.string().nullable(),
  filledQuantity: z.string(),
  filledQuote: z.string(),
  averagePrice: z.string().nullable(),
  fee: z.string(),
  feeCurrency: z.string(),
  status: z.enum(['open', 'filled', 'cancelled']),
  cancelReason: z.string().nullable(),
  clientOrderId: z.string().nullable(),
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
    type: z.enum(['limit', 'market']).default('limit'),
    price: amountField.optional(),
    quantity: amountField.optional(),
    /** Market buys spend this much of the quote currency. */
    quoteAmount: amountField.optional(),
    clientOrderId: z.string().trim().min(1).max(40).regex(/^[\w.:-]+$/).optional(),
  }),
  data: orderViewSchema,
  changesState: true,
  auth: 'user',
});

export const activeOrdersCall = defineCall({
  method: 'POST',
  path: '/exchange/activeorders',
  query: z.object({ symbol: symbolKeyField.optional() }),
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

export const ordersCall = defineCall({
  method: 'POST',
  path: '/exchange/orders',
  body: z.object({
    symbol: symbolKeyField.optional(),
    status: z.enum(['open', 'filled', 'cancelled', 'closed']).optional(),
    offset: intField({ min: 0, max: 1_000_000 }).default(0),
    limit: intField({ min: 1, max: 1_000_000 }).default(20),
  }),
  data: z.object({ total: z.number(), list: z.array(orderViewSchema) }),
  changesState: false,
  auth: 'user',
});

/** Server-side cap on a page of orders, whatever the client asks. */
export const ORDERS_PAGE_MAX = LIST_PAGE_MAX;
