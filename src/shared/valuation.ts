/**
 * The header's total asset value in USDT (spec 4, R-STATE-09): spot balances, the futures
 * wallet's USDT (FTUSDT), loans (for loans with status 1: the pledge's value minus what is to be
 * repaid) and staking, plus savings orders with status 1 or 2. Amounts are decimal strings;
 * the sum is exact (bigint units at 8 decimals) and truncated only when shown.
 */
import { FUTURES_USDT } from './constants';
import { SCALE_MAX, formatUnits, mulDivUnits, parseUnits, isDecimalString } from './money';

const VALUE_CURRENCY = 'USDT';
const ONE = 10n ** BigInt(SCALE_MAX);

export interface ValuedBalance {
  currency: string;
  /** Total (available plus held). */
  balance: string;
}

export interface ValuedLoan {
  status: number;
  pledgeAsset: string;
  pledgeAmount: string;
  loanAsset: string;
  loanAmount: string;
  /** What was lent; the loan's amount before approval. */
  approvedAmount?: string;
}

export interface ValuedStaking {
  asset: string;
  amount: string;
}

export interface ValuedSaving {
  status: number;
  /** The order's value in USDT. */
  amountValue: string;
}

export interface AssetHoldings {
  /** /balance/list: the spot wallet and FTUSDT. */
  balances: readonly ValuedBalance[];
  loans?: readonly ValuedLoan[];
  staking?: readonly ValuedStaking[];
  savings?: readonly ValuedSaving[];
}

/** The last price of a currency in USDT (from the CURRENCY_USDT market's quote), undefined if none. */
export type PriceOf = (currency: string) => string | undefined;

/** Loans count while they run (status 1); savings while subscribed or earning (1, 2). */
const RUNNING_LOAN_STATUS = 1;
const COUNTED_SAVING_STATUSES: ReadonlySet<number> = new Set([1, 2]);

/** The price of a currency in USDT at 8 decimals; 0 for a currency nobody quotes. */
function priceUnits(currency: string, priceOf: PriceOf): bigint {
  const code = currency.toUpperCase();
  if (code === VALUE_CURRENCY || code === FUTURES_USDT) return ONE;
  const price = priceOf(code);
  return price !== undefined && isDecimalString(price) ? parseUnits(truncate8(price), SCALE_MAX) : 0n;
}

function amountUnits(amount: string | undefined): bigint {
  return amount !== undefined && isDecimalString(amount) ? parseUnits(truncate8(amount), SCALE_MAX) : 0n;
}

function truncate8(decimal: string): string {
  const [whole, fraction = ''] = decimal.trim().split('.');
  return fraction ? `${whole}.${fraction.slice(0, SCALE_MAX)}` : `${whole}`;
}

function valueUnits(currency: string, amount: string | undefined, priceOf: PriceOf): bigint {
  return mulDivUnits(amountUnits(amount), priceUnits(currency, priceOf), ONE, 'down');
}

/** The total in USDT as a decimal string with 8 decimals (format it with formatAssetTotal). */
export function totalAssetValue(holdings: AssetHoldings, priceOf: PriceOf): string {
  let total = 0n;
  for (const balance of holdings.balances) total += valueUnits(balance.currency, balance.balance, priceOf);
  for (const loan of holdings.loans ?? []) {
    if (loan.status !== RUNNING_LOAN_STATUS) continue;
    const owed = loan.approvedAmount ?? loan.loanAmount;
    total += valueUnits(loan.pledgeAsset, loan.pledgeAmount, priceOf) - valueUnits(loan.loanAsset, owed, priceOf);
  }
  for (const stake of holdings.staking ?? []) total += valueUnits(stake.asset, stake.amount, priceOf);
  for (const saving of holdings.savings ?? []) {
    if (COUNTED_SAVING_STATUSES.has(saving.status)) total += amountUnits(saving.amountValue);
  }
  return formatUnits(total, SCALE_MAX);
}

/** Every wallet's balances, as POST /balance/get answers them (plain currency codes in each). */
export type WalletHoldings<Wallet extends string> = Readonly<Record<Wallet | 'spot' | 'futures', readonly ValuedBalance[]>>;

/**
 * The Assets overview: each wallet's value in USDT (every balance in it, valued as
 * totalAssetValue values it), and the total asset value exactly as spec 4 counts it and the
 * header shows it: the spot wallet and the futures wallet's USDT (FTUSDT), plus loans, staking
 * and savings as their areas supply them. Money in the finance or loan wallet that is in no
 * product, or a coin other than USDT in the futures wallet, shows in its wallet but is not part of
 * the total (R-STATE-09).
 */
export function walletValues<Wallet extends string>(wallets: WalletHoldings<Wallet>, priceOf: PriceOf, products: Omit<AssetHoldings, 'balances'> = {}): { byWallet: Record<Wallet, string>; total: string } {
  const entries = Object.entries(wallets) as [Wallet, readonly ValuedBalance[]][];
  const byWallet = Object.fromEntries(entries.map(([wallet, balances]) => [wallet, totalAssetValue({ balances }, priceOf)])) as Record<Wallet, string>;
  const counted = [...wallets.spot, ...wallets.futures.filter((balance) => balance.currency.toUpperCase() === VALUE_CURRENCY)];
  return { byWallet, total: totalAssetValue({ ...products, balances: counted }, priceOf) };
}
