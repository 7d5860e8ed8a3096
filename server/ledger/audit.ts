/**
 * The ledger audit: the journal sums to zero per currency and per transaction, no user account
 * is negative, no platform account is below its floor, every cached balance equals the replay of
 * its postings, and every held bucket equals its open reservations. It reads only; the operator API and the tests run it.
 */
import { sql } from 'kysely';
import type { Executor } from '../core/executor';

export interface AuditReport {
  ok: boolean;
  problems: string[];
  checked: { accounts: number; transactions: number; postings: number };
}

const PROBLEMS_MAX = 50;

export async function auditLedger(executor: Executor): Promise<AuditReport> {
  const problems: string[] = [];
  const note = (problem: string) => {
    if (problems.length < PROBLEMS_MAX) problems.push(problem);
  };

  const currencySums = await executor
    .selectFrom('ledger_postings')
    .select(['currency', sql<bigint>`sum(amount_units)`.as('total')])
    .groupBy('currency')
    .execute();
  for (const row of currencySums) {
    if (BigInt(row.total) !== 0n) note(`journal of ${row.currency} sums to ${row.total}`);
  }

  const unbalanced = await executor
    .selectFrom('ledger_postings')
    .select(['transaction_id', 'currency', sql<bigint>`sum(amount_units)`.as('total')])
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
          .groupBy('account_id')
          .as('replay'),
      (join) => join.onRef('replay.account_id', '=', 'account.id'),
    )
    .select(['account.id', 'account.owner_key', 'account.wallet', 'account.currency', 'account.bucket', 'account.balance_units', 'replay.total'])
    .where(sql<boolean>`account.balance_units != coalesce(replay.total, 0)`)
    .limit(PROBLEMS_MAX)
    .execute();
  for (const row of mismatched) {
    note(`account ${row.owner_key}/${row.wallet}/${row.currency}/${row.bucket} caches ${row.balance_units} but its postings sum to ${row.total ?? 0}`);
  }

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
      sql<bigint>`(select count(*) from ledger_transactions)`.as('transactions'),
      sql<bigint>`(select count(*) from ledger_postings)`.as('postings'),
    ])
    .executeTakeFirstOrThrow();
  return {
    ok: problems.length === 0,
    problems,
    checked: { accounts: Number(counts.accounts), transactions: Number(counts.transactions), postings: Number(counts.postings) },
  };
}
