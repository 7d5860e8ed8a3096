/**
 * The operator API (ARCHITECTURE.md, "Roles and the operator API"): what an operator does to the
 * running server, never by writing its database behind its back. The admin CLI calls it with the
 * bearer token of DATA_DIR/admin-token; an operator-role session may call it too. Every path
 * is under /api/v1/operator/.
 */
import { z } from 'zod/mini';
import { LANGUAGES } from '../languages';
import { defineCall } from './call';
import { SLUG_PATTERN } from './content';
import { boolField, idField, intField, requiredText, textField } from './fields';

/**
 * The ledger audit: from the newest verified checkpoint by default, or every stored posting and
 * what retention folded away with full=1 (server/ledger/audit.ts).
 */
export const auditCall = defineCall({
  method: 'GET',
  path: '/operator/audit',
  query: z.object({ full: z._default(boolField, false) }),
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
  summary: z._default(textField(POST_SUMMARY_MAX), ''),
  body: requiredText(POST_BODY_MAX),
});

/** A cover image: a path on this site or an https address. */
const coverUrlField = z
  .string()
  .check(z.trim(), z.maxLength(500), z.regex(/^(\/[^\s]*|https:\/\/[^\s]+)?$/, 'must be a path starting with / or an https address'));

export const publishPostCall = defineCall({
  method: 'POST',
  path: '/operator/posts',
  body: z.strictObject({
    categoryId: idField,
    slug: z.optional(z.string().check(z.trim(), z.regex(SLUG_PATTERN, 'lower-case letters, digits and dashes'))),
    sortOrder: z.optional(intField({ min: -1_000_000, max: 1_000_000 })),
    pinned: z.optional(boolField),
    /** Popup notices only: 1 once, 2 daily, 3 every time (spec 4). */
    popupMode: z.optional(intField({ min: 1, max: 3 })),
    popupFrom: z.optional(intField({ min: 0, max: TIMESTAMP_MAX_MS })),
    popupTo: z.optional(intField({ min: 0, max: TIMESTAMP_MAX_MS })),
    /** Instead of popupTo: the window lasts this many days from popupFrom (default: now). */
    popupDays: z.optional(intField({ min: 1, max: POPUP_DAYS_MAX })),
    coverUrl: z.optional(coverUrlField),
    translations: z
      .partialRecord(z.enum(LANGUAGES), translationSchema)
      .check(z.refine((translations) => translations.en !== undefined, { message: 'an English translation is required', path: ['en'] })),
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
      userId: z.optional(idField),
      email: z.optional(z.string().check(z.trim(), z.minLength(3), z.maxLength(254))),
      all: z.optional(z.union([z.literal(true), z.pipe(z.literal('true'), z.transform(() => true as const))])),
      message: requiredText(NOTIFY_MESSAGE_MAX),
    })
    .check(
      z.refine((body) => [body.userId, body.email, body.all].filter((target) => target !== undefined).length === 1, {
        message: 'name exactly one of userId, email or all',
        path: ['target'],
      }),
    ),
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
  .check(z.trim(), z.maxLength(500), z.regex(/^(https?:\/\/[^\s]+)?$/, 'must be empty or an http(s) address'));

/**
 * A partial update: only the fields present change. Nested objects merge one level deep; in
 * kvConfigs a null value removes the key. Unknown fields are refused, so a typo never passes
 * silently.
 */
export const settingsUpdateSchema = z.strictObject({
  name: z.optional(requiredText(SITE_NAME_MAX)),
  supportedLanguages: z.optional(
    z
      .array(z.enum(LANGUAGES))
      .check(
        z.minLength(1),
        z.maxLength(LANGUAGES.length),
        z.refine((languages) => new Set(languages).size === languages.length, 'languages must not repeat'),
      ),
  ),
  helpDesk: z.optional(
    z.partial(z.strictObject({ useExternal: boolField, extLink: externalLinkField, authRequired: boolField, scRequired: boolField })),
  ),
  anonymous: z.optional(
    z
      .array(z.string().check(z.trim(), z.maxLength(100), z.regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path starting with /')))
      .check(z.maxLength(ANONYMOUS_PAGES_MAX)),
  ),
  stakingEnabled: z.optional(boolField),
  loanEnabled: z.optional(boolField),
  checkinEnabled: z.optional(boolField),
  luckydraw: z.optional(z.partial(z.strictObject({ enabled: boolField }))),
  c2c: z.optional(z.partial(z.strictObject({ enabled: boolField }))),
  notificationEnabled: z.optional(boolField),
  kvConfigs: z.optional(
    z
      .record(z.string().check(z.regex(/^[\w.-]{1,64}$/)), z.nullable(z.string().check(z.maxLength(1_000))))
      .check(z.refine((entries) => Object.keys(entries).length <= KV_CONFIGS_MAX, `at most ${KV_CONFIGS_MAX} keys at once`)),
  ),
  permission: z.optional(intField({ min: 0, max: PERMISSION_MAX })),
  requiredIDLevel: z.optional(intField({ min: 0, max: 10 })),
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

/** An account as the operator console's users page shows it. */
export const administeredAccountSchema = z.object({
  id: z.number(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  realName: z.string(),
  role: z.enum(['user', 'operator']),
  vipLevel: z.number(),
  verifiedLevel: z.number(),
  /** spec 3: 0 none, 1 created, 2 reviewing, 3 rejected, 4 approved. */
  identityStatus: z.number(),
  testEnabled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.number(),
});
export type AdministeredAccount = z.infer<typeof administeredAccountSchema>;

export const ACCOUNT_SEARCH_MAX = 100;
export const ACCOUNT_PAGE_DEFAULT = 20;
/** The highest VIP level an operator may give (spec 9: above SUPER_VIP_ABOVE_LEVEL is super VIP). */
export const VIP_LEVEL_MAX = 20;

/** Accounts by e-mail, phone or real-name fragment, or exact id; newest first, a page at a time. */
export const operatorUsersCall = defineCall({
  method: 'GET',
  path: '/operator/users',
  query: z.object({
    q: z._default(textField(ACCOUNT_SEARCH_MAX), ''),
    before: z.optional(idField),
    limit: z._default(intField({ min: 1, max: ACCOUNT_SEARCH_MAX }), ACCOUNT_PAGE_DEFAULT),
  }),
  data: z.object({ accounts: z.array(administeredAccountSchema), nextBeforeId: z.nullable(z.number()) }),
  changesState: false,
  auth: 'operator',
});

/**
 * Changes an account: its VIP level, its access to test-only markets, or whether it may sign in
 * (disabling ends its sessions at once). Only the fields present change; the answer is the account
 * as it is now.
 */
export const operatorUserUpdateCall = defineCall({
  method: 'POST',
  path: '/operator/users/update',
  query: z.object({ id: idField }),
  body: z.strictObject({
    vipLevel: z.optional(intField({ min: 0, max: VIP_LEVEL_MAX })),
    testEnabled: z.optional(boolField),
    disabled: z.optional(boolField),
  }),
  data: administeredAccountSchema,
  changesState: true,
  auth: 'operator',
});

export const failedJobSchema = z.object({
  id: z.number(),
  kind: z.string(),
  key: z.string(),
  runAt: z.number(),
  attempts: z.number(),
  lastError: z.string(),
  failedAt: z.nullable(z.number()),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const FAILED_JOBS_MAX = 100;

/** The scheduler at a glance: jobs waiting, due now and given up, and the given-up ones to look into. */
export const operatorJobsCall = defineCall({
  method: 'GET',
  path: '/operator/jobs',
  query: z.object({ limit: z._default(intField({ min: 1, max: FAILED_JOBS_MAX }), 20) }),
  data: z.object({
    counts: z.object({ pending: z.number(), due: z.number(), failed: z.number() }),
    failed: z.array(failedJobSchema),
  }),
  changesState: false,
  auth: 'operator',
});

export const failedEventSchema = z.object({
  id: z.number(),
  topic: z.string(),
  createdAt: z.number(),
  attempts: z.number(),
  lastError: z.string(),
  failedAt: z.number(),
});
export type FailedEvent = z.infer<typeof failedEventSchema>;

export const FAILED_EVENTS_MAX = 100;

/**
 * The outbox at a glance (server/outbox.ts): events waiting to be handed to their handlers, those
 * among them waiting to be tried again after a failure, and those set aside after failing too
 * often, newest first, to look into.
 */
export const operatorOutboxCall = defineCall({
  method: 'GET',
  path: '/operator/outbox',
  query: z.object({ limit: z._default(intField({ min: 1, max: FAILED_EVENTS_MAX }), 20) }),
  data: z.object({
    counts: z.object({ pending: z.number(), retrying: z.number(), failed: z.number() }),
    failed: z.array(failedEventSchema),
  }),
  changesState: false,
  auth: 'operator',
});

/** Sends a set-aside event again with all its tries, at the next drain; refused when it is not set aside. */
export const operatorOutboxRetryCall = defineCall({
  method: 'POST',
  path: '/operator/outbox/retry',
  query: z.object({ id: idField }),
  data: z.object({ retried: z.literal(true) }),
  changesState: true,
  auth: 'operator',
});

/** Gives a job the scheduler gave up on its tries again, due now; refused when it is not a failed job. */
export const operatorJobRetryCall = defineCall({
  method: 'POST',
  path: '/operator/jobs/retry',
  query: z.object({ id: idField }),
  data: z.object({ retried: z.literal(true) }),
  changesState: true,
  auth: 'operator',
});
