/**
 * Proves that a scheduled job runs exactly once across a crash: a process running 300 due jobs is
 * killed with SIGKILL in the middle, then started again on the same data folder until it says it
 * is done. Every job is done, and every job's effect (one ledger transaction) is there exactly
 * once; the ledger audit is clean.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readDatabaseIn } from '../helpers/dataDir';
import { startScript } from '../helpers/scriptChild';
import { DATABASE_FILE } from '../../server/boot';

const JOB_COUNT = 300;
const JOB_KIND = 'test.sigkill';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-scheduler-'));
let child: ChildProcess | undefined;

function startChild(): { process: ChildProcess; output: () => string } {
  const started = startScript('tests/reliability/support/scheduler-child.ts', { DATA_DIR: dataDir, JOB_COUNT: String(JOB_COUNT), JOB_KIND });
  child = started.process;
  return started;
}

function readDatabase<T>(read: (database: SqliteDatabase.Database) => T): T {
  return readDatabaseIn(dataDir, read);
}

function effectsByKey(): Map<string, number> {
  const rows = readDatabase((database) => database.prepare('select memo, count(*) as times from ledger_transactions where kind = ? group by memo').all(JOB_KIND) as { memo: string; times: number }[]);
  return new Map(rows.map((row) => [row.memo, row.times]));
}

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the scheduler after SIGKILL', () => {
  it('runs every due job exactly once', async () => {
    const first = startChild();
    // Kill it once some jobs ran and others had not.
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error('the first process never got going');
      if (first.output().includes('scheduled') && fs.existsSync(path.join(dataDir, DATABASE_FILE))) {
        const ran = [...effectsByKey().values()].length;
        if (ran >= 20) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    const beforeRestart = effectsByKey().size;
    expect(beforeRestart).toBeLessThan(JOB_COUNT);

    const second = startChild();
    const exitCode = await new Promise<number | null>((resolve) => second.process.once('exit', resolve));
    expect(exitCode).toBe(0);
    expect(second.output()).toContain('all done');

    const effects = effectsByKey();
    const jobs = readDatabase((database) => database.prepare('select key, status from scheduled_jobs where kind = ?').all(JOB_KIND) as { key: string; status: string }[]);
    expect(jobs).toHaveLength(JOB_COUNT);
    expect(jobs.every((job) => job.status === 'done')).toBe(true);
    for (const job of jobs) expect(effects.get(job.key), job.key).toBe(1);
    const sums = readDatabase((database) => database.prepare('select currency, sum(amount_units) as total from ledger_postings group by currency').all() as { currency: string; total: number }[]);
    for (const sum of sums) expect(sum.total, sum.currency).toBe(0);
    console.info(`scheduler SIGKILL: ${beforeRestart} of ${JOB_COUNT} jobs ran before the kill; after the restart all ${JOB_COUNT} done, each effect exactly once`);
  }, 120_000);
});
