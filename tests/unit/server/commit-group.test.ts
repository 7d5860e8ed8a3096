/**
 * Proves group commit: pieces queued together share one transaction yet fail alone, nothing is
 * answered before the COMMIT, and a failed COMMIT fails every piece of its batch and keeps none
 * of their writes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, CommitGroup, committedFacts } from '../../../server/db/commit-group';
import { accountId } from '../../../server/ledger/ledger';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
});
afterAll(async () => {
  await server.close();
});

async function settingValue(key: string): Promise<string | undefined> {
  const row = await server.context.db.selectFrom('settings').select('value_json').where('key', '=', key).executeTakeFirst();
  return row?.value_json;
}

const putSetting = (key: string) => async (trx: Piece) => {
  await trx.insertInto('settings').values({ key, value_json: '"ok"' }).execute();
  return key;
};

type Piece = Parameters<Parameters<CommitGroup['run']>[0]>[0];

/** A deferred foreign-key violation: accepted by the statement, refused by COMMIT. */
async function breakCommitOnSqlite(trx: Piece): Promise<void> {
  await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
  await trx.insertInto('ledger_postings').values({ transaction_id: 999_999, account_id: 999_999, currency: 'USDT', amount_units: 1n }).execute();
}

/** PostgreSQL's foreign keys here are not deferrable: a deferred constraint trigger that always refuses does the same. */
async function breakCommitOnPostgres(trx: Piece): Promise<void> {
  await sql`create table if not exists commit_breaker (id bigint)`.execute(trx);
  await sql`create or replace function refuse_commit() returns trigger language plpgsql as $$ begin raise exception 'refused at commit'; end $$`.execute(trx);
  await sql`drop trigger if exists refuse_at_commit on commit_breaker`.execute(trx);
  await sql`create constraint trigger refuse_at_commit after insert on commit_breaker deferrable initially deferred for each row execute function refuse_commit()`.execute(trx);
  await sql`insert into commit_breaker (id) values (1)`.execute(trx);
}

describe('CommitGroup', () => {
  it('commits the pieces of one turn together and rolls a failing piece back alone', async () => {
    const group = new CommitGroup(server.context.db);
    const failing = group.run(async (trx) => {
      await trx.insertInto('settings').values({ key: 'group:b', value_json: '"written"' }).execute();
      throw new Error('refused');
    });
    const results = await Promise.allSettled([group.run(putSetting('group:a')), failing, group.run(putSetting('group:c'))]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await settingValue('group:a')).toBe('"ok"');
    expect(await settingValue('group:b')).toBeUndefined();
    expect(await settingValue('group:c')).toBe('"ok"');
  });

  it('fails every piece of a batch whose COMMIT fails, and keeps none of their writes', async () => {
    const group = new CommitGroup(server.context.db);
    const breaking = group.run((trx) => (server.database.dialect === 'sqlite' ? breakCommitOnSqlite(trx) : breakCommitOnPostgres(trx)));
    const innocent = group.run(putSetting('group:innocent'));
    const results = await Promise.allSettled([breaking, innocent]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await settingValue('group:innocent')).toBeUndefined();
    // The group goes on working after a failed batch.
    await expect(group.run(putSetting('group:after'))).resolves.toBe('group:after');
  });

  it('runs a piece\'s after-commit work only once its batch committed: never for a piece that failed alone or a batch whose COMMIT failed', async () => {
    const group = new CommitGroup(server.context.db);
    const ran: string[] = [];
    const noting = (name: string, fail: boolean) => async (trx: Piece) => {
      expect(afterCommit(trx, () => ran.push(name))).toBe(true);
      if (fail) throw new Error('refused');
      expect(ran).not.toContain(name);
    };
    await Promise.allSettled([group.run(noting('kept', false)), group.run(noting('refused', true))]);
    expect(ran).toEqual(['kept']);
    const breaking = group.run(async (trx) => {
      afterCommit(trx, () => ran.push('broken'));
      await (server.database.dialect === 'sqlite' ? breakCommitOnSqlite(trx) : breakCommitOnPostgres(trx));
    });
    await Promise.allSettled([breaking, group.run(noting('beside the broken one', false))]);
    expect(ran).toEqual(['kept']);
    // A callback that throws is reported; the pieces of its batch are answered all the same.
    const throwing = group.run(async (trx) => {
      afterCommit(trx, () => {
        throw new Error('callback failed');
      });
      return 'answered';
    });
    await expect(Promise.all([throwing, group.run(noting('after the thrower', false))])).resolves.toEqual(['answered', undefined]);
    expect(ran).toEqual(['kept', 'after the thrower']);
    ran.length = 1;
    // Outside a piece there is nothing to wait for: nothing is noted, nothing runs.
    await server.context.db.transaction().execute(async (trx) => {
      expect(afterCommit(trx, () => ran.push('plain'))).toBe(false);
      expect(committedFacts(trx)).toBeUndefined();
    });
    expect(ran).toEqual(['kept']);
  });

  it('remembers an account\'s id only once the piece that created it committed', async () => {
    const group = new CommitGroup(server.context.db);
    const ref = { owner: 's:house', wallet: 'system', currency: 'COMMITGROUPTEST' } as const;
    const rolledBack = group.run(async (trx) => {
      await accountId(trx, ref);
      throw new Error('refused');
    });
    await expect(rolledBack).rejects.toThrow('refused');
    const id = await group.run(async (trx) => {
      expect(committedFacts(trx)?.size ?? 0).toBe(0);
      return accountId(trx, ref);
    });
    const stored = await server.context.db.selectFrom('ledger_accounts').select('id').where('owner_key', '=', 's:house').where('currency', '=', 'COMMITGROUPTEST').executeTakeFirstOrThrow();
    expect(id).toBe(stored.id);
    // Now remembered: the next piece reads it without the database.
    await group.run(async (trx) => {
      expect(committedFacts(trx)?.get('account:s:house:system:COMMITGROUPTEST:available')).toBe(stored.id);
      expect(await accountId(trx, ref)).toBe(stored.id);
    });
  });

  it('answers only after its COMMIT: a resolved piece is visible to a fresh read', async () => {
    const group = new CommitGroup(server.context.db);
    const keys = Array.from({ length: 50 }, (_, index) => `group:many:${index}`);
    await Promise.all(keys.map((key) => group.run(putSetting(key))));
    const rows = await server.context.db.selectFrom('settings').select('key').where('key', 'like', 'group:many:%').execute();
    expect(rows).toHaveLength(50);
  });
});
