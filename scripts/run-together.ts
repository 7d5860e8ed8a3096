/**
 * `tsx scripts/run-together.ts A B ...`: runs the npm scripts A, B, ... at once and exits with the
 * first non-zero status (0 when all pass). npm test runs the server suite on SQLite (test:unit) and
 * on PostgreSQL (test:pg) together: each keeps about one core busy, and on a 2-core machine the
 * two take 3.7 minutes together instead of 5.1 one after the other. The first script's output is
 * shown as it comes; the others' is kept and shown whole when each ends, so that two vitest runs
 * never interleave their lines.
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx scripts/run-together.ts <npm script> [<npm script> ...]');
  process.exit(2);
}

function run(script: string, live: boolean): Promise<number> {
  const started = Date.now();
  const child = spawn('npm', ['run', script], { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const kept: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => kept.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => kept.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`run-together: ${script} did not start: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (!live) {
        console.log(`\n==> ${script} (run alongside; its output as it came):`);
        process.stdout.write(Buffer.concat(kept));
      }
      console.log(`==> ${script}: ${status === 0 ? 'passed' : `failed (${status})`} in ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(status);
    });
  });
}

const statuses = await Promise.all(scripts.map((script, index) => run(script, index === 0)));
process.exit(statuses.find((status) => status !== 0) ?? 0);
