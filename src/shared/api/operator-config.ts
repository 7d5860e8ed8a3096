/**
 * The operator's configuration (issue 21), part of the operator API: who is an operator, the spot
 * markets with their fees, minimums and status, the fee tiers by VIP level, the coins and networks
 * of deposits and withdrawals, and the platform accounts' limits; and the log of every such
 * change. The console and the admin CLI both call these. Fees are parts per million (800 is
 * 0.08 %); amounts are decimal strings in their currency.
 */
import { z } from 'zod/mini';
import { defineCall } from './call';
import { amountField, boolField, currencyField, idField, intField } from './fields';

/** A fee above 10 % is a typo, not a price. */
export const FEE_PPM_MAX = 100_000;
const feePpmField = intField({ min: 0, max: FEE_PPM_MAX });
/** Precisions stop at 8, the most decimals a currency has (spec: precision up to 8). */
const precisionField = intField({ min: 0, max: 8 });
const emailField = z.string().check(z.trim(), z.minLength(3), z.maxLength(254));

export const operatorRoleCall = defineCall({
  method: 'POST',
  path: '/operator/role',
  body: z.strictObject({ email: emailField, operator: boolField }),
  data: z.object({ id: z.number(), email: z.string(), role: z.enum(['user', 'operator']) }),
  changesState: true,
  auth: 'operator',
});

export const auditEntrySchema = z.object({
  id: z.number(),
  /** The operator's e-mail, or null for the admin token of DATA_DIR (the CLI). */
  actor: z.nullable(z.string()),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.number(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const AUDIT_PAGE_MAX = 100;

/** The operator audit log, newest first, a page at a time. */
export const operatorAuditLogCall = defineCall({
  method: 'GET',
  path: '/operator/auditlog',
  query: z.object({ before: z.optional(idField), limit: z._default(intField({ min: 1, max: AUDIT_PAGE_MAX }), 20) }),
  data: z.object({ entries: z.array(auditEntrySchema), nextBeforeId: z.nullable(z.number()) }),
  changesState: false,
  auth: 'operator',
});

export const MARKET_STATUSES = ['active', 'suspended', 'delisted'] as const;
export type MarketStatusName = (typeof MARKET_STATUSES)[number];

export const operatorMarketSchema = z.object({
  id: z.number(),
  symbol: z.string(),
  baseSymbol: z.string(),
  quoteSymbol: z.string(),
  pricePrecision: z.number(),
  volumePrecision: z.number(),
  testOnly: z.boolean(),
  status: z.enum(MARKET_STATUSES),
  makerFeePpm: z.number(),
  takerFeePpm: z.number(),
  /** In the quote currency. */
  minOrderValue: z.string(),
});
export type OperatorMarket = z.infer<typeof operatorMarketSchema>;

/** Every spot market, delisted ones too. */
export const operatorMarketsCall = defineCall({
  method: 'GET',
  path: '/operator/markets',
  data: z.array(operatorMarketSchema),
  changesState: false,
  auth: 'operator',
});

/**
 * Adds a spot market that trades at once. A currency the platform does not have yet is added with
 * it when its scale (decimal places) is given.
 */
export const operatorMarketAddCall = defineCall({
  method: 'POST',
  path: '/operator/markets/add',
  body: z.strictObject({
    base: currencyField,
    quote: currencyField,
    pricePrecision: precisionField,
    volumePrecision: precisionField,
    minOrderValue: amountField,
    makerFeePpm: z.optional(feePpmField),
    takerFeePpm: z.optional(feePpmField),
    testOnly: z.optional(boolField),
    baseScale: z.optional(precisionField),
    quoteScale: z.optional(precisionField),
  }),
  data: operatorMarketSchema,
  changesState: true,
  auth: 'operator',
});

/**
 * Changes a market: its status ('suspended': cancel-only; 'active' again; 'delisted': its open
 * orders are cancelled with their holds released and it leaves every list, for good), its fees,
 * its minimum order value or whether only test accounts see it.
 */
export const operatorMarketUpdateCall = defineCall({
  method: 'POST',
  path: '/operator/markets/update',
  query: z.object({ id: idField }),
  body: z.strictObject({
    status: z.optional(z.enum(MARKET_STATUSES)),
    makerFeePpm: z.optional(feePpmField),
    takerFeePpm: z.optional(feePpmField),
    minOrderValue: z.optional(amountField),
    testOnly: z.optional(boolField),
  }),
  data: z.object({ market: operatorMarketSchema, cancelledOrders: z.number() }),
  changesState: true,
  auth: 'operator',
});

const feeTierSchema = z.object({ vipLevel: intField({ min: 0, max: 20 }), makerFeePpm: feePpmField, takerFeePpm: feePpmField });
export type FeeTier = z.infer<typeof feeTierSchema>;

export const operatorFeeTiersCall = defineCall({
  method: 'GET',
  path: '/operator/feetiers',
  data: z.array(feeTierSchema),
  changesState: false,
  auth: 'operator',
});

/** Replaces the fee tiers: a user pays the lower of a market's fee and their tier's (the highest tier at or below their VIP level). */
export const operatorFeeTiersSetCall = defineCall({
  method: 'POST',
  path: '/operator/feetiers',
  body: z.strictObject({
    tiers: z
      .array(feeTierSchema)
      .check(z.maxLength(21), z.refine((tiers) => new Set(tiers.map((tier) => tier.vipLevel)).size === tiers.length, 'one tier per VIP level')),
  }),
  data: z.array(feeTierSchema),
  changesState: true,
  auth: 'operator',
});

export const operatorCoinSchema = z.object({
  currency: z.string(),
  network: z.string(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  depositMin: z.string(),
  withdrawFee: z.string(),
  withdrawMin: z.string(),
  withdrawMax: z.string(),
});
export type OperatorCoin = z.infer<typeof operatorCoinSchema>;
export const operatorNetworkSchema = z.object({ id: z.string(), name: z.string(), confirmations: z.number() });
export type OperatorNetwork = z.infer<typeof operatorNetworkSchema>;

export const operatorCoinsCall = defineCall({
  method: 'GET',
  path: '/operator/coins',
  data: z.object({ coins: z.array(operatorCoinSchema), networks: z.array(operatorNetworkSchema) }),
  changesState: false,
  auth: 'operator',
});

const networkIdField = z.string().check(z.trim(), z.minLength(2), z.maxLength(20), z.regex(/^[A-Za-z0-9]+$/));

export const operatorCoinUpdateCall = defineCall({
  method: 'POST',
  path: '/operator/coins/update',
  query: z.object({ currency: currencyField, network: networkIdField }),
  body: z.strictObject({
    depositEnabled: z.optional(boolField),
    withdrawEnabled: z.optional(boolField),
    depositMin: z.optional(amountField),
    withdrawFee: z.optional(amountField),
    withdrawMin: z.optional(amountField),
    withdrawMax: z.optional(amountField),
  }),
  data: operatorCoinSchema,
  changesState: true,
  auth: 'operator',
});

export const operatorNetworkUpdateCall = defineCall({
  method: 'POST',
  path: '/operator/networks/update',
  query: z.object({ id: networkIdField }),
  body: z.strictObject({ confirmations: intField({ min: 1, max: 10_000 }) }),
  data: operatorNetworkSchema,
  changesState: true,
  auth: 'operator',
});

/** The platform accounts that pay users out, each with a floor per currency (SYSTEM_ACCOUNT_FLOORS). */
export const FLOORED_ACCOUNTS = ['house', 'rewards', 'options_house', 'futures_house', 'insurance'] as const;

export const platformLimitsSchema = z.object({
  /** Convert pays from the house; rewards from the rewards fund; options and futures from theirs. */
  floors: z.array(z.object({ account: z.enum(FLOORED_ACCOUNTS), currency: z.string(), balance: z.string(), floor: z.string() })),
  futures: z.array(z.object({ symbolId: z.number(), symbol: z.string(), userNotionalMax: z.string(), netExposureMax: z.string() })),
  options: z.array(
    z.object({ symbolId: z.number(), symbol: z.string(), seconds: z.number(), minStake: z.string(), maxStake: z.string(), liabilityMax: z.string() }),
  ),
});
export type PlatformLimits = z.infer<typeof platformLimitsSchema>;

export const operatorLimitsCall = defineCall({
  method: 'GET',
  path: '/operator/limits',
  data: platformLimitsSchema,
  changesState: false,
  auth: 'operator',
});

/** A platform account's floor in one currency; never above what it holds (the audit would fail). */
export const operatorFloorSetCall = defineCall({
  method: 'POST',
  path: '/operator/limits/floor',
  body: z.strictObject({ account: z.enum(FLOORED_ACCOUNTS), currency: currencyField, floor: amountField }),
  data: platformLimitsSchema,
  changesState: true,
  auth: 'operator',
});

/** A futures symbol's limits in USDT: one user's notional, and the platform's net exposure on one side. */
export const operatorFuturesLimitsSetCall = defineCall({
  method: 'POST',
  path: '/operator/limits/futures',
  query: z.object({ id: idField }),
  body: z.strictObject({ userNotionalMax: z.optional(amountField), netExposureMax: z.optional(amountField) }),
  data: platformLimitsSchema,
  changesState: true,
  auth: 'operator',
});

/** A binary option period's stake bounds and the platform's liability bound, in USDT. */
export const operatorOptionLimitsSetCall = defineCall({
  method: 'POST',
  path: '/operator/limits/options',
  query: z.object({ id: idField, seconds: intField({ min: 1, max: 86_400 }) }),
  body: z.strictObject({ minStake: z.optional(amountField), maxStake: z.optional(amountField), liabilityMax: z.optional(amountField) }),
  data: platformLimitsSchema,
  changesState: true,
  auth: 'operator',
});


/**
 * Money into a platform account that pays users out (in: from genesis, as an operator's own
 * deposit would be) or back out of it (out: never below its floor, refused as
 * platformLimitReached). A money call: the Idempotency-Key header is required, and the same key
 * with the same request answers the first answer again. The memo says why, for the audit log.
 */
export const operatorFundCall = defineCall({
  method: 'POST',
  path: '/operator/limits/fund',
  body: z.strictObject({
    account: z.enum(FLOORED_ACCOUNTS),
    currency: currencyField,
    amount: amountField,
    direction: z.enum(['in', 'out']),
    memo: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  }),
  data: platformLimitsSchema,
  changesState: true,
  auth: 'operator',
});
