/** Servers a script starts as its children (a local Redis, PostgreSQL, an instance, the balancer): starting and ending them. */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

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

export interface ServerChild {
  child: ChildProcess;
  /** The last few KB of what it printed, for the error that says why it did not start. */
  log(): string;
  /** Forgets the exit hook: called once the child has been ended. */
  release(): void;
}

/**
 * Starts a server as a child with its output kept for errors, and makes sure it does not outlive
 * this process (a test run that crashes included): at this process's exit it gets `exitSignal`.
 */
export function spawnServer(command: string, args: string[], options: SpawnOptions, exitSignal: NodeJS.Signals): ServerChild {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const killOnExit = () => child.kill(exitSignal);
  process.once('exit', killOnExit);
  return { child, log: () => log, release: () => process.removeListener('exit', killOnExit) };
}
