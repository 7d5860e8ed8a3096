/**
 * Withdrawals (spec 7: GET /finance/withdrawconfig, POST /finance/fiatWithdrawQuota,
 * POST /finance/blockChainWithdrawQuota?currency, POST /{type}/withdraw, POST /udun/withdraw;
 * notifications 256 submitted, 512 cancelled or rejected, 1024 completed). The spec shows no
 * fields, so these are ours:
 *
 * - The config lists, per currency, its networks' withdrawal fee, minimum and maximum (the chain
 *   area's reference data, as POST /blockchain/config shows them) and the fiat payout terms
 *   (FIAT_WITHDRAW_TERMS: which currencies are paid to a bank account at par, with their fee,
 *   minimum and maximum).
 * - A user may withdraw per UTC day and currency at most the daily quota: the currency's largest
 *   single-withdrawal maximum times the multiple of the user's VIP level (WITHDRAW_QUOTA_MULTIPLES).
 *   Blockchain withdrawals (direct or through custody) share one quota, fiat ones have their own.
 *   What counts is every withdrawal of the day that was not cancelled or rejected, fee excluded.
 * - POST /blockchain/withdraw and POST /fiat/withdraw are the spec's /{type}/withdraw;
 *   POST /udun/withdraw is the custody path: the same rules as /blockchain/withdraw, recorded as
 *   paid through the custody provider. Each needs the Idempotency-Key header (a repeat with the
 *   same key and request answers the same withdrawal; another request with that key is refused),
 *   the withdrawal password and, when bound, the GA code: without them the answer is errcode 101
 *   (which the client handles silently by asking for them). The amount is what arrives; the
 *   amount plus the fee is held from the spot wallet at once.
 * - Wrong withdrawal passwords are throttled per user: WITHDRAW_PASSWORD_FAILURES_MAX wrong in
 *   WITHDRAW_PASSWORD_WINDOW_MS lock withdrawals for WITHDRAW_LOCK_MS (errcode withdrawLocked).
 * - A withdrawal goes submitted -> approved (an operator accepted it) -> broadcast (blockchain:
 *   on the chain, gathering confirmations) -> completed (the hold is paid out); or submitted ->
 *   cancelled (the user) / rejected (an operator, with a reason), the hold released. A fiat
 *   withdrawal goes approved -> completed when the operator marks it paid.
 * - POST /finance/withdraw_history (ours, in the style of /blockchain/deposit_history) pages the
 *   user's own withdrawals, newest first; POST /finance/withdraw_cancel?id cancels one of the
 *   user's own that is still submitted.
 * - Operators: GET /operator/withdrawals (the review queue), POST /operator/withdrawals/approve?id,
 *   POST /operator/withdrawals/reject?id, POST /operator/withdrawals/paid?id (fiat).
 */
import { z } from 'zod/mini';
import { defineCall } from './call';
import { networkField } from './chain';
import { amountField, currencyField, idField, intField, textField } from './fields';

/** The spec's {type} of POST /{type}/withdraw. */
export const WITHDRAW_TYPES = ['blockchain', 'fiat'] as const;
export type WithdrawType = (typeof WITHDRAW_TYPES)[number];

/** How a blockchain withdrawal is paid: by the platform's own wallet, or through the custody provider (/udun/withdraw). */
export const WITHDRAW_VIAS = ['direct', 'custody'] as const;
export type WithdrawVia = (typeof WITHDRAW_VIAS)[number];

export const WITHDRAW_STATUSES = ['submitted', 'approved', 'broadcast', 'completed', 'cancelled', 'rejected'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

/** Statuses that still hold the user's funds. */
export const WITHDRAW_OPEN_STATUSES = ['submitted', 'approved', 'broadcast'] as const satisfies readonly WithdrawStatus[];

/**
 * The daily quota's multiple of the currency's largest single-withdrawal maximum, by VIP level
 * (the last entry for every level above). A verified trader moving more asks support.
 */
export const WITHDRAW_QUOTA_MULTIPLES = [2, 5, 10] as const;

/** The wrong-password throttle: this many wrong in the window lock withdrawals for WITHDRAW_LOCK_MS. */
export const WITHDRAW_PASSWORD_FAILURES_MAX = 5;
export const WITHDRAW_PASSWORD_WINDOW_MS = 15 * 60_000;
export const WITHDRAW_LOCK_MS = 60 * 60_000;

/** Fiat payouts: these currencies are paid to the user's bank account at par (1 unit = 1 USD), an operator paying by hand. */
export const FIAT_WITHDRAW_TERMS = [{ currency: 'USDT', fee: '1', min: '10', max: '50000' }] as const;

export const WITHDRAW_REJECT_REASON_MAX = 300;

export const withdrawNetworkSchema = z.object({
  network: z.string(),
  name: z.string(),
  /** Decimal strings in the currency's scale. The fee is paid on top of the amount. */
  fee: z.string(),
  min: z.string(),
  max: z.string(),
  /** The address format as a regular expression source, anchored. */
  addressRegex: z.string(),
  /** Confirmations a withdrawal waits for on the network before it is completed. */
  confirmations: z.number(),
  enabled: z.boolean(),
});
export type WithdrawNetwork = z.infer<typeof withdrawNetworkSchema>;

export const withdrawFiatTermsSchema = z.object({ currency: z.string(), fee: z.string(), min: z.string(), max: z.string() });
export type WithdrawFiatTerms = z.infer<typeof withdrawFiatTermsSchema>;

export const withdrawConfigSchema = z.object({
  blockchain: z.array(z.object({ currency: z.string(), displayName: z.string(), networks: z.array(withdrawNetworkSchema) })),
  fiat: z.array(withdrawFiatTermsSchema),
});
export type WithdrawConfig = z.infer<typeof withdrawConfigSchema>;

/** Fees, limits and address formats of every currency that can be withdrawn; the same for everyone. */
export const withdrawConfigCall = defineCall({
  method: 'GET',
  path: '/finance/withdrawconfig',
  data: withdrawConfigSchema,
  changesState: false,
  auth: 'none',
});

export const withdrawQuotaSchema = z.object({
  type: z.enum(WITHDRAW_TYPES),
  currency: z.string(),
  /** Decimal strings in the currency's scale: the day's quota, what today's withdrawals took, what is left. */
  dailyQuota: z.string(),
  usedToday: z.string(),
  remainingToday: z.string(),
  /** The user's available spot balance of the currency, for the form's "max". */
  available: z.string(),
  /** Milliseconds since the epoch when the quota starts again (the next UTC midnight). */
  resetsAt: z.number(),
  /** Until when withdrawals are refused (the security cool-off or the wrong-password lock); 0 when not. */
  blockedUntil: z.number(),
});
export type WithdrawQuota = z.infer<typeof withdrawQuotaSchema>;

/** The user's blockchain quota today for a currency (direct and custody withdrawals together). */
export const blockchainWithdrawQuotaCall = defineCall({
  method: 'POST',
  path: '/finance/blockChainWithdrawQuota',
  query: z.object({ currency: currencyField }),
  body: z.object({}),
  data: withdrawQuotaSchema,
  changesState: false,
  auth: 'user',
});

/** The user's fiat quota today (the first fiat currency when none is named). */
export const fiatWithdrawQuotaCall = defineCall({
  method: 'POST',
  path: '/finance/fiatWithdrawQuota',
  body: z.object({ currency: z.optional(currencyField) }),
  data: withdrawQuotaSchema,
  changesState: false,
  auth: 'user',
});

/** The proof every withdrawal carries; missing ones are answered with errcode 101. */
const withdrawProof = {
  withdrawPassword: z.optional(textField(128)),
  gaCode: z.optional(textField(16)),
};

export const blockchainWithdrawInput = z.object({
  currency: currencyField,
  network: networkField,
  address: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
  /** What arrives at the address; the fee is held on top. */
  amount: amountField,
  ...withdrawProof,
});
export type BlockchainWithdrawInput = z.output<typeof blockchainWithdrawInput>;

export const fiatWithdrawInput = z.object({
  currency: currencyField,
  /** One of the user's own bank accounts (GET /bankaccount/list). */
  bankAccountId: idField,
  amount: amountField,
  ...withdrawProof,
});
export type FiatWithdrawInput = z.output<typeof fiatWithdrawInput>;

export const withdrawalSchema = z.object({
  id: z.number(),
  type: z.enum(WITHDRAW_TYPES),
  via: z.enum(WITHDRAW_VIAS),
  currency: z.string(),
  /** Blockchain withdrawals: the network and the address; null for fiat. */
  network: z.nullable(z.string()),
  address: z.nullable(z.string()),
  /** Fiat withdrawals: the bank and the account number's last four characters; null for blockchain. */
  bankName: z.nullable(z.string()),
  accountTail: z.nullable(z.string()),
  /** Decimal strings: what arrives, and the fee paid on top of it. */
  amount: z.string(),
  fee: z.string(),
  status: z.enum(WITHDRAW_STATUSES),
  /** The transaction on the chain once broadcast. */
  txid: z.nullable(z.string()),
  confirmations: z.number(),
  confirmationsRequired: z.number(),
  /** Why an operator rejected it. */
  rejectReason: z.nullable(z.string()),
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
  updatedAt: z.number(),
  completedAt: z.nullable(z.number()),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** A blockchain withdrawal from the spot wallet; needs the Idempotency-Key header. Notification 256. */
export const blockchainWithdrawCall = defineCall({
  method: 'POST',
  path: '/blockchain/withdraw',
  body: blockchainWithdrawInput,
  data: withdrawalSchema,
  changesState: true,
  auth: 'user',
});

/** The custody path: as POST /blockchain/withdraw, recorded as paid through the custody provider. */
export const custodyWithdrawCall = defineCall({
  method: 'POST',
  path: '/udun/withdraw',
  body: blockchainWithdrawInput,
  data: withdrawalSchema,
  changesState: true,
  auth: 'user',
});

/** A fiat withdrawal to one of the user's bank accounts; needs the Idempotency-Key header. Notification 256. */
export const fiatWithdrawCall = defineCall({
  method: 'POST',
  path: '/fiat/withdraw',
  body: fiatWithdrawInput,
  data: withdrawalSchema,
  changesState: true,
  auth: 'user',
});

/** The user's own withdrawals, newest first. */
export const withdrawHistoryCall = defineCall({
  method: 'POST',
  path: '/finance/withdraw_history',
  body: z.object({
    currency: z.optional(currencyField),
    type: z.optional(z.enum(WITHDRAW_TYPES)),
    status: z.optional(z.enum(WITHDRAW_STATUSES)),
    offset: z._default(intField({ min: 0, max: 1_000_000 }), 0),
    limit: z._default(intField({ min: 1, max: 100 }), 20),
  }),
  data: z.object({ total: z.number(), list: z.array(withdrawalSchema) }),
  changesState: false,
  auth: 'user',
});

/** Cancels one of the user's own withdrawals that no operator has approved yet: the hold is released, notification 512. */
export const withdrawCancelCall = defineCall({
  method: 'POST',
  path: '/finance/withdraw_cancel',
  query: z.object({ id: idField }),
  body: z.object({}),
  data: withdrawalSchema,
  changesState: true,
  auth: 'user',
});

// Operator side (ARCHITECTURE.md, "Roles and the operator API").

export const operatorWithdrawalSchema = z.object({
  ...withdrawalSchema.shape,
  userId: z.number(),
  /** The account's e-mail, else its phone. */
  contact: z.string(),
  /** Fiat: the full account to pay, and its holder. */
  accountNumber: z.nullable(z.string()),
  holderName: z.nullable(z.string()),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawalSchema>;

export const WITHDRAW_QUEUE_PAGE_MAX = 50;

/** The review queue: withdrawals an operator still has to act on (submitted, approved fiat), oldest first; or every one, newest first. */
export const operatorWithdrawListCall = defineCall({
  method: 'GET',
  path: '/operator/withdrawals',
  query: z.object({
    state: z._default(z.enum(['pending', 'all']), 'pending'),
    limit: z._default(intField({ min: 1, max: WITHDRAW_QUEUE_PAGE_MAX }), 20),
  }),
  data: z.array(operatorWithdrawalSchema),
  changesState: false,
  auth: 'operator',
});

/** Approves a submitted withdrawal: a blockchain one is sent on its chain (then completed at its confirmations); a fiat one waits to be marked paid. */
export const operatorWithdrawApproveCall = defineCall({
  method: 'POST',
  path: '/operator/withdrawals/approve',
  query: z.object({ id: idField }),
  body: z.object({}),
  data: operatorWithdrawalSchema,
  changesState: true,
  auth: 'operator',
});

/** Rejects a submitted withdrawal with the reason the user reads: the hold is released, notification 512. */
export const operatorWithdrawRejectCall = defineCall({
  method: 'POST',
  path: '/operator/withdrawals/reject',
  query: z.object({ id: idField }),
  body: z.object({ reason: z.string().check(z.trim(), z.minLength(2), z.maxLength(WITHDRAW_REJECT_REASON_MAX)) }),
  data: operatorWithdrawalSchema,
  changesState: true,
  auth: 'operator',
});

/** Marks an approved fiat withdrawal paid to the bank: completed, the hold settled, notification 1024. */
export const operatorWithdrawPaidCall = defineCall({
  method: 'POST',
  path: '/operator/withdrawals/paid',
  query: z.object({ id: idField }),
  body: z.object({}),
  data: operatorWithdrawalSchema,
  changesState: true,
  auth: 'operator',
});
