/**
 * Proves the scheduler on a real database: a job runs once when due (not before), with its
 * effects in the transaction that marks it done; scheduling a (kind, key) twice is one job; a
 * failing job leaves no effect, is tried again later and given up after its attempts; a daily job
 * that schedules its next occurrence runs 90 times over 90 simulated days in milliseconds; a late
 * run acts on the job's own due time.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postTransaction, systemOwner } from '../../../server/ledger/ledger';
import { ATTEMPTS_MAX, Scheduler, type ScheduledJob } from '../../../server/scheduler/scheduler';
import { buildTestServer, type TestServer } from '../../helpers/server';

const DAY_MS = 24 * 60 * 60_000;

let server: TestServer;
let scheduler: Scheduler;

beforeEach(async () => {
  server = await buildTestServer({ demoMode: false });
  scheduler = new Scheduler(server.context);
});
afterEach(async () => {
  await scheduler.stop();
  await server.close();
});

/** The effect of the test jobs: one ledger transaction per run, its memo the job's key. */
async function effects(kind: string): Promise<string[]> {
  const rows = await server.context.db.selectFrom('ledger_transactions').select('memo').where('kind', '=', kind).orderBy('id').execute();
  return rows.map((row) => row.memo);
}

function creditFees(kind: string) {
  return async (trx: Parameters<Parameters<Scheduler['register']>[1]>[0], job: ScheduledJob) => {
    await postTransaction(trx, {
      kind,
      owner: systemOwner('fees'),
      memo: job.key,
      now: job.runAt,
      postings: [
        { account: { owner: systemOwner('genesis'), wallet: 'system', currency: 'USDT' }, amountUnits: -1n },
        { account: { owner: systemOwner('fees'), wallet: 'system', currency: 'USDT' }, amountUnits: 1n },
      ],
    });
  };
}

async function statusOf(kind: string, key: string) {
  return server.context.db.selectFrom('scheduled_jobs').selectAll().where('kind', '=', kind).where('key', '=', key).executeTakeFirstOrThrow();
}

describe('the scheduler', () => {
  it('runs a job once when it is due, not before, with its effects in the transaction that marks it done', async () => {
    scheduler.register('test.credit', creditFees('test.credit'));
    const now = server.context.now();
    await scheduler.schedule({ kind: 'test.credit', key: 'first', runAt: now + 60_000 });
    expect(await scheduler.runDue()).toBe(0);
    server.advance(60_000);
    expect(await scheduler.runDue()).toBe(1);
    expect(await scheduler.runDue()).toBe(0);
    expect(await effects('test.credit')).toEqual(['first']);
    expect((await statusOf('test.credit', 'first')).status).toBe('done');
  });

  it('takes a (kind, key) scheduled twice as one job', async () => {
    scheduler.register('test.credit', creditFees('test.credit'));
    const now = server.context.now();
    await scheduler.schedule({ kind: 'test.credit', key: 'once', runAt: now });
    await scheduler.schedule({ kind: 'test.credit', key: 'once', runAt: now + 5_000 });
    await Promise.all([scheduler.runDue(), scheduler.runDue(), scheduler.runDue()]);
    expect(await effects('test.credit')).toEqual(['once']);
  });

  it('rolls a failing job\'s effects back, tries it again later with a growing wait, and gives it up after its attempts', async () => {
    let calls = 0;
    scheduler.register('test.failing', async (trx, job) => {
      calls += 1;
      await creditFees('test.failing')(trx, job);
      throw new Error('the outside world said no');
    });
    await scheduler.schedule({ kind: 'test.failing', key: 'doomed', runAt: server.context.now() });
    await scheduler.runDue();
    expect(calls).toBe(1);
    // Tried again only after its wait.
    await scheduler.runDue();
    expect(calls).toBe(1);
    for (let attempt = 2; attempt <= ATTEMPTS_MAX; attempt += 1) {
      server.advance(60 * 60_000);
      await scheduler.runDue();
    }
    expect(calls).toBe(ATTEMPTS_MAX);
    server.advance(DAY_MS);
    await scheduler.runDue();
    expect(calls).toBe(ATTEMPTS_MAX);
    const row = await statusOf('test.failing', 'doomed');
    expect(row).toMatchObject({ status: 'failed', last_error: 'the outside world said no' });
    expect(await effects('test.failing')).toEqual([]);
    expect(await scheduler.counts()).toMatchObject({ failed: 1, pending: 0 });
  });

  it('lists the jobs it gave up on, and an operator\'s retry runs one again with all its tries', async () => {
    let failing = true;
    scheduler.register('test.flaky', async (trx, job) => {
      if (failing) throw new Error('the outside world is down');
      await creditFees('test.flaky')(trx, job);
    });
    await scheduler.schedule({ kind: 'test.flaky', key: 'later', runAt: server.context.now() });
    for (let attempt = 1; attempt <= ATTEMPTS_MAX; attempt += 1) {
      await scheduler.runDue();
      server.advance(2 * 60 * 60_000);
    }
    const [failed] = await scheduler.failedJobs(10);
    expect(failed).toMatchObject({ kind: 'test.flaky', key: 'later', attempts: ATTEMPTS_MAX, lastError: 'the outside world is down' });
    expect(failed?.failedAt).toBeGreaterThan(0);

    failing = false;
    expect(await scheduler.retry(failed!.id)).toBe(true);
    // A job that is not failed is not retried.
    expect(await scheduler.retry(failed!.id)).toBe(false);
    expect(await scheduler.runDue()).toBe(1);
    expect(await effects('test.flaky')).toEqual(['later']);
    expect(await scheduler.failedJobs(10)).toEqual([]);
    expect(await scheduler.counts()).toMatchObject({ failed: 0, pending: 0 });
  });

  it('runs a daily job 90 times over 90 simulated days, each at its own day, in milliseconds', async () => {
    const start = server.context.now();
    const seen: number[] = [];
    scheduler.register('test.daily', async (trx, job, tools) => {
      seen.push(job.runAt);
      await creditFees('test.daily')(trx, job);
      await tools.schedule({ kind: 'test.daily', key: String(job.runAt + DAY_MS), runAt: job.runAt + DAY_MS });
    });
    await scheduler.schedule({ kind: 'test.daily', key: String(start + DAY_MS), runAt: start + DAY_MS });
    for (let day = 1; day <= 90; day += 1) {
      server.advance(DAY_MS);
      await scheduler.runDue();
    }
    expect(seen).toHaveLength(90);
    expect(seen.every((runAt, index) => runAt === start + (index + 1) * DAY_MS)).toBe(true);
    expect(await effects('test.daily')).toHaveLength(90);
  });

  it('a job run late acts on its own due time, and a job of a kind nobody registered waits', async () => {
    const dueAt = server.context.now() + 1_000;
    let seenRunAt = 0;
    let seenNow = 0;
    scheduler.register('test.late', async (_trx, job, tools) => {
      seenRunAt = job.runAt;
      seenNow = tools.now;
    });
    await scheduler.schedule({ kind: 'test.late', key: 'late', runAt: dueAt });
    await scheduler.schedule({ kind: 'test.unknown', key: 'orphan', runAt: dueAt });
    server.advance(60 * 60_000);
    expect(await scheduler.runDue()).toBe(1);
    expect(seenRunAt).toBe(dueAt);
    expect(seenNow - dueAt).toBeGreaterThanOrEqual(60 * 60_000 - 1_000);
    expect((await statusOf('test.unknown', 'orphan')).status).toBe('pending');
  });
});
