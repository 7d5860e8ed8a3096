/**
 * Market calls of spec section 7. The symbol list is reference data: every trading screen, the
 * quotes page and the search box read it, and the hub refreshes it every SYMBOL_REFRESH_MS.
 */
import { z } from 'zod/mini';
import { SYMBOL_TYPE } from '../constants';
import { SCALE_MAX } from '../money';
import { defineCall } from './call';
import { idField, intField } from './fields';

export const symbolTypeSchema = z.union([
  z.literal(SYMBOL_TYPE.boption),
  z.literal(SYMBOL_TYPE.futures),
  z.literal(SYMBOL_TYPE.exchange),
]);

const precisionSchema = z.number().check(z.int(), z.minimum(0), z.maximum(SCALE_MAX));

/** A market pair with every field of spec 3 (Symbol). */
export const marketSymbolSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
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

/**
 * Candle intervals of the klines call, with their length. Buckets are aligned on UTC: minutes,
 * hours and days on the epoch, weeks on Monday 00:00 UTC.
 */
export const KLINE_INTERVAL_MS = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
} as const;
export type KlineInterval = keyof typeof KLINE_INTERVAL_MS;
export const KLINE_INTERVALS = Object.keys(KLINE_INTERVAL_MS) as KlineInterval[];

/**
 * The spec's client asks for `type=1`: a numeric `type` is the interval's length in minutes, so
 * 1 is one minute and 1440 one day. Names ('1m', '4h', '1w') are accepted as well.
 */
export function klineIntervalOf(value: string | number): KlineInterval | undefined {
  const text = String(value).trim();
  if ((KLINE_INTERVALS as string[]).includes(text)) return text as KlineInterval;
  if (!/^\d{1,6}$/.test(text)) return undefined;
  const lengthMs = Number(text) * 60_000;
  return KLINE_INTERVALS.find((interval) => KLINE_INTERVAL_MS[interval] === lengthMs);
}

export const KLINE_LIMIT_DEFAULT = 500;
/** Candles per klines answer at most, whatever the client asks. */
export const KLINE_LIMIT_MAX = 1_500;
export const RECENT_TRADES_DEFAULT = 50;
export const RECENT_TRADES_MAX = 100;
/** Price levels per side in a full_quote snapshot. */
export const DEPTH_LEVELS_MAX = 50;
/** Symbols per /quotation/latest request. */
export const LATEST_SYMBOLS_MAX = 100;
/** Entries per ranking (gainers, losers, volume, top searches). */
export const RANKING_SIZE = 10;

const klineIntervalField = z.pipe(
  z
    .union([z.number(), z.string().check(z.maxLength(8))])
    .check(z.refine((value) => klineIntervalOf(value) !== undefined, `must be one of ${KLINE_INTERVALS.join(', ')} or a length in minutes`)),
  z.transform((value) => klineIntervalOf(value) as KlineInterval),
);

const timeField = intField({ min: 0 });

/**
 * A quote over the last 24 hours (spec 3, Quote update): c close, dl day low, dh day high,
 * dv day volume (base quantity), ds day open, t the time it was computed. Prices carry the
 * symbol's pricePrecision, the volume its volumePrecision.
 */
export const quoteSchema = z.object({
  /** The symbol id the quote is for. */
  id: z.number(),
  c: z.string(),
  dl: z.string(),
  dh: z.string(),
  dv: z.string(),
  ds: z.string(),
  t: z.number(),
  /** (c - ds) / ds in percent, two decimals, truncated toward zero. */
  changePercent: z.string(),
  /** The day volume valued at the close, in the quote currency (pricePrecision decimals). */
  turnover: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** The realtime quote array of spec 3: open, close, low, high, (unused), volume. */
export const quoteArraySchema = z.tuple([z.string(), z.string(), z.string(), z.string(), z.null(), z.string()]);
export type QuoteArray = z.infer<typeof quoteArraySchema>;

export function toQuoteArray(quote: Quote): QuoteArray {
  return [quote.ds, quote.c, quote.dl, quote.dh, null, quote.dv];
}

/** A candle on the wire: [open time ms, open, high, low, close, volume]. */
export const candleSchema = z.tuple([z.number(), z.string(), z.string(), z.string(), z.string(), z.string()]);
export type CandleTuple = z.infer<typeof candleSchema>;

/**
 * Candles of a symbol, oldest first. `from` is inclusive and `to` exclusive (ms since the epoch).
 * With `from`, the page runs forward from it; without, it is the `limit` latest candles before
 * `to` (or up to now), so a chart pages back by passing the oldest time it has as `to`.
 */
export const klinesCall = defineCall({
  method: 'GET',
  path: '/quotation/klines',
  query: z.object({
    id: idField,
    type: z._default(klineIntervalField, '1m'),
    from: z.optional(timeField),
    to: z.optional(timeField),
    /** Any positive number is accepted; the server caps it at KLINE_LIMIT_MAX. */
    limit: z.optional(intField({ min: 1, max: 2_147_483_647 })),
  }),
  data: z.array(candleSchema),
  changesState: false,
  auth: 'none',
});

export const tradeSchema = z.object({
  id: z.number(),
  price: z.string(),
  quantity: z.string(),
  /** The taker's side: buy means the price ticked up. */
  takerSide: z.enum(['buy', 'sell']),
  time: z.number(),
});
export type Trade = z.infer<typeof tradeSchema>;

const recentInput = z.object({
  id: z.optional(idField),
  limit: z.optional(intField({ min: 1, max: 2_147_483_647 })),
});

/** The latest trades of a symbol, newest first; the id comes in the query (spec: ?id=) or the body. */
export const recentCall = defineCall({
  method: 'POST',
  path: '/quotation/recent',
  query: recentInput,
  body: recentInput,
  data: z.array(tradeSchema),
  changesState: false,
  auth: 'none',
});

const depthLevelSchema = z.tuple([z.string(), z.string()]);

export const depthSchema = z.object({
  symbolId: z.number(),
  sequence: z.number(),
  /** Best first: bids from the highest price down, asks from the lowest up; [price, quantity]. */
  bids: z.array(depthLevelSchema),
  asks: z.array(depthLevelSchema),
});
export type Depth = z.infer<typeof depthSchema>;

/**
 * The resync snapshot of the market channel: the quote and the book up to DEPTH_LEVELS_MAX levels
 * a side, with the sequence number of the last book change it includes. A socket client that
 * misses a sequence number loads this and applies only the deltas after `sequence`.
 */
export const fullQuoteCall = defineCall({
  method: 'GET',
  path: '/quotation/full_quote',
  query: z.object({ id: idField }),
  data: z.object({ id: z.number(), quote: z.nullable(quoteSchema), depth: depthSchema, sequence: z.number() }),
  changesState: false,
  auth: 'none',
});

const SYMBOL_KEY_PATTERN = /^(\d{1,9}|[A-Za-z0-9]{1,12}[_/][A-Za-z0-9]{1,12})$/;

/** Symbol ids or names, comma-separated (spec) or as an array; names are of `type` (exchange by default). */
const symbolKeysField = z.pipe(
  z.pipe(
    z.union([z.string().check(z.maxLength(4_000)), z.array(z.union([z.string().check(z.maxLength(40)), z.number()])).check(z.maxLength(LATEST_SYMBOLS_MAX))]),
    z.transform((value) => {
      const parts = typeof value === 'string' ? value.split(',') : value.map(String);
      return [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ''))];
    }),
  ),
  z.array(z.string().check(z.regex(SYMBOL_KEY_PATTERN, 'must be symbol ids or names'))).check(z.minLength(1), z.maxLength(LATEST_SYMBOLS_MAX)),
);

const latestInput = z.object({
  symbols: z.optional(symbolKeysField),
  type: z.optional(intField({ min: SYMBOL_TYPE.boption, max: SYMBOL_TYPE.exchange })),
});

/**
 * Quotes of the given symbols (at most LATEST_SYMBOLS_MAX). Unknown or hidden symbols and
 * symbols that never traded are left out, so a client with a stale list still gets the rest.
 */
export const latestCall = defineCall({
  method: 'POST',
  path: '/quotation/latest',
  query: latestInput,
  body: latestInput,
  data: z.array(quoteSchema),
  changesState: false,
  auth: 'none',
});

/** A symbol with its quote: the home page's cards and the rankings' rows. */
export const symbolWithQuoteSchema = z.extend(marketSymbolSchema, { quote: quoteSchema });
export type SymbolWithQuote = z.infer<typeof symbolWithQuoteSchema>;

export const homeSymbolSchema = z.extend(marketSymbolSchema, { quote: z.nullable(quoteSchema) });
export type HomeSymbol = z.infer<typeof homeSymbolSchema>;

export const ranksSchema = z.object({
  /** Exchange symbols by 24 h change, highest first. */
  gainers: z.array(symbolWithQuoteSchema),
  /** Exchange symbols by 24 h change, lowest first. */
  losers: z.array(symbolWithQuoteSchema),
  /** Exchange symbols by 24 h turnover valued in USDT, highest first. */
  volume: z.array(symbolWithQuoteSchema),
});
export type Ranks = z.infer<typeof ranksSchema>;

/**
 * The home symbols and the rankings. The spec's client reads `data.data.symbols`, an object whose
 * values are the home symbols (the highlighted ones), keyed by symbol id.
 */
export const rankingsCall = defineCall({
  method: 'GET',
  path: '/quotation/rankings',
  data: z.object({
    data: z.extend(ranksSchema, { symbols: z.record(z.string(), homeSymbolSchema) }),
  }),
  changesState: false,
  auth: 'none',
});

const favouriteInput = z.object({ id: z.optional(idField) });

/** Favourites answer the user's favourite symbol ids, in the order they were added. */
const favouriteIds = z.array(z.number());

export const favouriteAddCall = defineCall({
  method: 'POST',
  path: '/fav/add',
  query: favouriteInput,
  body: favouriteInput,
  data: favouriteIds,
  changesState: true,
  auth: 'user',
});

export const favouriteDeleteCall = defineCall({
  method: 'POST',
  path: '/fav/delete',
  query: favouriteInput,
  body: favouriteInput,
  data: favouriteIds,
  changesState: true,
  auth: 'user',
});

export const favouriteQueryCall = defineCall({
  method: 'POST',
  path: '/fav/query',
  body: z.object({}),
  data: favouriteIds,
  changesState: false,
  auth: 'user',
});
