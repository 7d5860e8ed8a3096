/**
 * Proves the outbox's delivery: every event reaches its topic's handlers after its commit, at least
 * once; a handler that fails leaves its event pending for a later drain without holding up the
 * events behind it, waits longer after each failure, and is set aside after OUTBOX_MAX_ATTEMPTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_MAX_ATTEMPTS, OUTBOX_RETRY_MAX_MS, outboxRetryAt, writeOutbox, type OutboxEvent } from '../../../server/outbox';
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

    // Not tried again before its pause has passed.
    failing = false;
    await server.app.outbox.drain();
    expect(seen).toEqual([2, 3]);
    server.advance(outboxRetryAt(0, 1));
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

  it(`waits longer after each failure and sets an event aside after ${OUTBOX_MAX_ATTEMPTS} failures, with its error`, async () => {
    let calls = 0;
    server.app.outbox.subscribe('test.broken', async () => {
      calls += 1;
      throw new Error(`cannot deliver (${calls})`);
    });
    await writeOutbox(server.context.db, 'test.broken', {}, server.context.now());
    const row = () => server.context.db.selectFrom('outbox').selectAll().where('topic', '=', 'test.broken').executeTakeFirstOrThrow();

    const pauses: number[] = [];
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt += 1) {
      await server.app.outbox.drain();
      expect(calls).toBe(attempt);
      // A drain before the retry time does not run the handler again.
      await server.app.outbox.drain();
      expect(calls).toBe(attempt);
      const { retry_at: retryAt, failed_at: failedAt } = await row();
      if (attempt < OUTBOX_MAX_ATTEMPTS) {
        expect(failedAt).toBeNull();
        const pause = Number(retryAt) - server.context.now();
        pauses.push(pause);
        server.advance(pause);
      }
    }
    // From a second, doubling, at most OUTBOX_RETRY_MAX_MS (the clock runs on by the few ms each drain takes).
    pauses.forEach((pause, index) => {
      const expected = Math.min(OUTBOX_RETRY_MAX_MS, 1_000 * 2 ** index);
      expect(pause).toBeLessThanOrEqual(expected);
      expect(pause).toBeGreaterThan(expected - 500);
    });
    const setAside = await row();
    expect(setAside).toMatchObject({ dispatched_at: null, retry_at: null, last_error: `cannot deliver (${OUTBOX_MAX_ATTEMPTS})` });
    expect(Number(setAside.attempts)).toBe(OUTBOX_MAX_ATTEMPTS);
    expect(Number(setAside.failed_at)).toBeLessThanOrEqual(server.context.now());

    server.advance(OUTBOX_RETRY_MAX_MS * 10);
    await server.app.outbox.drain();
    expect(calls).toBe(OUTBOX_MAX_ATTEMPTS);
  });
});
