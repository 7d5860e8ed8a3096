/**
 * Proves migration 0019 on a database that a start-call race left with duplicate open help-desk
 * chats: all but the newest open chat of each owner are closed, the rest is untouched, and the
 * unique indexes then refuse a second open chat of an owner.
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, openDatabase, type OpenedDatabase } from '../../../server/db/database';
import { isUniqueViolation } from '../../../server/db/unique';

let opened: OpenedDatabase;
beforeAll(() => {
  opened = openDatabase(':memory:');
});
afterAll(async () => {
  await opened.close();
});

function chat(id: number, owner: { userId: number } | { sessionId: string }, status: 'open' | 'closed') {
  return {
    id,
    session_key: `s${id}`,
    chat_key: `c${id}`,
    user_id: 'userId' in owner ? owner.userId : null,
    owner_session_id: 'sessionId' in owner ? owner.sessionId : null,
    service_code: null,
    language: 'en',
    status,
    created_at: id,
    updated_at: id * 10,
    closed_at: status === 'closed' ? id * 10 : null,
  };
}

describe('migration 0019 (one open help-desk chat per owner)', () => {
  it('closes all but the newest open chat of each owner, then refuses a second one', async () => {
    const migrator = new Migrator({ db: opened.db, provider: { getMigrations: async () => MIGRATIONS }, allowUnorderedMigrations: true });
    expect((await migrator.migrateTo('0018_outbox_attempts')).error).toBeUndefined();
    await opened.db
      .insertInto('helpdesk_chats')
      .values([
        chat(1, { userId: 7 }, 'open'),
        chat(2, { userId: 7 }, 'open'),
        chat(3, { sessionId: 'visitor-a' }, 'open'),
        chat(4, { sessionId: 'visitor-a' }, 'open'),
        chat(5, { userId: 8 }, 'open'),
        chat(6, { userId: 8 }, 'closed'),
        chat(7, { sessionId: 'visitor-b' }, 'open'),
      ])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const rows = await opened.db.selectFrom('helpdesk_chats').select(['id', 'status', 'closed_at']).orderBy('id').execute();
    expect(rows.map((row) => [Number(row.id), row.status, row.closed_at === null ? null : Number(row.closed_at)])).toEqual([
      [1, 'closed', 10],
      [2, 'open', null],
      [3, 'closed', 30],
      [4, 'open', null],
      [5, 'open', null],
      [6, 'closed', 60],
      [7, 'open', null],
    ]);

    const second = opened.db.insertInto('helpdesk_chats').values(chat(8, { userId: 7 }, 'open')).execute();
    await expect(second).rejects.toSatisfy(isUniqueViolation);
    const visitorSecond = opened.db.insertInto('helpdesk_chats').values(chat(9, { sessionId: 'visitor-b' }, 'open')).execute();
    await expect(visitorSecond).rejects.toSatisfy(isUniqueViolation);
    // A closed chat of the owner, and an open one of another owner, are still fine.
    await opened.db.insertInto('helpdesk_chats').values([chat(10, { userId: 7 }, 'closed'), chat(11, { userId: 9 }, 'open')]).execute();
  });
});
