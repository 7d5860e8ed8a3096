/**
 * The outbox: domain events are written in the same database transaction as the change they
 * describe, and dispatched only after it commits. Handlers (notifications now, sockets later)
 * subscribe by topic. A handler failure leaves the row pending and it is tried again later, so an
 * event is delivered at least once; handlers are written to be idempotent. A failing event does
 * not hold up the ones behind it: the drain logs it and goes on past it, so one bad event never
 * stops every later notification. Each failure waits longer before the next try (from a second,
 * doubling, up to OUTBOX_RETRY_MAX_MS), and after OUTBOX_MAX_ATTEMPTS failures the event is set
 * aside (failed_at, with its last error, logged): a handler that cannot deliver it is not run
 * at every drain for ever, and the operator finds it in the table (`failed_at is not null`);
 * clearing failed_at and retry_at sends it again.
 */
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
      log?.error({ err: error, eventId: Number(id), attempts }, 'an outbox event failed too often and is set aside (outbox.failed_at): it is not tried again until an operator clears failed_at');
    } else {
      log?.error({ err: error, eventId: Number(id), attempts }, 'an outbox handler failed: the event is tried again later, and the ones behind it go on');
    }
  }
}
