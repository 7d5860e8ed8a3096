/** Proves that notifications come from outbox events exactly once, are read, counted and marked read only by their owner, and that lists are capped. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIST_PAGE_MAX } from '../../../src/shared/constants';
import { createNotifications } from '../../../server/modules/notification/service';
import { getSiteSettings, saveSiteSettings } from '../../../server/modules/site/settings';
import { writeOutbox } from '../../../server/outbox';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

async function post(user: TestUser, url: string, payload: Record<string, unknown> = {}) {
  const response = await callApi(server, 'POST', url, { as: user, payload });
  return { status: response.statusCode, body: response.json() };
}

/** A visitor: a session with a valid CSRF token but nobody signed in. */
async function createVisitor(): Promise<TestUser> {
  const visitor = await createTestUser(server);
  await server.context.db.updateTable('sessions').set({ user_id: null }).where('user_id', '=', BigInt(visitor.userId)).execute();
  return visitor;
}

async function emit(topic: string, payload: Record<string, unknown>) {
  await writeOutbox(server.context.db, topic, payload, server.context.now());
}

async function addNotifications(userId: number, count: number, message = 'Hello') {
  const inputs = Array.from({ length: count }, (_, index) => ({ userId, type: 0, message: `${message} ${index}` }));
  await server.context.db.transaction().execute((trx) => createNotifications(trx, inputs, server.context.now()));
}

describe('notifications from outbox events', () => {
  let user: TestUser;
  beforeEach(async () => {
    user = await createTestUser(server);
  });

  it('R-ENT-13 makes type 1 on sign-up, type 2 with the IP on sign-in and type 4 on a password reset', async () => {
    await emit('account.registered', { userId: user.userId });
    await emit('account.signedIn', { userId: user.userId, ip: '203.0.113.9' });
    await emit('account.passwordReset', { userId: user.userId });
    await server.app.outbox.drain();
    const { body } = await post(user, '/notification/list');
    expect(body.errcode).toBe(0);
    expect(body.data.map((item: { type: number; typeName: string }) => [item.type, item.typeName])).toEqual([
      [4, 'resetLoginPassword'],
      [2, 'login'],
      [1, 'registration'],
    ]);
    const [reset, login, registration] = body.data;
    expect(login.message).toContain('203.0.113.9');
    expect(registration.message.length).toBeGreaterThan(0);
    expect(reset.message.length).toBeGreaterThan(0);
    expect(login).toEqual({
      id: expect.any(Number),
      uid: user.userId,
      type: 2,
      typeName: 'login',
      message: expect.any(String),
      readFlag: false,
      createdAt: expect.any(Number),
    });
  });

  it('makes each notification once although the outbox delivers an event again', async () => {
    await emit('account.signedIn', { userId: user.userId, ip: '198.51.100.1' });
    await server.app.outbox.drain();
    await server.app.outbox.drain();
    // At-least-once delivery: the event is handed out again, as after a crash before it was marked.
    await server.context.db.updateTable('outbox').set({ dispatched_at: null }).where('topic', '=', 'account.signedIn').execute();
    await server.app.outbox.drain();
    const { body } = await post(user, '/notification/list');
    expect(body.data).toHaveLength(1);
  });

  it('skips a malformed event without holding up the events behind it', async () => {
    await emit('account.registered', { userId: 'not a number' });
    await emit('account.registered', { userId: user.userId });
    await server.app.outbox.drain();
    const pending = await server.context.db
      .selectFrom('outbox')
      .select('id')
      .where('topic', '=', 'account.registered')
      .where('dispatched_at', 'is', null)
      .execute();
    expect(pending).toHaveLength(0);
    expect((await post(user, '/notification/list')).body.data).toHaveLength(1);
  });

  it('R-ENT-13 names an unnamed type "other" and shows an operator message as written', async () => {
    await addNotifications(user.userId, 1, 'Maintenance tonight');
    const [item] = (await post(user, '/notification/list')).body.data;
    expect(item).toMatchObject({ type: 0, typeName: 'other', message: 'Maintenance tonight 0' });
  });
});

describe('POST /notification/status', () => {
  it('R-API-07 answers whether notifications are enabled and the unread count', async () => {
    const user = await createTestUser(server);
    await addNotifications(user.userId, 3);
    expect((await post(user, '/notification/status')).body.data).toEqual({ enabled: true, unread: 3 });
    const settings = await getSiteSettings(server.context.db);
    await saveSiteSettings(server.context.db, { ...settings, notificationEnabled: false });
    try {
      expect((await post(user, '/notification/status')).body.data.enabled).toBe(false);
    } finally {
      await saveSiteSettings(server.context.db, settings);
    }
  });

  it('refuses a request without a session with 401 and one without the CSRF token with 403', async () => {
    expect((await post(await createVisitor(), '/notification/status')).status).toBe(401);
    const user = await createTestUser(server);
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/notification/status', headers: { cookie: user.cookie }, payload: {} });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /notification/list', () => {
  it('R-API-07 lists the user own notifications newest first, never another user', async () => {
    const user = await createTestUser(server);
    const other = await createTestUser(server);
    await addNotifications(user.userId, 3, 'Mine');
    await addNotifications(other.userId, 2, 'Theirs');
    const items = (await post(user, '/notification/list')).body.data;
    expect(items.map((item: { message: string }) => item.message)).toEqual(['Mine 2', 'Mine 1', 'Mine 0']);
    expect(items.every((item: { uid: number }) => item.uid === user.userId)).toBe(true);
  });

  it('caps the spec max=2147483647 at LIST_PAGE_MAX and pages with max and offset', async () => {
    const user = await createTestUser(server);
    await addNotifications(user.userId, LIST_PAGE_MAX + 5);
    expect((await post(user, '/notification/list?max=2147483647')).body.data).toHaveLength(LIST_PAGE_MAX);
    expect((await post(user, '/notification/list')).body.data).toHaveLength(LIST_PAGE_MAX);
    const page = (await post(user, '/notification/list?max=2', { offset: 3 })).body.data;
    expect(page.map((item: { message: string }) => item.message)).toEqual([`Hello ${LIST_PAGE_MAX + 1}`, `Hello ${LIST_PAGE_MAX}`]);
    expect((await post(user, '/notification/list?max=0')).status).toBe(400);
  });

  it('filters unread notifications', async () => {
    const user = await createTestUser(server);
    await addNotifications(user.userId, 3);
    const [newest] = (await post(user, '/notification/list')).body.data;
    await post(user, `/notification/markasread?id=${newest.id}`);
    const unread = (await post(user, '/notification/list', { unread: true })).body.data;
    expect(unread.map((item: { id: number }) => item.id)).not.toContain(newest.id);
    expect(unread).toHaveLength(2);
  });
});

describe('POST /notification/markasread', () => {
  it('R-HEAD-10 marks one notification read and answers the unread count', async () => {
    const user = await createTestUser(server);
    await addNotifications(user.userId, 2);
    const [first] = (await post(user, '/notification/list')).body.data;
    const { body } = await post(user, `/notification/markasread?id=${first.id}`);
    expect(body).toEqual({ errcode: 0, data: { unread: 1 } });
    const after = (await post(user, '/notification/list')).body.data;
    expect(after.find((item: { id: number }) => item.id === first.id).readFlag).toBe(true);
    // Marking it again changes nothing and is not an error.
    expect((await post(user, '/notification/markasread', { id: first.id })).body.data).toEqual({ unread: 1 });
  });

  it('marks every unread notification of the user read when no id is given, and no one else', async () => {
    const user = await createTestUser(server);
    const other = await createTestUser(server);
    await addNotifications(user.userId, 4);
    await addNotifications(other.userId, 2);
    expect((await post(user, '/notification/markasread')).body.data).toEqual({ unread: 0 });
    expect((await post(other, '/notification/status')).body.data.unread).toBe(2);
  });

  it('refuses another user notification with notificationNotFound and leaves it unread', async () => {
    const owner = await createTestUser(server);
    const intruder = await createTestUser(server);
    await addNotifications(owner.userId, 1);
    const [item] = (await post(owner, '/notification/list')).body.data;
    const { body } = await post(intruder, `/notification/markasread?id=${item.id}`);
    expect(body.errcode).toBe(1203);
    expect((await post(owner, '/notification/list')).body.data[0].readFlag).toBe(false);
    expect((await post(owner, '/notification/status')).body.data.unread).toBe(1);
    expect((await post(owner, '/notification/markasread?id=99999999')).body.errcode).toBe(1203);
    expect((await post(owner, '/notification/markasread?id=abc')).status).toBe(400);
    expect((await post(await createVisitor(), `/notification/markasread?id=${item.id}`)).status).toBe(401);
  });
});
