/**
 * Cluster-wide singletons (ARCHITECTURE.md, "Cluster"): the work that must run once across every
 * instance (the robots, the scheduler, the index price sampler and the futures risk loop after it,
 * the option index records, the deposit watcher and the withdrawal round, the outbox drain, the
 * housekeeping sweep) runs on one leader.
 *
 * On PostgreSQL the leader is the instance whose dedicated connection holds
 * `pg_try_advisory_lock(LEADER_LOCK_KEY)`; the others try again every FOLLOWER_RETRY_MS. The lock
 * lives as long as that connection's session: a leader that exits or is SIGKILLed loses it the
 * moment the database sees the socket close, with no lease to renew and no clock to trust. A
 * leader whose connection fails stops its work at once (another instance may be taking over) and
 * tries again like a follower. A partitioned leader may run on until TCP notices (keepalive on);
 * every singleton's effects are guarded in the database (a job done in its own piece, a position
 * moved only from the status it left, a transfer credited once), so an overlap repeats nothing.
 *
 * On SQLite there is one instance, and it is always the leader.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

/** The advisory lock's key: one bigint of its own (the engine's per-market locks use the two-int form, a separate key space). */
export const LEADER_LOCK_KEY = 0x6c656164n; // "lead"
export const FOLLOWER_RETRY_MS = 2_000;

/** Who holds the leadership: `tryAcquire` answers whether this instance now holds it. */
export interface LeaderLock {
  tryAcquire(): Promise<boolean>;
  /** Called once when a held lock is lost (its connection failed). */
  onLost(listener: () => void): void;
  /** Releases the lock (ends its session). */
  close(): Promise<void>;
}

/** Work that runs on the leader only: started when this instance leads, stopped when it no longer does or closes. */
export interface LeaderTask {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

type Log = { info(message: string): void; error(object: unknown, message: string): void };
type Listener = (leading: boolean) => Promise<void> | void;

export class Leadership {
  private leading = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  /**
   * Each listener with the queue of the changes it is told, one after another, so that a task's
   * stop never overtakes its start; listeners do not wait for each other, so a deposed leader's
   * tasks all stop as soon as their own rounds in flight end (not after another's slow start).
   */
  private readonly listeners = new Map<Listener, Promise<void>>();
  /** The queues not yet drained, for idle(). */
  private readonly pending = new Set<Promise<void>>();
  /** The names of the tasks running here now. */
  private readonly running = new Set<string>();

  constructor(
    private readonly lock: LeaderLock | undefined,
    private readonly log: Log,
  ) {
    lock?.onLost(() => {
      this.log.error(new Error('leader lock connection lost'), 'this instance is no longer the leader');
      this.change(false);
      this.schedule();
    });
  }

  /** Tries once (awaited: a single instance leads when this resolves), then every FOLLOWER_RETRY_MS while following. */
  async start(): Promise<void> {
    await this.attempt();
    await this.idle();
  }

  isLeader(): boolean {
    return this.leading;
  }

  /** Resolves once every change so far has been applied: each task's start or stop has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** The tasks running on this instance now, by name (none on a follower; a task counts from when its start begins). */
  runningTasks(): string[] {
    return [...this.running];
  }

  /**
   * Calls `listener(leading)` now with the current state and again at every change, until the
   * returned function is called. A listener's failure is logged and stops no other.
   */
  onChange(listener: Listener): () => void {
    this.listeners.set(listener, Promise.resolve());
    this.tell(listener, this.leading);
    return () => this.listeners.delete(listener);
  }

  /** Runs `task` while this instance leads; the returned function stops it for good. */
  run(name: string, task: LeaderTask): () => Promise<void> {
    let running = false;
    const stop = this.onChange(async (leading) => {
      if (leading && !running) {
        running = true;
        this.running.add(name);
        this.log.info(`leader: starting ${name}`);
        await task.start();
      } else if (!leading && running) {
        running = false;
        this.running.delete(name);
        this.log.info(`leader: stopping ${name}`);
        await task.stop();
      }
    });
    return async () => {
      stop();
      await this.idle();
      if (running) {
        running = false;
        this.running.delete(name);
        await task.stop();
      }
    };
  }

  /**
   * Runs `task` while this instance leads and `app` listens: the loops that tests drive by hand
   * on an app they never start (app.inject) run only in a listening server.
   */
  runWhileListening(app: FastifyInstance, name: string, task: LeaderTask): void {
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onListen', async () => {
      stop = this.run(name, task);
    });
    app.addHook('onClose', async () => stop?.());
  }

  /** Stops every task, then gives the lock up: another instance leads within FOLLOWER_RETRY_MS. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.change(false);
    await this.idle();
    await this.lock?.close();
  }

  private async attempt(): Promise<void> {
    if (this.closed) return;
    let acquired: boolean;
    try {
      acquired = this.lock ? await this.lock.tryAcquire() : true;
    } catch (error) {
      this.log.error(error, 'trying the leader lock failed; trying again');
      acquired = false;
    }
    if (this.closed) return;
    if (acquired && !this.leading) this.log.info('this instance is the leader');
    this.change(acquired);
    if (!acquired) this.schedule();
  }

  private schedule(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.attempt(), FOLLOWER_RETRY_MS);
    this.timer.unref();
  }

  private change(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    for (const listener of this.listeners.keys()) this.tell(listener, leading);
  }

  /** Queues `leading` for one listener, after what it was told before; its failure is logged. */
  private tell(listener: Listener, leading: boolean): void {
    const queue = (this.listeners.get(listener) ?? Promise.resolve()).then(async () => {
      try {
        await listener(leading);
      } catch (error) {
        this.log.error(error, 'a leadership listener failed');
      }
    });
    this.listeners.set(listener, queue);
    this.pending.add(queue);
    void queue.finally(() => this.pending.delete(queue));
  }
}

/** The leader lock on PostgreSQL: one connection of its own, held for the instance's life. */
export class PostgresLeaderLock implements LeaderLock {
  private client: pg.Client | undefined;
  private held = false;
  private lost: (() => void) | undefined;

  constructor(private readonly connectionString: string) {}

  async tryAcquire(): Promise<boolean> {
    if (!this.client) this.client = await this.connect();
    const result = await this.client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [LEADER_LOCK_KEY.toString()]);
    this.held = result.rows[0]?.locked === true;
    return this.held;
  }

  onLost(listener: () => void): void {
    this.lost = listener;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true, application_name: 'exchange-leader' });
    // A failed connection holds nothing: drop it (the next try connects again) and tell the leadership if it held the lock.
    const drop = () => {
      if (this.client !== client) return;
      this.client = undefined;
      const held = this.held;
      this.held = false;
      client.end().catch(() => undefined);
      if (held) this.lost?.();
    };
    client.on('error', drop);
    client.on('end', drop);
    await client.connect();
    return client;
  }
}

/** The leadership of an instance: by the PostgreSQL lock when a database URL is given, else (SQLite) always this instance. */
export function createLeadership(databaseUrl: string | undefined, log: Log): Leadership {
  return new Leadership(databaseUrl ? new PostgresLeaderLock(databaseUrl) : undefined, log);
}
