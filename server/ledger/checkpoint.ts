/**
 * Ledger checkpoints (server/ledger/README.md, "Checkpoints and retention"): a scheduler job
 * (CHECKPOINT_JOB_KIND, which app.ts runs every LEDGER_CHECKPOINT_HOURS, a day by default)
 * audits the span since the previous checkpoint and, only when that audit passes, records every
 * account's balance (a held bucket's balance is its held amount) at the journal's position. From
 * then on the default audit reads that snapshot plus the journal after it, and retention may
 * fold the robots' old postings away.
 *
 * The audit and the snapshot run in the job's own transaction, so the snapshot is the state the
 * audit passed: the cached balances then equal the previous snapshot plus the span's postings,
 * and the snapshot is a copy of them. A failing audit throws: nothing is written, the scheduler
 * retries and, after its tries, shows the job as failed to operators; the next checkpoint waits
 * until the journal is repaired.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { dialectOf } from '../db/migrations/columns';
import { auditLedger } from './audit';

export const CHECKPOINT_JOB_KIND = 'ledger-checkpoint';
/** Problems quoted in a refused checkpoint's error (the scheduler keeps 500 characters of it). */
const PROBLEMS_QUOTED = 3;

export interface Checkpoint {
  id: number;
  position: bigint;
  accounts: number;
  transactions: number;
  postings: number;
}

/** Audits the span since the previous checkpoint and records the next one; throws when the audit fails. */
export async function writeCheckpoint(trx: Transaction<Database>, now: number): Promise<Checkpoint> {
  if (dialectOf(trx) === 'postgres') {
    // READ COMMITTED lets a transaction with a lower id commit after this one read the journal;
    // SHARE waits for the writers in flight and holds new ones until this piece commits, so the
    // position and the balances are one state. SQLite's single writer gives that already.
    await sql`lock table ledger_transactions, ledger_postings, ledger_accounts in share mode`.execute(trx);
  }
  const report = await auditLedger(trx);
  if (!report.ok) {
    throw new Error(`ledger checkpoint refused: the audit since the last checkpoint found ${report.problems.length} problem(s): ${report.problems.slice(0, PROBLEMS_QUOTED).join('; ')}`);
  }
  const last = await trx.selectFrom('ledger_transactions').select((eb) => eb.fn.max('id').as('position')).executeTakeFirst();
  const position = BigInt(last?.position ?? 0n);
  await trx
    .insertInto('ledger_checkpoint_accounts')
    .columns(['account_id', 'balance_units', 'folded_units'])
    // SQLite needs a WHERE in an INSERT ... SELECT with an upsert clause, or it reads ON as a join's.
    .expression((eb) => eb.selectFrom('ledger_accounts').select(['id', 'balance_units', sql<bigint>`0`.as('folded_units')]).where(sql<boolean>`1 = 1`))
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet((eb) => ({ balance_units: eb.ref('excluded.balance_units') })))
    .execute();
  const inserted = await trx
    .insertInto('ledger_checkpoints')
    .values({ position, created_at: now, ...report.checked })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(inserted.id), position, ...report.checked };
}
