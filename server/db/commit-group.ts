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
 */
import type { ControlledTransaction, Transaction } from 'kysely';
import type { Db } from './database';
import type { Database } from './schema';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Pieces per COMMIT at most: bounds the time one batch holds the connection. */
export const COMMIT_BATCH_MAX = 256;
/** Pending pieces at most; past that a caller is refused at once instead of queueing forever. */
export const COMMIT_QUEUE_MAX = 10_000;

export class CommitQueueFullError extends Error {
  constructor() {
    super('commit queue full');
    this.name = 'CommitQueueFullError';
  }
}

export class CommitGroup {
  private readonly queue: Job[] = [];
  private flushing = false;

  constructor(
    private readonly db: Db,
    private readonly batchMax = COMMIT_BATCH_MAX,
  ) {}

  /** Runs `work` in the next group transaction and resolves after that transaction commits. */
  run<T>(work: Work<T>): Promise<T> {
    if (this.queue.length >= COMMIT_QUEUE_MAX) return Promise.reject(new CommitQueueFullError());
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
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
      for (const job of batch) outcomes.push(await runInSavepoint(trx, job.work));
      await trx.commit().execute();
    } catch (error) {
      if (trx && !trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute().catch(() => undefined);
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }
}

async function runInSavepoint(trx: ControlledTransaction<Database>, work: Work<unknown>): Promise<Outcome> {
  const savepoint = await trx.savepoint('piece').execute();
  try {
    const value = await work(savepoint);
    await savepoint.releaseSavepoint('piece').execute();
    return { ok: true, value };
  } catch (error) {
    await savepoint.rollbackToSavepoint('piece').execute();
    await savepoint.releaseSavepoint('piece').execute();
    return { ok: false, error };
  }
}
