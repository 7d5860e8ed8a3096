/**
 * The outbox: domain events are written in the same database transaction as the change they
 * describe, and dispatched only after it commits. Handlers (notifications now, sockets later)
 * subscribe by topic. A handler failure leaves the row pending and it is tried again later, so an
 * event is delivered at least once; handlers are written to be idempotent. A failing event does
 * not hold up the ones behind it: the drain logs it and goes on past it, so one bad event never
 * stops every later notification. Each failure waits longer before the next try (from a second,
 * doubling, up to OUTBOX_RETRY_MAX_MS), and after OUTBOX_MAX_ATTEMPTS failures the event is set
 * aside (failed_at, with its last error, logged): a handler that cannot deliver it is not run
 * at every drain for ever; the operator console lists it with its error and sends it again
 * (GET /operator/outbox, POST /operator/outbox/retry).
 */
import { sql } from 'kysely';
import type { FailedEvent } from '../src/shared/api/operator';
import type { Executor } from './core/executor';
import type { AppContext } from './context';
import { prepared } from './db/prepared';

export interface OutboxEvent {
  id: number;
  topic: string;
  payload: Record<string, unknown>;
  createdAt: number;
}

export type OutboxHandler = (event: OutboxEvent) => Promise<void>;

const DRAIN_BATCH = 200;
const DRAIN_INTERVAL_MS = 1_000;
/** Failures after which an event is set aside. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** The pause after the first failure; it doubles with each one. */
const OUTBOX_RETRY_FIRST_MS = 1_000;
export const OUTBOX_RETRY_MAX_MS = 5 * 60_000;

/** When an event that failed `attempts` times is tried again. */
export function outboxRetryAt(now: number, attempts: number): number {
  return now + Math.min(OUTBOX_RETRY_MAX_MS, OUTBOX_RETRY_FIRST_MS * 2 ** Math.min(attempts - 1, 20));
}

/** Compiled once (server/db/prepared.ts): every order writes one. */
const insertOutboxRow = prepared<{ topic: string; payload_json: string; created_at: number }>()((db, p) =>
  db.insertInto('outbox').values({ topic: p.topic, payload_json: p.payload_json, created_at: p.created_at, dispatched_at: null }),
);

export async function writeOutbox(executor: Executor, topic: string, payload: Record<string, unknown>, now: number): Promise<void> {
  await insertOutboxRow.execute(executor, { topic, payload_json: JSON.stringify(payload), created_at: now });
}

export class OutboxDispatcher {
  private readonly handlers = new Map<string, OutboxHandler[]>();
  private running: Promise<void> | null = null;
  /** The pass asked for while `running` was under way. */
  private rerun: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** A stopped dispatcher ignores kicks: on a cluster's follower the leader drains (server/cluster/leader.ts). */
  private stopped = false;

  constructor(private readonly context: AppContext) {}

  subscribe(topic: string, handler: OutboxHandler): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  /**
   * Dispatches every pending event. A call while a pass is under way cannot join it: that pass may
   * have read the table before the caller's event committed. It gets one more pass after it,
   * shared by every call made meanwhile.
   */
  drain(): Promise<void> {
    if (!this.running) {
      this.running = this.drainOnce().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.rerun ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.rerun = null;
        return this.drain();
      });
    return this.rerun;
  }

  /** Asks for a drain soon, after the current commit: services call this after their transaction. */
  kick(): void {
    if (this.stopped) return;
    setImmediate(() => {
      this.drain().catch((error: unknown) => this.context.log?.error({ err: error }, 'outbox drain failed'));
    });
  }

  start(): void {
    this.stopped = false;
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), DRAIN_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async drainOnce(): Promise<void> {
    const { db, now } = this.context;
    // Past the events of this drain that failed: they wait for their retry time.
    let after = 0n;
    const startedAt = now();
    for (;;) {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where('dispatched_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('id', '>', after)
        .where((eb) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', BigInt(startedAt))]))
        .orderBy('id')
        .limit(DRAIN_BATCH)
        .execute();
      if (rows.length === 0) return;
      for (const row of rows) {
        after = row.id;
        const event: OutboxEvent = {
          id: Number(row.id),
          topic: row.topic,
          payload: JSON.parse(row.payload_json) as Record<string, unknown>,
          createdAt: Number(row.created_at),
        };
        try {
          for (const handler of this.handlers.get(row.topic) ?? []) await handler(event);
        } catch (error) {
          await this.noteFailure(row.id, Number(row.attempts) + 1, error);
          continue;
        }
        await db.updateTable('outbox').set({ dispatched_at: now() }).where('id', '=', row.id).execute();
      }
      if (rows.length < DRAIN_BATCH) return;
    }
  }

  /** Events waiting (those among them waiting after a failure) and set aside: the operator's overview. */
  async counts(): Promise<{ pending: number; retrying: number; failed: number }> {
    const row = await this.context.db
      .selectFrom('outbox')
      .select([
        sql<bigint>`sum(case when failed_at is null then 1 else 0 end)`.as('pending'),
        sql<bigint>`sum(case when failed_at is null and attempts > 0 then 1 else 0 end)`.as('retrying'),
        sql<bigint>`sum(case when failed_at is not null then 1 else 0 end)`.as('failed'),
      ])
      // Undispatched only: the pending index's range.
      .where('dispatched_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { pending: Number(row.pending ?? 0), retrying: Number(row.retrying ?? 0), failed: Number(row.failed ?? 0) };
  }

  /** The events set aside, newest first. */
  async failedEvents(limit: number): Promise<FailedEvent[]> {
    const rows = await this.context.db
      .selectFrom('outbox')
      .select(['id', 'topic', 'created_at', 'attempts', 'last_error', 'failed_at'])
      .where('dispatched_at', 'is', null)
      .where('failed_at', 'is not', null)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      topic: row.topic,
      createdAt: Number(row.created_at),
      attempts: Number(row.attempts),
      lastError: row.last_error ?? '',
      failedAt: Number(row.failed_at),
    }));
  }

  /** Sends a set-aside event again, with all its tries, at the next drain; false when it is not set aside. */
  async retry(id: number): Promise<boolean> {
    const result = await this.context.db
      .updateTable('outbox')
      .set({ failed_at: null, retry_at: null, attempts: 0 })
      .where('id', '=', BigInt(id))
      .where('dispatched_at', 'is', null)
      .where('failed_at', 'is not', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    this.kick();
    return true;
  }

  /** Records a failed delivery: tried again later, or set aside after OUTBOX_MAX_ATTEMPTS. */
  private async noteFailure(id: bigint, attempts: number, error: unknown): Promise<void> {
    const { db, now, log } = this.context;
    const time = now();
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
    const setAside = attempts >= OUTBOX_MAX_ATTEMPTS;
    await db
      .updateTable('outbox')
      .set({ attempts, last_error: message, retry_at: setAside ? null : outboxRetryAt(time, attempts), failed_at: setAside ? time : null })
      .where('id', '=', id)
      .execute();
    if (setAside) {
      log?.error({ err: error, eventId: Number(id), attempts }, 'an outbox event failed too often and is set aside: it is not tried again until an operator retries it (operator console, POST /operator/outbox/retry)');
    } else {
      log?.error({ err: error, eventId: Number(id), attempts }, 'an outbox handler failed: the event is tried again later, and the ones behind it go on');
    }
  }
}
