/**
 * A round of work repeated on a timer, one round at a time: the scheduler's look for due jobs, the
 * deposit watcher's read of the chains. A round asked for while one runs gets the one in flight
 * (tests call `runNow` and the timer may fire meanwhile); a failing round is reported and the next
 * tick tries again; `stop` waits for the round in flight, so that a server closes after it.
 */
export class RepeatingRound<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;

  constructor(
    private readonly options: {
      intervalMs: number;
      run: () => Promise<T>;
      onError: (error: unknown) => void;
      /** Run a first round at once when started, instead of after the first interval. */
      runAtStart?: boolean;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
    if (this.options.runAtStart) void this.tick();
  }

  /** Stops the timer and waits for the round in flight. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs a round now, or answers the one in flight. */
  runNow(): Promise<T> {
    if (this.running) return this.running;
    this.running = this.options.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    try {
      await this.runNow();
    } catch (error) {
      this.options.onError(error);
    }
  }
}
