/**
 * Every errcode the server answers with, one table per subsystem, numbered by range. The codes
 * below 1000 are the protocol's own (spec section 8): the client rejects 3, 8, 101, 202 and 400
 * silently because their callers handle them; every other code is toasted with its errmsg.
 * The server translates each code's message from the request's Accept-Language
 * (server/i18n/messages.ts holds the texts, keyed by the names below).
 */
export const PROTOCOL_ERRCODES = {
  ok: 0,
  unknown: 1,
  notFound: 3,
  forbidden: 5,
  csrfInvalid: 7,
  captchaRequired: 8,
  rateLimited: 9,
  secondFactorRequired: 101,
  acceptedPending: 202,
  invalidFields: 400,
  unauthorized: 401,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  internal: 500,
} as const;

/** Accounts, sessions and verification codes: 1000-1099. */
export const ACCOUNT_ERRCODES = {
  wrongCredentials: 1001,
  accountExists: 1002,
  invalidPhone: 1003,
  invalidEmail: 1004,
  weakPassword: 1005,
  verificationCodeWrong: 1006,
  verificationCodeExpired: 1007,
  verificationCodeTooSoon: 1008,
  captchaWrong: 1009,
  accountNotFound: 1010,
  accountDisabled: 1011,
  referralCodeUnknown: 1012,
  /** Too many failed sign-ins for this account or from this address: wait {seconds}. */
  signinPaused: 1013,
} as const;

/** Ledger and wallets: 1100-1199. */
export const LEDGER_ERRCODES = {
  insufficientBalance: 1101,
  idempotencyConflict: 1102,
  invalidAmount: 1103,
  unknownCurrency: 1104,
  sameWallet: 1105,
  walletNotAllowed: 1106,
  amountTooLarge: 1107,
  idempotencyKeyRequired: 1108,
  /** A platform account that pays out (the convert house, later the futures and options accounts) would pass its limit. */
  platformLimitReached: 1109,
} as const;

/** Content and notifications: 1200-1299. */
export const CONTENT_ERRCODES = {
  postNotFound: 1201,
  categoryNotFound: 1202,
  notificationNotFound: 1203,
} as const;

/** Market data and symbols: 1300-1399 (the engine adds its own codes in this range). */
export const MARKET_ERRCODES = {
  symbolNotFound: 1301,
  orderNotFound: 1302,
  orderNotOpen: 1303,
  invalidPrice: 1304,
  invalidQuantity: 1305,
  orderValueTooSmall: 1306,
  marketRecovering: 1307,
  duplicateClientOrderId: 1308,
} as const;

/** Convert: 1400-1499. */
export const CONVERT_ERRCODES = {
  quoteNotFound: 1401,
  quoteExpired: 1402,
  pairNotSupported: 1403,
  amountTooSmall: 1404,
  noLiquidity: 1405,
  /** The market has no index price now (server/prices): nothing is paid from a guess. */
  indexUnavailable: 1406,
} as const;

/** Help desk: 1700-1799. */
export const HELPDESK_ERRCODES = {
  serviceCodeRequired: 1701,
  serviceCodeInvalid: 1702,
  chatNotFound: 1703,
  chatClosed: 1704,
  invalidImage: 1705,
  imageTooLarge: 1706,
  serviceCodeExists: 1707,
  chatMessageNotFound: 1708,
} as const;

/** Operator API: 1900-1999. */
export const OPERATOR_ERRCODES = {
  operatorOnly: 1901,
  auditFailed: 1902,
  jobNotFailed: 1903,
  /** An outbox event that is not set aside: there is nothing to send again. */
  outboxEventNotFailed: 1904,
} as const;

/** Check-in and lucky draw: 2200-2299. */
export const REWARDS_ERRCODES = {
  /** One check-in per UTC day. */
  alreadyCheckedIn: 2201,
  /** The ticket is not the user's, or the user has none. */
  noTicket: 2202,
  /** The site config switches check-in off. */
  checkinDisabled: 2203,
  /** The site config switches the lucky draw off. */
  luckydrawDisabled: 2204,
} as const;

/** Security settings (issue 15): two-factor, the withdrawal password, contact binding: 2000-2099. */
export const SECURITY_ERRCODES = {
  twoFactorCodeWrong: 2001,
  twoFactorAlreadyBound: 2002,
  twoFactorNotBound: 2003,
  /** The bind form's secret is gone (bound meanwhile from another tab, or never asked for). */
  twoFactorSetupMissing: 2004,
  twoFactorCodeRequired: 2005,
  withdrawPasswordNotSet: 2006,
  withdrawPasswordAlreadySet: 2007,
  withdrawPasswordWrong: 2008,
  withdrawPasswordSameAsLogin: 2009,
  /** The phone number or e-mail is another account's: contacts are unique across users. */
  contactInUse: 2010,
  contactUnchanged: 2011,
  /** Changing a bound contact needs a code sent to the current one as well. */
  currentContactCodeRequired: 2012,
  /** The account has no contact of the kind a code was asked for. */
  contactMissing: 2013,
  /** Withdrawals wait 24 h after a security change: until {until} (UTC). */
  withdrawalCoolOff: 2014,
} as const;

/** Identity verification, avatars and bank accounts: 2100-2199. */
export const IDENTITY_ERRCODES = {
  /** A submission is already waiting for review: one at a time. */
  identityPending: 2101,
  identityAlreadyVerified: 2102,
  identitySubmissionNotFound: 2103,
  /** An operator decided it already (or it is not waiting for a decision). */
  identityAlreadyDecided: 2104,
  bankAccountNotFound: 2105,
  /** At most {max} accounts of a kind per user. */
  bankAccountLimit: 2106,
  /** Once verified, the holder must be the verified real name. */
  bankHolderMismatch: 2107,
  bankAccountExists: 2108,
  bankAccountNumberInvalid: 2109,
  documentNumberInvalid: 2110,
} as const;

/** Deposits from blockchains and the chain simulator: 2300-2349. */
export const CHAIN_ERRCODES = {
  /** The coin has no such network, or the network is unknown. */
  coinNotSupported: 2301,
  /** The operator's simulated deposit names an address no user was given. */
  depositAddressUnknown: 2302,
  /** Deposits of this coin on this network are switched off. */
  depositsDisabled: 2303,
} as const;

/** Withdrawals (issue 16): 2400-2449. */
export const WITHDRAW_ERRCODES = {
  /** The address does not have the network's format: {network}. */
  withdrawAddressInvalid: 2401,
  /** Below the network's (or the fiat terms') minimum: {min} {currency}. */
  withdrawAmountBelowMin: 2402,
  /** Above the maximum of one withdrawal: {max} {currency}. */
  withdrawAmountAboveMax: 2403,
  /** More than what is left of today's quota: {remaining} {currency}. */
  withdrawQuotaExceeded: 2404,
  /** Withdrawals of this coin on this network are switched off. */
  withdrawalsDisabled: 2405,
  /** The currency has no such network, or is not paid out this way. */
  withdrawCurrencyNotSupported: 2406,
  /** Too many wrong withdrawal passwords or GA codes: locked until {until} (UTC). */
  withdrawLocked: 2407,
  withdrawalNotFound: 2408,
  /** Already decided, cancelled or paid: the action does not apply any more. */
  withdrawalNotPending: 2409,
} as const;

/** Futures (issue 17): 2500-2549. */
export const FUTURES_ERRCODES = {
  /** The symbol does not offer this leverage: {leverages}. */
  futuresLeverageNotOffered: 2501,
  /** A position is sized by its margin or by its volume: exactly one of them. */
  futuresSizeInvalid: 2502,
  /** Below the symbol's smallest size: {min} {base}. */
  futuresVolumeBelowMin: 2503,
  /** Above the symbol's largest size: {max} {base}. */
  futuresVolumeAboveMax: 2504,
  /** A limit order needs a trigger price and a market order takes none. */
  futuresTriggerPriceInvalid: 2505,
  /** A take-profit lies beyond the entry in the position's favour. */
  futuresTakeProfitInvalid: 2506,
  /** A stop-loss lies against the entry and before the liquidation price: {liquidationPrice}. */
  futuresStopLossInvalid: 2507,
  /** The user's open notional in the symbol would pass its limit: {max} USDT. */
  futuresUserNotionalExceeded: 2508,
  /** The platform's net exposure on this side of the symbol is at its limit; the other side is open. */
  futuresNetExposureExceeded: 2509,
  futuresPositionNotFound: 2510,
  /** Closed or cancelled: its stop points no longer apply. */
  futuresPositionClosed: 2511,
} as const;

/** Binary options (issue 18): 2550-2599. */
export const BOPTION_ERRCODES = {
  /** The symbol offers no such period: {seconds} s. */
  boptionPeriodNotOffered: 2551,
  /** Below the period's minimum stake: {min} {currency}. */
  boptionStakeBelowMin: 2552,
  /** Above the period's maximum stake: {max} {currency}. */
  boptionStakeAboveMax: 2553,
  /** The user has {max} open options, the most one may have at once. */
  boptionOpenOrdersLimit: 2554,
  /** The platform's open liability on this symbol and period would pass its bound. */
  boptionLiabilityLimit: 2555,
  boptionOrderNotFound: 2556,
} as const;

/** The operator's configuration (issue 21): markets, coins, platform limits, roles: 2600-2649. */
export const OPERATOR_CONFIG_ERRCODES = {
  /** Cancel-only: new orders are refused, open ones may be cancelled. */
  marketSuspended: 2601,
  /** A spot market {symbol} exists already. */
  marketExists: 2602,
  /** {currency} is not a currency yet: its decimal places are needed to add it. */
  currencyScaleRequired: 2603,
  /** A delisted market stays delisted. */
  marketDelisted: 2604,
  /** {currency} on {network}: no such coin. */
  coinNotFound: 2605,
  networkNotFound: 2606,
  /** An operator may not take the role from their own account (the admin CLI can). */
  operatorSelfRevoke: 2607,
} as const;

/** Several server instances (issue 19, server/cluster): 2650-2659. */
export const CLUSTER_ERRCODES = {
  /** No server instance holds the market's book right now (it is moving after a failure); retried for 5 s first. */
  clusterMarketUnavailable: 2650,
  /** This instance no longer holds the market's book: its forwarder tries the new holder. */
  clusterNotOwner: 2651,
  /** The instance holding the market stopped before it answered: the command may or may not have been done. */
  clusterOutcomeUnknown: 2652,
  /** An internal call between instances without a valid, fresh signature (HTTP 403). */
  clusterSignatureInvalid: 2653,
} as const;

/**
 * Every area's codes in one table, for the server (its messages are keyed by these names). Made by
 * a call marked pure so that the web app's bundles drop it where only one area's table is used: an
 * object spread at the top level is code the bundler must otherwise keep, and it kept every
 * area's names in the entry script.
 */
export const ERRCODES = /* @__PURE__ */ (() =>
  ({
    ...PROTOCOL_ERRCODES,
    ...ACCOUNT_ERRCODES,
    ...LEDGER_ERRCODES,
    ...CONTENT_ERRCODES,
    ...MARKET_ERRCODES,
    ...CONVERT_ERRCODES,
    ...HELPDESK_ERRCODES,
    ...OPERATOR_ERRCODES,
    ...SECURITY_ERRCODES,
    ...IDENTITY_ERRCODES,
    ...REWARDS_ERRCODES,
    ...CHAIN_ERRCODES,
    ...WITHDRAW_ERRCODES,
    ...FUTURES_ERRCODES,
    ...BOPTION_ERRCODES,
    ...OPERATOR_CONFIG_ERRCODES,
    ...CLUSTER_ERRCODES,
  }) as const)();

export type ErrcodeName = keyof typeof ERRCODES;
export type Errcode = (typeof ERRCODES)[ErrcodeName];

let nameByCode: Map<number, ErrcodeName> | undefined;

/** A code's name (made on first use, for the same reason as ERRCODES). */
export function errcodeName(code: number): ErrcodeName | undefined {
  nameByCode ??= new Map(Object.entries(ERRCODES).map(([name, value]) => [value, name as ErrcodeName]));
  return nameByCode.get(code);
}

/** Codes the spec's client rejects silently: the caller handles them (spec section 8). */
export const SILENT_ERRCODES: readonly number[] = [202, 101, 400, 8];

/** The envelope of every JSON answer (ARCHITECTURE.md, "The contract"). */
export interface SuccessEnvelope<T> {
  errcode: 0;
  data: T;
}
export interface ErrorEnvelope {
  errcode: number;
  errmsg: string;
  fields?: Record<string, string>;
}
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;
