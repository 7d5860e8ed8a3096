/**
 * Several server instances on one database, as a cluster runs them: the first is a test server
 * like any other (its own temporary SQLite file, or a fresh PostgreSQL database under
 * TEST_DATABASE_URL), the others open the same database (the first's data folder and database
 * URL). Each gets the same overrides (REDIS_URL, say) and its own (`each(index)`: its port and
 * INTERNAL_URL, say). `close` closes them last first, so that the first, which owns the database,
 * goes after everyone who uses it.
 */
import type { ServerConfig } from '../../server/config';
import { buildTestServer, type TestServer } from './server';

export interface TestInstances {
  instances: TestServer[];
  close(): Promise<void>;
}

export async function buildTestInstances(
  count: number,
  overrides: Partial<ServerConfig> = {},
  each: (index: number) => Partial<ServerConfig> = () => ({}),
): Promise<TestInstances> {
  const first = await buildTestServer({ ...overrides, ...each(0) });
  const instances = [first];
  try {
    const { dataDir, databaseUrl } = first.context.config;
    for (let index = 1; index < count; index += 1) instances.push(await buildTestServer({ ...overrides, ...each(index), dataDir, databaseUrl }));
  } catch (error) {
    for (const instance of instances.reverse()) await instance.close();
    throw error;
  }
  return {
    instances,
    async close() {
      for (const instance of [...instances].reverse()) await instance.close();
    },
  };
}
