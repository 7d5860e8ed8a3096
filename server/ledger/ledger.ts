/**
 * The ledger (ARCHITECTURE.md, "Server"): accounts keyed by (owner, wallet, currency, bucket), each
 * balance change a transaction of postings summing to zero per currency, guarded debits, holds
 * for reserved funds and idempotency keys for money calls. Balances in ledger_accounts are a
 * cache of the postings; `audit` checks them against a replay.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { forUpdate, takesRowLocks } from '../db/row-lock';
import type { Executor } from '../core/executor';
import { BusinessError } from '../core/errors';
import { UNITS_MAX, UNITS_MIN } from '../../src/shared/money';
import { prepared, type PreparedQuery } from '../db/prepared';
import { afterCommit, committedFacts } from '../db/commit-group';

export const USER_WALLETS = ['spot', 'futures', 'finance', 'loan'] as const;
export type UserWallet = (typeof USER_WALLETS)[number];
export type Wallet = UserWallet | 'system';
export type Bucket = 'available' | 'held';

/** System accounts: the other side of money entering, leaving or being held by the house. */
export const SYSTEM_ACCOUNTS = ['genesis', 'fees', 'market_maker', 'escrow', 'insurance', 'loan_pool', 'house', 'rewards', 'options_house', 'futures_house'] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type OwnerKey = `u:${number}` | `s:${SystemAccount}`;

/**
 * Floors of the system accounts that pay users out, in every currency (ARCHITECTURE.md: every platform
 * account that pays out has limits). The convert house pays from its inventory, and check-in
 * rewards and lucky-draw prizes come out of the rewards fund, binary options are paid by the options
 * house: none below zero. The futures house pays traders' profits and the insurance fund what a
 * liquidation after a price gap costs (server/modules/futures): neither below zero either. Accounts not
 * named here are unbounded: genesis is the other side of money entering the platform.
 */
export const SYSTEM_ACCOUNT_FLOORS: Partial<Record<SystemAccount, bigint>> = { house: 0n, rewards: 0n, options_house: 0n, futures_house: 0n, insurance: 0n };

export function userOwner(userId: number): OwnerKey {
  return `u:${userId}`;
}
export function systemOwner(name: SystemAccount): OwnerKey {
  return `s:${name}`;
}

export interface AccountRef {
  owner: OwnerKey;
  wallet: Wallet;
  currency: string;
  bucket?: Bucket;
}

export interface Posting {
  account: AccountRef;
  /** Positive credits the account, negative debits it. */
  amountUnits: bigint;
}

export interface TransactionInput {
  kind: string;
  /** Who the transaction belongs to: scopes its idempotency key. */
  owner: OwnerKey;
  postings: Posting[];
  memo?: string;
  idempotencyKey?: string;
  requestHash?: string;
  /** Stored with an idempotency key and answered again on a repeat. */
  response?: unknown;
  now: number;
}

function userIdOf(owner: OwnerKey): number | null {
  return owner.startsWith('u:') ? Number(owner.slice(2)) : null;
}

function floorOf(owner: OwnerKey): bigint | null {
  if (!owner.startsWith('s:')) return null;
  return SYSTEM_ACCOUNT_FLOORS[owner.slice(2) as SystemAccount] ?? null;
}

// The statements every money movement runs, compiled once (server/db/prepared.ts).
const findAccount = prepared<{ owner_key: string; wallet: string; currency: string; bucket: string }>()((db, p) =>
  db.selectFrom('ledger_accounts').select('id').where('owner_key', '=', p.owner_key).where('wallet', '=', p.wallet).where('currency', '=', p.currency).where('bucket', '=', p.bucket),
);
const insertTransaction = prepared<{
  kind: string;
  owner_key: string;
  idempotency_key: string | null;
  request_hash: string | null;
  response_json: string | null;
  memo: string;
  created_at: number;
}>()((db, p) =>
  db
    .insertInto('ledger_transactions')
    .values({
      kind: p.kind,
      owner_key: p.owner_key,
      idempotency_key: p.idempotency_key,
      request_hash: p.request_hash,
      response_json: p.response_json,
      memo: p.memo,
      created_at: p.created_at,
    })
    .returning('id'),
);
/** Postings per INSERT at most; a transaction's postings are two to four but for rare batches. */
const POSTINGS_PER_INSERT_MAX = 8;
const postingInserts = new Map<number, PreparedQuery<Record<string, unknown>, unknown>>();
/** One INSERT of `count` postings of a transaction: slots transaction_id, account<i>, currency<i>, amount<i>. */
function insertPostings(count: number): PreparedQuery<Record<string, unknown>, unknown> {
  let query = postingInserts.get(count);
  if (!query) {
    query = prepared<Record<string, unknown>>()((db, p) =>
      db.insertInto('ledger_postings').values(
        Array.from({ length: count }, (_, index) => ({
          transaction_id: p.transaction_id as bigint,
          account_id: p[`account${index}`] as bigint,
          currency: p[`currency${index}`] as string,
          amount_units: p[`amount${index}`] as bigint,
        })),
      ),
    );
    postingInserts.set(count, query);
  }
  return query;
}
/** A credit, as long as the balance stays within the signed 64-bit range: `most` is UNITS_MAX minus the amount. */
const creditAccount = prepared<{ id: bigint; amount: bigint; most: bigint }>()((db, p) =>
  db
    .updateTable('ledger_accounts')
    .set({ balance_units: sql<bigint>`balance_units + ${p.amount}` })
    .where('id', '=', p.id)
    .where('balance_units', '<=', p.most),
);
/**
 * A debit of `need` (the amount's size), with its guard: the balance stays at or above UNITS_MIN
 * plus the amount (`least`); a user account does not go below zero, a platform account not below
 * its floor (none: unbounded).
 */
const debitAccount = prepared<{ id: bigint; amount: bigint; least: bigint; need: bigint }>()((db, p) =>
  db
    .updateTable('ledger_accounts')
    .set({ balance_units: sql<bigint>`balance_units + ${p.amount}` })
    .where('id', '=', p.id)
    .where((eb) =>
      eb.and([
        eb('balance_units', '>=', p.least),
        eb.or([
          eb.and([eb('may_go_negative', '=', 1n), eb('min_balance_units', 'is', null)]),
          eb.and([eb('may_go_negative', '=', 1n), eb(sql<bigint>`balance_units - min_balance_units`, '>=', p.need)]),
          // A user account down to zero; a platform account only as far as its floor above.
          eb.and([eb('may_go_negative', '=', 0n), eb('balance_units', '>=', p.need)]),
        ]),
      ]),
    ),
);
const insertHold = prepared<{
  owner_key: string;
  wallet: string;
  currency: string;
  amount_units: bigint;
  reference_type: string;
  reference_id: string;
  created_at: number;
}>()((db, p) =>
  db.insertInto('ledger_holds').values({
    owner_key: p.owner_key,
    wallet: p.wallet,
    currency: p.currency,
    amount_units: p.amount_units,
    reference_type: p.reference_type,
    reference_id: p.reference_id,
    created_at: p.created_at,
    released_at: null,
  }),
);
const updateHold = prepared<{ id: bigint; amount_units: bigint; released_at: number | null }>()((db, p) =>
  db.updateTable('ledger_holds').set({ amount_units: p.amount_units, released_at: p.released_at }).where('id', '=', p.id),
);
/** The open hold of a reference, locked on PostgreSQL (forUpdate; compiled once per dialect). */
const selectOpenHold = prepared<{ reference_type: string; reference_id: string; currency: string }>()((db, p) =>
  forUpdate(
    db,
    db
      .selectFrom('ledger_holds')
      .selectAll()
      .where('reference_type', '=', p.reference_type)
      .where('reference_id', '=', p.reference_id)
      .where('currency', '=', p.currency)
      .where('released_at', 'is', null),
  ),
);

/**
 * Finds or creates an account row and returns its id. System accounts may go negative, down to
 * their floor. Two transactions creating the same account at once (on PostgreSQL, from two
 * instances) both end with the one row: the second insert does nothing and reads the first's.
 */
export async function accountId(executor: Executor, ref: AccountRef): Promise<bigint> {
  const bucket = ref.bucket ?? 'available';
  // An account row is never deleted nor re-keyed: once committed, its id is a fact of the
  // database, remembered by the commit group (only after the piece that read it commits).
  const factKey = `account:${ref.owner}:${ref.wallet}:${ref.currency}:${bucket}`;
  const facts = committedFacts(executor);
  const known = facts?.get(factKey) as bigint | undefined;
  if (known !== undefined) return known;
  const id = await findOrCreateAccount(executor, ref, bucket);
  if (facts) afterCommit(executor, () => facts.set(factKey, id));
  return id;
}

async function findOrCreateAccount(executor: Executor, ref: AccountRef, bucket: Bucket): Promise<bigint> {
  const key = { owner_key: ref.owner, wallet: ref.wallet, currency: ref.currency, bucket };
  const find = () => findAccount.first(executor, key);
  const existing = await find();
  if (existing) return existing.id;
  const inserted = await executor
    .insertInto('ledger_accounts')
    .values({
      ...key,
      user_id: userIdOf(ref.owner),
      balance_units: 0,
      may_go_negative: ref.owner.startsWith('s:') ? 1 : 0,
      min_balance_units: bucket === 'available' ? floorOf(ref.owner) : null,
    })
    .onConflict((conflict) => conflict.columns(['owner_key', 'wallet', 'currency', 'bucket']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const winner = await find();
  if (!winner) throw new Error(`account ${ref.owner}/${ref.wallet}/${ref.currency}/${bucket} neither inserted nor found`);
  return winner.id;
}

/**
 * Takes the row locks of the accounts a transaction moves, in ascending id order, before any is
 * changed (PostgreSQL only, see forUpdate): two transfers between the same accounts in opposite
 * directions then queue behind each other instead of each locking one account and waiting for the
 * other's (a deadlock, which the commit group would have to retry).
 */
async function lockAccountsInOrder(trx: Transaction<Database>, ids: bigint[]): Promise<void> {
  if (ids.length < 2 || !takesRowLocks(trx)) return;
  const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  await trx.selectFrom('ledger_accounts').select('id').where('id', 'in', sorted).orderBy('id').forUpdate().execute();
}

/**
 * Takes the row lock of a platform account (PostgreSQL only) before a check that reads totals
 * across users and then writes (the options house's cover of every open win, the futures house's
 * cover and exposure): such transactions of every instance then run one after the other, as
 * SQLite's single writer runs them, so two of them cannot both pass a bound that only one fits.
 */
export async function lockSystemAccount(trx: Transaction<Database>, account: SystemAccount, currency: string): Promise<void> {
  if (!takesRowLocks(trx)) return;
  const id = await accountId(trx, { owner: systemOwner(account), wallet: 'system', currency });
  await trx.selectFrom('ledger_accounts').select('id').where('id', '=', id).forUpdate().execute();
}

/** Checks that postings sum to zero per currency: a ledger transaction that does not is a bug. */
export function assertBalanced(postings: Posting[]): void {
  const sums = new Map<string, bigint>();
  for (const posting of postings) {
    if (posting.amountUnits === 0n) continue;
    sums.set(posting.account.currency, (sums.get(posting.account.currency) ?? 0n) + posting.amountUnits);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`unbalanced ledger transaction: ${currency} sums to ${sum}`);
  }
}

/**
 * Writes one ledger transaction inside the caller's database transaction. Debits are applied
 * with a guard in the same statement, so a user account can never go below zero even when
 * requests race; a refused debit throws insufficientBalance and the caller's transaction rolls
 * back as a whole.
 */
export async function postTransaction(trx: Transaction<Database>, input: TransactionInput): Promise<bigint> {
  assertBalanced(input.postings);
  const transaction = await insertTransaction.firstOrThrow(trx, {
    kind: input.kind,
    owner_key: input.owner,
    idempotency_key: input.idempotencyKey ?? null,
    request_hash: input.requestHash ?? null,
    response_json: input.response === undefined ? null : JSON.stringify(input.response),
    memo: input.memo ?? '',
    created_at: input.now,
  });
  // Debits first: a refusal then happens before any credit is written.
  const ordered = [...input.postings]
    .filter((posting) => posting.amountUnits !== 0n)
    .sort((a, b) => (a.amountUnits < b.amountUnits ? -1 : a.amountUnits > b.amountUnits ? 1 : 0));
  const ids: bigint[] = [];
  for (const posting of ordered) ids.push(await accountId(trx, posting.account));
  await lockAccountsInOrder(trx, ids);
  for (const [index, posting] of ordered.entries()) await applyPosting(trx, ids[index]!, posting.amountUnits);
  // Then the postings themselves, a few rows per INSERT instead of one statement each.
  for (let start = 0; start < ordered.length; start += POSTINGS_PER_INSERT_MAX) {
    const rows = ordered.slice(start, start + POSTINGS_PER_INSERT_MAX);
    const values: Record<string, unknown> = { transaction_id: transaction.id };
    rows.forEach((posting, index) => {
      values[`account${index}`] = ids[start + index];
      values[`currency${index}`] = posting.account.currency;
      values[`amount${index}`] = posting.amountUnits;
    });
    await insertPostings(rows.length).execute(trx, values);
  }
  return transaction.id;
}

/**
 * Applies one posting to the cached balance with its guard in the same statement: a debit may not
 * take a user account below zero, and no change may leave the signed 64-bit range (SQLite would
 * silently turn an overflowing integer into a float). Bounds are compared before adding, so the
 * guard itself cannot overflow.
 */
async function applyPosting(trx: Transaction<Database>, id: bigint, amountUnits: bigint): Promise<void> {
  const updated =
    amountUnits > 0n
      ? await creditAccount.affected(trx, { id, amount: amountUnits, most: UNITS_MAX - amountUnits })
      : await debitAccount.affected(trx, { id, amount: amountUnits, least: UNITS_MIN - amountUnits, need: -amountUnits });
  if (updated === 1n) return;
  // Say why the guard refused: leaving the 64-bit range, a platform account passing its floor,
  // or a user account going below zero.
  const account = await trx.selectFrom('ledger_accounts').select(['balance_units', 'may_go_negative']).where('id', '=', id).executeTakeFirstOrThrow();
  const wouldBeUnits = account.balance_units + amountUnits;
  if (wouldBeUnits > UNITS_MAX || wouldBeUnits < UNITS_MIN) throw new BusinessError('amountTooLarge');
  throw new BusinessError(account.may_go_negative === 1n ? 'platformLimitReached' : 'insufficientBalance');
}

/**
 * Stores the answer of an idempotent money call on its transaction, for answers that can only
 * be written once the transaction exists (they carry its id or the balances it left). Call it in
 * the same database transaction as postTransaction.
 */
export async function recordIdempotentResponse(trx: Transaction<Database>, transactionId: bigint, response: unknown): Promise<void> {
  const result = await trx
    .updateTable('ledger_transactions')
    .set({ response_json: JSON.stringify(response) })
    .where('id', '=', transactionId)
    .where('idempotency_key', 'is not', null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`transaction ${transactionId} has no idempotency key to answer for`);
}

export interface IdempotentResult<T> {
  response: T;
  replayed: boolean;
}

/**
 * Runs a money call at most once per (owner, key). A repeat with the same request answers the
 * stored response; the same key with a different request is refused. The check and the work run
 * in one database transaction, so concurrent repeats serialize behind the first.
 */
export async function findIdempotentResponse<T>(
  executor: Executor,
  owner: OwnerKey,
  idempotencyKey: string,
  requestHash: string,
): Promise<T | undefined> {
  const previous = await executor
    .selectFrom('ledger_transactions')
    .select(['request_hash', 'response_json'])
    .where('owner_key', '=', owner)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (!previous) return undefined;
  if (previous.request_hash !== requestHash) throw new BusinessError('idempotencyConflict');
  return JSON.parse(previous.response_json ?? 'null') as T;
}

/** Moves funds from available to held and records the reservation. */
export async function placeHold(
  trx: Transaction<Database>,
  hold: { owner: OwnerKey; wallet: UserWallet; currency: string; amountUnits: bigint; referenceType: string; referenceId: string; now: number },
): Promise<void> {
  if (hold.amountUnits <= 0n) throw new Error('a hold must be positive');
  await postTransaction(trx, {
    kind: `hold:${hold.referenceType}`,
    owner: hold.owner,
    now: hold.now,
    memo: hold.referenceId,
    postings: [
      { account: { owner: hold.owner, wallet: hold.wallet, currency: hold.currency, bucket: 'available' }, amountUnits: -hold.amountUnits },
      { account: { owner: hold.owner, wallet: hold.wallet, currency: hold.currency, bucket: 'held' }, amountUnits: hold.amountUnits },
    ],
  });
  await insertHold.execute(trx, {
    owner_key: hold.owner,
    wallet: hold.wallet,
    currency: hold.currency,
    amount_units: hold.amountUnits,
    reference_type: hold.referenceType,
    reference_id: hold.referenceId,
    created_at: hold.now,
  });
}

/** The open hold, locked: what is left of it decides the write that reduces it. */
async function openHold(trx: Transaction<Database>, referenceType: string, referenceId: string, currency: string) {
  const hold = await selectOpenHold.first(trx, { reference_type: referenceType, reference_id: referenceId, currency });
  if (!hold) throw new Error(`no open hold ${referenceType}:${referenceId}:${currency}`);
  return hold;
}

async function reduceHold(trx: Transaction<Database>, holdId: bigint, remainingUnits: bigint, now: number): Promise<void> {
  await updateHold.execute(trx, { id: holdId, amount_units: remainingUnits, released_at: remainingUnits === 0n ? now : null });
}

/** Returns held funds to available: all of what is left, or `amountUnits` of it; answers the amount released. */
export async function releaseHold(
  trx: Transaction<Database>,
  release: {
    referenceType: string;
    referenceId: string;
    currency: string;
    amountUnits?: bigint;
    idempotencyKey?: string;
    /** Releases nothing (answers 0) when the reference holds nothing any more, instead of throwing. */
    ifOpen?: boolean;
    now: number;
  },
): Promise<bigint> {
  const hold = release.ifOpen
    ? await selectOpenHold.first(trx, { reference_type: release.referenceType, reference_id: release.referenceId, currency: release.currency })
    : await openHold(trx, release.referenceType, release.referenceId, release.currency);
  if (!hold) return 0n;
  const amount = release.amountUnits ?? hold.amount_units;
  if (amount <= 0n || amount > hold.amount_units) throw new Error('release exceeds the hold');
  const owner = hold.owner_key as OwnerKey;
  const wallet = hold.wallet as UserWallet;
  await postTransaction(trx, {
    kind: `release:${release.referenceType}`,
    owner,
    now: release.now,
    idempotencyKey: release.idempotencyKey,
    memo: release.referenceId,
    postings: [
      { account: { owner, wallet, currency: hold.currency, bucket: 'held' }, amountUnits: -amount },
      { account: { owner, wallet, currency: hold.currency, bucket: 'available' }, amountUnits: amount },
    ],
  });
  await reduceHold(trx, hold.id, hold.amount_units - amount, release.now);
  return amount;
}

/**
 * Spends held funds: debits the held bucket and credits the given accounts (a fill's
 * counterparty and the fee account, say). The credits must add up to the amount spent.
 */
export async function consumeHold(
  trx: Transaction<Database>,
  consume: {
    referenceType: string;
    referenceId: string;
    currency: string;
    amountUnits: bigint;
    credits: Posting[];
    extraPostings?: Posting[];
    kind: string;
    /** Makes the spending once-only in the database, whatever the caller's own guard. */
    idempotencyKey?: string;
    now: number;
  },
): Promise<void> {
  const hold = await openHold(trx, consume.referenceType, consume.referenceId, consume.currency);
  if (consume.amountUnits <= 0n || consume.amountUnits > hold.amount_units) throw new Error('consume exceeds the hold');
  const owner = hold.owner_key as OwnerKey;
  await postTransaction(trx, {
    kind: consume.kind,
    owner,
    now: consume.now,
    idempotencyKey: consume.idempotencyKey,
    memo: consume.referenceId,
    postings: [
      { account: { owner, wallet: hold.wallet as UserWallet, currency: hold.currency, bucket: 'held' }, amountUnits: -consume.amountUnits },
      ...consume.credits,
      ...(consume.extraPostings ?? []),
    ],
  });
  await reduceHold(trx, hold.id, hold.amount_units - consume.amountUnits, consume.now);
}

export interface WalletBalance {
  wallet: UserWallet;
  currency: string;
  availableUnits: bigint;
  heldUnits: bigint;
}

/** A user's balances, read from the cached account rows. */
export async function userBalances(executor: Executor, userId: number): Promise<WalletBalance[]> {
  const rows = await executor
    .selectFrom('ledger_accounts')
    .select(['wallet', 'currency', 'bucket', 'balance_units'])
    .where('owner_key', '=', userOwner(userId))
    .execute();
  const byKey = new Map<string, WalletBalance>();
  for (const row of rows) {
    const key = `${row.wallet}:${row.currency}`;
    const entry = byKey.get(key) ?? { wallet: row.wallet as UserWallet, currency: row.currency, availableUnits: 0n, heldUnits: 0n };
    if (row.bucket === 'held') entry.heldUnits = row.balance_units;
    else entry.availableUnits = row.balance_units;
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

/** A platform account's available balances by currency (the rewards fund's, the house's inventory). */
export async function systemBalances(executor: Executor, account: SystemAccount): Promise<{ currency: string; balanceUnits: bigint }[]> {
  const rows = await executor
    .selectFrom('ledger_accounts')
    .select(['currency', 'balance_units'])
    .where('owner_key', '=', systemOwner(account))
    .where('bucket', '=', 'available')
    .orderBy('currency')
    .execute();
  return rows.map((row) => ({ currency: row.currency, balanceUnits: row.balance_units }));
}

/** A platform account's available balance in one currency (0 where it has none). */
export async function systemBalance(executor: Executor, account: SystemAccount, currency: string): Promise<bigint> {
  const row = await executor
    .selectFrom('ledger_accounts')
    .select('balance_units')
    .where('owner_key', '=', systemOwner(account))
    .where('bucket', '=', 'available')
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.balance_units ?? 0n;
}
