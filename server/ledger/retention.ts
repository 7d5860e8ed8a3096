/**
 * Journal retention (server/ledger/README.md, "Checkpoints and retention"): old transactions are
 * folded into the newest checkpoint and removed. Folding adds a transaction's postings to its
 * accounts' folded sums (ledger_checkpoint_accounts.folded_units) and deletes the transaction
 * and its postings in one database transaction, so a crash keeps both or neither, and the full
 * audit (folded sums plus stored postings) still equals every cached balance. Only transactions
 * at or before the newest checkpoint are folded: the default audit reads the checkpoint and what
 * follows it, which folding never touches.
 *
 * Two passes, each with its own age and its own cursor (the highest id it has looked at, kept in
 * the settings row 'ledger-retention', so kept rows are not read again on every run):
 * - robots: the transactions of the market-maker robots that touch no other user's account
 *   (their holds, releases and fills against each other), older than the robots' age;
 * - everyone: every transaction older than the users' age, when one is configured (by default
 *   none: a user's history is kept for ever).
 * Ages are found by id: ids grow with time (a group commit's batch spans milliseconds), so the
 * newest old-enough transaction is found by a binary search over the primary key.
 */
import type { Transaction } from 'kysely';
import type { CommitGroup } from '../db/commit-group';
import type { Database } from '../db/schema';
import type { Executor } from '../core/executor';
import { checkpointPosition } from './audit';
import { userOwner } from './ledger';

const CURSOR_SETTINGS_KEY = 'ledger-retention';
/** Transactions looked at per database transaction: a short hold on the writer. */
const FOLD_CHUNK = 2_000;

export type RetentionPass = 'robots' | 'everyone';
type Cursors = Record<RetentionPass, number>;

export interface FoldRequest {
  pass: RetentionPass;
  /** Transactions created before this time may go. */
  before: number;
  /** The robots' user ids (the robots pass folds only their transactions with each other). */
  robotUserIds: readonly number[];
  /** Database transactions at most (each FOLD_CHUNK transactions looked at); the next run goes on. */
  chunksMax: number;
}

async function readCursors(executor: Executor): Promise<Cursors> {
  const row = await executor.selectFrom('settings').select('value_json').where('key', '=', CURSOR_SETTINGS_KEY).executeTakeFirst();
  return { robots: 0, everyone: 0, ...(row ? (JSON.parse(row.value_json) as Partial<Cursors>) : {}) };
}

async function writeCursor(executor: Executor, pass: RetentionPass, id: bigint): Promise<void> {
  const value = JSON.stringify({ ...(await readCursors(executor)), [pass]: Number(id) });
  await executor
    .insertInto('settings')
    .values({ key: CURSOR_SETTINGS_KEY, value_json: value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value_json: value }))
    .execute();
}

/** The highest id in (from, to] created before `before` (ids grow with time), or `from`. */
async function lastCreatedBefore(executor: Executor, from: bigint, to: bigint, before: number): Promise<bigint> {
  let [low, high] = [from, to];
  while (low < high) {
    const middle = low + (high - low + 1n) / 2n;
    const row = await executor
      .selectFrom('ledger_transactions')
      .select(['id', 'created_at'])
      .where('id', '>=', middle)
      .where('id', '<=', high)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (row && row.created_at < BigInt(before)) low = row.id;
    else high = middle - 1n;
  }
  return low;
}

/**
 * Folds the pass's old transactions, a chunk per database transaction through the group commit;
 * answers how many it folded.
 */
export async function foldJournal(db: Executor, commits: CommitGroup, request: FoldRequest): Promise<number> {
  const position = await checkpointPosition(db);
  const cursor = BigInt((await readCursors(db))[request.pass]);
  const bound = await lastCreatedBefore(db, cursor, position, request.before);
  let folded = 0;
  for (let chunk = 0; chunk < request.chunksMax; chunk += 1) {
    const step = await commits.run((trx) => foldChunk(trx, request, bound));
    folded += step.folded;
    if (step.done) break;
  }
  return folded;
}

/** One chunk: the next FOLD_CHUNK ids after the cursor, up to `bound`; the fold, the deletes and the cursor in one transaction. */
async function foldChunk(trx: Transaction<Database>, request: FoldRequest, bound: bigint): Promise<{ folded: number; done: boolean }> {
  const cursor = BigInt((await readCursors(trx))[request.pass]);
  const scanned = await trx
    .selectFrom('ledger_transactions')
    .select('id')
    .where('id', '>', cursor)
    .where('id', '<=', bound)
    .orderBy('id')
    .limit(FOLD_CHUNK)
    .execute();
  const last = scanned.at(-1)?.id;
  if (last === undefined) return { folded: 0, done: true };
  const ids = request.pass === 'everyone' ? scanned.map((row) => row.id) : await robotOnlyTransactions(trx, request.robotUserIds, { after: cursor, through: last });
  if (ids.length > 0) {
    const sums = await trx
      .selectFrom('ledger_postings')
      .select(['account_id', (eb) => eb.fn.sum<bigint>('amount_units').as('total')])
      .where('transaction_id', 'in', ids)
      .groupBy('account_id')
      .execute();
    for (const sum of sums) {
      const updated = await trx
        .updateTable('ledger_checkpoint_accounts')
        .set((eb) => ({ folded_units: eb('folded_units', '+', BigInt(sum.total)) }))
        .where('account_id', '=', sum.account_id)
        .executeTakeFirst();
      // Every account with a posting at or before the checkpoint has a row there.
      if (updated.numUpdatedRows !== 1n) throw new Error(`account ${sum.account_id} has no checkpoint row to fold into`);
    }
    await trx.deleteFrom('ledger_postings').where('transaction_id', 'in', ids).execute();
    await trx.deleteFrom('ledger_transactions').where('id', 'in', ids).execute();
  }
  await writeCursor(trx, request.pass, last);
  return { folded: ids.length, done: scanned.length < FOLD_CHUNK };
}

/** The ids of the transactions in (after, through] that a robot owns and that touch no other user's account. */
export async function robotOnlyTransactions(executor: Executor, robotUserIds: readonly number[], range: { after: bigint; through?: bigint }): Promise<bigint[]> {
  if (robotUserIds.length === 0) return [];
  const robots = robotUserIds.map((id) => BigInt(id));
  let query = executor.selectFrom('ledger_transactions as t').select('t.id').where('t.id', '>', range.after);
  if (range.through !== undefined) query = query.where('t.id', '<=', range.through);
  const rows = await query
    .where('t.owner_key', 'in', robotUserIds.map((id) => userOwner(id)))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ledger_postings as p')
            .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
            .select('p.id')
            .whereRef('p.transaction_id', '=', 't.id')
            .where('a.user_id', 'is not', null)
            .where('a.user_id', 'not in', robots),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}
