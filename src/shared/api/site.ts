/**
 * Site calls of spec section 7: the site config (spec 3, sysconfig) that decides which areas,
 * languages and features the app shows, and the country list of the phone forms.
 */
import { z } from 'zod/mini';
import { LANGUAGES } from '../languages';
import { defineCall } from './call';

export const siteConfigSchema = z.object({
  name: z.string(),
  supportedLanguages: z.array(z.enum(LANGUAGES)),
  helpDesk: z.object({
    useExternal: z.boolean(),
    extLink: z.string(),
    authRequired: z.boolean(),
    scRequired: z.boolean(),
  }),
  /** Pages open to visitors (paths without a language prefix, lower-case). */
  anonymous: z.array(z.string()),
  stakingEnabled: z.boolean(),
  loanEnabled: z.boolean(),
  checkinEnabled: z.boolean(),
  luckydraw: z.object({ enabled: z.boolean() }),
  c2c: z.object({ enabled: z.boolean() }),
  notificationEnabled: z.boolean(),
  /** Free-form keys, e.g. social links: twitter with per-language overrides like twitter_zh. */
  kvConfigs: z.record(z.string(), z.string()),
  /** Server time in ms since the epoch, so the app can correct a wrong device clock. */
  time: z.number().check(z.int()),
  /** Area bitmask of spec 6 and 9: 0 allows every area, a set bit hides that area. */
  permission: z.number().check(z.int(), z.minimum(0)),
  /** The identity level at which a user counts as verified. */
  requiredIDLevel: z.number().check(z.int(), z.minimum(0)),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const configCall = defineCall({
  method: 'GET',
  path: '/config',
  data: siteConfigSchema,
  changesState: false,
  auth: 'none',
});

/** The spec's client posts its reads; the answer is the same as GET /config. */
export const configPostCall = defineCall({
  method: 'POST',
  path: '/config',
  data: siteConfigSchema,
  changesState: false,
  auth: 'none',
});

export const regionSchema = z.object({
  /** ISO 3166-1 alpha-2 code. */
  code: z.string().check(z.length(2)),
  /** ITU country calling code with its plus sign, e.g. +86. */
  dialCode: z.string().check(z.regex(/^\+\d{1,4}$/)),
  name: z.string(),
});
export type Region = z.infer<typeof regionSchema>;

export const regionsCall = defineCall({
  method: 'GET',
  path: '/config/regions',
  data: z.array(regionSchema),
  changesState: false,
  auth: 'none',
});
