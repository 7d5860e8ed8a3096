/** Proves the ledger's invariants under random concurrent transfers and holds, that its audit catches a corrupted journal, and that 64-bit amounts stay exact or are refused. */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, auditLiveLedger } from '../../../server/ledger/audit';
import {
  consumeHold,
  placeHold,
  postTransaction,
  releaseHold,
  systemOwner,
  userOwner,
  type OwnerKey,
  type Posting,
  type UserWallet,
} from '../../../server/ledger/ledger';
import type { Database } from '../../../server/db/schema';
import { BusinessError } from '../../../server/core/errors';
import type { Balance } from '../../../src/shared/api/balance';
import { ERRCODES } from '../../../src/shared/errcodes';
import { formatUnits, UNITS_MAX, UNITS_MIN } from '../../../src/shared/money';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { propertyRuns } from '../../helpers/postgres';
import { buildTestServer, type TestServer } from '../../helpers/server';

/** A seed from the environment replays a failure; otherwise a fresh one, printed so a failure can be replayed. */
function propertySeed(name: string): number {
  const seed = process.env.LEDGER_SEED ? Number(process.env.LEDGER_SEED) : crypto.randomInt(2 ** 31);
  console.log(`${name}: fast-check seed ${seed} (replay with LEDGER_SEED=${seed})`);
  return seed;
}

function isRefusal(error: unknown, code: 'insufficientBalance' | 'amountTooLarge'): boolean {
  return error instanceof BusinessError && error.code === code;
}

async function expectAuditOk(server: TestServer): Promise<void> {
  const report = await auditLedger(server.context.db);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

async function userAccountUnits(server: TestServer) {
  const rows = await server.context.db
    .selectFrom('ledger_accounts')
    .select(['owner_key', 'wallet', 'currency', 'bucket', 'balance_units'])
    .where('may_go_negative', '=', 0n)
    .execute();
  return new Map(rows.map((row) => [`${row.owner_key}/${row.wallet}/${row.currency}/${row.bucket}`, row.balance_units]));
}

function accountKey(owner: OwnerKey, wallet: UserWallet, currency: string, bucket = 'available'): string {
  return `${owner}/${wallet}/${currency}/${bucket}`;
}

function totalsByCurrency(units: Map<string, bigint>): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const [key, value] of units) {
    const currency = key.split('/')[2] ?? '';
    totals.set(currency, (totals.get(currency) ?? 0n) + value);
  }
  return totals;
}

describe('ledger under random concurrent transfers', () => {
  const WALLETS: UserWallet[] = ['spot', 'futures', 'finance'];
  const CURRENCIES = ['USDT', 'BTC'] as const;
  const USER_COUNT = 4;
  /** Large enough against the starting balances that many transfers overdraw. */
  const AMOUNT_MAX_UNITS = 3_000n;
  let server: TestServer;
  let owners: OwnerKey[];

  beforeAll(async () => {
    server = await buildTestServer();
    const users: TestUser[] = [];
    for (let index = 0; index < USER_COUNT; index += 1) users.push(await createTestUser(server));
    owners = users.map((user) => userOwner(user.userId));
    for (const user of users) {
      for (const wallet of WALLETS) {
        await creditUser(server, user.userId, 'USDT', '0.001', wallet);
        await creditUser(server, user.userId, 'BTC', '0.00001', wallet);
      }
    }
  });
  afterAll(async () => {
    await server.close();
  });

  const account = () => fc.record({ user: fc.nat(USER_COUNT - 1), wallet: fc.constantFrom(...WALLETS) });
  /** One payer pays one to three payees in one transaction: multi-posting transactions are exercised too. */
  const payment = fc.record({
    payer: account(),
    payees: fc.array(fc.record({ to: account(), amountUnits: fc.bigInt(1n, AMOUNT_MAX_UNITS) }), { minLength: 1, maxLength: 3 }),
    currency: fc.constantFrom(...CURRENCIES),
  });
  type Payment = typeof payment extends fc.Arbitrary<infer T> ? T : never;

  function postingsOf(command: Payment): Posting[] {
    const payer = owners[command.payer.user] as OwnerKey;
    const total = command.payees.reduce((sum, payee) => sum + payee.amountUnits, 0n);
    return [
      { account: { owner: payer, wallet: command.payer.wallet, currency: command.currency }, amountUnits: -total },
      ...command.payees.map((payee) => ({
        account: { owner: owners[payee.to.user] as OwnerKey, wallet: payee.to.wallet, currency: command.currency },
        amountUnits: payee.amountUnits,
      })),
    ];
  }

  async function run(command: Payment): Promise<Posting[] | null> {
    const postings = postingsOf(command);
    try {
      await server.context.db.transaction().execute(async (trx) => {
        await postTransaction(trx, { kind: 'property-transfer', owner: postings[0]?.account.owner as OwnerKey, now: server.context.now(), postings });
      });
      return postings;
    } catch (error) {
      if (isRefusal(error, 'insufficientBalance')) return null;
      throw error;
    }
  }

  it('keeps the audit clean, user accounts non-negative and every currency conserved after each concurrent batch', async () => {
    const seed = propertySeed('concurrent transfers');
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(payment, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 5 }), async (batches) => {
        const expected = await userAccountUnits(server);
        const totalsBefore = totalsByCurrency(expected);
        for (const batch of batches) {
          const outcomes = await Promise.all(batch.map(run));
          for (const postings of outcomes) {
            if (postings) accepted += 1;
            else refused += 1;
            for (const posting of postings ?? []) {
              const key = accountKey(posting.account.owner, posting.account.wallet as UserWallet, posting.account.currency);
              expected.set(key, (expected.get(key) ?? 0n) + posting.amountUnits);
            }
          }
          await expectAuditOk(server);
          const actual = await userAccountUnits(server);
          for (const units of actual.values()) expect(units >= 0n).toBe(true);
          // The accepted transfers alone explain every balance: refused ones left no trace.
          expect(actual).toEqual(expected);
          expect(totalsByCurrency(actual)).toEqual(totalsBefore);
        }
      }),
      { seed, numRuns: propertyRuns(150) },
    );
    // Both paths were exercised: transfers that went through and overdrafts that were refused.
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

describe('ledger holds', () => {
  const USDT_SCALE = 6;
  /** Small against the hold amounts below, so that some holds are refused. */
  const STARTING_UNITS = 500n;
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await buildTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', formatUnits(STARTING_UNITS, USDT_SCALE));
  });
  afterAll(async () => {
    await server.close();
  });

  async function heldUnits(owner: OwnerKey): Promise<bigint> {
    const row = await server.context.db
      .selectFrom('ledger_accounts')
      .select('balance_units')
      .where('owner_key', '=', owner)
      .where('wallet', '=', 'spot')
      .where('currency', '=', 'USDT')
      .where('bucket', '=', 'held')
      .executeTakeFirst();
    return row?.balance_units ?? 0n;
  }

  async function openHoldUnits(owner: OwnerKey): Promise<bigint> {
    const row = await server.context.db
      .selectFrom('ledger_holds')
      .select(sql<bigint | null>`sum(amount_units)`.as('total'))
      .where('owner_key', '=', owner)
      .where('released_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.total ?? 0n;
  }

  /** Consumed holds pay bob, so each run first brings alice back to her starting funds. */
  async function topUp(owner: OwnerKey): Promise<void> {
    const row = await server.context.db
      .selectFrom('ledger_accounts')
      .select('balance_units')
      .where('owner_key', '=', owner)
      .where('wallet', '=', 'spot')
      .where('currency', '=', 'USDT')
      .where('bucket', '=', 'available')
      .executeTakeFirst();
    const missingUnits = STARTING_UNITS - (row?.balance_units ?? 0n);
    if (missingUnits > 0n) await creditUser(server, alice.userId, 'USDT', formatUnits(missingUnits, USDT_SCALE));
  }

  it('place, partial release, consume and final release keep held equal to the open hold', async () => {
    const owner = userOwner(alice.userId);
    const referenceId = crypto.randomUUID();
    const now = server.context.now();
    const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => server.context.db.transaction().execute(work);
    await inTransaction((trx) => placeHold(trx, { owner, wallet: 'spot', currency: 'USDT', amountUnits: 100n, referenceType: 'order', referenceId, now }));
    expect(await heldUnits(owner)).toBe(100n);
    await inTransaction((trx) => releaseHold(trx, { referenceType: 'order', referenceId, currency: 'USDT', amountUnits: 30n, now }));
    expect(await heldUnits(owner)).toBe(70n);
    await inTransaction((trx) =>
      consumeHold(trx, {
        referenceType: 'order',
        referenceId,
        currency: 'USDT',
        amountUnits: 50n,
        kind: 'fill',
        now,
        credits: [
          { account: { owner: userOwner(bob.userId), wallet: 'spot', currency: 'USDT' }, amountUnits: 48n },
          { account: { owner: systemOwner('fees'), wallet: 'system', currency: 'USDT' }, amountUnits: 2n },
        ],
      }),
    );
    expect(await heldUnits(owner)).toBe(20n);
    expect(await openHoldUnits(owner)).toBe(20n);
    const returned = await inTransaction((trx) => releaseHold(trx, { referenceType: 'order', referenceId, currency: 'USDT', now }));
    expect(returned).toBe(20n);
    expect(await heldUnits(owner)).toBe(0n);
    expect(await openHoldUnits(owner)).toBe(0n);
    await expectAuditOk(server);
  });

  it('refuses a hold larger than the available funds and writes nothing', async () => {
    const owner = userOwner(alice.userId);
    const before = await auditLedger(server.context.db);
    const attempt = server.context.db.transaction().execute((trx) =>
      placeHold(trx, { owner, wallet: 'spot', currency: 'USDT', amountUnits: 10n ** 12n, referenceType: 'order', referenceId: crypto.randomUUID(), now: server.context.now() }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'insufficientBalance' });
    const after = await auditLedger(server.context.db);
    expect(after.checked).toEqual(before.checked);
    expect(after.ok).toBe(true);
  });

  it('reports no problem on a live ledger while transfers commit during its reads', async () => {
    const owner = userOwner(alice.userId);
    const other = userOwner(bob.userId);
    let stop = false;
    let moved = 0;
    // One unit back and forth between alice and bob, as fast as the group commit takes them.
    const traffic = (async () => {
      while (!stop) {
        const [from, to] = moved % 2 === 0 ? [owner, other] : [other, owner];
        await server.context.commits.run((trx) =>
          postTransaction(trx, {
            kind: 'test-live-audit',
            owner: from,
            now: server.context.now(),
            postings: [{ account: { owner: from, wallet: 'spot', currency: 'USDT' }, amountUnits: -1n }, { account: { owner: to, wallet: 'spot', currency: 'USDT' }, amountUnits: 1n }],
          }),
        );
        moved += 1;
      }
    })();
    try {
      for (let round = 0; round < 10; round += 1) expect((await auditLiveLedger(server.context.db)).problems).toEqual([]);
    } finally {
      stop = true;
      await traffic;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('debits a platform account with a floor only down to that floor, not to zero', async () => {
    const rewards = { owner: systemOwner('rewards'), wallet: 'system' as const, currency: 'USDT' };
    const genesis = { owner: systemOwner('genesis'), wallet: 'system' as const, currency: 'USDT' };
    const move = (units: bigint) =>
      server.context.db.transaction().execute((trx) =>
        postTransaction(trx, { kind: 'test-floor', owner: rewards.owner, now: server.context.now(), postings: [{ account: rewards, amountUnits: units }, { account: genesis, amountUnits: -units }] }),
      );
    await move(1_000n);
    const row = () => server.context.db.selectFrom('ledger_accounts').select(['id', 'balance_units']).where('owner_key', '=', rewards.owner).where('wallet', '=', 'system').where('currency', '=', 'USDT').executeTakeFirstOrThrow();
    const { id, balance_units: balance } = await row();
    await server.context.db.updateTable('ledger_accounts').set({ min_balance_units: balance - 400n }).where('id', '=', id).execute();
    // 401 would take it below its floor; a user account's rule (down to zero) must not let it through.
    await expect(move(-401n)).rejects.toMatchObject({ code: 'platformLimitReached' });
    await move(-400n);
    expect((await row()).balance_units).toBe(balance - 400n);
    await server.context.db.updateTable('ledger_accounts').set({ min_balance_units: 0n }).where('id', '=', id).execute();
    await expectAuditOk(server);
  });

  it('keeps held == open holds through random place/release/consume sequences', async () => {
    const owner = userOwner(alice.userId);
    const operation = fc.oneof(
      fc.record({ type: fc.constant('place' as const), amountUnits: fc.bigInt(1n, 200n) }),
      fc.record({ type: fc.constant('release' as const), pick: fc.nat(), part: fc.option(fc.bigInt(1n, 200n), { nil: undefined }) }),
      fc.record({ type: fc.constant('consume' as const), pick: fc.nat(), amountUnits: fc.bigInt(1n, 200n) }),
    );
    const seed = propertySeed('holds');
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 15 }), async (operations) => {
        const open = new Map<string, bigint>();
        await topUp(owner);
        const heldBefore = await heldUnits(owner);
        for (const step of operations) {
          const now = server.context.now();
          const references = [...open.keys()];
          if (step.type === 'place') {
            const referenceId = crypto.randomUUID();
            try {
              await server.context.db.transaction().execute((trx) =>
                placeHold(trx, { owner, wallet: 'spot', currency: 'USDT', amountUnits: step.amountUnits, referenceType: 'property', referenceId, now }),
              );
              open.set(referenceId, step.amountUnits);
            } catch (error) {
              if (!isRefusal(error, 'insufficientBalance')) throw error;
            }
          } else if (references.length > 0) {
            const referenceId = references[step.pick % references.length] as string;
            const remaining = open.get(referenceId) ?? 0n;
            const amountUnits = step.type === 'release' ? (step.part === undefined ? remaining : 1n + (step.part % remaining)) : 1n + (step.amountUnits % remaining);
            await server.context.db.transaction().execute(async (trx) => {
              if (step.type === 'release') {
                await releaseHold(trx, { referenceType: 'property', referenceId, currency: 'USDT', amountUnits, now });
                return;
              }
              await consumeHold(trx, {
                referenceType: 'property',
                referenceId,
                currency: 'USDT',
                amountUnits,
                kind: 'property-consume',
                now,
                credits: [{ account: { owner: userOwner(bob.userId), wallet: 'spot', currency: 'USDT' }, amountUnits }],
              });
            });
            if (amountUnits === remaining) open.delete(referenceId);
            else open.set(referenceId, remaining - amountUnits);
          }
          const modelHeld = heldBefore + [...open.values()].reduce((sum, units) => sum + units, 0n);
          expect(await heldUnits(owner)).toBe(modelHeld);
          expect(await openHoldUnits(owner)).toBe(modelHeld);
          await expectAuditOk(server);
        }
        // Leave no hold open, so the next run starts from held == 0 plus nothing unexplained.
        for (const referenceId of open.keys()) {
          await server.context.db.transaction().execute((trx) => releaseHold(trx, { referenceType: 'property', referenceId, currency: 'USDT', now: server.context.now() }));
        }
      }),
      { seed, numRuns: propertyRuns(120) },
    );
  });
});

describe('ledger audit and guards', () => {
  let server: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    server = await buildTestServer();
    alice = await createTestUser(server);
    await creditUser(server, alice.userId, 'USDT', '100');
    await server.context.db.transaction().execute((trx) =>
      placeHold(trx, { owner: userOwner(alice.userId), wallet: 'spot', currency: 'USDT', amountUnits: 5n, referenceType: 'order', referenceId: 'audit-hold', now: server.context.now() }),
    );
  });
  afterAll(async () => {
    await server.close();
  });

  /** Runs a raw statement behind the ledger's back, the way a bug or a hand edit would. */
  async function corrupt(statement: RawBuilder<unknown>): Promise<void> {
    await statement.execute(server.context.db);
  }

  async function aliceAccountId(bucket: 'available' | 'held'): Promise<bigint> {
    const row = await server.context.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner_key', '=', userOwner(alice.userId))
      .where('wallet', '=', 'spot')
      .where('currency', '=', 'USDT')
      .where('bucket', '=', bucket)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function aliceAvailableUnits(): Promise<bigint> {
    const row = await server.context.db.selectFrom('ledger_accounts').select('balance_units').where('id', '=', await aliceAccountId('available')).executeTakeFirstOrThrow();
    return row.balance_units;
  }

  it('passes on an untouched journal', async () => {
    await expectAuditOk(server);
  });

  it('fails and names the transaction and the account when a posting amount is changed', async () => {
    const accountId = await aliceAccountId('available');
    const posting = await server.context.db
      .selectFrom('ledger_postings')
      .select(['id', 'transaction_id'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await corrupt(sql`update ledger_postings set amount_units = amount_units + 1 where id = ${posting.id}`);
    const report = await auditLedger(server.context.db);
    expect(report.ok).toBe(false);
    expect(report.problems).toContain('journal of USDT sums to 1');
    expect(report.problems).toContain(`transaction ${posting.transaction_id} of USDT sums to 1`);
    expect(report.problems.some((problem) => problem.startsWith(`account u:${alice.userId}/spot/USDT/available caches`))).toBe(true);
    await corrupt(sql`update ledger_postings set amount_units = amount_units - 1 where id = ${posting.id}`);
    await expectAuditOk(server);
  });

  it('fails and names the account when a cached balance is changed', async () => {
    const accountId = await aliceAccountId('available');
    const units = await aliceAvailableUnits();
    await corrupt(sql`update ledger_accounts set balance_units = balance_units + 7 where id = ${accountId}`);
    const report = await auditLedger(server.context.db);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([`account u:${alice.userId}/spot/USDT/available caches ${units + 7n} but its postings sum to ${units}`]);
    await corrupt(sql`update ledger_accounts set balance_units = ${units} where id = ${accountId}`);
    await expectAuditOk(server);
  });

  it('fails and names a negative user account', async () => {
    const accountId = await aliceAccountId('available');
    const units = await aliceAvailableUnits();
    await corrupt(sql`update ledger_accounts set balance_units = -3 where id = ${accountId}`);
    const report = await auditLedger(server.context.db);
    expect(report.ok).toBe(false);
    expect(report.problems).toContain(`user account u:${alice.userId}/spot/USDT/available is negative: -3`);
    await corrupt(sql`update ledger_accounts set balance_units = ${units} where id = ${accountId}`);
    await expectAuditOk(server);
  });

  it('fails and names the held bucket when a reservation no longer matches it', async () => {
    await corrupt(sql`update ledger_holds set amount_units = 4 where reference_id = 'audit-hold'`);
    const report = await auditLedger(server.context.db);
    expect(report.problems).toEqual([`held u:${alice.userId}/spot/USDT is 5 but open holds sum to 4`]);
    await corrupt(sql`update ledger_holds set amount_units = 5 where reference_id = 'audit-hold'`);
    await expectAuditOk(server);
  });

  it('throws on an unbalanced transaction before writing anything', async () => {
    const before = await auditLedger(server.context.db);
    await server.context.db.transaction().execute(async (trx) => {
      const attempt = postTransaction(trx, {
        kind: 'broken',
        owner: userOwner(alice.userId),
        now: server.context.now(),
        postings: [
          { account: { owner: systemOwner('genesis'), wallet: 'system', currency: 'USDT' }, amountUnits: -5n },
          { account: { owner: userOwner(alice.userId), wallet: 'spot', currency: 'USDT' }, amountUnits: 4n },
        ],
      });
      await expect(attempt).rejects.toThrow('unbalanced ledger transaction: USDT sums to -1');
      // Inside the same database transaction: nothing was written even before any rollback.
      const counts = await trx
        .selectNoFrom([sql<bigint>`(select count(*) from ledger_transactions)`.as('transactions'), sql<bigint>`(select count(*) from ledger_postings)`.as('postings')])
        .executeTakeFirstOrThrow();
      expect(Number(counts.transactions)).toBe(before.checked.transactions);
      expect(Number(counts.postings)).toBe(before.checked.postings);
    });
    await expectAuditOk(server);
  });
});

describe('64-bit amounts', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const BTC_SCALE = 8;
  const largest = formatUnits(UNITS_MAX, BTC_SCALE);

  beforeAll(async () => {
    // No demo balances: the genesis account must start at zero for these limits to be exact.
    server = await buildTestServer({ demoMode: false });
    const genesis = await server.context.db.selectFrom('ledger_accounts').select('id').where('owner_key', '=', systemOwner('genesis')).where('currency', '=', 'BTC').executeTakeFirst();
    expect(genesis).toBeUndefined();
    const scale = await server.context.db.selectFrom('currencies').select('scale').where('code', '=', 'BTC').executeTakeFirstOrThrow();
    expect(Number(scale.scale)).toBe(BTC_SCALE);
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(async () => {
    await server.close();
  });

  /** The balance as stored, with the column's storage type: a 64-bit integer on both dialects, never a float or a numeric. */
  async function rawAccount(owner: OwnerKey, wallet: string) {
    const storedType = server.database.dialect === 'sqlite' ? sql`typeof(balance_units)` : sql`pg_typeof(balance_units)::text`;
    const { rows } = await sql<{ units: bigint; type: string }>`
      select balance_units as units, ${storedType} as type from ledger_accounts
      where owner_key = ${owner} and wallet = ${wallet} and currency = 'BTC' and bucket = 'available'
    `.execute(server.context.db);
    const row = rows[0]!;
    return { units: row.units, type: row.type === 'bigint' ? 'integer' : row.type };
  }

  it('R-ENT-06 round-trips UNITS_MAX units through the database and the wire exactly', async () => {
    expect(largest).toBe('92233720368.54775807');
    await creditUser(server, alice.userId, 'BTC', largest);
    expect(await rawAccount(userOwner(alice.userId), 'spot')).toEqual({ units: UNITS_MAX, type: 'integer' });
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/balance/list', headers: alice.headers, payload: {} });
    const btc = (response.json().data as Balance[]).find((balance) => balance.currency === 'BTC');
    expect(btc?.balance).toBe(largest);
    expect(response.body).toContain(`"balance":"${largest}"`);

    const moved = await server.app.inject({
      method: 'POST',
      url: '/api/v1/balance/transfer',
      headers: { ...alice.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { from: 'spot', to: 'futures', currency: 'BTC', amount: largest },
    });
    expect(moved.json()).toMatchObject({ errcode: 0, data: { amount: largest, balances: { to: { balance: largest } } } });
    expect(await rawAccount(userOwner(alice.userId), 'futures')).toEqual({ units: UNITS_MAX, type: 'integer' });
    await expectAuditOk(server);
  });

  it('refuses a credit that would overflow with amountTooLarge, never wrapping or turning it into a float', async () => {
    await expect(creditUser(server, alice.userId, 'BTC', '0.00000001', 'futures')).rejects.toMatchObject({ code: 'amountTooLarge' });
    expect(await rawAccount(userOwner(alice.userId), 'futures')).toEqual({ units: UNITS_MAX, type: 'integer' });
    // The genesis account may go negative, but not past the 64-bit minimum either.
    await creditUser(server, bob.userId, 'BTC', '0.00000001');
    expect(await rawAccount(systemOwner('genesis'), 'system')).toEqual({ units: UNITS_MIN, type: 'integer' });
    await expect(creditUser(server, bob.userId, 'BTC', '0.00000001')).rejects.toMatchObject({ code: 'amountTooLarge' });
    expect(await rawAccount(userOwner(bob.userId), 'spot')).toEqual({ units: 1n, type: 'integer' });
    await expectAuditOk(server);
  });

  it('refuses over HTTP an amount past 64 bits with amountTooLarge', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/balance/transfer',
      headers: { ...alice.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { from: 'futures', to: 'spot', currency: 'BTC', amount: '92233720368.54775808' },
    });
    expect(response.json()).toMatchObject({ errcode: ERRCODES.amountTooLarge });
  });
});
