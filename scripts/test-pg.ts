/**
 * `npm run test:pg`: the server suite on PostgreSQL. Starts a throwaway PostgreSQL
 * (scripts/lib/local-postgres.ts) on a free port, runs tests/unit/server and the reliability
 * tests that are about the database rather than SQLite with TEST_DATABASE_URL pointing at it
 * (every test server then gets a database of its own, see tests/helpers/postgres.ts), stops it and
 * exits with vitest's status. Extra arguments go to vitest (`npm run test:pg -- tests/unit/server/ledger.test.ts`
 * runs one file).
 */
import { spawn } from 'node:child_process';
import { freePort } from '../tests/helpers/freePort';
import { startLocalPostgres } from './lib/local-postgres';

const SUITE = ['tests/unit/server', 'tests/reliability/recovery.test.ts'];

const files = process.argv.slice(2);
const server = await startLocalPostgres({ port: await freePort(), synchronousCommit: false });
let status = 1;
try {
  console.log(`test:pg: PostgreSQL on port ${server.port}`);
  // Not spawnSync: this process must keep reading PostgreSQL's output while vitest runs. A
  // blocked event loop left the pipe full, the checkpointer blocked writing its log line, and
  // every DROP DATABASE (which waits for a checkpoint) hung: the suite's 60 s hook timeouts.
  const child = spawn('npx', ['vitest', 'run', ...(files.length > 0 ? files : SUITE)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: server.adminUrl },
  });
  status = await new Promise<number>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
} finally {
  await server.stop();
}
process.exit(status);
