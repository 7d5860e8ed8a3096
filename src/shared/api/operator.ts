/**
 * The operator API (ARCHITECTURE.md, "Roles and the operator API"): what an operator does to the
 * running server, never by writing its database behind its back. The admin CLI calls it with the
 * bearer token of DATA_DIR/admin-token; an operator-role session may call it too. Every path
 * is under /api/v1/operator/.
 */
import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { defineCall } from './call';
import { SLUG_PATTERN } from './content';
import { boolField, idField, intField, requiredText, textField } from './fields';

export const auditCall = defineCall({
  method: 'GET',
  path: '/operator/audit',
  // A failed audit is data, not an error: the CLI prints its problems and exits non-zero.
  data: z.object({
    ok: z.boolean(),
    problems: z.array(z.string()),
    checked: z.object({ accounts: z.number(), transactions: z.number(), postings: z.number() }),
  }),
  changesState: false,
  auth: 'operator',
});

export const POST_TITLE_MAX = 200;
export const POST_SUMMARY_MAX = 500;
export const POST_BODY_MAX = 20_000;
/** A popup window longer than ten years is a typo, not a plan. */
export const POPUP_DAYS_MAX = 3_650;
const TIMESTAMP_MAX_MS = 8_640_000_000_000_000;

const translationSchema = z.strictObject({
  title: requiredText(POST_TITLE_MAX),
  summary: textField(POST_SUMMARY_MAX).default(''),
  body: requiredText(POST_BODY_MAX),
});

/** A cover image: a path on this site or an https address. */
const coverUrlField = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+)?$/, 'must be a path starting with / or an https address');

export const publishPostCall = defineCall({
  method: 'POST',
  path: '/operator/posts',
  body: z.strictObject({
    categoryId: idField,
    slug: z.string().trim().regex(SLUG_PATTERN, 'lower-case letters, digits and dashes').optional(),
    sortOrder: intField({ min: -1_000_000, max: 1_000_000 }).optional(),
    pinned: boolField.optional(),
    /** Popup notices only: 1 once, 2 daily, 3 every time (spec 4). */
    popupMode: intField({ min: 1, max: 3 }).optional(),
    popupFrom: intField({ min: 0, max: TIMESTAMP_MAX_MS }).optional(),
    popupTo: intField({ min: 0, max: TIMESTAMP_MAX_MS }).optional(),
    /** Instead of popupTo: the window lasts this many days from popupFrom (default: now). */
    popupDays: intField({ min: 1, max: POPUP_DAYS_MAX }).optional(),
    coverUrl: coverUrlField.optional(),
    translations: z
      .partialRecord(z.enum(LANGUAGES), translationSchema)
      .refine((translations) => translations.en !== undefined, { message: 'an English translation is required', path: ['en'] }),
  }),
  data: z.object({ id: z.number() }),
  changesState: true,
  auth: 'operator',
});

export const NOTIFY_MESSAGE_MAX = 1_000;

export const notifyCall = defineCall({
  method: 'POST',
  path: '/operator/notify',
  body: z
    .strictObject({
      userId: idField.optional(),
      email: z.string().trim().min(3).max(254).optional(),
      all: z.literal(true).or(z.literal('true').transform(() => true as const)).optional(),
      message: requiredText(NOTIFY_MESSAGE_MAX),
    })
    .refine((body) => [body.userId, body.email, body.all].filter((target) => target !== undefined).length === 1, {
      message: 'name exactly one of userId, email or all',
      path: ['target'],
    }),
  data: z.object({ created: z.number() }),
  changesState: true,
  auth: 'operator',
});

/** The site settings as stored (server/modules/site/settings.ts SiteSettings). */
export const siteSettingsSchema = z.object({
  name: z.string(),
  supportedLanguages: z.array(z.enum(LANGUAGES)),
  helpDesk: z.object({ useExternal: z.boolean(), extLink: z.string(), authRequired: z.boolean(), scRequired: z.boolean() }),
  anonymous: z.array(z.string()),
  stakingEnabled: z.boolean(),
  loanEnabled: z.boolean(),
  checkinEnabled: z.boolean(),
  luckydraw: z.object({ enabled: z.boolean() }),
  c2c: z.object({ enabled: z.boolean() }),
  notificationEnabled: z.boolean(),
  kvConfigs: z.record(z.string(), z.string()),
  permission: z.number(),
  requiredIDLevel: z.number(),
});

export const settingsGetCall = defineCall({
  method: 'GET',
  path: '/operator/settings',
  data: siteSettingsSchema,
  changesState: false,
  auth: 'operator',
});

/** The area-permission bitmask has ten bits (spec 9): 0 allows everything. */
export const PERMISSION_MAX = 1023;
export const SITE_NAME_MAX = 60;
const ANONYMOUS_PAGES_MAX = 50;
const KV_CONFIGS_MAX = 100;

const externalLinkField = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/[^\s]+)?$/, 'must be empty or an http(s) address');

/**
 * A partial update: only the fields present change. Nested objects merge one level deep; in
 * kvConfigs a null value removes the key. Unknown fields are refused, so a typo never passes
 * silently.
 */
export const settingsUpdateSchema = z.strictObject({
  name: requiredText(SITE_NAME_MAX).optional(),
  supportedLanguages: z
    .array(z.enum(LANGUAGES))
    .min(1)
    .max(LANGUAGES.length)
    .refine((languages) => new Set(languages).size === languages.length, 'languages must not repeat')
    .optional(),
  helpDesk: z
    .strictObject({ useExternal: boolField, extLink: externalLinkField, authRequired: boolField, scRequired: boolField })
    .partial()
    .optional(),
  anonymous: z
    .array(z.string().trim().max(100).regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path starting with /'))
    .max(ANONYMOUS_PAGES_MAX)
    .optional(),
  stakingEnabled: boolField.optional(),
  loanEnabled: boolField.optional(),
  checkinEnabled: boolField.optional(),
  luckydraw: z.strictObject({ enabled: boolField }).partial().optional(),
  c2c: z.strictObject({ enabled: boolField }).partial().optional(),
  notificationEnabled: boolField.optional(),
  kvConfigs: z
    .record(z.string().regex(/^[\w.-]{1,64}$/), z.string().max(1_000).nullable())
    .refine((entries) => Object.keys(entries).length <= KV_CONFIGS_MAX, `at most ${KV_CONFIGS_MAX} keys at once`)
    .optional(),
  permission: intField({ min: 0, max: PERMISSION_MAX }).optional(),
  requiredIDLevel: intField({ min: 0, max: 10 }).optional(),
});
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

export const settingsUpdateCall = defineCall({
  method: 'POST',
  path: '/operator/settings',
  body: settingsUpdateSchema,
  data: siteSettingsSchema,
  changesState: true,
  auth: 'operator',
});

const robotsStateSchema = z.object({
  /** False when no robot accounts exist (robots were never enabled on this database). */
  configured: z.boolean(),
  paused: z.boolean(),
});

/** The market-maker robots' switch: paused robots withdraw their quotes and stay idle. */
export const robotsGetCall = defineCall({
  method: 'GET',
  path: '/operator/robots',
  data: robotsStateSchema,
  changesState: false,
  auth: 'operator',
});

export const robotsSetCall = defineCall({
  method: 'POST',
  path: '/operator/robots',
  body: z.object({ paused: boolField }),
  data: robotsStateSchema,
  changesState: true,
  auth: 'operator',
});
