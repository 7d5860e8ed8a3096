/**
 * `npm run cluster`: the platform as a cluster on this machine (README, "Several instances"): a
 * local PostgreSQL and Redis (Debian's packages, installed when missing), three server instances
 * and HAProxy in front of them (installed when missing), the web app built first if dist/ has
 * none. Prints the balancer's URL; Ctrl-C stops everything.
 *
 *   npm run cluster -- [--data DIR] [--port 8080] [--instances 3]
 *
 * Without --data everything lives in a temporary folder removed at the end; with it, the
 * database, the uploads and the logs stay there for the next run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from './lib/cluster';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    port: { type: 'string', default: '8080' },
    instances: { type: 'string', default: '3' },
  },
});

async function main(): Promise<void> {
  const temporary = values.data === undefined;
  const dataDir = path.resolve(values.data ?? fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-cluster-')));
  const webRoot = path.resolve('dist');
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) {
    console.log('cluster: building the web app into dist/ first');
    if (spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('cluster: the web app did not build');
  }
  const cluster = await startCluster({ instances: Number(values.instances), dataDir, port: Number(values.port), webRoot });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\ncluster: stopping');
    await cluster.stop();
    if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  console.log(
    [
      '',
      `The platform is running at ${cluster.url} (HAProxy in front of ${cluster.instances.length} instances)`,
      ...cluster.instances.map((instance) => `  ${instance.id}: ${instance.url}`),
      `PostgreSQL: ${cluster.databaseUrl}`,
      `Redis: ${cluster.redisUrl}`,
      `Data and logs: ${dataDir}${temporary ? ' (removed on exit; --data DIR keeps them)' : ''}`,
      'Demo sign-ins as for `npm start` (see the README). Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
