/**
 * The Redis connections of one server instance (ARCHITECTURE.md, "Several instances"), opened
 * when REDIS_URL is set: one for commands (the rate limiter's script, locks, PUBLISH, and the
 * socket.io adapter's publishing) and one more per subscriber, because a connection that has
 * subscribed takes no other command. Without REDIS_URL there are none and everything stays in
 * the process.
 *
 * ioredis, because both @fastify/rate-limit's Redis store (it defines a Lua command on the client)
 * and @socket.io/redis-adapter take it as it is.
 */
import { Redis } from 'ioredis';

/**
 * Commands fail after this many reconnection attempts instead of waiting for Redis without end:
 * a request that needs Redis answers an error within seconds while Redis is away, and every
 * connection keeps reconnecting in the background.
 */
const RETRIES_PER_COMMAND = 2;
const CONNECT_TIMEOUT_MS = 5_000;

export class RedisConnections {
  private readonly subscribers: Redis[] = [];

  private constructor(readonly commands: Redis) {}

  /** Connects (so that a wrong REDIS_URL fails the boot, not the first request) and names the connection after the instance. */
  static async open(url: string, instanceName: string): Promise<RedisConnections> {
    const commands = new Redis(url, { lazyConnect: true, connectionName: instanceName, maxRetriesPerRequest: RETRIES_PER_COMMAND, connectTimeout: CONNECT_TIMEOUT_MS });
    await commands.connect();
    return new RedisConnections(commands);
  }

  /** A connection of its own for SUBSCRIBE, connected, closed with the others. */
  async subscriber(): Promise<Redis> {
    const connection = this.commands.duplicate({ lazyConnect: true });
    this.subscribers.push(connection);
    await connection.connect();
    return connection;
  }

  /** Closes every connection: after everything that uses them has stopped (the socket server first). */
  async close(): Promise<void> {
    await Promise.all([this.commands, ...this.subscribers].map((connection) => connection.quit().catch(() => connection.disconnect())));
  }
}
