/**
 * Convert calls. The spec has convert screens (ConvertForm, ConvertTable, ConvertHistory) but no
 * calls, so these are ours: a quote prices an amount from the live order book and holds for a
 * few seconds; creating a convert with that quote swaps the two currencies in the spot wallet at
 * exactly the quoted amounts, once. `price` is how much `to` one `from` buys and `inversePrice`
 * how much `from` one `to` costs, both derived from the exact amounts (price rounded down,
 * inversePrice rounded up, so neither flatters the deal).
 */
import { z } from 'zod/mini';
import { defineCall } from './call';
import { amountField, currencyField, intField } from './fields';

/** Decimals of the rates `price` and `inversePrice`. */
export const CONVERT_RATE_DECIMALS = 8;

/** Quote ids are random and unguessable: 22 base64url characters of 128 random bits. */
export const convertQuoteIdField = z.string().check(z.trim(), z.minLength(16), z.maxLength(64), z.regex(/^[\w-]+$/));

export const convertQuoteInput = z.object({
  from: currencyField,
  to: currencyField,
  /** How much of `from` to convert, at most the currency's scale. */
  amount: amountField,
});
export type ConvertQuoteInput = z.output<typeof convertQuoteInput>;

export const convertQuoteSchema = z.object({
  quoteId: z.string(),
  from: z.string(),
  to: z.string(),
  /** What the user pays, exactly. */
  fromAmount: z.string(),
  /** What the user receives, rounded down to the `to` currency's scale. */
  toAmount: z.string(),
  price: z.string(),
  inversePrice: z.string(),
  /** The exchange symbols the price comes from, in order: one, or two through USDT. */
  route: z.array(z.string()),
  /** Milliseconds since the epoch, by the server's clock; the quote is refused from then on. */
  expiresAt: z.number(),
  validForMs: z.number(),
});
export type ConvertQuote = z.infer<typeof convertQuoteSchema>;

/** Prices an amount from the book; refused with noLiquidity when the book cannot fill it. */
export const convertQuoteCall = defineCall({
  method: 'POST',
  path: '/convert/quote',
  body: convertQuoteInput,
  data: convertQuoteSchema,
  changesState: true,
  auth: 'user',
});

export const convertOrderSchema = z.object({
  id: z.number(),
  from: z.string(),
  to: z.string(),
  fromAmount: z.string(),
  toAmount: z.string(),
  price: z.string(),
  inversePrice: z.string(),
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
});
export type ConvertOrder = z.infer<typeof convertOrderSchema>;

/**
 * Converts at a quote's amounts. A quote is used at most once: creating with a quote already
 * used answers the order it made (so a retry after a lost answer is safe) and moves nothing.
 */
export const convertCreateCall = defineCall({
  method: 'POST',
  path: '/convert/create',
  body: z.object({ quoteId: convertQuoteIdField }),
  data: convertOrderSchema,
  changesState: true,
  auth: 'user',
});

/** The server caps `limit` at LIST_PAGE_MAX whatever the client asks. */
export const convertHistoryCall = defineCall({
  method: 'GET',
  path: '/convert/history',
  query: z.object({
    offset: z.optional(intField({ min: 0, max: 1_000_000 })),
    limit: z.optional(intField({ min: 1, max: 2_147_483_647 })),
  }),
  data: z.object({ total: z.number(), list: z.array(convertOrderSchema) }),
  changesState: false,
  auth: 'user',
});

export const convertPairSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  /** Quote currency paid for one base when converting quote to base, spread included; null without asks. */
  buyPrice: z.nullable(z.string()),
  /** Quote currency received for one base when converting base to quote, spread included; null without bids. */
  sellPrice: z.nullable(z.string()),
});
export type ConvertPair = z.infer<typeof convertPairSchema>;

export const convertPairsSchema = z.object({
  /** The house's spread as a fraction, e.g. "0.002". */
  spread: z.string(),
  validForMs: z.number(),
  /** Every currency some pair converts, with its scale for input validation. */
  currencies: z.array(z.object({ code: z.string(), displayName: z.string(), scale: z.number() })),
  /** Directly convertible pairs; two currencies that both pair with USDT convert through it. */
  pairs: z.array(convertPairSchema),
});
export type ConvertPairs = z.infer<typeof convertPairsSchema>;

/** The convert table: supported pairs with indicative prices from the best bid and ask. */
export const convertPairsCall = defineCall({
  method: 'GET',
  path: '/convert/pairs',
  data: convertPairsSchema,
  changesState: false,
  auth: 'none',
});
