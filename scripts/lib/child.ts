/** Ending a server that a script started as its child (a local Redis, PostgreSQL, an instance, the balancer). */
import type { ChildProcess } from 'node:child_process';

/** Resolves when the child has exited (at once when it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Sends `signal` (the server's own clean shutdown: SIGTERM for most, SIGINT for PostgreSQL's fast
 * one) and waits for the exit; past `killAfterMs`, SIGKILL ends it.
 */
export async function endChild(child: ChildProcess, signal: NodeJS.Signals, killAfterMs: number): Promise<void> {
  const gone = exited(child);
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await gone;
  clearTimeout(timer);
}
