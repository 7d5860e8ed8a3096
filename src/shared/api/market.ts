/**
 * Market calls of spec section 7. The symbol list is reference data: every trading screen, the
 * quotes page and the search box read it, and the hub refreshes it every SYMBOL_REFRESH_MS.
 */
import { z } from 'zod';
import { SYMBOL_TYPE } from '../constants';
import { SCALE_MAX } from '../money';
import { defineCall } from './call';

export const symbolTypeSchema = z.union([
  z.literal(SYMBOL_TYPE.boption),
  z.literal(SYMBOL_TYPE.futures),
  z.literal(SYMBOL_TYPE.exchange),
]);

const precisionSchema = z.number().int().min(0).max(SCALE_MAX);

/** A market pair with every field of spec 3 (Symbol). */
export const marketSymbolSchema = z.object({
  id: z.number().int().positive(),
  type: symbolTypeSchema,
  /** Upper-case pair with an underscore, e.g. BTC_USDT; routes carry it lower-case. */
  symbol: z.string(),
  /** What people read and search, e.g. BTC/USDT. */
  name: z.string(),
  /** Shown only to users whose profile has testEnabled. */
  testOnly: z.boolean(),
  /** Whether the requesting user sees test-only symbols. */
  testEnabled: z.boolean(),
  /** Highlighted on the quotes page. */
  prompted: z.boolean(),
  /** Decimals of a price, at most the quote currency's scale. */
  pricePrecision: precisionSchema,
  /** Decimals of a quantity, at most the base currency's scale. */
  volumePrecision: precisionSchema,
  baseSymbol: z.string(),
  quoteSymbol: z.string(),
  /** URL path of the base currency's icon. */
  svgIcon: z.string(),
});
export type MarketSymbol = z.infer<typeof marketSymbolSchema>;

export const symbolsCall = defineCall({
  method: 'GET',
  path: '/quotation/symbols',
  data: z.array(marketSymbolSchema),
  changesState: false,
  auth: 'none',
});
