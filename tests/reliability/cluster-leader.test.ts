/**
 * Cluster-wide singletons on PostgreSQL (server/cluster/leader.ts, issue 19): two listening server
 * instances on one database, each started as main.ts starts them. Exactly one leads and runs the
 * robots, the scheduler, the index sampling, the deposit watcher and the withdrawal round; the
 * other runs none of them. A scheduled job runs once. When the leader's lock session dies (the
 * database ends it, as it does when a SIGKILLed instance's socket closes) that instance stops its
 * work at once and the other leads within seconds; when the leader closes, the other leads too.
 * With Redis, a follower prices from the leader's rounds (futures creates, the index history), and
 * a position opened through the follower is settled by the leader's risk loop.
 *
 * PostgreSQL only: on TEST_DATABASE_URL's server when set, else on one this test starts; Redis
 * from scripts/lib/local-redis.ts.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FOLLOWER_RETRY_MS } from '../../server/cluster/leader';
import { startSingletons } from '../../server/cluster/singletons';
import { startLocalPostgres, type LocalPostgres } from '../../scripts/lib/local-postgres';
import { startLocalRedis } from '../../scripts/lib/local-redis';
import { BTC_FUTURES, BTC_SPOT, createPosition, fundFuturesAccounts, futuresUser, setIndex } from '../helpers/futures';
import { freePort } from '../helpers/freePort';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from '../helpers/postgres';
import { buildTestServer, type TestServer } from '../helpers/server';

const JOB_KIND = 'test.cluster-once';
const JOBS = 20;
/** A new leader is running within this: one retry of the lock, and the tasks' starts. */
const TAKEOVER_MS = FOLLOWER_RETRY_MS + 3_000;
const LEADER_TASKS = ['index price sampling', 'scheduler', 'maintenance', 'robots', 'deposit watcher', 'withdrawal round'];
/** This part's Redis ports (the session's plan): the first free one is taken. */
const REDIS_PORTS = [56386, 56387, 56388, 56389];

interface Instance {
  server: TestServer;
  stopSingletons: () => Promise<void>;
  /** Job keys this instance ran. */
  ran: string[];
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, detail: () => unknown = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what} ${JSON.stringify(detail())}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('cluster-wide singletons on PostgreSQL', () => {
  let ownServer: LocalPostgres | undefined;
  let database: TestDatabase;
  const instances: Instance[] = [];

  async function startInstance(name: string, clusterSecret: string, overrides: Parameters<typeof buildTestServer>[0] = {}): Promise<Instance> {
    const port = await freePort();
    const server = await buildTestServer({ databaseUrl: database.url, robotsEnabled: true, port, instanceId: name, internalUrl: `http://127.0.0.1:${port}`, clusterSecret, ...overrides });
    const ran: string[] = [];
    server.app.scheduler.register(JOB_KIND, async (_trx, job) => void ran.push(job.key));
    await server.app.listen({ port, host: '127.0.0.1' });
    const instance = { server, stopSingletons: startSingletons(server.app), ran };
    instances.push(instance);
    return instance;
  }

  async function stopInstance(instance: Instance): Promise<void> {
    instances.splice(instances.indexOf(instance), 1);
    await instance.stopSingletons();
    await instance.server.close();
  }

  let adminUrl: string;

  beforeAll(async () => {
    adminUrl = testPostgresUrl() ?? '';
    if (!adminUrl) {
      ownServer = await startLocalPostgres({ port: await freePort() });
      adminUrl = ownServer.adminUrl;
    }
  }, 120_000);

  beforeEach(async () => {
    database = await createTestDatabase(adminUrl);
  });

  afterEach(async () => {
    for (const instance of [...instances]) await stopInstance(instance);
    await database?.drop();
  }, 60_000);

  afterAll(async () => {
    await ownServer?.stop();
  }, 60_000);

  it('one instance leads and runs every singleton, a job runs once, and the other takes over when the leader\'s session dies or it closes', async () => {
    const secret = 'cluster-test-secret';
    const first = await startInstance('first', secret);
    const second = await startInstance('second', secret);
    const leaderOf = () => instances.filter((instance) => instance.server.app.leadership.isLeader());
    await waitFor('every singleton running on one instance', () => leaderOf().length === 1 && leaderOf()[0]!.server.app.leadership.runningTasks().length === LEADER_TASKS.length, TAKEOVER_MS);
    const [leader] = leaderOf();
    const follower = leader === first ? second : first;
    expect(leader!.server.app.leadership.runningTasks().sort()).toEqual([...LEADER_TASKS].sort());
    expect(follower.server.app.leadership.runningTasks()).toEqual([]);

    // Jobs due now, scheduled through the follower: the leader's scheduler runs each once.
    const now = follower.server.context.now();
    for (let index = 0; index < JOBS; index += 1) await follower.server.app.scheduler.schedule({ kind: JOB_KIND, key: `job-${index}`, runAt: now });
    const done = async () => {
      const row = await follower.server.context.db.selectFrom('scheduled_jobs').select((eb) => eb.fn.countAll<bigint>().as('count')).where('kind', '=', JOB_KIND).where('status', '=', 'done').executeTakeFirstOrThrow();
      return Number(row.count) === JOBS;
    };
    await waitFor('every job done', done, 15_000);
    expect(follower.ran).toEqual([]);
    expect([...leader!.ran].sort()).toEqual(Array.from({ length: JOBS }, (_, index) => `job-${index}`).sort());

    // Every task has started (the robots' first start backfills candles, which takes a while on a busy machine).
    await leader!.server.app.leadership.idle();
    // The database ends the leader's lock session (as when its process is SIGKILLed): it stops at
    // once, and the follower leads within a retry.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const ended = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'exchange-leader' and pid in (select pid from pg_locks where locktype = 'advisory' and granted)");
      expect(ended.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    // It hears of it at once; each task stops when its round in flight ends (a robots' tick over every market may take seconds here).
    await waitFor('the deposed leader knows', () => !leader!.server.app.leadership.isLeader(), 1_000);
    await waitFor('the deposed leader stopped its work', () => leader!.server.app.leadership.runningTasks().length === 0, 15_000, () => leader!.server.app.leadership.runningTasks());
    await waitFor('the other instance leads with every singleton', () => follower.server.app.leadership.runningTasks().length === LEADER_TASKS.length, TAKEOVER_MS);
    expect(leader!.server.app.leadership.isLeader()).toBe(false);

    // The new leader closes: the first leads again.
    await stopInstance(follower);
    await waitFor('the remaining instance leads again', () => leader!.server.app.leadership.runningTasks().length === LEADER_TASKS.length, TAKEOVER_MS);
  }, 90_000);
  it("with Redis, a follower prices from the leader's rounds, and a position opened through it is settled by the leader's risk loop", async () => {
    const redis = await startLocalRedis({ port: REDIS_PORTS });
    try {
      const overrides = { robotsEnabled: false, redisUrl: redis.url };
      await startInstance('first', 'relay-secret', overrides);
      await startInstance('second', 'relay-secret', overrides);
      await waitFor('one instance leads', () => instances.filter((instance) => instance.server.app.leadership.isLeader()).length === 1, TAKEOVER_MS);
      const leader = instances.find((instance) => instance.server.app.leadership.isLeader())!.server;
      const follower = instances.find((instance) => !instance.server.app.leadership.isLeader())!.server;
      await fundFuturesAccounts(leader);

      // The test is the leader's reference feed; the follower samples nothing and reads its rounds.
      setIndex(leader, BTC_SPOT, '60000');
      await waitFor("the leader's round on the follower", () => follower.app.prices.current(BTC_FUTURES)?.priceTicks === 600_000n, 5_000);
      expect(follower.app.prices.history(BTC_SPOT, 0).length).toBeGreaterThan(0);

      // Opened at the follower's mark; the leader's risk book hears of it and takes its profit.
      const user = await futuresUser(follower, '10000');
      const opened = await createPosition(follower, user, { symbol: BTC_FUTURES, side: 'long', leverage: 10, volume: '0.1', takeProfit: '62000' });
      expect(opened.status).toBe('open');
      setIndex(leader, BTC_SPOT, '62500');
      const closed = async () => {
        const row = await leader.context.db.selectFrom('futures_positions').select(['status', 'close_reason']).where('id', '=', BigInt(opened.id)).executeTakeFirstOrThrow();
        return row.status === 'closed' && row.close_reason === 'takeProfit';
      };
      await waitFor("the follower's position closed by the leader's risk loop", closed, 10_000);
    } finally {
      for (const instance of [...instances]) await stopInstance(instance);
      await redis.stop();
    }
  }, 90_000);
});
