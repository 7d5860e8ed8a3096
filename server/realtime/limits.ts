/**
 * The socket server's bounds (STYLE.md: put a limit on everything that grows). Client-facing
 * limits shared with the hub live in src/shared/realtime.ts; these are the server's own.
 */
export const REALTIME_SERVER_LIMITS = {
  /** Sockets the server holds at once; further handshakes are refused. */
  connectionsMax: 10_000,
  /** Packets queued for one socket that its transport has not taken: a reader this slow is dropped and resyncs. */
  queuedPacketsMax: 1_000,
  /** Heartbeat: a client silent this long after a ping is gone. */
  pingIntervalMs: 25_000,
  pingTimeoutMs: 20_000,
  /** A transport that has not joined a namespace by then is closed. */
  connectTimeoutMs: 10_000,
  /** Signed-in sockets are checked against their session this often (sign-out, expiry, disabled account). */
  sessionRecheckMs: 60_000,
  /** Session cookies longer than this are not ours (the HTTP layer skips them too). */
  sessionTokenLengthMax: 128,
} as const;

/** A token bucket: `burst` messages at once, refilled at `perSecond`; time comes from the caller. */
export class MessageBudget {
  private tokens: number;
  private refilledAtMs: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    nowMs: number,
  ) {
    this.tokens = burst;
    this.refilledAtMs = nowMs;
  }

  /** Spends one token; false when the budget is empty. */
  take(nowMs: number): boolean {
    const elapsedMs = Math.max(0, nowMs - this.refilledAtMs);
    this.tokens = Math.min(this.burst, this.tokens + (elapsedMs * this.perSecond) / 1000);
    this.refilledAtMs = nowMs;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
