/**
 * The outbox: domain events are written in the same database transaction as the change they
 * describe, and dispatched only after it commits. Handlers (notifications now, sockets later)
 * subscribe by topic. A handler failure leaves the row pending and it is retried on the next
 * drain, so an event is delivered at least once; handlers are written to be idempotent. A failing
 * event does not hold up the ones behind it: the drain logs it and goes on past it, so one bad
 * event never stops every later notification.
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
    // Past the events of this drain that failed: they stay pending for the next drain.
    let after = 0n;
    for (;;) {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where('dispatched_at', 'is', null)
        .where('id', '>', after)
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
          this.context.log?.error({ err: error, eventId: event.id, topic: event.topic }, 'an outbox handler failed: the event stays pending for the next drain, and the ones behind it go on');
          continue;
        }
        await db.updateTable('outbox').set({ dispatched_at: now() }).where('id', '=', row.id).execute();
      }
      if (rows.length < DRAIN_BATCH) return;
    }
  }
}
