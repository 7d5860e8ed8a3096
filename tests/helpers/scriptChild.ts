/** Starts a TypeScript script of the tests as a child process, for the tests that kill a process and start it again. */
import { spawn, type ChildProcess } from 'node:child_process';

/** Runs `script` under tsx with `env` added to this process's; its stdout is collected for the test to read, stderr passes through. */
export function startScript(script: string, env: Record<string, string>): { process: ChildProcess; output: () => string } {
  let output = '';
  const processHandle = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  processHandle.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { process: processHandle, output: () => output };
}
