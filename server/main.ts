/**
 * Starts the platform: configuration from the environment, the database under DATA_DIR
 * (created, migrated and seeded on first start), the HTTP server with the built web app, and a
 * graceful shutdown that finishes requests in flight before the database closes.
 */
import { buildApp } from './app';
import { boot } from './boot';
import { loadConfig } from './config';
import { DEMO_USERS } from './seed/users';
import { startSingletons } from './cluster/singletons';

async function main(): Promise<void> {
  const config = loadConfig();
  const { context, database } = await boot(config);
  const app = await buildApp(context, { logger: true });
  // Once across the cluster: on the leader only (server/cluster/leader.ts; alone, this instance).
  const stopSingletons = startSingletons(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await stopSingletons();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [`\nThe platform is running at ${url}`, `Data folder: ${config.dataDir}`];
  if (config.demoMode) {
    lines.push('Demo sign-ins (demo mode is on; set DEMO_MODE=off for a real deployment):');
    const labelWidth = Math.max(...DEMO_USERS.map((user) => user.label.length));
    const emailWidth = Math.max(...DEMO_USERS.map((user) => user.email.length));
    for (const user of DEMO_USERS) lines.push(`  ${user.label.padEnd(labelWidth)}  ${user.email.padEnd(emailWidth)}  ${user.password}`);
  }
  lines.push(`Sign-up codes are written to ${config.dataDir}/outbox/messages.jsonl\n`);
  console.info(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
