/**
 * Balance calls of spec section 7. A Balance (spec 3) carries decimal strings formatted with the
 * currency's scale: `balance` is the total, `frozen` the held part as a non-positive number
 * ("0.000000" when nothing is held), so available = balance + frozen. FTUSDT names the USDT of
 * the futures wallet wherever a flat list or a single currency code must say which wallet it
 * means (/balance/list, /balance/get?currency=FTUSDT); answers already keyed by wallet use the
 * plain currency codes.
 */
import { z } from 'zod/mini';
import { defineCall } from './call';
import { amountField, currencyField } from './fields';

export const WALLETS = ['spot', 'futures', 'finance', 'loan'] as const;
export type WalletName = (typeof WALLETS)[number];
/** Wallets a user may move funds between; the loan wallet only moves through loan calls. */
export const TRANSFER_WALLETS = ['spot', 'futures', 'finance'] as const satisfies readonly WalletName[];

// The futures wallet's USDT as one currency code (spec 3): kept in constants.ts, which the
// app's first paint may import without the schemas.
export { FUTURES_USDT, FUTURES_USDT_BASE } from '../constants';

/** The request header that makes a money call safe to repeat. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const balanceSchema = z.object({
  currency: z.string(),
  /** Total: available plus held. */
  balance: z.string(),
  /** The held part, zero or negative. */
  frozen: z.string(),
  displayName: z.string(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const walletBalancesSchema = z.object({
  /** Every currency, zero balances included. */
  spot: z.array(balanceSchema),
  /** Only the currencies with a non-zero balance. */
  futures: z.array(balanceSchema),
  finance: z.array(balanceSchema),
  loan: z.array(balanceSchema),
});
export type WalletBalances = z.infer<typeof walletBalancesSchema>;

/** The spot wallet, one entry per currency in the currencies' order, then FTUSDT. */
export const balanceListCall = defineCall({
  method: 'POST',
  path: '/balance/list',
  body: z.object({}),
  data: z.array(balanceSchema),
  changesState: false,
  auth: 'user',
});

/** With a currency: that Balance of the spot wallet (FTUSDT: the futures USDT); without: all wallets. */
export const balanceGetCall = defineCall({
  method: 'POST',
  path: '/balance/get',
  query: z.object({ currency: z.optional(currencyField) }),
  body: z.object({}),
  data: z.union([balanceSchema, walletBalancesSchema]),
  changesState: false,
  auth: 'user',
});

/** The available amount of one currency in each wallet, for the transfer dialog. */
export const balanceGet2Call = defineCall({
  method: 'GET',
  path: '/balance/get2',
  query: z.object({ currency: currencyField }),
  data: z.object({ currency: z.string(), spot: z.string(), futures: z.string(), finance: z.string(), loan: z.string() }),
  changesState: false,
  auth: 'user',
});

export const transferInput = z.object({
  from: z.enum(WALLETS),
  to: z.enum(WALLETS),
  currency: currencyField,
  amount: amountField,
});
export type TransferInput = z.output<typeof transferInput>;

export const transferResultSchema = z.object({
  transferId: z.number(),
  from: z.enum(WALLETS),
  to: z.enum(WALLETS),
  currency: z.string(),
  amount: z.string(),
  balances: z.object({ from: balanceSchema, to: balanceSchema }),
});
export type TransferResult = z.infer<typeof transferResultSchema>;

/**
 * Moves funds between the user's own wallets. The Idempotency-Key header is required: a repeat
 * with the same key and request answers the first answer again; the same key with another
 * request is refused.
 */
export const balanceTransferCall = defineCall({
  method: 'POST',
  path: '/balance/transfer',
  body: transferInput,
  data: transferResultSchema,
  changesState: true,
  auth: 'user',
});
