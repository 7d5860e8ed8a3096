/**
 * Withdrawals (issue 16; the rules as the contract states them, src/shared/api/withdraw.ts): the
 * config and the daily quotas, submitting (blockchain, custody, fiat), the user's history and
 * cancel, and the operator's decisions. Sending on the chain and completing at the network's
 * confirmations is the round's (round.ts).
 *
 * Submitting is one piece of the group commit: the repeat check on (user, idempotency key), the
 * wrong-password lock, the withdrawal password and GA code (checkWithdrawalSecurity, which also
 * refuses during the cool-off; the password's argon2id check itself is made before the piece,
 * which only compares the hash it was made with), the day's quota, the row, the hold of amount
 * plus fee on the spot wallet and notification 256. Pieces run one after another, so concurrent withdrawals see each
 * other's holds and quota: of many racing for one balance, only those it covers are made (the
 * ledger's guarded debit refuses the rest), and the unique key makes a repeated request one
 * withdrawal whatever the timing. A wrong password or GA code is counted in a piece of its own
 * after the refused one rolled back.
 *
 * Money leaves through the hold: completion pays the amount to the ledger's genesis account (the
 * other side of money entering and leaving the platform) and the fee to the fees account;
 * cancelling or rejecting releases the hold exactly.
 */
import crypto from 'node:crypto';
import {
  FIAT_WITHDRAW_TERMS,
  WITHDRAW_LOCK_MS,
  WITHDRAW_PASSWORD_FAILURES_MAX,
  WITHDRAW_PASSWORD_WINDOW_MS,
  WITHDRAW_QUOTA_MULTIPLES,
  type OperatorWithdrawal,
  type WithdrawConfig,
  type Withdrawal,
  type WithdrawNetwork,
  type WithdrawQuota,
  type WithdrawStatus,
  type WithdrawType,
  type WithdrawVia,
} from '../../../src/shared/api/withdraw';
import { NOTIFICATION_TYPE } from '../../../src/shared/constants';
import { unitsText } from '../../../src/shared/decimal';
import { formatUnits, parseUnits } from '../../../src/shared/money';
import type { Chain } from '../../chain/chain';
import type { AppContext } from '../../context';
import { parsePositiveUnits } from '../../core/amounts';
import { BusinessError } from '../../core/errors';
import type { Executor } from '../../core/executor';
import type { Transaction } from 'kysely';
import { lockUserRow } from '../../db/row-lock';
import type { Database } from '../../db/schema';
import type { TypedEvents } from '../../engine/events';
import type { EngineEvents } from '../../engine/types';
import { consumeHold, placeHold, releaseHold, systemOwner, userBalances, userOwner } from '../../ledger/ledger';
import { parseIdempotencyKey } from '../balance/service';
import { chainCoins, type ChainCoinRow } from '../chain/service';
import { accountContacts } from '../identity/service';
import { queryPaymentAccount } from '../identity/payment-accounts';
import { createNotifications } from '../notification/service';
import { withdrawalCoolOffUntil } from '../security/coolOff';
import { isTwoFactorBound } from '../security/twoFactorCheck';
import { checkWithdrawalSecurity, checkWithdrawPassword, utcMinute, type CheckedWithdrawPassword } from '../security/withdrawPassword';
import { refuse } from './errors';
import * as repo from './repo';

const DAY_MS = 86_400_000;
/** The ledger hold's reference type; its id is the withdrawal's. */
const HOLD_REFERENCE = 'withdrawal';
/** Refusals that count towards the wrong-password lock. */
const WRONG_PROOF_CODES: readonly string[] = ['withdrawPasswordWrong', 'twoFactorCodeWrong'];

/** Where balance changes are announced after their commit: the user's private channel. */
export interface WithdrawEvents {
  readonly events: Pick<TypedEvents<EngineEvents>, 'emit'>;
}

/** What one currency is withdrawn under: its scale, the fee, the bounds of one withdrawal, the base of the daily quota. */
interface Terms {
  currency: string;
  scale: number;
  feeUnits: bigint;
  minUnits: bigint;
  maxUnits: bigint;
  quotaBaseUnits: bigint;
}

export async function withdrawConfig(context: AppContext): Promise<WithdrawConfig> {
  const byCurrency = new Map<string, WithdrawConfig['blockchain'][number]>();
  for (const coin of await chainCoins(context)) {
    const entry = byCurrency.get(coin.currency) ?? { currency: coin.currency, displayName: coin.displayName, networks: [] };
    const network: WithdrawNetwork = {
      network: coin.network,
      name: coin.networkName,
      fee: formatUnits(coin.withdrawFeeUnits, coin.scale),
      min: formatUnits(coin.withdrawMinUnits, coin.scale),
      max: formatUnits(coin.withdrawMaxUnits, coin.scale),
      addressRegex: coin.addressRegex,
      confirmations: coin.confirmations,
      enabled: coin.withdrawEnabled,
    };
    entry.networks.push(network);
    byCurrency.set(coin.currency, entry);
  }
  return { blockchain: [...byCurrency.values()], fiat: FIAT_WITHDRAW_TERMS.map((terms) => ({ ...terms })) };
}

/** A currency's blockchain terms on a network (the quota's base: its largest maximum on any network), or the refusal. */
async function chainTerms(context: AppContext, currency: string, network: string | undefined): Promise<{ terms: Terms; coin: ChainCoinRow }> {
  const coins = (await chainCoins(context)).filter((coin) => coin.currency === currency);
  const coin = network === undefined ? coins[0] : coins.find((candidate) => candidate.network === network);
  if (!coin) refuse('withdrawCurrencyNotSupported');
  const quotaBaseUnits = coins.reduce((largest, candidate) => (candidate.withdrawMaxUnits > largest ? candidate.withdrawMaxUnits : largest), 0n);
  return {
    coin,
    terms: { currency, scale: coin.scale, feeUnits: coin.withdrawFeeUnits, minUnits: coin.withdrawMinUnits, maxUnits: coin.withdrawMaxUnits, quotaBaseUnits },
  };
}

async function fiatTerms(context: AppContext, currency: string | undefined): Promise<Terms> {
  const terms = currency === undefined ? FIAT_WITHDRAW_TERMS[0] : FIAT_WITHDRAW_TERMS.find((candidate) => candidate.currency === currency);
  const scale = terms && (await repo.currencyScale(context.db, terms.currency));
  if (!terms || scale === undefined) refuse('withdrawCurrencyNotSupported');
  const maxUnits = parseUnits(terms.max, scale);
  return { currency: terms.currency, scale, feeUnits: parseUnits(terms.fee, scale), minUnits: parseUnits(terms.min, scale), maxUnits, quotaBaseUnits: maxUnits };
}

function dayStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

/** The day's quota of a kind of withdrawal and what today's took of it, in units. */
async function quotaUnits(executor: Executor, userId: number, type: WithdrawType, terms: Terms, now: number) {
  const vip = await repo.vipLevel(executor, userId);
  const multiple = WITHDRAW_QUOTA_MULTIPLES[Math.min(Math.max(vip, 0), WITHDRAW_QUOTA_MULTIPLES.length - 1)]!;
  const dailyUnits = terms.quotaBaseUnits * BigInt(multiple);
  const usedUnits = await repo.sumSince(executor, userId, type, terms.currency, dayStart(now));
  return { dailyUnits, usedUnits, remainingUnits: dailyUnits > usedUnits ? dailyUnits - usedUnits : 0n };
}

/** Until when the user may not withdraw: the security cool-off or the wrong-password lock, whichever ends later; 0 when neither runs. */
async function blockedUntil(context: AppContext, userId: number): Promise<number> {
  const now = context.now();
  const [coolOff, throttle] = await Promise.all([withdrawalCoolOffUntil(context.db, userId), repo.readThrottle(context.db, userId)]);
  const until = Math.max(coolOff, throttle?.lockedUntil ?? 0);
  return until > now ? until : 0;
}

async function quotaAnswer(context: AppContext, userId: number, type: WithdrawType, terms: Terms): Promise<WithdrawQuota> {
  const now = context.now();
  const [quota, balances, blocked] = await Promise.all([quotaUnits(context.db, userId, type, terms, now), userBalances(context.db, userId), blockedUntil(context, userId)]);
  const spot = balances.find((balance) => balance.wallet === 'spot' && balance.currency === terms.currency);
  return {
    type,
    currency: terms.currency,
    dailyQuota: formatUnits(quota.dailyUnits, terms.scale),
    usedToday: formatUnits(quota.usedUnits, terms.scale),
    remainingToday: formatUnits(quota.remainingUnits, terms.scale),
    available: formatUnits(spot?.availableUnits ?? 0n, terms.scale),
    resetsAt: dayStart(now) + DAY_MS,
    blockedUntil: blocked,
  };
}

export async function blockchainQuota(context: AppContext, userId: number, currency: string): Promise<WithdrawQuota> {
  return quotaAnswer(context, userId, 'blockchain', (await chainTerms(context, currency, undefined)).terms);
}

export async function fiatQuota(context: AppContext, userId: number, currency: string | undefined): Promise<WithdrawQuota> {
  return quotaAnswer(context, userId, 'fiat', await fiatTerms(context, currency));
}

/** The proof every withdrawal carries. */
export interface WithdrawProof {
  withdrawPassword?: string;
  gaCode?: string;
}

export type WithdrawTarget = { kind: 'chain'; network: string; address: string; via: WithdrawVia } | { kind: 'bank'; bankAccountId: number };

export interface SubmitInput extends WithdrawProof {
  currency: string;
  amount: string;
  target: WithdrawTarget;
}

/** Errcode 101 (spec 8) when the password, or the GA code of a bound GA, is missing: the client asks for them. */
async function requireProof(context: AppContext, userId: number, proof: WithdrawProof): Promise<void> {
  if (!proof.withdrawPassword) refuse('secondFactorRequired');
  if (!proof.gaCode && (await isTwoFactorBound(context.db, userId))) refuse('secondFactorRequired');
}

function requestHashOf(parts: (string | number | null)[]): string {
  return crypto.createHash('sha256').update(JSON.stringify(['withdraw', ...parts])).digest('hex');
}

/** The throttle after one more wrong password or GA code: the WITHDRAW_PASSWORD_FAILURES_MAX-th in the window locks withdrawals. */
function afterWrongProof(current: repo.ThrottleRow | undefined, now: number): repo.ThrottleRow {
  const fresh = !current || now - current.windowStartedAt >= WITHDRAW_PASSWORD_WINDOW_MS;
  const failures = fresh ? 1 : current.failures + 1;
  const locked = failures >= WITHDRAW_PASSWORD_FAILURES_MAX;
  return {
    failures: locked ? 0 : failures,
    windowStartedAt: fresh || locked ? now : current.windowStartedAt,
    lockedUntil: locked ? now + WITHDRAW_LOCK_MS : (current?.lockedUntil ?? 0),
  };
}

/**
 * Checks the withdrawal password (checked before the piece, `checked`) and GA code in the
 * submission's piece. A wrong one is counted in the same piece, which then commits with nothing
 * else written and answers the refusal: the next submission, even the next piece of the same
 * batch, reads the count, so guesses sent all at once are counted one by one and the lock comes at
 * the WITHDRAW_PASSWORD_FAILURES_MAX-th.
 */
async function checkProofInTransaction(
  context: AppContext,
  trx: Transaction<Database>,
  userId: number,
  proof: WithdrawProof,
  checked: CheckedWithdrawPassword,
): Promise<BusinessError | undefined> {
  const now = context.now();
  const throttle = await repo.readThrottle(trx, userId);
  if (throttle && throttle.lockedUntil > now) refuse('withdrawLocked', { until: utcMinute(throttle.lockedUntil) });
  try {
    await checkWithdrawalSecurity(context, trx, userId, { withdrawPassword: proof.withdrawPassword ?? '', checked, gaCode: proof.gaCode });
  } catch (error) {
    if (!(error instanceof BusinessError && WRONG_PROOF_CODES.includes(error.code))) throw error;
    await repo.writeThrottle(trx, userId, afterWrongProof(throttle, now));
    return error;
  }
  if (throttle && throttle.failures > 0) await repo.writeThrottle(trx, userId, { ...throttle, failures: 0 });
  return undefined;
}

/** Resolves what the withdrawal pays to and under which terms, checking the address or the bank account. */
async function resolveTarget(context: AppContext, userId: number, currency: string, target: WithdrawTarget) {
  if (target.kind === 'bank') {
    const account = await queryPaymentAccount(context, userId, target.bankAccountId);
    const bank = { id: account.id, bankName: account.bankName, accountNumber: account.accountNumber, holderName: account.holderName };
    return { terms: await fiatTerms(context, currency), type: 'fiat' as const, via: 'direct' as const, network: null, address: null, bank, confirmations: 0 };
  }
  const { coin, terms } = await chainTerms(context, currency, target.network);
  if (!coin.withdrawEnabled) refuse('withdrawalsDisabled');
  if (!new RegExp(coin.addressRegex).test(target.address)) refuse('withdrawAddressInvalid', { network: coin.network });
  return { terms, type: 'blockchain' as const, via: target.via, network: coin.network, address: target.address, bank: null, confirmations: coin.confirmations };
}

export async function submitWithdrawal(
  context: AppContext,
  publisher: WithdrawEvents,
  chain: Chain,
  userId: number,
  input: SubmitInput,
  idempotencyKeyHeader: string | string[] | undefined,
): Promise<Withdrawal> {
  const idempotencyKey = parseIdempotencyKey(idempotencyKeyHeader);
  await requireProof(context, userId, input);
  const resolved = await resolveTarget(context, userId, input.currency, input.target);
  const { terms } = resolved;
  const amountUnits = parsePositiveUnits(input.amount, terms.scale);
  if (amountUnits < terms.minUnits) refuse('withdrawAmountBelowMin', { min: unitsText(terms.minUnits, terms.scale), currency: terms.currency });
  if (amountUnits > terms.maxUnits) refuse('withdrawAmountAboveMax', { max: unitsText(terms.maxUnits, terms.scale), currency: terms.currency });
  const requestHash = requestHashOf([resolved.type, resolved.via, terms.currency, resolved.network, resolved.address, resolved.bank?.id ?? null, amountUnits.toString()]);
  // The password's argon2id check, before the piece (checkWithdrawPassword); the piece decides
  // what it means (a repeat, the lock, the hash still current).
  const checked = await checkWithdrawPassword(context.db, userId, input.withdrawPassword ?? '');

  const outcome = await context.commits.run(async (trx): Promise<{ row: repo.WithdrawalRow; replayed: boolean } | { wrongProof: BusinessError }> => {
    // On PostgreSQL a user's submissions take turns on the user's row: the wrong-proof count and
    // the day's quota read below decide what is written (two at once must not both pass).
    await lockUserRow(trx, userId);
    const previous = await repo.findByKey(trx, userId, idempotencyKey);
    if (previous) {
      if (previous.request_hash !== requestHash) refuse('idempotencyConflict');
      return { row: previous, replayed: true };
    }
    const wrongProof = await checkProofInTransaction(context, trx, userId, input, checked);
    if (wrongProof) return { wrongProof };
    const now = context.now();
    const quota = await quotaUnits(trx, userId, resolved.type, terms, now);
    if (amountUnits > quota.remainingUnits) refuse('withdrawQuotaExceeded', { remaining: unitsText(quota.remainingUnits, terms.scale), currency: terms.currency });
    const row = await repo.insertWithdrawal(trx, {
      userId,
      idempotencyKey,
      requestHash,
      type: resolved.type,
      via: resolved.via,
      currency: terms.currency,
      network: resolved.network,
      address: resolved.address,
      bank: resolved.bank,
      amountUnits,
      feeUnits: terms.feeUnits,
      confirmationsRequired: resolved.confirmations,
      now,
    });
    const totalUnits = amountUnits + terms.feeUnits;
    await placeHold(trx, { owner: userOwner(userId), wallet: 'spot', currency: terms.currency, amountUnits: totalUnits, referenceType: HOLD_REFERENCE, referenceId: String(row.id), now });
    await notify(trx, row, terms.scale, NOTIFICATION_TYPE.withdrawalSubmission, now);
    return { row, replayed: false };
  });
  if ('wrongProof' in outcome) throw outcome.wrongProof;
  if (!outcome.replayed) publisher.events.emit('balance', { userId, currencies: [terms.currency] });
  return withdrawalView(outcome.row, terms.scale, await confirmationsOf(context, chain, outcome.row));
}

async function notify(trx: Transaction<Database>, row: repo.WithdrawalRow, scale: number, type: number, now: number, reason?: string): Promise<void> {
  const params: Record<string, string> = {
    amount: unitsText(row.amount_units, scale),
    total: unitsText(row.amount_units + row.fee_units, scale),
    currency: row.currency,
    ...(reason === undefined ? {} : { reason }),
  };
  await createNotifications(trx, [{ userId: Number(row.user_id), type, params }], now);
}

/** The confirmations a withdrawal has: counted on its chain while broadcast, all of them once completed. */
async function confirmationsOf(context: AppContext, chain: Chain, row: repo.WithdrawalRow): Promise<number> {
  if (row.status === 'completed') return Number(row.confirmations_required);
  if (row.status !== 'broadcast' || row.network === null || row.txid === null) return 0;
  const confirmations = await chain.sentConfirmations(context.db, row.network, { txid: row.txid, outputIndex: Number(row.output_index ?? 0n) });
  return Math.min(confirmations, Number(row.confirmations_required));
}

function withdrawalView(row: repo.WithdrawalRow, scale: number, confirmations: number): Withdrawal {
  return {
    id: Number(row.id),
    type: row.type as WithdrawType,
    via: row.via as WithdrawVia,
    currency: row.currency,
    network: row.network,
    address: row.address,
    bankName: row.bank_name,
    accountTail: row.account_number === null ? null : row.account_number.slice(-4),
    amount: formatUnits(row.amount_units, scale),
    fee: formatUnits(row.fee_units, scale),
    status: row.status as WithdrawStatus,
    txid: row.txid,
    confirmations,
    confirmationsRequired: Number(row.confirmations_required),
    rejectReason: row.reject_reason,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    completedAt: row.completed_at === null ? null : Number(row.completed_at),
  };
}

async function viewsOf(context: AppContext, chain: Chain, rows: repo.WithdrawalRow[]): Promise<Withdrawal[]> {
  const scales = new Map<string, number>();
  for (const currency of new Set(rows.map((row) => row.currency))) scales.set(currency, (await repo.currencyScale(context.db, currency)) ?? 0);
  return Promise.all(rows.map(async (row) => withdrawalView(row, scales.get(row.currency) ?? 0, await confirmationsOf(context, chain, row))));
}

export async function withdrawHistory(context: AppContext, chain: Chain, userId: number, filter: repo.HistoryFilter): Promise<{ total: number; list: Withdrawal[] }> {
  const { total, rows } = await repo.listForUser(context.db, userId, filter);
  return { total, list: await viewsOf(context, chain, rows) };
}

/** Pays the held amount out: the amount leaves the platform (genesis), the fee goes to the fees account. */
async function settle(trx: Transaction<Database>, row: repo.WithdrawalRow, now: number): Promise<void> {
  const currency = row.currency;
  await consumeHold(trx, {
    referenceType: HOLD_REFERENCE,
    referenceId: String(row.id),
    currency,
    amountUnits: row.amount_units + row.fee_units,
    credits: [
      { account: { owner: systemOwner('genesis'), wallet: 'system', currency }, amountUnits: row.amount_units },
      { account: { owner: systemOwner('fees'), wallet: 'system', currency }, amountUnits: row.fee_units },
    ],
    kind: 'withdrawal',
    now,
  });
}

/**
 * Moves a withdrawal on and does what the move means, in one piece of the group commit: released
 * (cancelled, rejected: notification 512) or paid out (completed: notification 1024). Answers the
 * row as it is now, or the refusal when it was not in one of `from` (decided meanwhile).
 */
async function transition(
  context: AppContext,
  publisher: WithdrawEvents,
  id: number,
  allowed: (row: repo.WithdrawalRow) => readonly WithdrawStatus[],
  to: WithdrawStatus,
  extra: { rejectReason?: string; decidedBy?: number | null; ownerId?: number } = {},
): Promise<repo.WithdrawalRow> {
  const row = await context.commits.run(async (trx) => {
    const found = await repo.findWithdrawal(trx, id);
    // Another user's withdrawal is answered as none at all.
    if (!found || (extra.ownerId !== undefined && Number(found.user_id) !== extra.ownerId)) refuse('withdrawalNotFound');
    const now = context.now();
    const completedAt = to === 'completed' ? now : undefined;
    const from = allowed(found);
    const moved = from.length > 0 && (await repo.moveStatus(trx, id, from, to, now, { rejectReason: extra.rejectReason, decidedBy: extra.decidedBy, completedAt }));
    if (!moved) refuse('withdrawalNotPending');
    const scale = (await repo.currencyScale(trx, found.currency)) ?? 0;
    if (to === 'cancelled' || to === 'rejected') {
      await releaseHold(trx, { referenceType: HOLD_REFERENCE, referenceId: String(id), currency: found.currency, now });
      await notify(trx, found, scale, NOTIFICATION_TYPE.withdrawalCancellation, now, extra.rejectReason);
    } else if (to === 'completed') {
      await settle(trx, found, now);
      await notify(trx, found, scale, NOTIFICATION_TYPE.withdrawalCompletion, now);
    }
    return (await repo.findWithdrawal(trx, id))!;
  });
  if (to === 'cancelled' || to === 'rejected' || to === 'completed') publisher.events.emit('balance', { userId: Number(row.user_id), currencies: [row.currency] });
  return row;
}

/** The user cancels one of their own withdrawals that no operator has approved yet. */
export async function cancelWithdrawal(context: AppContext, publisher: WithdrawEvents, chain: Chain, userId: number, id: number): Promise<Withdrawal> {
  const row = await transition(context, publisher, id, () => ['submitted'], 'cancelled', { ownerId: userId });
  return (await viewsOf(context, chain, [row]))[0]!;
}

// Operators.

async function operatorViews(context: AppContext, chain: Chain, rows: repo.WithdrawalRow[]): Promise<OperatorWithdrawal[]> {
  const [views, contacts] = await Promise.all([viewsOf(context, chain, rows), accountContacts(context, [...new Set(rows.map((row) => Number(row.user_id)))])]);
  return rows.map((row, index) => ({
    ...views[index]!,
    userId: Number(row.user_id),
    contact: contacts.get(Number(row.user_id)) ?? '',
    accountNumber: row.account_number,
    holderName: row.holder_name,
  }));
}

export async function listForOperator(context: AppContext, chain: Chain, query: { state: 'pending' | 'all'; limit: number }): Promise<OperatorWithdrawal[]> {
  return operatorViews(context, chain, await repo.listForOperator(context.db, query.state, query.limit));
}

export interface OperatorDeps {
  context: AppContext;
  publisher: WithdrawEvents;
  chain: Chain;
  /** Runs the round now (a blockchain withdrawal is sent as soon as it is approved). */
  sendApproved: () => Promise<void>;
}

async function operatorView(deps: OperatorDeps, id: number): Promise<OperatorWithdrawal> {
  const row = await repo.findWithdrawal(deps.context.db, id);
  if (!row) refuse('withdrawalNotFound');
  return (await operatorViews(deps.context, deps.chain, [row]))[0]!;
}

/** Approves a submitted withdrawal: a blockchain one is sent at once by the round; a fiat one waits to be marked paid. */
export async function approveWithdrawal(deps: OperatorDeps, operatorId: number | null, id: number): Promise<OperatorWithdrawal> {
  const row = await transition(deps.context, deps.publisher, id, () => ['submitted'], 'approved', { decidedBy: operatorId });
  if (row.type === 'blockchain') await deps.sendApproved();
  return operatorView(deps, id);
}

/** Rejects a submitted withdrawal (or an approved fiat one the operator could not pay): the hold is released. */
export async function rejectWithdrawal(deps: OperatorDeps, operatorId: number | null, id: number, reason: string): Promise<OperatorWithdrawal> {
  const allowed = (row: repo.WithdrawalRow): readonly WithdrawStatus[] => (row.type === 'fiat' ? ['submitted', 'approved'] : ['submitted']);
  await transition(deps.context, deps.publisher, id, allowed, 'rejected', { decidedBy: operatorId, rejectReason: reason });
  return operatorView(deps, id);
}

/** An approved fiat withdrawal was paid to the bank: completed, the hold settled. */
export async function markFiatPaid(deps: OperatorDeps, operatorId: number | null, id: number): Promise<OperatorWithdrawal> {
  await transition(deps.context, deps.publisher, id, (row) => (row.type === 'fiat' ? ['approved'] : []), 'completed', { decidedBy: operatorId });
  return operatorView(deps, id);
}

/** The round's step for a broadcast withdrawal whose confirmations are reached: completed, the hold settled. */
export async function completeBroadcast(context: AppContext, publisher: WithdrawEvents, id: number): Promise<void> {
  await transition(context, publisher, id, () => ['broadcast'], 'completed');
}
