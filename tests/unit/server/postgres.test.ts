/**
 * What PostgreSQL must keep that SQLite's single writer gave for free (runs under `npm run
 * test:pg`, skipped on SQLite): 64-bit money exact through the bigint columns and the numeric of
 * a sum, guarded debits that never overdraw when two app instances' group commits race on the
 * same rows, and one migration and seed when three instances boot at once on an empty database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '../../../server/boot';
import { loadConfig } from '../../../server/config';
import { auditLedger } from '../../../server/ledger/audit';
import { userBalances, userOwner } from '../../../server/ledger/ledger';
import { ERRCODES } from '../../../src/shared/errcodes';
import { formatUnits } from '../../../src/shared/money';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { createTestDatabase, testPostgresUrl } from '../../helpers/postgres';
import { buildTestServer, type TestServer } from '../../helpers/server';

const BTC_SCALE = 8;
/** Near 2^62 units: past a double's 53 exact bits, and two of them overflow a signed 64-bit sum. */
const NEAR_2_62_UNITS = 2n ** 62n + 123_456_789n;

describe.skipIf(!testPostgresUrl())('on PostgreSQL', () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await buildTestServer();
    // A second app instance on the same database: its own pool, engine and group commit.
    second = await buildTestServer({ databaseUrl: first.context.config.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  function transfer(server: TestServer, user: TestUser, amount: string, from: string, to: string) {
    return callApi(server, 'POST', '/balance/transfer', {
      as: user,
      headers: { 'idempotency-key': crypto.randomUUID() },
      payload: { from, to, currency: 'BTC', amount },
    });
  }

  it('keeps a balance near 2^62 units exact in and out, and sums past 2^63 exactly', async () => {
    const user = await createTestUser(first);
    const amount = formatUnits(NEAR_2_62_UNITS, BTC_SCALE);
    await creditUser(first, user.userId, 'BTC', amount);
    const moved = await transfer(first, user, amount, 'spot', 'futures');
    expect(moved.json()).toMatchObject({ errcode: 0, data: { amount, balances: { to: { balance: amount } } } });
    const back = await transfer(second, user, amount, 'futures', 'spot');
    expect(back.json()).toMatchObject({ errcode: 0, data: { balances: { to: { balance: amount }, from: { balance: '0.00000000' } } } });

    const { rows } = await sql<{ stored: bigint; type: string; credited: bigint }>`
      select a.balance_units as stored, pg_typeof(a.balance_units)::text as type,
        (select sum(p.amount_units) from ledger_postings p where p.account_id = a.id and p.amount_units > 0) as credited
      from ledger_accounts a
      where a.owner_key = ${userOwner(user.userId)} and a.wallet = 'spot' and a.currency = 'BTC' and a.bucket = 'available'
    `.execute(first.context.db);
    // Credited twice (the deposit and the way back): a numeric past 2^63, read back as an exact bigint.
    expect(rows).toEqual([{ stored: NEAR_2_62_UNITS, type: 'bigint', credited: 2n * NEAR_2_62_UNITS }]);
    expect((await auditLedger(first.context.db)).problems).toEqual([]);
  });

  it('never overdraws when 100 transfers race through two instances against a balance that covers 50', async () => {
    const user = await createTestUser(first);
    await creditUser(first, user.userId, 'BTC', '0.5');
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) => transfer(index % 2 === 0 ? first : second, user, '0.01', 'spot', 'futures')),
    );
    const codes = results.map((response) => (response.json() as { errcode: number }).errcode);
    expect(codes.filter((code) => code === 0)).toHaveLength(50);
    expect(codes.filter((code) => code === ERRCODES.insufficientBalance)).toHaveLength(50);

    const btc = (await userBalances(second.context.db, user.userId)).filter((balance) => balance.currency === 'BTC');
    expect(btc.map(({ wallet, availableUnits, heldUnits }) => ({ wallet, availableUnits, heldUnits })).sort((a, b) => a.wallet.localeCompare(b.wallet))).toEqual([
      { wallet: 'futures', availableUnits: 50_000_000n, heldUnits: 0n },
      { wallet: 'spot', availableUnits: 0n, heldUnits: 0n },
    ]);
    expect((await auditLedger(first.context.db)).problems).toEqual([]);
  });

  it('migrates and seeds once when three instances boot at once on an empty database', async () => {
    const adminUrl = testPostgresUrl()!;
    const [shared, alone] = [await createTestDatabase(adminUrl, { empty: true }), await createTestDatabase(adminUrl, { empty: true })];
    const dataDirs = [0, 1, 2, 3].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-boot-')));
    const configOf = (dataDir: string, databaseUrl: string) =>
      loadConfig({}, { dataDir, databaseUrl, demoMode: true, robotsEnabled: true, passwordHashMemoryKib: 1024, logLevel: 'silent' });
    /** What a seed writes: a second seeding would double the users or the ledger's transactions (or fail on a key). */
    const seededCounts = async (db: TestServer['context']['db']) => {
      const row = await db
        .selectNoFrom([
          sql<bigint>`(select count(*) from users)`.as('users'),
          sql<bigint>`(select count(*) from ledger_transactions)`.as('transactions'),
          sql<bigint>`(select count(*) from settings)`.as('settings'),
        ])
        .executeTakeFirstOrThrow();
      return { users: row.users, transactions: row.transactions, settings: row.settings };
    };
    try {
      const reference = await boot(configOf(dataDirs[3]!, alone.url));
      const expected = await seededCounts(reference.context.db);
      await reference.database.close();
      const booted = await Promise.all(dataDirs.slice(0, 3).map((dataDir) => boot(configOf(dataDir, shared.url))));
      expect(await seededCounts(booted[0]!.context.db)).toEqual(expected);
      expect((await auditLedger(booted[0]!.context.db)).problems).toEqual([]);
      await Promise.all(booted.map(({ database }) => database.close()));
    } finally {
      for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
      await shared.drop();
      await alone.drop();
    }
  });
});
