/** Proves the housekeeping sweep: expired sessions, old outbox events and verification codes go, live ones stay. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../../server/maintenance';
import { createTestUser } from '../../helpers/auth';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
});
afterAll(async () => {
  await server.close();
});

describe('sweep', () => {
  it('deletes sessions past their idle lifetime and keeps live ones', async () => {
    const stale = await createTestUser(server);
    server.advance(server.context.config.sessionIdleMs + 60_000);
    const live = await createTestUser(server);
    const result = await sweep(server.context);
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    const remaining = await server.context.db.selectFrom('sessions').select('user_id').execute();
    const owners = remaining.map((row) => Number(row.user_id));
    expect(owners).toContain(live.userId);
    expect(owners).not.toContain(stale.userId);
  });

  it('deletes outbox events a day after they were dispatched and a month after they were set aside, never pending ones', async () => {
    const time = server.context.now();
    const day = 24 * 3_600_000;
    await server.context.db
      .insertInto('outbox')
      .values([
        { topic: 'test.old', payload_json: '{}', created_at: time - day - 1_000, dispatched_at: time - day - 1_000, attempts: 0 },
        { topic: 'test.pending', payload_json: '{}', created_at: time - day - 1_000, dispatched_at: null, attempts: 0 },
        { topic: 'test.recent', payload_json: '{}', created_at: time, dispatched_at: time, attempts: 0 },
        { topic: 'test.failedLongAgo', payload_json: '{}', created_at: time - 31 * day, dispatched_at: null, failed_at: time - 30 * day - 1_000, attempts: 8 },
        { topic: 'test.failedLately', payload_json: '{}', created_at: time - 2 * day, dispatched_at: null, failed_at: time - 2 * day, attempts: 8 },
      ])
      .execute();
    expect((await sweep(server.context)).outbox).toBe(2);
    const topics = (await server.context.db.selectFrom('outbox').select('topic').where('topic', 'like', 'test.%').execute()).map((row) => row.topic).sort();
    expect(topics).toEqual(['test.failedLately', 'test.pending', 'test.recent']);
  });

  it('deletes verification codes a day after they expired', async () => {
    const time = server.context.now();
    await server.context.db
      .insertInto('verification_codes')
      .values([
        { purpose: 'register', target: 'old@example.com', code_hash: 'x', attempts: 0, created_at: time, expires_at: time - 25 * 3_600_000, used_at: null },
        { purpose: 'register', target: 'new@example.com', code_hash: 'x', attempts: 0, created_at: time, expires_at: time + 600_000, used_at: null },
      ])
      .execute();
    expect((await sweep(server.context)).codes).toBe(1);
    const targets = (await server.context.db.selectFrom('verification_codes').select('target').execute()).map((row) => row.target);
    expect(targets).toEqual(['new@example.com']);
  });
});
