/**
 * Group commit. With synchronous=FULL every COMMIT waits for the disk, and that wait, not the
 * SQL, limits how many money calls a second the server takes. Work queued in the same event-loop
 * turn therefore runs in one database transaction, each piece inside its own savepoint: a piece
 * that fails (a refused debit, say) rolls back to its savepoint alone, and one COMMIT then makes
 * every other piece durable with one shared fsync. Nobody hears "done" before that COMMIT.
 * If the COMMIT itself fails, every piece of the batch fails with it: nothing acknowledged is
 * ever lost.
 *
 * A piece must use only the transaction it is given: the batch holds the single SQLite
 * connection, so a query through the plain database handle would wait for it forever.
 *
 * On PostgreSQL several instances commit at once (READ COMMITTED, row locks; ARCHITECTURE.md,
 * "Database"). A piece that loses a deadlock, or inserts a unique key another instance's
 * transaction inserted first (an account, an idempotency key: "is it there yet?" checks done by
 * reading), fails alone: it is rolled back to its savepoint and runs again in a later batch, after
 * this one committed and released its locks, when its read finds the winner's row. Only these
 * errors, and only a few times: a piece that keeps failing is refused with its last error.
 */
import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import type { Db } from './database';
import { dialectOf } from './migrations/columns';
import type { Database } from './schema';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** Runs so far that failed with a retryable error. */
  retries: number;
}

type Outcome = { ok: true; value: unknown; committed: (() => void)[] } | { ok: false; error: unknown };

/** What a running piece leaves for after its COMMIT, found by the transaction it was given. */
interface PieceState {
  facts: Map<string, unknown>;
  committed: (() => void)[];
}
const pieces = new WeakMap<object, PieceState>();

/** Facts kept at most per database: past this the memory starts again empty. */
const FACTS_MAX = 100_000;

/**
 * Runs `callback` once the piece that `trx` was given has committed, and never if it rolls back.
 * Answers false, running nothing, when `trx` is not a piece's transaction (a plain transaction, or
 * a savepoint a piece opened itself).
 */
export function afterCommit(trx: Kysely<Database>, callback: () => void): boolean {
  const piece = pieces.get(trx);
  if (!piece) return false;
  piece.committed.push(callback);
  return true;
}

/**
 * Facts that never change once committed (an account's row id, say), remembered per database by
 * its commit group, or undefined outside a piece. Read them freely; set one only from afterCommit,
 * so that a piece that rolls back leaves nothing behind.
 */
export function committedFacts(trx: Kysely<Database>): Map<string, unknown> | undefined {
  return pieces.get(trx)?.facts;
}

/** Pieces per COMMIT at most: bounds the time one batch holds the connection. */
export const COMMIT_BATCH_MAX = 256;
/** Pending pieces at most; past that a caller is refused at once instead of queueing forever. */
export const COMMIT_QUEUE_MAX = 10_000;
/** Runs of one piece at most when it keeps failing with a retryable error. */
export const COMMIT_PIECE_RUNS_MAX = 5;

/**
 * PostgreSQL's SQLSTATEs after which a piece runs again: deadlock detected, lock not available,
 * serialization failure, and unique violation (a concurrent insert of the same key won).
 */
const RETRYABLE_SQLSTATES = new Set(['40P01', '55P03', '40001', '23505']);

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code);
}

export class CommitQueueFullError extends Error {
  constructor() {
    super('commit queue full');
    this.name = 'CommitQueueFullError';
  }
}

export class CommitGroup {
  private readonly queue: Job[] = [];
  private flushing = false;
  /** SQLite's one writer never races another transaction: nothing there is retried. */
  private readonly retries: boolean;
  /** committedFacts' memory for this database. */
  private readonly facts = new Map<string, unknown>();

  constructor(
    private readonly db: Db,
    private readonly batchMax = COMMIT_BATCH_MAX,
  ) {
    this.retries = dialectOf(db) === 'postgres';
  }

  /** Runs `work` in the next group transaction and resolves after that transaction commits. */
  run<T>(work: Work<T>): Promise<T> {
    if (this.queue.length >= COMMIT_QUEUE_MAX) return Promise.reject(new CommitQueueFullError());
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject, retries: 0 });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.commitBatch(this.queue.splice(0, this.batchMax));
    } finally {
      this.flushing = false;
      // Work queued while the last batch was being settled.
      if (this.queue.length > 0) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    }
  }

  private async commitBatch(batch: Job[]): Promise<void> {
    let trx: ControlledTransaction<Database> | undefined;
    const outcomes: Outcome[] = [];
    try {
      trx = await this.db.startTransaction().execute();
      if (this.facts.size > FACTS_MAX) this.facts.clear();
      for (const job of batch) outcomes.push(await runInSavepoint(trx, job.work, this.facts));
      await trx.commit().execute();
    } catch (error) {
      if (trx && !trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute().catch(() => undefined);
      for (const job of batch) job.reject(error);
      return;
    }
    const again: Job[] = [];
    batch.forEach((job, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) {
        for (const callback of outcome.committed) runCommitted(callback);
        job.resolve(outcome.value);
      }
      else if (this.retries && isRetryable(outcome.error) && job.retries + 1 < COMMIT_PIECE_RUNS_MAX) again.push({ ...job, retries: job.retries + 1 });
      else job.reject(outcome.error);
    });
    // First in the next batch: they have waited longest.
    this.queue.unshift(...again);
  }
}

/** An after-commit callback that throws must not leave the batch's other pieces unanswered: it is reported instead. */
function runCommitted(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    process.emitWarning(`an after-commit callback failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function runInSavepoint(trx: ControlledTransaction<Database>, work: Work<unknown>, facts: Map<string, unknown>): Promise<Outcome> {
  const savepoint = await trx.savepoint('piece').execute();
  const piece: PieceState = { facts, committed: [] };
  pieces.set(savepoint, piece);
  try {
    const value = await work(savepoint);
    await savepoint.releaseSavepoint('piece').execute();
    return { ok: true, value, committed: piece.committed };
  } catch (error) {
    await savepoint.rollbackToSavepoint('piece').execute();
    await savepoint.releaseSavepoint('piece').execute();
    return { ok: false, error };
  }
}
