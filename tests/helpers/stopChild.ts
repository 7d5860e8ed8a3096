/** Ends a server a test or benchmark started as a child process. */
import type { ChildProcess } from 'node:child_process';

/**
 * Sends SIGTERM and waits for the exit, so that the server's own shutdown runs (it closes the
 * database cleanly); past `killAfterMs`, when given, SIGKILL ends it.
 */
export async function stopChild(child: ChildProcess | undefined, killAfterMs?: number): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if (killAfterMs === undefined) {
    await exited;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), killAfterMs);
  });
  if ((await Promise.race([exited, late])) === 'late') child.kill('SIGKILL');
  clearTimeout(timer);
}
