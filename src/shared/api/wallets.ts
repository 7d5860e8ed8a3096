/**
 * Wallet calls the spec does not name, in the style of its paths: the fund details (the Assets
 * menu's "asset flow"), every movement of the signed-in user's money as the ledger recorded it.
 * A movement is one ledger transaction's net change to one of the user's wallets in one currency
 * (a transfer is two: out of one wallet, into another; moving funds between the available and
 * held parts of a wallet changes nothing and is not a movement). Newest first, a page at a time.
 *
 * GET /wallets/funddetails?currency&type&wallet&page&limit
 */
import { z } from 'zod/mini';
import { WALLETS } from './balance';
import { defineCall } from './call';
import { currencyField, intField } from './fields';

/**
 * What moved the money. A trade's fee is taken out of what the trade pays, so it is part of the
 * trade's movement, not one of its own; withdrawals arrive with their issue.
 */
export const FUND_TYPES = ['trade', 'deposit', 'withdrawal', 'transfer', 'convert', 'reward', 'other'] as const;
export type FundType = (typeof FUND_TYPES)[number];

export const FUND_PAGE_DEFAULT = 20;
export const FUND_PAGE_MAX = 50;
/** Paging deeper than this is what an export is for, not a list. */
export const FUND_PAGE_NUMBER_MAX = 10_000;

export const fundMovementSchema = z.object({
  /** Unique per movement: the transaction, the wallet and the currency. */
  id: z.string(),
  transactionId: z.number(),
  /** Milliseconds since the epoch. */
  time: z.number(),
  type: z.enum(FUND_TYPES),
  wallet: z.enum(WALLETS),
  currency: z.string(),
  /** Signed: positive came in, negative went out; in the currency's scale. */
  amount: z.string(),
});
export type FundMovement = z.infer<typeof fundMovementSchema>;

export const fundDetailsQuery = z.object({
  currency: z.optional(currencyField),
  type: z.optional(z.enum(FUND_TYPES)),
  wallet: z.optional(z.enum(WALLETS)),
  page: z._default(intField({ min: 1, max: FUND_PAGE_NUMBER_MAX }), 1),
  limit: z._default(intField({ min: 1, max: FUND_PAGE_MAX }), FUND_PAGE_DEFAULT),
});
export type FundDetailsQuery = z.output<typeof fundDetailsQuery>;

export const fundDetailsCall = defineCall({
  method: 'GET',
  path: '/wallets/funddetails',
  query: fundDetailsQuery,
  data: z.object({ list: z.array(fundMovementSchema), page: z.number(), hasMore: z.boolean() }),
  changesState: false,
  auth: 'user',
});
