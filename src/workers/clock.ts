/**
 * Time as the hub sees it. The hub never reads the global timers itself, so tests drive it with
 * a manual clock and see exactly which poll fires when.
 */
export type TimerHandle = ReturnType<typeof setTimeout>;

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimeout: (handle) => clearTimeout(handle),
};

export class TimeoutError extends Error {
  constructor(what: string, timeoutMs: number) {
    super(`${what} did not answer within ${timeoutMs} ms`);
    this.name = 'TimeoutError';
  }
}

/** Rejects with a TimeoutError when `promise` has not settled after `timeoutMs`. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, clock: Clock, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(new TimeoutError(what, timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clock.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clock.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Runs a task every `intervalMs`, never two at once: the next run is scheduled when the
 * previous one has finished, so a slow server is not asked twice in parallel.
 */
export class Poller {
  private timer: TimerHandle | null = null;
  private active = false;

  constructor(
    private readonly clock: Clock,
    private readonly intervalMs: number,
    private readonly task: () => Promise<void>,
  ) {}

  get running(): boolean {
    return this.active;
  }

  /** Starts polling unless it runs already; the first run comes after `firstDelayMs`. */
  start(firstDelayMs = 0): void {
    if (this.active) return;
    this.active = true;
    this.schedule(firstDelayMs);
  }

  /** Runs the task now and counts the interval from here. */
  restart(): void {
    this.stop();
    this.start(0);
  }

  stop(): void {
    this.active = false;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.task().finally(() => {
        if (this.active && this.timer === null) this.schedule(this.intervalMs);
      });
    }, delayMs);
  }
}
