/**
 * Proves the prepared queries of server/db/prepared.ts (issue 20): compiled once, they answer what
 * the same query built by Kysely answers, with each call's own values (never the first call's), in
 * the caller's transaction; and a build that would bake a value into its shape is refused when it
 * compiles instead of answering wrongly. On SQLite, and on PostgreSQL under `npm run test:pg`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../../../server/db/prepared';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
});
afterAll(async () => {
  await server.close();
});

const putSetting = prepared<{ key: string; value: string }>()((db, p) => db.insertInto('settings').values({ key: p.key, value_json: p.value }));
const settingOf = prepared<{ key: string }>()((db, p) => db.selectFrom('settings').select(['key', 'value_json']).where('key', '=', p.key));
const changeSetting = prepared<{ key: string; value: string }>()((db, p) => db.updateTable('settings').set({ value_json: p.value }).where('key', '=', p.key));

describe('prepared queries', () => {
  it('answer each call with its own values, as the built query does, and count the rows they change', async () => {
    const { db } = server.context;
    await putSetting.execute(db, { key: 'prepared.a', value: '"first"' });
    await putSetting.execute(db, { key: 'prepared.b', value: '"second"' });
    expect(await settingOf.first(db, { key: 'prepared.a' })).toEqual({ key: 'prepared.a', value_json: '"first"' });
    expect(await settingOf.first(db, { key: 'prepared.b' })).toEqual(await db.selectFrom('settings').select(['key', 'value_json']).where('key', '=', 'prepared.b').executeTakeFirst());
    expect(await settingOf.first(db, { key: 'prepared.none' })).toBeUndefined();
    expect(await changeSetting.affected(db, { key: 'prepared.a', value: '"changed"' })).toBe(1n);
    expect(await changeSetting.affected(db, { key: 'prepared.none', value: '"changed"' })).toBe(0n);
    expect((await settingOf.firstOrThrow(db, { key: 'prepared.a' })).value_json).toBe('"changed"');
    await expect(settingOf.firstOrThrow(db, { key: 'prepared.none' })).rejects.toThrow(/answered none/);
  });

  it('run in the transaction they are given: a rollback takes their writes with it', async () => {
    const { db } = server.context;
    await expect(
      db.transaction().execute(async (trx) => {
        await putSetting.execute(trx, { key: 'prepared.rolled-back', value: '1' });
        expect(await settingOf.first(trx, { key: 'prepared.rolled-back' })).toBeDefined();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await settingOf.first(db, { key: 'prepared.rolled-back' })).toBeUndefined();
  });

  it('refuse a build that uses a value in JavaScript instead of passing it into the query', async () => {
    const { db } = server.context;
    // The value is turned into text here, so the first call's key would be the shape's for ever.
    const baked = prepared<{ key: string }>()((database, p) => database.selectFrom('settings').selectAll().where('key', '=', `${String(p.key)}`));
    await expect(baked.first(db, { key: 'prepared.a' })).rejects.toThrow(/never reached the SQL/);
    // A value read but left out of the query.
    const unused = prepared<{ key: string; other: string }>()((database, p) => {
      void p.other;
      return database.selectFrom('settings').selectAll().where('key', '=', p.key);
    });
    await expect(unused.first(db, { key: 'prepared.a', other: 'x' })).rejects.toThrow(/other was read by the build but never reached the SQL/);
  });
});
