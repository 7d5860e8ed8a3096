/** Proves that the operator API answers only the admin token or an operator session, and that its audit, publishing, notifying and settings calls keep their rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRCODES } from '../../../src/shared/errcodes';
import { VIP_LEVEL_MAX } from '../../../src/shared/api/operator';
import { LANGUAGES } from '../../../src/shared/languages';
import { getSiteSettings, saveSiteSettings } from '../../../server/modules/site/settings';
import { createTestUser, creditUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { signIn, startSession } from '../../helpers/signin';
import { hashPassword } from '../../../server/modules/account/password';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

function adminHeaders() {
  return { authorization: `Bearer ${server.context.adminToken}` };
}

async function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) {
  const response = await callApi(server, method, url, { headers, payload });
  return { status: response.statusCode, body: response.json() };
}

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => call(method, url, adminHeaders(), payload);

async function readPost(id: number, language: string) {
  return (await call('GET', `/post?id=${id}`, { 'accept-language': language })).body;
}

describe('operator API access', () => {
  let user: TestUser;
  let operator: TestUser;
  beforeAll(async () => {
    user = await createTestUser(server);
    operator = await createTestUser(server, { role: 'operator' });
  });

  it('refuses a request without a session or token with 401', async () => {
    expect((await call('GET', '/operator/audit', {})).status).toBe(401);
    expect((await call('GET', '/operator/settings', {})).status).toBe(401);
  });

  it('refuses a wrong bearer token with 401', async () => {
    expect((await call('GET', '/operator/audit', { authorization: 'Bearer not-the-token' })).status).toBe(401);
  });

  it('refuses a normal user with operatorOnly', async () => {
    for (const [method, url] of [
      ['GET', '/operator/audit'],
      ['GET', '/operator/settings'],
    ] as const) {
      const { status, body } = await call(method, url, user.headers);
      expect(status).toBe(200);
      expect(body.errcode).toBe(1901);
    }
    const notify = await call('POST', '/operator/notify', user.headers, { all: true, message: 'Hi' });
    expect(notify.body.errcode).toBe(1901);
    const settings = await call('POST', '/operator/settings', user.headers, { name: 'Hijacked' });
    expect(settings.body.errcode).toBe(1901);
    expect((await getSiteSettings(server.context.db)).name).not.toBe('Hijacked');
  });

  it('accepts the admin bearer token without a session or CSRF token', async () => {
    expect((await asAdmin('GET', '/operator/audit')).body.errcode).toBe(0);
    expect((await asAdmin('POST', '/operator/notify', { userId: user.userId, message: 'Hi' })).body.errcode).toBe(0);
  });

  it('accepts an operator session, whose POSTs still need the CSRF token', async () => {
    expect((await call('GET', '/operator/settings', operator.headers)).body.errcode).toBe(0);
    expect((await call('POST', '/operator/notify', operator.headers, { userId: user.userId, message: 'Hi' })).body.errcode).toBe(0);
    const withoutCsrf = await call('POST', '/operator/notify', { cookie: operator.cookie }, { userId: user.userId, message: 'Hi' });
    expect(withoutCsrf.status).toBe(403);
  });
});

describe('GET /operator/audit', () => {
  it('answers the ledger audit, and its problems as data when it fails', async () => {
    const separate = await buildTestServer();
    try {
      const user = await createTestUser(separate);
      await creditUser(separate, user.userId, 'USDT', '125.5');
      const headers = { authorization: `Bearer ${separate.context.adminToken}` };
      const passed = (await separate.app.inject({ method: 'GET', url: '/api/v1/operator/audit', headers })).json();
      expect(passed.errcode).toBe(0);
      expect(passed.data.ok).toBe(true);
      expect(passed.data.problems).toEqual([]);
      expect(passed.data.checked.postings).toBeGreaterThanOrEqual(2);
      await separate.context.db
        .updateTable('ledger_accounts')
        .set({ balance_units: 1n })
        .where('user_id', '=', BigInt(user.userId))
        .execute();
      const failed = (await separate.app.inject({ method: 'GET', url: '/api/v1/operator/audit', headers })).json();
      expect(failed.errcode).toBe(0);
      expect(failed.data.ok).toBe(false);
      expect(failed.data.problems.join('\n')).toContain(`u:${user.userId}`);
    } finally {
      await separate.close();
    }
  });
});

describe('POST /operator/posts', () => {
  it('publishes a post that reads in each of its languages and falls back to English in the others', async () => {
    const { body } = await asAdmin('POST', '/operator/posts', {
      categoryId: 12,
      coverUrl: '/covers/release.png',
      pinned: true,
      translations: {
        en: { title: 'Release 2.0', summary: 'What is new.', body: 'Faster charts.\n\n- Dark theme' },
        de: { title: 'Version 2.0', summary: 'Was neu ist.', body: 'Schnellere Charts.' },
      },
    });
    expect(body.errcode).toBe(0);
    const id = body.data.id as number;
    expect((await readPost(id, 'en')).data).toMatchObject({ title: 'Release 2.0', lang: 'en', coverUrl: '/covers/release.png', categoryId: 12 });
    expect((await readPost(id, 'de')).data).toMatchObject({ title: 'Version 2.0', summary: 'Was neu ist.', lang: 'de' });
    expect((await readPost(id, 'ja')).data).toMatchObject({ title: 'Release 2.0', lang: 'en' });
    const listing = await server.app.inject({
      method: 'POST',
      url: '/api/v1/post/category?id=12',
      headers: (await createTestUser(server)).headers,
      payload: {},
    });
    expect(listing.json().data.posts[0]).toMatchObject({ id, pinned: true });
  });

  it('publishes a popup notice whose window runs popupDays from now', async () => {
    const { body } = await asAdmin('POST', '/operator/posts', {
      categoryId: 30,
      popupMode: 2,
      popupDays: 7,
      translations: { en: { title: 'Holiday hours', body: 'Support answers more slowly this week.' } },
    });
    expect(body.errcode).toBe(0);
    const notice = (await call('GET', `/notice?id=${body.data.id}`, {})).body.data;
    expect(notice).toMatchObject({ title: 'Holiday hours', popupMode: 2 });
    expect(notice.popupTo - notice.popupFrom).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('refuses an unknown category, a missing English text and over-long texts', async () => {
    const english = { en: { title: 'T', body: 'B' } };
    expect((await asAdmin('POST', '/operator/posts', { categoryId: 999_999, translations: english })).body.errcode).toBe(1202);
    const germanOnly = await asAdmin('POST', '/operator/posts', { categoryId: 12, translations: { de: { title: 'T', body: 'B' } } });
    expect(germanOnly.status).toBe(400);
    expect(Object.keys(germanOnly.body.fields)).toContain('translations.en');
    const longTitle = await asAdmin('POST', '/operator/posts', { categoryId: 12, translations: { en: { title: 'x'.repeat(201), body: 'B' } } });
    expect(longTitle.status).toBe(400);
    const emptyBody = await asAdmin('POST', '/operator/posts', { categoryId: 12, translations: { en: { title: 'T', body: '  ' } } });
    expect(emptyBody.status).toBe(400);
    const unknownLanguage = await asAdmin('POST', '/operator/posts', { categoryId: 12, translations: { ...english, xx: { title: 'T', body: 'B' } } });
    expect(unknownLanguage.status).toBe(400);
    const unknownField = await asAdmin('POST', '/operator/posts', { categoryId: 12, translations: english, html: '<b>' });
    expect(unknownField.status).toBe(400);
    const badCover = await asAdmin('POST', '/operator/posts', { categoryId: 12, translations: english, coverUrl: 'javascript:alert(1)' });
    expect(badCover.status).toBe(400);
  });

  it('refuses a used slug and popup fields that do not fit the category', async () => {
    const english = { en: { title: 'T', body: 'B' } };
    const taken = await asAdmin('POST', '/operator/posts', { categoryId: 40, slug: 'about', translations: english });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toHaveProperty('slug');
    const popupOnAnnouncement = await asAdmin('POST', '/operator/posts', { categoryId: 12, popupMode: 1, popupDays: 3, translations: english });
    expect(popupOnAnnouncement.body.fields).toHaveProperty('popupMode');
    const noticeWithoutMode = await asAdmin('POST', '/operator/posts', { categoryId: 30, popupDays: 3, translations: english });
    expect(noticeWithoutMode.body.fields).toHaveProperty('popupMode');
    const noticeWithoutEnd = await asAdmin('POST', '/operator/posts', { categoryId: 30, popupMode: 1, translations: english });
    expect(noticeWithoutEnd.body.fields).toHaveProperty('popupTo');
    const now = server.context.now();
    const backwards = await asAdmin('POST', '/operator/posts', { categoryId: 30, popupMode: 1, popupFrom: now, popupTo: now - 1, translations: english });
    expect(backwards.body.fields).toHaveProperty('popupTo');
    const badMode = await asAdmin('POST', '/operator/posts', { categoryId: 30, popupMode: 4, popupDays: 1, translations: english });
    expect(badMode.status).toBe(400);
  });
});

describe('POST /operator/notify', () => {
  it('R-ENT-13 sends one user a type-0 notification by id or by e-mail in any case', async () => {
    const user = await createTestUser(server, { email: 'notify.me@example.com' });
    expect((await asAdmin('POST', '/operator/notify', { userId: user.userId, message: 'Your KYC is approved.' })).body.data).toEqual({ created: 1 });
    expect((await asAdmin('POST', '/operator/notify', { email: 'Notify.Me@Example.com', message: 'Second.' })).body.data).toEqual({ created: 1 });
    const list = await server.app.inject({ method: 'POST', url: '/api/v1/notification/list', headers: user.headers, payload: {} });
    expect(list.json().data.map((item: { message: string; typeName: string; type: number }) => [item.type, item.typeName, item.message])).toEqual([
      [0, 'other', 'Second.'],
      [0, 'other', 'Your KYC is approved.'],
    ]);
  });

  it('sends every active user a notification with all', async () => {
    const separate = await buildTestServer();
    try {
      const users = [await createTestUser(separate), await createTestUser(separate), await createTestUser(separate)];
      await separate.context.db.updateTable('users').set({ disabled: 1 }).where('id', '=', BigInt(users[2]?.userId ?? 0)).execute();
      const active = await separate.context.db.selectFrom('users').select('id').where('disabled', '=', 0n).execute();
      const response = await separate.app.inject({
        method: 'POST',
        url: '/api/v1/operator/notify',
        headers: { authorization: `Bearer ${separate.context.adminToken}` },
        payload: { all: true, message: 'Scheduled maintenance at 02:00 UTC.' },
      });
      expect(response.json().data).toEqual({ created: active.length });
      const received = await separate.context.db.selectFrom('notifications').select('user_id').where('type', '=', 0n).execute();
      expect(received.map((row) => Number(row.user_id))).not.toContain(users[2]?.userId);
    } finally {
      await separate.close();
    }
  });

  it('refuses an unknown user, no target or two targets, and a message out of bounds', async () => {
    const user = await createTestUser(server);
    expect((await asAdmin('POST', '/operator/notify', { userId: 99_999_999, message: 'Hi' })).body.errcode).toBe(1010);
    expect((await asAdmin('POST', '/operator/notify', { email: 'nobody@example.com', message: 'Hi' })).body.errcode).toBe(1010);
    expect((await asAdmin('POST', '/operator/notify', { message: 'Hi' })).status).toBe(400);
    expect((await asAdmin('POST', '/operator/notify', { userId: user.userId, all: true, message: 'Hi' })).status).toBe(400);
    expect((await asAdmin('POST', '/operator/notify', { userId: user.userId, message: '' })).status).toBe(400);
    expect((await asAdmin('POST', '/operator/notify', { userId: user.userId, message: 'x'.repeat(1001) })).status).toBe(400);
    expect((await asAdmin('POST', '/operator/notify', { all: false, message: 'Hi' })).status).toBe(400);
    const unread = await server.app.inject({ method: 'POST', url: '/api/v1/notification/status', headers: user.headers, payload: {} });
    expect(unread.json().data.unread).toBe(0);
  });
});

describe('GET and POST /operator/settings', () => {
  it('R-ENT-10 answers the site settings', async () => {
    const { body } = await asAdmin('GET', '/operator/settings');
    expect(body.data).toMatchObject({ supportedLanguages: [...LANGUAGES], notificationEnabled: true, permission: 0 });
  });

  it('updates only the fields given, merging nested objects and removing kvConfigs keys set to null', async () => {
    const before = await getSiteSettings(server.context.db);
    try {
      await asAdmin('POST', '/operator/settings', { kvConfigs: { twitter: 'https://x.com/exchange', medium: 'https://medium.com/@exchange' } });
      const { body } = await asAdmin('POST', '/operator/settings', {
        name: 'Northwind Exchange',
        notificationEnabled: false,
        permission: 5,
        supportedLanguages: ['en', 'de'],
        helpDesk: { extLink: 'https://help.example.com' },
        kvConfigs: { medium: null },
      });
      expect(body.errcode).toBe(0);
      expect(body.data).toMatchObject({
        name: 'Northwind Exchange',
        notificationEnabled: false,
        permission: 5,
        supportedLanguages: ['en', 'de'],
        helpDesk: { ...before.helpDesk, extLink: 'https://help.example.com' },
        kvConfigs: { twitter: 'https://x.com/exchange' },
        stakingEnabled: before.stakingEnabled,
      });
      expect(await getSiteSettings(server.context.db)).toEqual(body.data);
    } finally {
      await saveSiteSettings(server.context.db, before);
    }
  });

  it('refuses invalid settings and changes nothing', async () => {
    const before = await getSiteSettings(server.context.db);
    const invalid: Record<string, unknown>[] = [
      { supportedLanguages: ['en', 'xx'] },
      { supportedLanguages: [] },
      { supportedLanguages: ['en', 'en'] },
      { permission: 1024 },
      { permission: -1 },
      { permission: 1.5 },
      { notificationEnabled: 'maybe' },
      { name: '' },
      { helpDesk: { extLink: 'javascript:alert(1)' } },
      { helpDesk: { unknown: true } },
      { anonymous: ['no-slash'] },
      { colour: 'blue' },
    ];
    for (const update of invalid) {
      const { status, body } = await asAdmin('POST', '/operator/settings', update);
      expect(status, JSON.stringify(update)).toBe(400);
      expect(body.errcode).toBe(400);
    }
    expect(await getSiteSettings(server.context.db)).toEqual(before);
  });
});

describe('the robots switch', () => {
  it('shows, pauses and resumes the market-maker robots through the operator API and the CLI', async () => {
    const robotServer = await buildTestServer({ demoMode: false, robotsEnabled: true });
    try {
      const bearer = { authorization: `Bearer ${robotServer.context.adminToken}` };
      const state = await robotServer.app.inject({ method: 'GET', url: '/api/v1/operator/robots', headers: bearer });
      expect(state.json()).toEqual({ errcode: 0, data: { configured: true, paused: false } });
      const paused = await robotServer.app.inject({ method: 'POST', url: '/api/v1/operator/robots', headers: bearer, payload: { paused: true } });
      expect(paused.json()).toEqual({ errcode: 0, data: { configured: true, paused: true } });
      const resumed = await robotServer.app.inject({ method: 'POST', url: '/api/v1/operator/robots', headers: bearer, payload: { paused: 'false' } });
      expect(resumed.json().data.paused).toBe(false);
      const user = await createTestUser(robotServer);
      const refused = await robotServer.app.inject({ method: 'POST', url: '/api/v1/operator/robots', headers: user.headers, payload: { paused: true } });
      expect(refused.json().errcode).toBe(ERRCODES.operatorOnly);
    } finally {
      await robotServer.close();
    }
  });
});

describe('operator accounts: GET /operator/users and POST /operator/users/update', () => {
  it('finds accounts by e-mail fragment or exact id, newest first, a page at a time, and treats % and _ as characters', async () => {
    const tag = `find-${Date.now()}`;
    const first = await createTestUser(server, { email: `${tag}-a@example.com` });
    const second = await createTestUser(server, { email: `${tag}-b@example.com` });
    const third = await createTestUser(server, { email: `${tag}-c@example.com` });
    const page = (await asAdmin('GET', `/operator/users?q=${tag}&limit=2`)).body;
    expect(page.errcode).toBe(0);
    expect(page.data.accounts.map((account: { id: number }) => account.id)).toEqual([third.userId, second.userId]);
    expect(page.data.nextBeforeId).toBe(second.userId);
    const rest = (await asAdmin('GET', `/operator/users?q=${tag}&limit=2&before=${page.data.nextBeforeId}`)).body.data;
    expect(rest.accounts.map((account: { id: number }) => account.id)).toEqual([first.userId]);
    expect(rest.nextBeforeId).toBeNull();
    expect(rest.accounts[0]).toMatchObject({ email: `${tag}-a@example.com`, role: 'user', vipLevel: 0, identityStatus: 0, testEnabled: false, disabled: false });

    const byId = (await asAdmin('GET', `/operator/users?q=${second.userId}`)).body.data.accounts;
    expect(byId.map((account: { id: number }) => account.id)).toContain(second.userId);
    // A wildcard an operator types matches itself only: no e-mail here has a '%' in it.
    expect((await asAdmin('GET', `/operator/users?q=${encodeURIComponent('%')}`)).body.data.accounts).toEqual([]);
    expect((await asAdmin('GET', `/operator/users?q=${encodeURIComponent(`${tag}_a`)}`)).body.data.accounts).toEqual([]);
  });

  it('refuses a user who is not an operator, and a page size out of bounds', async () => {
    const user = await createTestUser(server);
    expect((await call('GET', '/operator/users', user.headers)).body.errcode).toBe(ERRCODES.operatorOnly);
    const changed = await call('POST', `/operator/users/update?id=${user.userId}`, user.headers, { vipLevel: 9 });
    expect(changed.body.errcode).toBe(ERRCODES.operatorOnly);
    expect((await asAdmin('GET', `/operator/users?q=${user.email}`)).body.data.accounts[0].vipLevel).toBe(0);
    expect((await asAdmin('GET', '/operator/users?limit=0')).body.errcode).toBe(ERRCODES.invalidFields);
    expect((await asAdmin('GET', '/operator/users?limit=101')).body.errcode).toBe(ERRCODES.invalidFields);
  });

  it('R-ROLE-03 gives an account test access and a VIP level, which its next reads see', async () => {
    const user = await createTestUser(server);
    const changed = await asAdmin('POST', `/operator/users/update?id=${user.userId}`, { vipLevel: 3, testEnabled: true });
    expect(changed.body.errcode).toBe(0);
    expect(changed.body.data).toMatchObject({ id: user.userId, vipLevel: 3, testEnabled: true, disabled: false });
    const symbols = (await call('GET', '/quotation/symbols', user.headers)).body.data as { testOnly: boolean }[];
    expect(symbols.some((symbol) => symbol.testOnly)).toBe(true);
    // Only the fields given change.
    const again = await asAdmin('POST', `/operator/users/update?id=${user.userId}`, { testEnabled: 'false' });
    expect(again.body.data).toMatchObject({ vipLevel: 3, testEnabled: false });
  });

  it('disables an account: its sessions end at once and it cannot sign in until enabled again', async () => {
    const user = await createTestUser(server);
    expect((await call('POST', '/account/profile', user.headers)).body.errcode).toBe(0);
    const disabled = await call('POST', `/operator/users/update?id=${user.userId}`, (await createTestUser(server, { role: 'operator' })).headers, { disabled: true });
    expect(disabled.body.data.disabled).toBe(true);
    const profile = await call('POST', '/account/profile', user.headers);
    expect(profile.status).toBe(401);
    const credentials = { username: user.email, password: 'Operator-test-1' };
    const passwordHash = await hashPassword(credentials.password, server.context.config.passwordHashMemoryKib);
    await server.context.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', BigInt(user.userId)).execute();
    const session = await startSession(server);
    const refused = await callApi(server, 'POST', '/account/signin', { as: session, payload: credentials });
    expect(refused.json().errcode).toBe(ERRCODES.accountDisabled);
    await asAdmin('POST', `/operator/users/update?id=${user.userId}`, { disabled: false });
    expect((await asAdmin('GET', `/operator/users?q=${user.userId}`)).body.data.accounts[0].disabled).toBe(false);
    expect((await signIn(server, credentials)).profile.email).toBe(user.email);
  });

  it('refuses an unknown account and a VIP level out of bounds', async () => {
    const user = await createTestUser(server);
    expect((await asAdmin('POST', '/operator/users/update?id=987654321', { vipLevel: 1 })).body.errcode).toBe(ERRCODES.accountNotFound);
    expect((await asAdmin('POST', `/operator/users/update?id=${user.userId}`, { vipLevel: VIP_LEVEL_MAX + 1 })).body.errcode).toBe(ERRCODES.invalidFields);
    expect((await asAdmin('POST', `/operator/users/update?id=${user.userId}`, { role: 'operator' })).body.errcode).toBe(ERRCODES.invalidFields);
  });
});

describe('the scheduler through the operator API: GET /operator/jobs and POST /operator/jobs/retry', () => {
  it('counts the jobs, lists the given-up ones with their error, and retries one once', async () => {
    const now = server.context.now();
    await server.app.scheduler.schedule({ kind: 'test.operator', key: 'given-up', runAt: now });
    await server.context.db
      .updateTable('scheduled_jobs')
      .set({ status: 'failed', attempts: 10n, last_error: 'the outside world said no', completed_at: BigInt(now) })
      .where('kind', '=', 'test.operator')
      .execute();
    const jobs = (await asAdmin('GET', '/operator/jobs')).body;
    expect(jobs.errcode).toBe(0);
    expect(jobs.data.counts.failed).toBeGreaterThanOrEqual(1);
    const failed = jobs.data.failed.find((job: { kind: string }) => job.kind === 'test.operator');
    expect(failed).toMatchObject({ key: 'given-up', attempts: 10, lastError: 'the outside world said no', failedAt: now });

    const retried = await asAdmin('POST', `/operator/jobs/retry?id=${failed.id}`);
    expect(retried.body).toEqual({ errcode: 0, data: { retried: true } });
    const row = await server.context.db.selectFrom('scheduled_jobs').selectAll().where('id', '=', BigInt(failed.id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 0n });
    // A pending job is not retried again, nor is one that does not exist.
    expect((await asAdmin('POST', `/operator/jobs/retry?id=${failed.id}`)).body.errcode).toBe(ERRCODES.jobNotFailed);
    expect((await asAdmin('POST', '/operator/jobs/retry?id=987654321')).body.errcode).toBe(ERRCODES.jobNotFailed);
    await server.context.db.deleteFrom('scheduled_jobs').where('kind', '=', 'test.operator').execute();
  });

  it('counts the outbox, lists the events set aside with their error, and sends one again once', async () => {
    const delivered: number[] = [];
    server.app.outbox.subscribe('test.operator-outbox', async (event) => {
      delivered.push(event.id);
    });
    const now = server.context.now();
    const inserted = await server.context.db
      .insertInto('outbox')
      .values([
        { topic: 'test.operator-outbox', payload_json: '{}', created_at: now, dispatched_at: null, attempts: 8, failed_at: now, last_error: 'the mail server said no' },
        { topic: 'test.operator-outbox', payload_json: '{}', created_at: now, dispatched_at: null, attempts: 2, retry_at: now + 60_000, last_error: 'busy' },
      ])
      .returning('id')
      .execute();
    const [setAsideId, retryingId] = inserted.map((row) => Number(row.id));
    const outbox = (await asAdmin('GET', '/operator/outbox')).body;
    expect(outbox.errcode).toBe(0);
    expect(outbox.data.counts.failed).toBeGreaterThanOrEqual(1);
    expect(outbox.data.counts.retrying).toBeGreaterThanOrEqual(1);
    expect(outbox.data.counts.pending).toBeGreaterThanOrEqual(outbox.data.counts.retrying);
    expect(outbox.data.failed.find((event: { id: number }) => event.id === setAsideId)).toEqual({
      id: setAsideId,
      topic: 'test.operator-outbox',
      createdAt: now,
      attempts: 8,
      lastError: 'the mail server said no',
      failedAt: now,
    });
    expect(outbox.data.failed.map((event: { id: number }) => event.id)).not.toContain(retryingId);

    expect((await asAdmin('POST', `/operator/outbox/retry?id=${setAsideId}`)).body).toEqual({ errcode: 0, data: { retried: true } });
    await server.app.outbox.drain();
    expect(delivered).toEqual([setAsideId]);
    // Delivered now, so not set aside any more; one still waiting for its retry time is not either.
    expect((await asAdmin('POST', `/operator/outbox/retry?id=${setAsideId}`)).body.errcode).toBe(ERRCODES.outboxEventNotFailed);
    expect((await asAdmin('POST', `/operator/outbox/retry?id=${retryingId}`)).body.errcode).toBe(ERRCODES.outboxEventNotFailed);
    expect((await asAdmin('POST', '/operator/outbox/retry?id=987654321')).body.errcode).toBe(ERRCODES.outboxEventNotFailed);
    await server.context.db.deleteFrom('outbox').where('topic', '=', 'test.operator-outbox').execute();
  });

  it('refuses a user who is not an operator', async () => {
    const user = await createTestUser(server);
    expect((await call('GET', '/operator/jobs', user.headers)).body.errcode).toBe(ERRCODES.operatorOnly);
    expect((await call('POST', '/operator/jobs/retry?id=1', user.headers)).body.errcode).toBe(ERRCODES.operatorOnly);
    expect((await call('GET', '/operator/outbox', user.headers)).body.errcode).toBe(ERRCODES.operatorOnly);
    expect((await call('POST', '/operator/outbox/retry?id=1', user.headers)).body.errcode).toBe(ERRCODES.operatorOnly);
  });
});
