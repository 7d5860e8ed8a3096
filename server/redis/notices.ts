/**
 * Notices between instances: when one instance changes something every instance keeps in memory
 * (the markets' configuration the engine reads on every order), it publishes the notice's name on
 * one Redis channel and every other instance reads that thing again from the database. A notice
 * carries no data: the database is the truth, so a notice heard twice costs one more read.
 *
 * Redis pub/sub keeps nothing for a subscriber that is away: when the subscriber connection comes
 * back after a break (ioredis subscribes again by itself), every listener runs as if its notice
 * had come, since one may have been missed meanwhile.
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisConnections } from './connections';

const CHANNEL = 'instance-notices';

interface Notice {
  /** The sending instance's own id (not INSTANCE_ID, which two instances of one test process share). */
  from: string;
  name: string;
}

export class InstanceNotices {
  private readonly self = crypto.randomUUID();
  private readonly listeners = new Map<string, Set<() => void>>();

  private constructor(private readonly commands: Redis, private readonly onError: (error: unknown) => void) {}

  static async open(redis: RedisConnections, onError: (error: unknown) => void): Promise<InstanceNotices> {
    const notices = new InstanceNotices(redis.commands, onError);
    const subscriber = await redis.subscriber();
    subscriber.on('message', (_channel: string, text: string) => notices.receive(text));
    // Connected already: every later 'ready' follows a reconnection.
    subscriber.on('ready', () => notices.runAll());
    await subscriber.subscribe(CHANNEL);
    return notices;
  }

  /** Tells every other instance; a failure is logged, not thrown (the change itself is done). */
  publish(name: string): void {
    const notice: Notice = { from: this.self, name };
    this.commands.publish(CHANNEL, JSON.stringify(notice)).catch(this.onError);
  }

  /** Runs `listener` when another instance publishes `name`; answers the function that stops it. */
  on(name: string, listener: () => void): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener);
    this.listeners.set(name, set);
    return () => set.delete(listener);
  }

  private receive(text: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(text) as Notice;
    } catch (error) {
      this.onError(error);
      return;
    }
    if (notice.from === this.self) return;
    for (const listener of this.listeners.get(notice.name) ?? []) listener();
  }

  private runAll(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener();
  }
}
