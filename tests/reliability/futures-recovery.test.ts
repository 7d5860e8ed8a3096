/**
 * Proves that futures triggers fire exactly once across a crash: a process holding 150 positions
 * with stop-losses and take-profits walks the mark through their levels and is killed with
 * SIGKILL in the middle, then started again on the same data folder with the mark past every
 * level. Every position is closed, each by one ledger close and one notification, what was due
 * at the kill fired after the restart, and the ledger audit is clean.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { FUTURES_NOTIFICATION_TYPE } from '../../server/modules/notification/service';
import { readDatabaseIn } from '../helpers/dataDir';
import { startScript } from '../helpers/scriptChild';

const POSITIONS = 150;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-futures-recovery-'));
let child: ChildProcess | undefined;

function startChild(phase: 'open' | 'resume'): { process: ChildProcess; output: () => string } {
  const started = startScript('tests/reliability/support/futures-child.ts', { DATA_DIR: dataDir, FUTURES_PHASE: phase, POSITIONS: String(POSITIONS) });
  child = started.process;
  return started;
}

function readDatabase<T>(read: (database: SqliteDatabase.Database) => T): T {
  return readDatabaseIn(dataDir, read);
}

function closedCount(): number {
  return readDatabase((database) => (database.prepare(`select count(*) as closed from futures_positions where status = 'closed'`).get() as { closed: number }).closed);
}

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('futures triggers after SIGKILL', () => {
  it('fire each position once, the ones due at the kill after the restart', async () => {
    const first = startChild('open');
    const deadline = Date.now() + 120_000;
    // Kill it once some positions have closed and others have not.
    for (;;) {
      if (Date.now() > deadline) throw new Error('the first process never got going');
      if (first.output().includes('opened') && closedCount() >= 30) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    const beforeRestart = closedCount();
    expect(first.output()).not.toContain('walked');
    expect(beforeRestart).toBeLessThan(POSITIONS);

    const second = startChild('resume');
    const exitCode = await new Promise<number | null>((resolve) => second.process.once('exit', resolve));
    expect(exitCode).toBe(0);
    expect(second.output()).toContain('all done');
    expect(second.output()).toContain('[]\n');

    const positions = readDatabase(
      (database) => database.prepare('select id, user_id, status, close_reason from futures_positions').all() as { id: number; user_id: number; status: string; close_reason: string }[],
    );
    expect(positions).toHaveLength(POSITIONS);
    const closes = new Map(
      readDatabase((database) => database.prepare(`select idempotency_key, count(*) as times from ledger_transactions where kind = 'futures:close' group by idempotency_key`).all() as { idempotency_key: string; times: number }[]).map(
        (row) => [row.idempotency_key, row.times],
      ),
    );
    const told = new Map(
      readDatabase((database) => database.prepare('select user_id, count(*) as times from notifications where type = ? group by user_id').all(FUTURES_NOTIFICATION_TYPE) as { user_id: number; times: number }[]).map(
        (row) => [row.user_id, row.times],
      ),
    );
    for (const position of positions) {
      expect(position.status, `position ${position.id}`).toBe('closed');
      expect(['stopLoss', 'takeProfit']).toContain(position.close_reason);
      expect(closes.get(`futures:close:${position.id}`), `position ${position.id}`).toBe(1);
      expect(told.get(position.user_id), `position ${position.id}`).toBe(1);
    }
    const sums = readDatabase((database) => database.prepare('select currency, sum(amount_units) as total from ledger_postings group by currency').all() as { currency: string; total: number }[]);
    for (const sum of sums) expect(sum.total, sum.currency).toBe(0);
    console.info(`futures SIGKILL: ${beforeRestart} of ${POSITIONS} positions closed before the kill; after the restart all ${POSITIONS}, each once`);
  }, 240_000);
});
