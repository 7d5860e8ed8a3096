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

  it('delivers an event committed while a drain is under way, without waiting for the timer', async () => {
    const seen: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.app.outbox.subscribe('test.late', async (event: OutboxEvent) => {
      if (event.payload.n === 1) await held;
      seen.push(Number(event.payload.n));
    });
    const now = server.context.now();
    await writeOutbox(server.context.db, 'test.late', { n: 1 }, now);
    // The first pass has read the table and is stuck in the handler of event 1 ...
    const first = server.app.outbox.drain();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // ... when event 2 commits and its writer asks for a drain.
    await writeOutbox(server.context.db, 'test.late', { n: 2 }, now);
    const second = server.app.outbox.drain();
    release();
    await Promise.all([first, second]);
    expect(seen).toEqual([1, 2]);
  });
});
