/**
 * The ledger audit: the journal sums to zero per currency and per transaction, no user account
 * is negative, no platform account is below its floor, every cached balance equals the replay of
 * its postings, and every held bucket equals its open reservations. It reads only; the operator
 * API, the checkpoint job and the tests run it.
 *
 * Two scopes (server/ledger/README.md, "Checkpoints and retention"):
 * - 'since-checkpoint' (the default) starts from the newest verified checkpoint: each account's
 *   balance there plus its postings after it must equal its cached balance, and only the
 *   transactions after it are summed. Its cost is the journal since the last checkpoint (a day),
 *   not the whole history. Without a checkpoint it is the full audit.
 * - 'full' replays every posting still stored, plus what retention folded away: each account's
 *   folded sum plus all its postings must equal its cached balance, every stored transaction must
 *   balance, and the newest checkpoint's balances must equal the replay up to its position. It
 *   finds a posting changed before the checkpoint, which the default scope no longer reads.
 */
import { sql, type Kysely } from 'kysely';
import type { Executor } from '../core/executor';
import { takesRowLocks } from '../db/row-lock';
import type { Database } from '../db/schema';

export type AuditScope = 'since-checkpoint' | 'full';

export interface AuditReport {
  ok: boolean;
  problems: string[];
  /** Accounts, and the transactions and postings the audit read. */
  checked: { accounts: number; transactions: number; postings: number };
}

const PROBLEMS_MAX = 50;

/** The newest checkpoint's journal position: the last transaction id it covers (0 without one). */
export async function checkpointPosition(executor: Executor): Promise<bigint> {
  const row = await executor.selectFrom('ledger_checkpoints').select('position').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.position ?? 0n;
}

export async function auditLedger(executor: Executor, scope: AuditScope = 'since-checkpoint'): Promise<AuditReport> {
  const problems: string[] = [];
  const note = (problem: string) => {
    if (problems.length < PROBLEMS_MAX) problems.push(problem);
  };
  const full = scope === 'full';
  // The full audit reads every stored posting; the default one those after the checkpoint.
  const after = full ? 0n : await checkpointPosition(executor);

  // Per currency: the postings read plus what stands for the ones not read (the checkpoint's
  // balances, or in the full audit the folded sums) sum to zero.
  const currencySums = new Map<string, bigint>();
  const postingSums = await executor
    .selectFrom('ledger_postings')
    .select(['currency', sql<bigint>`sum(amount_units)`.as('total')])
    .where('transaction_id', '>', after)
    .groupBy('currency')
    .execute();
  const baseSums = await executor
    .selectFrom('ledger_checkpoint_accounts as base')
    .innerJoin('ledger_accounts as account', 'account.id', 'base.account_id')
    .select(['account.currency', sql<bigint>`sum(${sql.ref(full ? 'base.folded_units' : 'base.balance_units')})`.as('total')])
    .groupBy('account.currency')
    .execute();
  for (const row of [...postingSums, ...baseSums]) currencySums.set(row.currency, (currencySums.get(row.currency) ?? 0n) + BigInt(row.total));
  for (const [currency, total] of currencySums) {
    if (total !== 0n) note(`journal of ${currency} sums to ${total}`);
  }

  const unbalanced = await executor
    .selectFrom('ledger_postings')
    .select(['transaction_id', 'currency', sql<bigint>`sum(amount_units)`.as('total')])
    .where('transaction_id', '>', after)
    .groupBy(['transaction_id', 'currency'])
    .having(sql`sum(amount_units)`, '!=', 0)
    .limit(PROBLEMS_MAX)
    .execute();
  for (const row of unbalanced) note(`transaction ${row.transaction_id} of ${row.currency} sums to ${row.total}`);

  const mismatched = await executor
    .selectFrom('ledger_accounts as account')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('ledger_postings')
          .select(['account_id', sql<bigint>`sum(amount_units)`.as('total')])
          .where('transaction_id', '>', after)
          .groupBy('account_id')
          .as('replay'),
      (join) => join.onRef('replay.account_id', '=', 'account.id'),
    )
    .leftJoin('ledger_checkpoint_accounts as base', 'base.account_id', 'account.id')
    .select([
      'account.id',
      'account.owner_key',
      'account.wallet',
      'account.currency',
      'account.bucket',
      'account.balance_units',
      sql<bigint>`coalesce(${sql.ref(full ? 'base.folded_units' : 'base.balance_units')}, 0) + coalesce(replay.total, 0)`.as('replayed'),
    ])
    .where(sql<boolean>`account.balance_units != coalesce(${sql.ref(full ? 'base.folded_units' : 'base.balance_units')}, 0) + coalesce(replay.total, 0)`)
    .limit(PROBLEMS_MAX)
    .execute();
  const from = after > 0n ? ` (from the checkpoint at transaction ${after})` : '';
  for (const row of mismatched) {
    note(`account ${row.owner_key}/${row.wallet}/${row.currency}/${row.bucket} caches ${row.balance_units} but its postings sum to ${row.replayed}${from}`);
  }

  if (full) await auditCheckpointReplay(executor, note);

  const negative = await executor
    .selectFrom('ledger_accounts')
    .select(['owner_key', 'wallet', 'currency', 'bucket', 'balance_units'])
    .where('may_go_negative', '=', 0n)
    .where('balance_units', '<', 0n)
    .limit(PROBLEMS_MAX)
    .execute();
  for (const row of negative) note(`user account ${row.owner_key}/${row.wallet}/${row.currency}/${row.bucket} is negative: ${row.balance_units}`);

  const belowFloor = await executor
    .selectFrom('ledger_accounts')
    .select(['owner_key', 'wallet', 'currency', 'bucket', 'balance_units', 'min_balance_units'])
    .where('min_balance_units', 'is not', null)
    .where(sql<boolean>`balance_units < min_balance_units`)
    .limit(PROBLEMS_MAX)
    .execute();
  for (const row of belowFloor) {
    note(`platform account ${row.owner_key}/${row.wallet}/${row.currency}/${row.bucket} is ${row.balance_units}, below its floor ${row.min_balance_units}`);
  }

  const heldMismatch = await executor
    .selectFrom('ledger_accounts as account')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('ledger_holds')
          .select(['owner_key', 'wallet', 'currency', sql<bigint>`sum(amount_units)`.as('total')])
          .where('released_at', 'is', null)
          .groupBy(['owner_key', 'wallet', 'currency'])
          .as('holds'),
      (join) =>
        join
          .onRef('holds.owner_key', '=', 'account.owner_key')
          .onRef('holds.wallet', '=', 'account.wallet')
          .onRef('holds.currency', '=', 'account.currency'),
    )
    .select(['account.owner_key', 'account.wallet', 'account.currency', 'account.balance_units', 'holds.total'])
    .where('account.bucket', '=', 'held')
    .where(sql<boolean>`account.balance_units != coalesce(holds.total, 0)`)
    .limit(PROBLEMS_MAX)
    .execute();
  for (const row of heldMismatch) {
    note(`held ${row.owner_key}/${row.wallet}/${row.currency} is ${row.balance_units} but open holds sum to ${row.total ?? 0}`);
  }

  const counts = await executor
    .selectNoFrom([
      sql<bigint>`(select count(*) from ledger_accounts)`.as('accounts'),
      sql<bigint>`(select count(*) from ledger_transactions where id > ${after})`.as('transactions'),
      sql<bigint>`(select count(*) from ledger_postings where transaction_id > ${after})`.as('postings'),
    ])
    .executeTakeFirstOrThrow();
  return {
    ok: problems.length === 0,
    problems,
    checked: { accounts: Number(counts.accounts), transactions: Number(counts.transactions), postings: Number(counts.postings) },
  };
}

/**
 * The full audit's check of the newest checkpoint: each account's balance there equals its folded
 * sum plus its postings up to the checkpoint's position, so a posting changed before the
 * checkpoint (which the default audit no longer reads) shows here as well as in its account.
 */
async function auditCheckpointReplay(executor: Executor, note: (problem: string) => void): Promise<void> {
  const position = await checkpointPosition(executor);
  if (position === 0n) return;
  const drifted = await executor
    .selectFrom('ledger_checkpoint_accounts as base')
    .innerJoin('ledger_accounts as account', 'account.id', 'base.account_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('ledger_postings')
          .select(['account_id', sql<bigint>`sum(amount_units)`.as('total')])
          .where('transaction_id', '<=', position)
          .groupBy('account_id')
          .as('replay'),
      (join) => join.onRef('replay.account_id', '=', 'base.account_id'),
    )
    .select(['account.owner_key', 'account.wallet', 'account.currency', 'account.bucket', 'base.balance_units', sql<bigint>`base.folded_units + coalesce(replay.total, 0)`.as('replayed')])
    .where(sql<boolean>`base.balance_units != base.folded_units + coalesce(replay.total, 0)`)
    .limit(PROBLEMS_MAX)
    .execute();
  for (const row of drifted) {
    note(`checkpoint at transaction ${position} holds ${row.balance_units} for ${row.owner_key}/${row.wallet}/${row.currency}/${row.bucket} but the journal up to it makes ${row.replayed}`);
  }
}

/**
 * The audit of a live ledger, from one snapshot. Each of its checks is one statement, consistent
 * in itself, but they run one after another from the checkpoint position read first; on
 * PostgreSQL, under READ COMMITTED with other instances committing meanwhile, a checkpoint written
 * between two of them would have the later ones compare against a base the earlier ones did not
 * use, and the counts would not be the journal the checks read. So it runs in one REPEATABLE READ,
 * READ ONLY transaction there: every query sees the same committed state, and it blocks no writer. (SQLite's one connection already
 * runs each statement between whole commits; the checkpoint job audits inside its own transaction.)
 */
export function auditLiveLedger(db: Kysely<Database>, scope: AuditScope = 'since-checkpoint'): Promise<AuditReport> {
  if (!takesRowLocks(db)) return auditLedger(db, scope);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute((trx) => auditLedger(trx, scope));
}
