/**
 * The home page's data in one call (spec 7: GET /home?lang), which the client caches for
 * HOME_CONFIG_CACHE_MS per language and referral code (spec 3, Home config): banners, popup
 * notices and the notice bar, news, tips from the college, the highlighted symbols, the market
 * rankings and the most traded symbols.
 */
import { z } from 'zod/mini';
import { LANGUAGES, type Language } from '../languages';
import { defineCall } from './call';
import { noticeSummarySchema, postSummarySchema } from './content';
import { homeSymbolSchema, ranksSchema, symbolWithQuoteSchema } from './market';

export const HOME_BANNERS_MAX = 5;
export const HOME_NOTICE_BAR_MAX = 3;
export const HOME_NEWS_MAX = 6;
export const HOME_TIPS_MAX = 5;

/** One of the 13 languages, in any letter case (zh-cht is zh-CHT). */
const languageField = z.pipe(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((text) => LANGUAGES.find((language) => language.toLowerCase() === text.toLowerCase())),
  ),
  z.custom<Language>((value) => value !== undefined, 'must be one of the supported languages'),
);

export const homeSchema = z.object({
  lang: z.enum(LANGUAGES),
  /** The signed-in user's referral code, else the one the visitor came with, else null. */
  referralCode: z.nullable(z.string()),
  /** Announcements of new listings and platform updates, newest first. */
  banners: z.array(postSummarySchema),
  notices: z.object({
    /** Popup notices inside their window; the app applies the popup rules of spec 4. */
    popups: z.array(noticeSummarySchema),
    /** The latest announcements for the scrolling notice bar. */
    announcements: z.array(postSummarySchema),
  }),
  news: z.array(postSummarySchema),
  tips: z.array(postSummarySchema),
  symbols: z.array(homeSymbolSchema),
  ranks: ranksSchema,
  /** The most traded exchange symbols of the last 24 hours. */
  topSearches: z.array(symbolWithQuoteSchema),
  /** When the server built this answer, ms since the epoch. */
  time: z.number(),
});
export type Home = z.infer<typeof homeSchema>;

export const homeCall = defineCall({
  method: 'GET',
  path: '/home',
  query: z.object({
    /** The page's language; the Accept-Language header when absent. */
    lang: z.optional(languageField),
    /** The code of an invitation link a visitor arrived with. */
    referralCode: z.optional(
      z.pipe(
        z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{1,16}$/)),
        z.transform((code) => code.toUpperCase()),
      ),
    ),
  }),
  data: homeSchema,
  changesState: false,
  auth: 'none',
});
