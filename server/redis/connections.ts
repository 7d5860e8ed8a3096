/**
 * The Redis connections of one server instance (ARCHITECTURE.md, "Shared state"), opened
 * when REDIS_URL is set: one for commands (the rate limiter's script, locks, PUBLISH, and the
 * socket.io adapter's publishing) and one more per subscriber, because a connection that has
 * subscribed takes no other command. Without REDIS_URL there are none and everything stays in
 * the process.
 *
 * ioredis, because both @fastify/rate-limit's Redis store (it defines a Lua command on the client)
 * and @socket.io/redis-adapter take it as it is.
 *
 * While Redis is away the connections reconnect by themselves; each failure is told to `onError`
 * (an ioredis connection without an error listener would throw it). A command sent while the
 * command connection is down fails at once instead of waiting in a queue for the reconnection
 * (the offline queue is off): requests are not held for seconds, and the callers decide what a
 * failure means (server/redis/turn.ts, app.ts). Subscriber connections keep their queue: they
 * only subscribe, and subscribe again by themselves after a reconnection.
 */
import { Redis } from 'ioredis';

const CONNECT_TIMEOUT_MS = 5_000;

export class RedisConnections {
  private readonly subscribers: Redis[] = [];

  private constructor(
    readonly commands: Redis,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Connects (so that a wrong REDIS_URL fails the boot, not the first request) and names the connection after the instance. */
  static async open(url: string, instanceName: string, onError: (error: unknown) => void): Promise<RedisConnections> {
    const commands = new Redis(url, { lazyConnect: true, connectionName: instanceName, enableOfflineQueue: false, connectTimeout: CONNECT_TIMEOUT_MS });
    commands.on('error', onError);
    await commands.connect();
    return new RedisConnections(commands, onError);
  }

  /** A connection of its own for SUBSCRIBE, connected, closed with the others. */
  async subscriber(): Promise<Redis> {
    const connection = this.commands.duplicate({ lazyConnect: true, enableOfflineQueue: true });
    connection.on('error', this.onError);
    this.subscribers.push(connection);
    await connection.connect();
    return connection;
  }

  /**
   * The command connection for a caller that publishes without awaiting (socket.io's adapter): a
   * PUBLISH that fails while Redis is away is told to `onError` instead of rejecting unheard,
   * which would end the process. The event is lost; the clients that miss it resync (a book
   * delta's sequence gap) or are checked again (the sessions).
   */
  quietPublisher(): Redis {
    const { commands, onError } = this;
    const publish = (channel: string | Buffer, message: string | Buffer) =>
      commands.publish(channel, message).catch((error: unknown) => {
        onError(error);
        return 0;
      });
    return new Proxy(commands, {
      get(target, property) {
        if (property === 'publish') return publish;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** Closes every connection: after everything that uses them has stopped (the socket server first). */
  async close(): Promise<void> {
    await Promise.all([this.commands, ...this.subscribers].map((connection) => connection.quit().catch(() => connection.disconnect())));
  }
}
