/**
 * Deposits from blockchains (spec 7: POST /blockchain/config, POST /blockchain/get_coin_address?coin;
 * spec 3 Blockchain config: supportedCoins, each with currency). The spec shows no more fields, so
 * these are ours:
 * - the config lists, per currency, the networks it moves on (USDT on TRC20 and ERC20...) with the
 *   confirmations a deposit waits for, the deposit minimum, the withdrawal fee, minimum and maximum
 *   (decimal strings in the currency's scale), the address format and whether deposits and
 *   withdrawals are open;
 * - get_coin_address takes the network as a second query parameter, `network` (the coin's first
 *   network when left out), and answers the user's one address for that coin and network: the
 *   same on every call, no other user's;
 * - POST /blockchain/deposit_history (not in the spec, named in its style) pages the user's own
 *   deposits, newest first, each with its status: confirming (n of N confirmations), credited, or
 *   below the minimum (recorded, never credited);
 * - POST /operator/chain/deposit puts a transfer to a deposit address on the local chain simulator
 *   (the admin CLI's `chain deposit`): the network is found from the address unless given;
 *   POST /operator/chain/demo_deposit does the same for a user named by e-mail, making their
 *   address first if they have none, by default ten times the coin's deposit minimum (`chain demo`).
 */
import { z } from 'zod/mini';
import { defineCall } from './call';
import { amountField, currencyField, intField } from './fields';

/** A network id as the config names it (BTC, ERC20, TRC20...). */
export const networkField = z.pipe(
  z.string().check(z.trim(), z.minLength(2), z.maxLength(12), z.regex(/^[A-Za-z0-9]+$/)),
  z.transform((code) => code.toUpperCase()),
);

export const chainNetworkSchema = z.object({
  network: z.string(),
  name: z.string(),
  confirmations: z.number(),
  depositMin: z.string(),
  withdrawFee: z.string(),
  withdrawMin: z.string(),
  withdrawMax: z.string(),
  /** The address format as a regular expression source, anchored. */
  addressRegex: z.string(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
});
export type ChainNetwork = z.infer<typeof chainNetworkSchema>;

export const supportedCoinSchema = z.object({
  currency: z.string(),
  displayName: z.string(),
  networks: z.array(chainNetworkSchema),
});
export type SupportedCoin = z.infer<typeof supportedCoinSchema>;

export const blockchainConfigSchema = z.object({ supportedCoins: z.array(supportedCoinSchema) });
export type BlockchainConfig = z.infer<typeof blockchainConfigSchema>;

export const blockchainConfigCall = defineCall({
  method: 'POST',
  path: '/blockchain/config',
  body: z.object({}),
  data: blockchainConfigSchema,
  changesState: false,
  auth: 'none',
});

export const coinAddressSchema = z.object({ coin: z.string(), network: z.string(), address: z.string() });
export type CoinAddress = z.infer<typeof coinAddressSchema>;

/** The user's deposit address for a coin on a network, made on the first call and the same ever after. */
export const coinAddressCall = defineCall({
  method: 'POST',
  path: '/blockchain/get_coin_address',
  query: z.object({ coin: currencyField, network: z.optional(networkField) }),
  body: z.object({}),
  data: coinAddressSchema,
  changesState: true,
  auth: 'user',
});

export const DEPOSIT_STATUSES = ['confirming', 'credited', 'belowMinimum'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export const depositSchema = z.object({
  id: z.number(),
  currency: z.string(),
  network: z.string(),
  txid: z.string(),
  outputIndex: z.number(),
  address: z.string(),
  amount: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /** Confirmations so far, at most `confirmationsRequired` (a credited deposit shows the required count). */
  confirmations: z.number(),
  confirmationsRequired: z.number(),
  /** Milliseconds since the epoch: when the platform saw the transfer, and when it credited it. */
  seenAt: z.number(),
  creditedAt: z.nullable(z.number()),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositHistoryCall = defineCall({
  method: 'POST',
  path: '/blockchain/deposit_history',
  body: z.object({
    coin: z.optional(currencyField),
    offset: z._default(intField({ min: 0, max: 1_000_000 }), 0),
    limit: z._default(intField({ min: 1, max: 1_000_000 }), 20),
  }),
  data: z.object({ total: z.number(), list: z.array(depositSchema) }),
  changesState: false,
  auth: 'user',
});

export const simulatedDepositSchema = z.object({
  network: z.string(),
  currency: z.string(),
  address: z.string(),
  amount: z.string(),
  txid: z.string(),
  outputIndex: z.number(),
  blockHeight: z.number(),
});
export type SimulatedDeposit = z.infer<typeof simulatedDepositSchema>;

/** Operators only: a transfer to a deposit address on the local chain simulator. */
export const operatorChainDepositCall = defineCall({
  method: 'POST',
  path: '/operator/chain/deposit',
  body: z.object({
    address: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
    amount: amountField,
    network: z.optional(networkField),
  }),
  data: simulatedDepositSchema,
  changesState: true,
  auth: 'operator',
});

/** Operators only: a simulated deposit to a user's address for a coin (made first if needed), for demonstrations. */
export const operatorChainDemoDepositCall = defineCall({
  method: 'POST',
  path: '/operator/chain/demo_deposit',
  body: z.object({
    email: z.string().check(z.trim(), z.minLength(3), z.maxLength(254)),
    coin: z._default(currencyField, 'USDT'),
    network: z.optional(networkField),
    amount: z.optional(amountField),
  }),
  data: simulatedDepositSchema,
  changesState: true,
  auth: 'operator',
});
