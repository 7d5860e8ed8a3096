/**
 * Proves the outbox's delivery: every event reaches its topic's handlers after its commit, at least
 * once; a handler that fails leaves its event pending for the next drain without holding up the
 * events behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOutbox, type OutboxEvent } from '../../../server/outbox';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
});
afterAll(async () => {
  await server.close();
});

describe('the outbox', () => {
  it('goes on past an event whose handler fails, and delivers that one at a later drain', async () => {
    const seen: number[] = [];
    let failing = true;
    server.app.outbox.subscribe('test.poison', async (event: OutboxEvent) => {
      if (event.payload.poison === true && failing) throw new Error('handler bug');
      seen.push(Number(event.payload.n));
    });
    const now = server.context.now();
    await writeOutbox(server.context.db, 'test.poison', { n: 1, poison: true }, now);
    await writeOutbox(server.context.db, 'test.poison', { n: 2 }, now);
    await writeOutbox(server.context.db, 'test.poison', { n: 3 }, now);

    await server.app.outbox.drain();
    expect(seen).toEqual([2, 3]);
    const pending = await server.context.db.selectFrom('outbox').select('payload_json').where('topic', '=', 'test.poison').where('dispatched_at', 'is', null).execute();
    expect(pending.map((row) => JSON.parse(row.payload_json).n)).toEqual([1]);

    failing = false;
    await server.app.outbox.drain();
    expect(seen).toEqual([2, 3, 1]);
    await server.app.outbox.drain();
    expect(seen).toEqual([2, 3, 1]);
  });
});
