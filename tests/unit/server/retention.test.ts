/**
 * Issue 22 through the real database: ledger checkpoints (written by the scheduler only after the
 * span's audit passes; the default audit reads the checkpoint and what follows, --full all of it),
 * and retention (the robots' trades and transactions with each other folded away after their age,
 * every row of a user kept, candles kept, each kind of old row swept, a failure in the middle of a
 * fold losing nothing).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../../server/maintenance';
import { dialectOf } from '../../../server/db/migrations/columns';
import { auditLedger, checkpointPosition } from '../../../server/ledger/audit';
import { CHECKPOINT_JOB_KIND } from '../../../server/ledger/checkpoint';
import { userOwner } from '../../../server/ledger/ledger';
import { robotOnlyTransactions } from '../../../server/ledger/retention';
import { ensureRobotAccounts } from '../../../server/modules/robots/accounts';
import { listMovements } from '../../../server/modules/wallets/repo';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { buildTestServer, type TestServer } from '../../helpers/server';

const DAY_MS = 24 * 60 * 60_000;
const BTC_USDT = 301;

let server: TestServer;
let user: TestUser;
let robots: number[];

beforeAll(async () => {
  // A short robots' age keeps the clock's total advance under the month after which done jobs go.
  server = await buildTestServer({ demoMode: false, robotsEnabled: false, robotRetentionMs: 2 * DAY_MS });
  user = await createTestUser(server);
  await creditUser(server, user.userId, 'USDT', '100000');
  await creditUser(server, user.userId, 'BTC', '10');
  robots = (await ensureRobotAccounts(server.context)).userIds;
});
afterAll(async () => {
  await server.close();
});

const db = () => server.context.db;

/** A limit sell resting from `seller`, taken by `buyer`: one trade. */
async function trade(seller: number, buyer: number, price = '100.00', quantity = '0.5'): Promise<void> {
  const { engine } = server.app;
  await engine.placeOrder({ userId: seller, symbolId: BTC_USDT, side: 'sell', type: 'limit', price, quantity });
  const taker = await engine.placeOrder({ userId: buyer, symbolId: BTC_USDT, side: 'buy', type: 'limit', price, quantity });
  expect(taker.status).toBe('filled');
}

/** Moves the clock to the next checkpoint slot and lets the scheduler run what is due. */
async function nextCheckpointRun(): Promise<void> {
  const interval = server.context.config.checkpointIntervalMs;
  await server.app.scheduler.runDue();
  const now = server.context.now();
  server.advance(Math.floor(now / interval + 1) * interval - now + 1_000);
  await server.app.scheduler.runDue();
}

async function checkpointCount(): Promise<number> {
  return (await db().selectFrom('ledger_checkpoints').select('id').execute()).length;
}

async function expectClean(): Promise<void> {
  expect((await auditLedger(db())).problems).toEqual([]);
  expect((await auditLedger(db(), 'full')).problems).toEqual([]);
}

/** Changes one stored posting's amount (and its balancing partner's, so only the replay can tell) by `delta`. */
async function nudgePosting(postingId: bigint, delta: bigint): Promise<void> {
  await sql`update ledger_postings set amount_units = amount_units + ${delta} where id = ${postingId}`.execute(db());
}

async function userPosting(after: bigint, atMost?: bigint): Promise<bigint> {
  let query = db()
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select('p.id')
    .where('a.user_id', '=', BigInt(user.userId))
    .where('p.transaction_id', '>', after);
  if (atMost !== undefined) query = query.where('p.transaction_id', '<=', atMost);
  return (await query.orderBy('p.id', 'desc').limit(1).executeTakeFirstOrThrow()).id;
}

describe('ledger checkpoints', () => {
  it('the scheduler writes a checkpoint of every account after the audit of its span passes', async () => {
    await trade(robots[0]!, user.userId);
    await nextCheckpointRun();
    expect(await checkpointCount()).toBe(1);
    const position = await checkpointPosition(db());
    const last = await db().selectFrom('ledger_transactions').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    expect(position).toBe(BigInt(last.id!));
    // Every account, at its balance then (a held bucket's balance is its held amount).
    const accounts = await db().selectFrom('ledger_accounts').select(['id', 'balance_units']).orderBy('id').execute();
    const snapshot = await db().selectFrom('ledger_checkpoint_accounts').select(['account_id as id', 'balance_units']).orderBy('account_id').execute();
    expect(snapshot).toEqual(accounts);
    await expectClean();
  });

  it('a posting changed before the checkpoint is found by the full audit only; one after it by both', async () => {
    await trade(user.userId, robots[1]!);
    const position = await checkpointPosition(db());
    const before = await userPosting(0n, position);
    await nudgePosting(before, 1n);
    expect((await auditLedger(db())).ok).toBe(true);
    const full = await auditLedger(db(), 'full');
    expect(full.ok).toBe(false);
    expect(full.problems.some((problem) => problem.includes('sums to 1'))).toBe(true);
    expect(full.problems.some((problem) => problem.startsWith(`checkpoint at transaction ${position}`))).toBe(true);
    await nudgePosting(before, -1n);

    const after = await userPosting(position);
    await nudgePosting(after, 1n);
    for (const scope of ['since-checkpoint', 'full'] as const) {
      const report = await auditLedger(db(), scope);
      expect(report.problems.some((problem) => problem.startsWith(`account u:${user.userId}/`))).toBe(true);
    }

    // The span's audit fails, so no checkpoint is written; the job waits for a repair and a retry.
    await nextCheckpointRun();
    expect(await checkpointCount()).toBe(1);
    const failing = await db().selectFrom('scheduled_jobs').select(['status', 'last_error']).where('kind', '=', CHECKPOINT_JOB_KIND).where('attempts', '>', 0n).where('status', '=', 'pending').execute();
    expect(failing).toHaveLength(1);
    expect(failing[0]!.last_error).toContain('ledger checkpoint refused');
    await nudgePosting(after, -1n);
    server.advance(60 * 60_000);
    await server.app.scheduler.runDue();
    expect(await checkpointCount()).toBe(2);
    await expectClean();
  });
});

describe('retention', () => {
  it('folds the robots\' old trades and transactions with each other away, keeps every row of a user and the candles', async () => {
    const robotOnlyBefore = await robotOnlyCount();
    await trade(robots[0]!, robots[1]!);
    await trade(robots[1]!, robots[0]!);
    await trade(robots[0]!, user.userId);
    const oldRobotTrades = await robotTradeIds();
    expect(oldRobotTrades.length).toBeGreaterThanOrEqual(2);
    const userTrades = await userTradeIds();
    const userMovements = await listMovements(db(), user.userId, {}, 0, 1_000);
    const candles = await db().selectFrom('candles').selectAll().orderBy('symbol_id').orderBy('interval').orderBy('open_time').execute();

    // Past the robots' age, behind a checkpoint; a market's newest trades stay whatever their
    // age, so newer robot trades push the old ones out of that window.
    server.advance(server.context.config.robotRetentionMs + DAY_MS);
    await nextCheckpointRun();
    await insertRecentRobotTrades(120);
    const result = await sweep(server.context);

    expect(result.robotTrades).toBe(oldRobotTrades.length);
    expect(await robotTradeIds(server.context.now() - server.context.config.robotRetentionMs)).toEqual([]);
    expect(await userTradeIds()).toEqual(userTrades);
    expect(result.robotTransactions).toBeGreaterThan(robotOnlyBefore);
    expect(await robotOnlyCount()).toBe(0);
    expect(await listMovements(db(), user.userId, {}, 0, 1_000)).toEqual(userMovements);
    expect(await db().selectFrom('candles').selectAll().orderBy('symbol_id').orderBy('interval').orderBy('open_time').execute()).toEqual(candles);
    const folded = await db().selectFrom('ledger_checkpoint_accounts').select('folded_units').where('folded_units', '!=', 0n).execute();
    expect(folded.length).toBeGreaterThan(0);
    await expectClean();
  });

  it('keeps the robots\' transactions after the newest checkpoint, whatever their age', async () => {
    await trade(robots[0]!, robots[1]!);
    server.advance(server.context.config.robotRetentionMs + DAY_MS);
    // No checkpoint since: the default audit reads these, so they stay.
    expect((await sweep(server.context)).robotTransactions).toBe(0);
    expect(await robotOnlyCount()).toBeGreaterThan(0);
    await nextCheckpointRun();
    expect((await sweep(server.context)).robotTransactions).toBeGreaterThan(0);
    expect(await robotOnlyCount()).toBe(0);
    await expectClean();
  });

  it('a failure in the middle of a fold loses nothing: the fold and the deletes are one transaction', async () => {
    await trade(robots[1]!, robots[0]!);
    server.advance(server.context.config.robotRetentionMs + DAY_MS);
    await nextCheckpointRun();
    const waiting = await robotOnlyCount();
    expect(waiting).toBeGreaterThan(0);
    const foldedBefore = await db().selectFrom('ledger_checkpoint_accounts').select(['account_id', 'folded_units']).orderBy('account_id').execute();
    // The last statement of a chunk (the transactions' delete) fails, after the fold and the postings' delete ran.
    await failTransactionDeletes(true);
    try {
      await expect(sweep(server.context)).rejects.toThrow(/crash in the middle of retention/);
    } finally {
      await failTransactionDeletes(false);
    }
    expect(await robotOnlyCount()).toBe(waiting);
    expect(await db().selectFrom('ledger_checkpoint_accounts').select(['account_id', 'folded_units']).orderBy('account_id').execute()).toEqual(foldedBefore);
    await expectClean();
    expect((await sweep(server.context)).robotTransactions).toBe(waiting);
    await expectClean();
  });
});

describe('the sweep', () => {
  it('removes each kind of old row in one run and keeps the recent ones', async () => {
    const time = server.context.now();
    const old = time - 40 * DAY_MS;
    await db()
      .insertInto('outbox')
      .values([
        { topic: 'retention.old', payload_json: '{}', created_at: old, dispatched_at: old },
        { topic: 'retention.recent', payload_json: '{}', created_at: time, dispatched_at: time },
      ])
      .execute();
    await db()
      .insertInto('verification_codes')
      .values({ purpose: 'register', target: 'retention@example.com', code_hash: 'x', attempts: 0, created_at: old, expires_at: old, used_at: null })
      .execute();
    await db()
      .insertInto('scheduled_jobs')
      .values({ kind: 'retention.test', key: 'old', run_at: old, payload_json: 'null', status: 'done', attempts: 1, last_error: null, created_at: old, completed_at: old })
      .execute();
    await db().insertInto('boption_index').values({ symbol_id: 101, at: old, price_ticks: 1n }).execute();
    const live = await createTestUser(server);
    await db().updateTable('sessions').set({ captcha_hash: 'x', captcha_expires_at: time - 1_000 }).where('user_id', '=', BigInt(live.userId)).execute();
    const robotOwner = userOwner(robots[0]!);
    await db()
      .insertInto('ledger_holds')
      .values({ owner_key: robotOwner, wallet: 'spot', currency: 'USDT', amount_units: 0n, reference_type: 'order', reference_id: 'retention-old', created_at: old, released_at: old })
      .execute();
    server.advance(1_000);

    const result = await sweep(server.context);
    expect(result).toMatchObject({ outbox: 1, codes: 1, doneJobs: 1, optionIndex: 1, captchas: 1, robotHolds: 1 });
    expect((await db().selectFrom('outbox').select('topic').where('topic', 'like', 'retention.%').execute()).map((row) => row.topic)).toEqual(['retention.recent']);
    const session = await db().selectFrom('sessions').select('captcha_hash').where('user_id', '=', BigInt(live.userId)).executeTakeFirstOrThrow();
    expect(session.captcha_hash).toBeNull();
    expect(await db().selectFrom('ledger_holds').select('id').where('reference_id', '=', 'retention-old').execute()).toEqual([]);
    await expectClean();
  });

  it('gives the space of what it deleted back (SQLite: incremental vacuum)', async () => {
    if (server.database.dialect !== 'sqlite') return;
    const { sqlite } = server.database;
    expect(sqlite.pragma('auto_vacuum', { simple: true })).toBe(2n);
    const time = server.context.now() - 40 * DAY_MS;
    const payload = JSON.stringify({ filler: 'x'.repeat(2_000) });
    await db()
      .insertInto('outbox')
      .values(Array.from({ length: 500 }, () => ({ topic: 'retention.space', payload_json: payload, created_at: time, dispatched_at: time })))
      .execute();
    expect((await sweep(server.context)).outbox).toBe(500);
    expect(sqlite.pragma('freelist_count', { simple: true })).toBe(0n);
  });
});

/** The robots' trades with each other made before `before`. */
async function robotTradeIds(before = server.context.now() + 1): Promise<bigint[]> {
  const rows = await db()
    .selectFrom('trades')
    .select('id')
    .where('taker_user_id', 'in', robots.map(BigInt))
    .where('maker_user_id', 'in', robots.map(BigInt))
    .where('created_at', '<', BigInt(before))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

async function userTradeIds(): Promise<bigint[]> {
  const id = BigInt(user.userId);
  const rows = await db()
    .selectFrom('trades')
    .select('id')
    .where((eb) => eb.or([eb('taker_user_id', '=', id), eb('maker_user_id', '=', id)]))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Ledger transactions a robot owns that touch no other user's account. */
async function robotOnlyCount(): Promise<number> {
  return (await robotOnlyTransactions(db(), robots, { after: 0n })).length;
}

/** Newer robot-to-robot trade rows (the trades table alone), so that the old ones leave a market's newest-trades window. */
async function insertRecentRobotTrades(count: number): Promise<void> {
  const time = server.context.now();
  await db()
    .insertInto('trades')
    .values(
      Array.from({ length: count }, () => ({
        symbol_id: BTC_USDT,
        price_ticks: 10_000n,
        quantity_lots: 1n,
        taker_order_id: 0,
        maker_order_id: 0,
        taker_user_id: robots[0]!,
        maker_user_id: robots[1]!,
        taker_side: 'buy',
        created_at: time,
      })),
    )
    .execute();
}

/** A trigger that makes every delete of ledger transactions fail (both dialects), or its removal. */
async function failTransactionDeletes(on: boolean): Promise<void> {
  const postgres = dialectOf(db()) === 'postgres';
  if (!on) {
    if (postgres) await sql`drop trigger retention_crash on ledger_transactions`.execute(db());
    else await sql`drop trigger retention_crash`.execute(db());
    return;
  }
  if (postgres) {
    await sql`create or replace function retention_crash() returns trigger language plpgsql as $$ begin raise exception 'crash in the middle of retention'; end $$`.execute(db());
    await sql`create trigger retention_crash before delete on ledger_transactions for each statement execute function retention_crash()`.execute(db());
  } else {
    await sql`create trigger retention_crash before delete on ledger_transactions begin select raise(abort, 'crash in the middle of retention'); end`.execute(db());
  }
}

describe('retention of everyone\'s rows (USER_RETENTION_DAYS)', () => {
  it('folds every transaction past the users\' age away; balances stay and both audits pass', async () => {
    const short = await buildTestServer({ demoMode: false, robotsEnabled: false, userRetentionMs: DAY_MS });
    try {
      const holder = await createTestUser(short);
      await creditUser(short, holder.userId, 'USDT', '250');
      const balances = await short.context.db.selectFrom('ledger_accounts').select(['id', 'balance_units']).orderBy('id').execute();
      expect(await listMovements(short.context.db, holder.userId, {}, 0, 100)).not.toEqual([]);
      short.advance(2 * DAY_MS);
      await short.app.scheduler.runDue();
      short.advance(DAY_MS);
      await short.app.scheduler.runDue();
      const result = await sweep(short.context);
      expect(result.userTransactions).toBeGreaterThan(0);
      expect(await listMovements(short.context.db, holder.userId, {}, 0, 100)).toEqual([]);
      expect(await short.context.db.selectFrom('ledger_accounts').select(['id', 'balance_units']).orderBy('id').execute()).toEqual(balances);
      expect((await auditLedger(short.context.db)).problems).toEqual([]);
      expect((await auditLedger(short.context.db, 'full')).problems).toEqual([]);
    } finally {
      await short.close();
    }
  });
});
