/**
 * The scheduler (ARCHITECTURE.md, "Scheduler"): time-driven steps never run from setTimeout
 * alone. A job is a row of `scheduled_jobs`, named by (kind, key) so that scheduling it twice is
 * one job, due at `run_at`. Running a job is one piece of the group commit: the job is marked done
 * and its handler's effects are written in that same transaction, so a job runs exactly once
 * whatever happens: a crash before the COMMIT leaves it pending (and its effects unwritten) for the
 * next start; after the COMMIT it is done with its effects. A handler that throws rolls both back;
 * the job is tried again later, with a growing wait, and given up (status 'failed', shown to
 * operators) after ATTEMPTS_MAX tries.
 *
 * Time comes from the context's clock, so a test moves it by months and calls runDue() instead of
 * waiting. A handler gets the job's own due time: a step that must happen "at" an instant (an
 * option's expiry) uses that instant's data, however late the scheduler gets to it.
 */
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { Executor } from '../core/executor';
import { RepeatingRound } from '../core/rounds';

/** How often the loop looks for due jobs. */
export const POLL_INTERVAL_MS = 1_000;
/** Jobs taken per look; the rest wait for the next one. */
export const RUN_BATCH_MAX = 200;
/** Tries before a failing job is given up. */
export const ATTEMPTS_MAX = 10;
/** The wait after a failure doubles from this, up to RETRY_WAIT_MAX_MS. */
const RETRY_WAIT_FIRST_MS = 1_000;
const RETRY_WAIT_MAX_MS = 60 * 60_000;
/** Done jobs are kept this long, so that a late duplicate schedule of one stays a no-op. */
export const DONE_RETENTION_MS = 30 * 24 * 60 * 60_000;

export interface NewJob {
  kind: string;
  /** Unique within the kind: the same (kind, key) scheduled twice is one job. */
  key: string;
  runAt: number;
  payload?: unknown;
}

export interface ScheduledJob {
  id: number;
  kind: string;
  key: string;
  /** When the job was due: what it must act on, whenever it runs. */
  runAt: number;
  payload: unknown;
  attempts: number;
}

export interface JobTools {
  /** The scheduler's clock now (the job may run late: its runAt says when it was due). */
  now: number;
  /** Schedules another job in the same transaction (the next occurrence of a daily job, say). */
  schedule(job: NewJob): Promise<void>;
}

/** Does a job's work inside the transaction that marks it done. */
export type JobHandler = (trx: Transaction<Database>, job: ScheduledJob, tools: JobTools) => Promise<void>;

/** Schedules a job in the caller's transaction (or on its own); a (kind, key) already known is left as it is. */
export async function scheduleJob(executor: Executor, job: NewJob, now: number): Promise<void> {
  await executor
    .insertInto('scheduled_jobs')
    .values({
      kind: job.kind,
      key: job.key,
      run_at: job.runAt,
      payload_json: JSON.stringify(job.payload ?? null),
      status: 'pending',
      attempts: 0,
      last_error: null,
      created_at: now,
      completed_at: null,
    })
    .onConflict((conflict) => conflict.columns(['kind', 'key']).doNothing())
    .execute();
}

export interface JobCounts {
  pending: number;
  due: number;
  failed: number;
}

/** A job the scheduler gave up on after ATTEMPTS_MAX tries. */
export interface FailedJob {
  id: number;
  kind: string;
  key: string;
  runAt: number;
  attempts: number;
  lastError: string;
  failedAt: number | null;
}

/** A recurring job's run for the interval slot after `time`: keyed by the slot, so scheduling it twice is one job. */
function nextSlot(kind: string, intervalMs: number, time: number): NewJob {
  const slot = Math.floor(time / intervalMs) + 1;
  return { kind, key: String(slot), runAt: slot * intervalMs };
}

export class Scheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly rounds: RepeatingRound<number>;
  /** Recurring kinds whose next run is scheduled by the first round (and then by each run). */
  private readonly recurring: { kind: string; intervalMs: number }[] = [];
  private recurringScheduled = false;

  constructor(private readonly context: AppContext) {
    this.rounds = new RepeatingRound({
      intervalMs: POLL_INTERVAL_MS,
      run: () => this.runRounds(),
      onError: (error) => this.context.log?.error({ err: error }, 'scheduler round failed'),
      runAtStart: true,
    });
  }

  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
    this.handlers.set(kind, handler);
  }

  /**
   * A job that runs at every multiple of `intervalMs` since the epoch (midnight UTC for a day).
   * Each run schedules the next in its own transaction; the first round schedules the next one
   * too, so a chain broken by a job given up on resumes at the next start. Runs are keyed by their
   * slot: the two schedulings are one job, and a slot is never run twice.
   */
  every(kind: string, intervalMs: number, work: (trx: Transaction<Database>, now: number) => Promise<void>): void {
    this.register(kind, async (trx, _job, tools) => {
      await work(trx, tools.now);
      await tools.schedule(nextSlot(kind, intervalMs, tools.now));
    });
    this.recurring.push({ kind, intervalMs });
  }

  schedule(job: NewJob, executor: Executor = this.context.db): Promise<void> {
    return scheduleJob(executor, job, this.context.now());
  }

  start(): void {
    this.rounds.start();
  }

  /** Stops the loop and waits for the round in flight. */
  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /**
   * Runs every job due by the clock now, oldest first, until none is left (at most RUN_BATCH_MAX
   * per look); answers how many ran. One round at a time: a second call waits for the first.
   */
  runDue(): Promise<number> {
    return this.rounds.runNow();
  }

  private async runRounds(): Promise<number> {
    if (!this.recurringScheduled) {
      for (const { kind, intervalMs } of this.recurring) await this.schedule(nextSlot(kind, intervalMs, this.context.now()));
      this.recurringScheduled = true;
    }
    let ran = 0;
    for (;;) {
      const due = await this.dueJobs();
      if (due.length === 0) return ran;
      const outcomes = await Promise.all(due.map((job) => this.runOne(job)));
      ran += outcomes.filter(Boolean).length;
      if (due.length < RUN_BATCH_MAX) return ran;
    }
  }

  private async dueJobs(): Promise<ScheduledJob[]> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return [];
    const rows = await this.context.db
      .selectFrom('scheduled_jobs')
      .select(['id', 'kind', 'key', 'run_at', 'payload_json', 'attempts'])
      .where('status', '=', 'pending')
      .where('run_at', '<=', BigInt(this.context.now()))
      .where('kind', 'in', kinds)
      .orderBy('run_at')
      .orderBy('id')
      .limit(RUN_BATCH_MAX)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      key: row.key,
      runAt: Number(row.run_at),
      payload: JSON.parse(row.payload_json) as unknown,
      attempts: Number(row.attempts),
    }));
  }

  /** One job: done and its effects in one piece of the group commit, or a retry noted. True when it ran. */
  private async runOne(job: ScheduledJob): Promise<boolean> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return false;
    const now = this.context.now();
    try {
      return await this.context.commits.run(async (trx) => {
        // The claim: only a pending job is marked done, so two runners never both run it.
        const claimed = await trx
          .updateTable('scheduled_jobs')
          .set({ status: 'done', completed_at: now, attempts: sql<bigint>`attempts + 1`, last_error: null })
          .where('id', '=', BigInt(job.id))
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (claimed.numUpdatedRows !== 1n) return false;
        await handler(trx, job, { now, schedule: (next) => scheduleJob(trx, next, now) });
        return true;
      });
    } catch (error) {
      await this.noteFailure(job, error, now);
      return false;
    }
  }

  private async noteFailure(job: ScheduledJob, error: unknown, now: number): Promise<void> {
    const attempts = job.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    this.context.log?.warn({ err: error, kind: job.kind, key: job.key, attempts }, 'scheduled job failed');
    const wait = Math.min(RETRY_WAIT_FIRST_MS * 2 ** (attempts - 1), RETRY_WAIT_MAX_MS);
    const givenUp = attempts >= ATTEMPTS_MAX;
    await this.context.commits.run((trx) =>
      trx
        .updateTable('scheduled_jobs')
        // A job given up on keeps when that happened, for the operator console.
        .set({ attempts, last_error: message.slice(0, 500), run_at: now + wait, status: givenUp ? 'failed' : 'pending', completed_at: givenUp ? now : null })
        .where('id', '=', BigInt(job.id))
        .where('status', '=', 'pending')
        .execute(),
    );
  }

  /** What the operator console shows: pending, due now, and given up. */
  async counts(): Promise<JobCounts> {
    const now = BigInt(this.context.now());
    const row = await this.context.db
      .selectFrom('scheduled_jobs')
      .select([
        sql<bigint>`sum(case when status = 'pending' then 1 else 0 end)`.as('pending'),
        sql<bigint>`sum(case when status = 'pending' and run_at <= ${now} then 1 else 0 end)`.as('due'),
        sql<bigint>`sum(case when status = 'failed' then 1 else 0 end)`.as('failed'),
      ])
      .executeTakeFirstOrThrow();
    return { pending: Number(row.pending ?? 0), due: Number(row.due ?? 0), failed: Number(row.failed ?? 0) };
  }

  /** The jobs given up on, newest first: what the operator console lists to look into or retry. */
  async failedJobs(limit: number): Promise<FailedJob[]> {
    const rows = await this.context.db
      .selectFrom('scheduled_jobs')
      .select(['id', 'kind', 'key', 'run_at', 'attempts', 'last_error', 'completed_at'])
      .where('status', '=', 'failed')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      key: row.key,
      runAt: Number(row.run_at),
      attempts: Number(row.attempts),
      lastError: row.last_error ?? '',
      failedAt: row.completed_at === null ? null : Number(row.completed_at),
    }));
  }

  /**
   * Gives a failed job its tries again, due now (an operator fixed what made it fail). False when
   * there is no such failed job: a pending or done job is left as it is.
   */
  async retry(id: number): Promise<boolean> {
    const result = await this.context.db
      .updateTable('scheduled_jobs')
      .set({ status: 'pending', attempts: 0, run_at: BigInt(this.context.now()), completed_at: null })
      .where('id', '=', BigInt(id))
      .where('status', '=', 'failed')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
