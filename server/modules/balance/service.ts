/**
 * Wallet rules: balances as the spec's Balance (total and a non-positive frozen part, formatted
 * with the currency's scale), the per-wallet view of the transfer dialog, and transfers between
 * a user's own wallets. A transfer is one piece of a group commit (server/db/commit-group.ts): the
 * idempotency check, the guarded postings and the stored answer commit together or not at all.
 */
import crypto from 'node:crypto';
import type { AppContext } from '../../context';
import { parsePositiveUnits } from '../../core/amounts';
import { invalidFields } from '../../core/errors';
import { refuse } from './errors';
import { findIdempotentResponse, postTransaction, recordIdempotentResponse, userBalances, userOwner, type UserWallet, type WalletBalance } from '../../ledger/ledger';
import type { Executor } from '../../core/executor';
import { formatUnits } from '../../../src/shared/money';
import { idempotencyKeyField } from '../../../src/shared/api/fields';
import {
  FUTURES_USDT,
  FUTURES_USDT_BASE,
  IDEMPOTENCY_KEY_HEADER,
  TRANSFER_WALLETS,
  type Balance,
  type TransferInput,
  type TransferResult,
  type WalletBalances,
} from '../../../src/shared/api/balance';
import { findCurrency, listCurrencies, readWalletBalance, type BucketUnits, type CurrencyInfo } from './repo';

/** The spec's Balance: the total, the held part negated ("0.000000" when nothing is held), the display name. */
export function toBalance(code: string, currency: CurrencyInfo, units: BucketUnits): Balance {
  return {
    currency: code,
    balance: formatUnits(units.availableUnits + units.heldUnits, currency.scale),
    frozen: formatUnits(-units.heldUnits, currency.scale),
    displayName: currency.displayName,
  };
}

const ZERO_UNITS: BucketUnits = { availableUnits: 0n, heldUnits: 0n };

function indexBalances(balances: WalletBalance[]): Map<string, BucketUnits> {
  return new Map(balances.map((entry) => [`${entry.wallet}:${entry.currency}`, entry]));
}

/** The spot wallet, every currency in order (zeros included), then the futures USDT as FTUSDT. */
export async function listBalances(context: AppContext, userId: number): Promise<Balance[]> {
  const [currencies, balances] = await Promise.all([listCurrencies(context.db), userBalances(context.db, userId)]);
  const units = indexBalances(balances);
  const list = currencies.map((currency) => toBalance(currency.code, currency, units.get(`spot:${currency.code}`) ?? ZERO_UNITS));
  const futuresBase = currencies.find((currency) => currency.code === FUTURES_USDT_BASE);
  if (futuresBase) list.push(toBalance(FUTURES_USDT, futuresBase, units.get(`futures:${FUTURES_USDT_BASE}`) ?? ZERO_UNITS));
  return list;
}

/** One Balance of the spot wallet; FTUSDT means the futures wallet's USDT. */
export async function getBalance(context: AppContext, userId: number, code: string): Promise<Balance> {
  const isFuturesUsdt = code === FUTURES_USDT;
  const currency = await findCurrency(context.db, isFuturesUsdt ? FUTURES_USDT_BASE : code);
  if (!currency) refuse('unknownCurrency');
  const wallet: UserWallet = isFuturesUsdt ? 'futures' : 'spot';
  return toBalance(code, currency, await readWalletBalance(context.db, userId, wallet, currency.code));
}

/** Every wallet: spot with all currencies, the others with their non-zero balances only. */
export async function getBalancesByWallet(context: AppContext, userId: number): Promise<WalletBalances> {
  const [currencies, balances] = await Promise.all([listCurrencies(context.db), userBalances(context.db, userId)]);
  const units = indexBalances(balances);
  const walletList = (wallet: UserWallet, includeZero: boolean) =>
    currencies.flatMap((currency) => {
      const entry = units.get(`${wallet}:${currency.code}`) ?? ZERO_UNITS;
      const isZero = entry.availableUnits === 0n && entry.heldUnits === 0n;
      return includeZero || !isZero ? [toBalance(currency.code, currency, entry)] : [];
    });
  return {
    spot: walletList('spot', true),
    futures: walletList('futures', false),
    finance: walletList('finance', false),
    loan: walletList('loan', false),
  };
}

/** The available (not held) amount of one currency in each of the user's wallets. */
export async function getAvailableByWallet(context: AppContext, userId: number, code: string) {
  const currency = await findCurrency(context.db, code);
  if (!currency) refuse('unknownCurrency');
  const units = indexBalances(await userBalances(context.db, userId));
  const available = (wallet: UserWallet) => formatUnits((units.get(`${wallet}:${currency.code}`) ?? ZERO_UNITS).availableUnits, currency.scale);
  return { currency: currency.code, spot: available('spot'), futures: available('futures'), finance: available('finance'), loan: available('loan') };
}

/** The Idempotency-Key header: required, one value, in the shape of idempotencyKeyField. */
export function parseIdempotencyKey(header: string | string[] | undefined): string {
  if (header === undefined || (typeof header === 'string' && header.trim() === '')) refuse('idempotencyKeyRequired');
  const parsed = idempotencyKeyField.safeParse(header);
  if (!parsed.success) invalidFields({ [IDEMPOTENCY_KEY_HEADER]: 'must be 8 to 64 letters, digits or . _ : -' });
  return parsed.data;
}

function isTransferWallet(wallet: string): wallet is (typeof TRANSFER_WALLETS)[number] {
  return (TRANSFER_WALLETS as readonly string[]).includes(wallet);
}

/** What makes two transfer requests the same request: the amount in units, so 1.5 equals 1.50. */
function transferRequestHash(input: TransferInput, amountUnits: bigint): string {
  const canonical = JSON.stringify(['balance/transfer', input.from, input.to, input.currency, amountUnits.toString()]);
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

export async function transfer(
  context: AppContext,
  userId: number,
  input: TransferInput,
  idempotencyKeyHeader: string | string[] | undefined,
): Promise<TransferResult> {
  const idempotencyKey = parseIdempotencyKey(idempotencyKeyHeader);
  if (!isTransferWallet(input.from) || !isTransferWallet(input.to)) refuse('walletNotAllowed');
  if (input.from === input.to) refuse('sameWallet');
  const currency = await findCurrency(context.db, input.currency);
  if (!currency) refuse('unknownCurrency');
  const amountUnits = parsePositiveUnits(input.amount, currency.scale);
  const requestHash = transferRequestHash(input, amountUnits);
  const owner = userOwner(userId);

  return context.commits.run(async (trx) => {
    const previous = await findIdempotentResponse<TransferResult>(trx, owner, idempotencyKey, requestHash);
    if (previous !== undefined) return previous;
    const transactionId = await postTransaction(trx, {
      kind: 'transfer',
      owner,
      idempotencyKey,
      requestHash,
      memo: `${input.from}->${input.to}`,
      now: context.now(),
      postings: [
        { account: { owner, wallet: input.from, currency: currency.code }, amountUnits: -amountUnits },
        { account: { owner, wallet: input.to, currency: currency.code }, amountUnits },
      ],
    });
    const response: TransferResult = {
      transferId: Number(transactionId),
      from: input.from,
      to: input.to,
      currency: currency.code,
      amount: formatUnits(amountUnits, currency.scale),
      balances: {
        from: await walletBalance(trx, userId, input.from, currency),
        to: await walletBalance(trx, userId, input.to, currency),
      },
    };
    await recordIdempotentResponse(trx, transactionId, response);
    return response;
  });
}

async function walletBalance(executor: Executor, userId: number, wallet: UserWallet, currency: CurrencyInfo): Promise<Balance> {
  return toBalance(currency.code, currency, await readWalletBalance(executor, userId, wallet, currency.code));
}
