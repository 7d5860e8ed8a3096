/** Proves the account calls through the real HTTP layer: sign-up, sign-in and reset with their codes, captcha, CSRF and session rules, rate limits, argon2id and the demo accounts. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLedger } from '../../../server/ledger/audit';
import { userOwner } from '../../../server/ledger/ledger';
import { DEMO_USERS } from '../../../server/seed/users';
import { hashToken } from '../../../server/core/tokens';
import { SESSION_COOKIE } from '../../../server/http/session';
import { signIn as signInService } from '../../../server/modules/account/service';
import { AccountTurns } from '../../../server/modules/account/throttle';
import { ERRCODES } from '../../../src/shared/errcodes';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';
import { sessionCookieOf, sessionHeaders, signIn, startSession, type SessionHeaders } from '../../helpers/signin';

// The captcha is drawn as paths; the test learns each answer by wrapping the image maker.
const captcha = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../../../server/modules/account/captcha', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../server/modules/account/captcha')>();
  return {
    ...original,
    createCaptchaImage: () => {
      const image = original.createCaptchaImage();
      captcha.texts.push(image.text);
      return image;
    },
  };
});

const PASSWORD = 'Secret123';
const NEW_PASSWORD = 'Another456';

interface Answer<T = unknown> {
  statusCode: number;
  body: { errcode: number; errmsg?: string; data?: T; fields?: Record<string, string> };
  cookie: string | undefined;
}

let server: TestServer;
let sequence = 0;

beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

function uniqueEmail(): string {
  sequence += 1;
  return `person${sequence}@example.com`;
}

/** A valid +86 mobile number, different on each call. */
function uniqueChinaPhone(): string {
  sequence += 1;
  return `139${String(sequence).padStart(8, '0')}`;
}

async function post<T = unknown>(url: string, session: SessionHeaders | undefined, payload: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const response = await callApi(server, 'POST', url, { as: session, payload, headers });
  return { statusCode: response.statusCode, body: response.json(), cookie: sessionCookieOf(response) };
}

type ContactBody = { email: string } | { countryCode: string; phone: string };

function addressOf(contact: ContactBody): string {
  return 'email' in contact ? contact.email : `${contact.countryCode}${contact.phone}`;
}

async function sendCode(session: SessionHeaders, purpose: 'register' | 'resetpassword', contact: ContactBody): Promise<string> {
  const answer = await post(`/vcode/${purpose}`, session, contact);
  expect(answer.body).toMatchObject({ errcode: 0, data: { resendAfterSeconds: 60 } });
  const code = server.sender.lastCodeFor(addressOf(contact));
  if (!code) throw new Error(`no code sent to ${addressOf(contact)}`);
  return code;
}

function createBody(contact: ContactBody, vcode: string, extra: Record<string, string> = {}) {
  return { type: 'email' in contact ? 'email' : 'phone', ...contact, password: PASSWORD, vcode, ...extra };
}

/** Registers through the calls and answers the signed-in session create hands back. */
async function register(contact: ContactBody = { email: uniqueEmail() }, extra: Record<string, string> = {}) {
  const session = await startSession(server);
  const code = await sendCode(session, 'register', contact);
  const answer = await post<{ csrfToken: string; profile: Record<string, unknown> }>('/account/create', session, createBody(contact, code, extra));
  expect(answer.body.errcode).toBe(0);
  if (!answer.cookie || !answer.body.data) throw new Error('create did not sign in');
  return { contact, session: sessionHeaders(answer.cookie, answer.body.data.csrfToken), profile: answer.body.data.profile };
}

async function profileOf(session: SessionHeaders): Promise<Answer<Record<string, unknown>>> {
  return post('/account/profile', session, {});
}

/** Proves a session is over: its row is gone and the cookie gets 401, the answer that makes the client sign in again. */
async function expectSessionGone(session: SessionHeaders): Promise<void> {
  const token = session.cookie.slice(`${SESSION_COOKIE}=`.length);
  const row = await server.context.db.selectFrom('sessions').select('id').where('id', '=', hashToken(token)).executeTakeFirst();
  expect(row).toBeUndefined();
  expect((await profileOf(session)).statusCode).toBe(401);
}

async function userRow(email: string) {
  return server.context.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

describe('sign-up, profile, sign-out and sign-in', () => {
  it('R-API-02 R-ENT-04 runs the whole e-mail path: csrftoken, vcode, create, profile, signout, signin, profile', async () => {
    const email = uniqueEmail();
    const session = await startSession(server);
    const code = await sendCode(session, 'register', { email });
    expect(code).toMatch(/^\d{6}$/);
    const message = server.sender.messages.at(-1);
    expect(message).toMatchObject({ channel: 'email', to: email, purpose: 'register' });
    expect(message?.text).toContain(code);

    const created = await post<{ csrfToken: string; profile: Record<string, unknown> }>('/account/create', session, createBody({ email }, code));
    expect(created.statusCode).toBe(200);
    expect(created.body.errcode).toBe(0);
    expect(created.cookie).toBeDefined();
    const signedUp = sessionHeaders(created.cookie ?? '', created.body.data?.csrfToken ?? '');

    const profile = await profileOf(signedUp);
    expect(profile.body.data).toEqual({
      email,
      referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      testEnabled: false,
      realName: '',
      vipLevel: 0,
      verifiedLevel: 0,
      requiredIDLevel: 1,
      avatarUrl: '',
      helpDeskLink: '',
    });
    expect(profile.body.data).not.toHaveProperty('phone');
    expect(created.body.data?.profile).toEqual(profile.body.data);

    expect((await post('/account/signout', signedUp, {})).body).toEqual({ errcode: 0, data: {} });
    await expectSessionGone(signedUp);

    const signedIn = await signIn(server, { username: email.toUpperCase(), password: PASSWORD });
    expect(signedIn.profile.email).toBe(email);
    expect((await profileOf(signedIn)).body.data).toEqual(profile.body.data);
  });

  it('R-API-02 R-ENT-04 R-VAL-05 runs the whole phone path with +86 and a valid mobile number', async () => {
    const contact = { countryCode: '+86', phone: '13800138000' };
    const session = await startSession(server);
    const code = await sendCode(session, 'register', contact);
    expect(server.sender.messages.at(-1)).toMatchObject({ channel: 'sms', to: '+8613800138000' });
    const created = await post<{ csrfToken: string }>('/account/create', session, createBody(contact, code));
    expect(created.body.errcode).toBe(0);
    const signedUp = sessionHeaders(created.cookie ?? '', created.body.data?.csrfToken ?? '');
    const profile = await profileOf(signedUp);
    expect(profile.body.data).toMatchObject({ phone: '13800138000', countryCode: '+86' });
    expect(profile.body.data).not.toHaveProperty('email');

    await post('/account/signout', signedUp, {});
    await expectSessionGone(signedUp);
    const signedIn = await signIn(server, { username: '13800138000', countryCode: '86', password: PASSWORD });
    expect((await profileOf(signedIn)).body.data).toEqual(profile.body.data);
  });

  it('R-VAL-05 accepts 6 to 16 characters for other country codes', async () => {
    const { profile } = await register({ countryCode: '+44', phone: '7700900123' });
    expect(profile).toMatchObject({ countryCode: '+44', phone: '7700900123' });
    const session = await startSession(server);
    expect((await post('/vcode/register', session, { countryCode: '+44', phone: '123456' })).body.errcode).toBe(0);
    expect((await post('/vcode/register', session, { countryCode: '+49', phone: '1234567890123456' })).body.errcode).toBe(0);
    expect((await post('/vcode/register', session, { countryCode: '+44', phone: '12345' })).body.errcode).toBe(1003);
    expect((await post('/vcode/register', session, { countryCode: '+44', phone: '12345678901234567' })).body.errcode).toBe(1003);
  });

  it('takes form-encoded bodies like the app sends them', async () => {
    const email = uniqueEmail();
    const session = await startSession(server);
    const code = await sendCode(session, 'register', { email });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const created = await post('/account/create', session, new URLSearchParams({ type: 'email', email, phone: '', password: PASSWORD, vcode: code, referralCode: '' }).toString(), form);
    expect(created.body.errcode).toBe(0);
    const fresh = await startSession(server);
    const signedIn = await post('/account/signin', fresh, new URLSearchParams({ username: email, password: PASSWORD }).toString(), form);
    expect(signedIn.body.errcode).toBe(0);
  });

  it('links a referral code and refuses an unknown one', async () => {
    const referrer = await register();
    const referralCode = String(referrer.profile.referralCode);
    const email = uniqueEmail();
    const session = await startSession(server);
    const code = await sendCode(session, 'register', { email });
    expect((await post('/account/create', session, createBody({ email }, code, { referralCode: 'NOSUCH99' }))).body.errcode).toBe(1012);
    expect((await post('/account/create', session, createBody({ email }, code, { referralCode: referralCode.toLowerCase() }))).body.errcode).toBe(0);
    const referrerRow = await userRow((referrer.contact as { email: string }).email);
    expect((await userRow(email)).referred_by).toBe(referrerRow.id);
  });

  it('refuses a second account with the same e-mail', async () => {
    const { contact } = await register();
    server.advance(61_000);
    const session = await startSession(server);
    const code = await sendCode(session, 'register', contact);
    expect((await post('/account/create', session, createBody(contact, code))).body.errcode).toBe(1002);
  });

  it('writes the registered and signed-in events to the outbox', async () => {
    const { contact } = await register();
    const email = (contact as { email: string }).email;
    await signIn(server, { username: email, password: PASSWORD });
    const userId = Number((await userRow(email)).id);
    const events = await server.context.db.selectFrom('outbox').select(['topic', 'payload_json']).execute();
    const mine = events.filter((event) => (JSON.parse(event.payload_json) as { userId?: number }).userId === userId).map((event) => event.topic);
    expect(mine).toEqual(expect.arrayContaining(['account.registered', 'account.signedIn']));
  });
});

describe('input refusals', () => {
  it('R-VAL-05 refuses an invalid +86 number with HTTP 200 and invalidPhone', async () => {
    const session = await startSession(server);
    const answer = await post('/vcode/register', session, { countryCode: '+86', phone: '23800138000' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatchObject({ errcode: 1003, errmsg: 'Invalid phone number.' });
    expect((await post('/vcode/register', session, { countryCode: '+86', phone: '1380013800' })).body.errcode).toBe(1003);
    expect((await post('/vcode/register', session, { countryCode: 'abc', phone: '13800138000' })).body.errcode).toBe(1003);
    const create = await post('/account/create', session, createBody({ countryCode: '+86', phone: '23800138000' }, '123456'));
    expect(create.body.errcode).toBe(1003);
  });

  it('R-VAL-06 refuses an invalid e-mail with HTTP 200 and invalidEmail', async () => {
    const session = await startSession(server);
    for (const email of ['no-at-sign', 'two words@example.com', 'a@b@c', 'name@exa+mple.com']) {
      const answer = await post('/vcode/register', session, { email });
      expect(answer.statusCode).toBe(200);
      expect(answer.body.errcode).toBe(1004);
    }
  });

  it('refuses a weak password with weakPassword before spending the code', async () => {
    const email = uniqueEmail();
    const session = await startSession(server);
    const code = await sendCode(session, 'register', { email });
    expect((await post('/account/create', session, { ...createBody({ email }, code), password: 'onlyletters' })).body.errcode).toBe(1005);
    expect((await post('/account/create', session, { ...createBody({ email }, code), password: 'Ab1' })).body.errcode).toBe(1005);
    expect((await post('/account/create', session, createBody({ email }, code))).body.errcode).toBe(0);
  });

  it('answers 400 with fields when neither an e-mail nor a phone is given', async () => {
    const session = await startSession(server);
    const answer = await post('/vcode/register', session, { email: '', phone: '' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({ errcode: 400, fields: { email: expect.any(String) } });
    expect((await post('/account/create', session, { type: 'phone', email: 'x@example.com', password: PASSWORD, vcode: '1' })).body.fields).toHaveProperty('phone');
  });
});

describe('verification codes', () => {
  it('refuses a wrong code, then every code after five wrong attempts', async () => {
    const email = uniqueEmail();
    const session = await startSession(server);
    const code = await sendCode(session, 'register', { email });
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/account/create', session, createBody({ email }, wrong))).body.errcode).toBe(1006);
    }
    expect((await post('/account/create', session, createBody({ email }, code))).body.errcode).toBe(1007);
  });

  it('refuses a code nobody asked for', async () => {
    const session = await startSession(server);
    expect((await post('/account/create', session, createBody({ email: uniqueEmail() }, '123456'))).body.errcode).toBe(1006);
  });

  it('refuses an expired code after ten minutes', async () => {
    const email = uniqueEmail();
    const session = await startSession(server);
    const code = await sendCode(session, 'register', { email });
    server.advance(10 * 60_000 + 1_000);
    const fresh = await startSession(server);
    expect((await post('/account/create', fresh, createBody({ email }, code))).body.errcode).toBe(1007);
  });

  it('refuses a used code', async () => {
    const email = uniqueEmail();
    const session = await startSession(server);
    const code = await sendCode(session, 'register', { email });
    expect((await post('/account/create', session, createBody({ email }, code))).body.errcode).toBe(0);
    const other = await startSession(server);
    expect((await post('/account/create', other, createBody({ email }, code))).body.errcode).toBe(1007);
  });

  it('refuses a second code within 60 s with the seconds to wait, and sends one after', async () => {
    const email = uniqueEmail();
    const session = await startSession(server);
    const first = await sendCode(session, 'register', { email });
    const tooSoon = await post('/vcode/register', session, { email });
    expect(tooSoon.body.errcode).toBe(1008);
    expect(tooSoon.body.errmsg).toMatch(/wait (59|60) seconds/);
    server.advance(60_000);
    const second = await sendCode(session, 'register', { email });
    // The newest code supersedes the first one.
    if (first !== second) expect((await post('/account/create', session, createBody({ email }, first))).body.errcode).toBe(1006);
    expect((await post('/account/create', session, createBody({ email }, second))).body.errcode).toBe(0);
  });

  it('keeps codes in the database only as hashes', async () => {
    const email = uniqueEmail();
    const code = await sendCode(await startSession(server), 'register', { email });
    const rows = await server.context.db.selectFrom('verification_codes').select('code_hash').where('target', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);
  });
});

describe('sign-in refusals and the captcha', () => {
  it('R-API-02 answers a wrong password with HTTP 200 and errcode 1001, never 401, and the same for an unknown account', async () => {
    const { contact } = await register();
    const email = (contact as { email: string }).email;
    const session = await startSession(server);
    const wrong = await post('/account/signin', session, { username: email, password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toEqual({ errcode: 1001, errmsg: 'Wrong account or password.' });
    const unknown = await post('/account/signin', await startSession(server), { username: 'nobody@example.com', password: 'Wrong1234' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toEqual(wrong.body);
    const phoneWithoutCountry = await post('/account/signin', await startSession(server), { username: '13800138000', password: PASSWORD });
    expect(phoneWithoutCountry.body.errcode).toBe(1001);
  });

  it('refuses a disabled account once the password is right', async () => {
    const { contact } = await register();
    const email = (contact as { email: string }).email;
    await server.context.db.updateTable('users').set({ disabled: 1 }).where('email', '=', email).execute();
    expect((await post('/account/signin', await startSession(server), { username: email, password: 'Wrong1234' })).body.errcode).toBe(1001);
    expect((await post('/account/signin', await startSession(server), { username: email, password: PASSWORD })).body.errcode).toBe(1011);
  });

  it('asks for the image captcha after three failures and takes only a right, fresh, unused one', async () => {
    const { contact } = await register();
    const email = (contact as { email: string }).email;
    const session = await startSession(server);
    for (let failure = 0; failure < 3; failure += 1) {
      expect((await post('/account/signin', session, { username: email, password: 'Wrong1234' })).body.errcode).toBe(1001);
    }
    // Even the right password needs the captcha now; 8 is the silent "show the captcha" code.
    expect((await post('/account/signin', session, { username: email, password: PASSWORD })).body.errcode).toBe(8);

    const image = await server.app.inject({ method: 'GET', url: '/api/v1/vcode/image', headers: { cookie: session.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.body.startsWith('<svg')).toBe(true);
    const answer = captcha.texts.at(-1) ?? '';
    expect((await post('/account/signin', session, { username: email, password: PASSWORD, captcha: 'WRONG' })).body.errcode).toBe(1009);
    // The wrong guess used the image up: its right answer no longer counts.
    expect((await post('/account/signin', session, { username: email, password: PASSWORD, captcha: answer })).body.errcode).toBe(1009);

    await server.app.inject({ method: 'GET', url: '/api/v1/vcode/image', headers: { cookie: session.cookie } });
    const reused = captcha.texts.at(-1) ?? '';
    expect((await post('/account/signin', session, { username: email, password: 'Wrong1234', captcha: reused })).body.errcode).toBe(1001);
    expect((await post('/account/signin', session, { username: email, password: PASSWORD, captcha: reused })).body.errcode).toBe(1009);

    await server.app.inject({ method: 'GET', url: '/api/v1/vcode/image', headers: { cookie: session.cookie } });
    const stale = captcha.texts.at(-1) ?? '';
    server.advance(5 * 60_000 + 1_000);
    expect((await post('/account/signin', session, { username: email, password: PASSWORD, captcha: stale })).body.errcode).toBe(1009);

    const posted = await post<{ image: string }>('/vcode/image', session, {});
    expect(posted.body.data?.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const fresh = (captcha.texts.at(-1) ?? '').toLowerCase();
    expect((await post('/account/signin', session, { username: email, password: PASSWORD, captcha: fresh })).body.errcode).toBe(0);
  });

  it('opens a pre-session for a captcha without one and keeps the CSRF token of an existing one', async () => {
    const image = await server.app.inject({ method: 'GET', url: '/api/v1/vcode/image' });
    const cookie = sessionCookieOf(image);
    expect(cookie).toBeDefined();
    const token = await server.app.inject({ method: 'POST', url: '/api/v1/csrftoken', headers: { cookie: cookie ?? '' }, payload: {} });
    const before = token.json<{ data: { token: string } }>().data.token;
    const again = await server.app.inject({ method: 'GET', url: '/api/v1/vcode/image', headers: { cookie: cookie ?? '' } });
    expect(sessionCookieOf(again)).toBeUndefined();
    const after = await server.app.inject({ method: 'POST', url: '/api/v1/csrftoken', headers: { cookie: cookie ?? '' }, payload: {} });
    expect(after.json<{ data: { token: string } }>().data.token).toBe(before);
  });
});

describe('sign-in throttling beyond the session (issue 12)', () => {
  let addressCount = 0;
  /** A remote address of its own for each test: the address's count is part of what is proven. */
  function newAddress(): string {
    addressCount += 1;
    return `198.51.100.${addressCount}`;
  }

  async function signinFrom(address: string, session: SessionHeaders, payload: Record<string, string>): Promise<Answer> {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/account/signin', headers: session.headers, payload, remoteAddress: address });
    return { statusCode: response.statusCode, body: response.json(), cookie: sessionCookieOf(response) };
  }

  /** Ten wrong passwords, each from a new session: the errcodes in order. */
  async function tenFreshSessions(address: string, username: string): Promise<number[]> {
    const codes: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) codes.push((await signinFrom(address, await startSession(server), { username, password: 'Wrong1234' })).body.errcode);
    return codes;
  }

  it('a new session for every try still meets the captcha after three failures on the account, for a real account and a made-up one alike', async () => {
    const { contact } = await register();
    const real = await tenFreshSessions(newAddress(), (contact as { email: string }).email);
    const madeUp = await tenFreshSessions(newAddress(), uniqueEmail());
    expect(real).toEqual([1001, 1001, 1001, 8, 8, 8, 8, 8, 8, 8]);
    // The same answers for an account that does not exist: nothing tells them apart.
    expect(madeUp).toEqual(real);
    console.info(`10 wrong passwords from 10 new sessions: ${real.filter((code) => code === 1001).length} checked, ${real.filter((code) => code === 8).length} asked for the captcha`);
  });

  it('one address trying many accounts meets the captcha after ten failures', async () => {
    // Through the service: over HTTP the per-client rate limit (ten sign-ins a minute) answers
    // first within a minute; the address's captcha is for the guesser who goes slower than that.
    const unscaled = await buildTestServer({ rateLimitScale: 1 });
    try {
      const deps = { context: unscaled.context, sessions: unscaled.app.sessions, outbox: unscaled.app.outbox, turns: new AccountTurns(null) };
      const codes: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const session = await startSession(unscaled);
        const sessionId = hashToken(session.cookie.slice(`${SESSION_COOKIE}=`.length));
        const signing = signInService(deps, { username: uniqueEmail(), password: 'Wrong1234' }, { sessionId, ip: '203.0.113.7' });
        codes.push(await signing.then(() => 0, (error: { errcode?: number }) => error.errcode ?? -1));
      }
      expect(codes).toEqual([...Array<number>(10).fill(1001), 8, 8]);
    } finally {
      await unscaled.close();
    }
  });

  it('twenty concurrent guesses on one account: three get checked, the rest are asked for the captcha', async () => {
    const { contact } = await register();
    const email = (contact as { email: string }).email;
    const sessions = await Promise.all(Array.from({ length: 20 }, () => startSession(server)));
    const address = newAddress();
    const answers = await Promise.all(sessions.map((session) => signinFrom(address, session, { username: email, password: 'Wrong1234' })));
    const codes = answers.map((answer) => answer.body.errcode);
    expect(codes.filter((code) => code === 1001)).toHaveLength(3);
    expect(codes.filter((code) => code === 8)).toHaveLength(17);
  });

  it('past ten failures each failure pauses the account for a delay that doubles; a pause answers signinPaused and is not counted; the right password still works after it', async () => {
    const { contact } = await register();
    const email = (contact as { email: string }).email;
    const address = newAddress();
    /** One attempt from a fresh session, with the captcha answered. */
    const attempt = async (password: string) => {
      const session = await startSession(server);
      await server.app.inject({ method: 'GET', url: '/api/v1/vcode/image', headers: { cookie: session.cookie } });
      return signinFrom(address, session, { username: email, password, captcha: captcha.texts.at(-1) ?? '' });
    };
    for (let failure = 0; failure < 10; failure += 1) expect((await attempt('Wrong1234')).body.errcode).toBe(1001);
    const paused = await attempt('Wrong1234');
    expect(paused.statusCode).toBe(429);
    expect(paused.body).toMatchObject({ errcode: 1013, errmsg: 'Too many failed sign-ins. Wait 1 s, then try again.' });
    // Even the right password waits: the pause says nothing about the password.
    expect((await attempt(PASSWORD)).body.errcode).toBe(1013);
    server.advance(1_000);
    expect((await attempt('Wrong1234')).body.errcode).toBe(1001);
    expect((await attempt('Wrong1234')).body).toMatchObject({ errcode: 1013, errmsg: expect.stringContaining('Wait 2 s') });
    server.advance(2_000);
    expect((await attempt('Wrong1234')).body.errcode).toBe(1001);
    expect((await attempt('Wrong1234')).body).toMatchObject({ errcode: 1013, errmsg: expect.stringContaining('Wait 4 s') });
    server.advance(4_000);
    expect((await attempt(PASSWORD)).body.errcode).toBe(0);
  });
});

describe('sessions and CSRF', () => {
  it('refuses a POST without or with a wrong x-xsrf-token with 403 and errcode 7', async () => {
    const session = await startSession(server);
    const missing = await server.app.inject({ method: 'POST', url: '/api/v1/account/signin', headers: { cookie: session.cookie }, payload: { username: 'a@b.c', password: PASSWORD } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ errcode: 7 });
    const wrong = await post('/account/signin', session, { username: 'a@b.c', password: PASSWORD }, { 'x-xsrf-token': 'not-the-token' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body.errcode).toBe(7);
    const noSession = await server.app.inject({ method: 'POST', url: '/api/v1/account/signin', payload: { username: 'a@b.c', password: PASSWORD } });
    expect(noSession.statusCode).toBe(403);
    expect(noSession.json()).toMatchObject({ errcode: 7 });
  });

  it('signs out a session that is already gone, but not a live one without its token', async () => {
    const gone = await server.app.inject({ method: 'POST', url: '/api/v1/account/signout', headers: { cookie: `${SESSION_COOKIE}=expired` }, payload: {} });
    expect(gone.json()).toEqual({ errcode: 0, data: {} });
    const { session } = await register();
    const forged = await server.app.inject({ method: 'POST', url: '/api/v1/account/signout', headers: { cookie: session.cookie }, payload: {} });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ errcode: 7 });
    expect((await profileOf(session)).statusCode).toBe(200);
  });

  it('refuses a cross-site POST even with the right token', async () => {
    const { session } = await register();
    const crossSite = await profileOf({ ...session, headers: { ...session.headers, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.body.errcode).toBe(5);
    const foreignOrigin = await profileOf({ ...session, headers: { ...session.headers, origin: 'https://evil.example' } });
    expect(foreignOrigin.statusCode).toBe(403);
    const sameOrigin = await profileOf({ ...session, headers: { ...session.headers, origin: 'http://localhost:8080', host: 'localhost:8080', 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('answers 401 on /account/profile once the session has been idle too long', async () => {
    const { session } = await register();
    expect((await profileOf(session)).statusCode).toBe(200);
    server.advance(server.context.config.sessionIdleMs + 1_000);
    const expired = await profileOf(session);
    expect(expired.statusCode).toBe(401);
    expect(expired.body.errcode).toBe(401);
  });

  it('rotates the session id at sign-in: the pre-session cookie stops working', async () => {
    const { contact } = await register();
    const email = (contact as { email: string }).email;
    const preSession = await startSession(server);
    const signedIn = await signIn(server, { username: email, password: PASSWORD }, preSession);
    expect(signedIn.cookie).not.toBe(preSession.cookie);
    expect(signedIn.csrfToken).not.toBe(preSession.csrfToken);
    await expectSessionGone(preSession);
    expect((await profileOf({ ...signedIn, headers: { ...signedIn.headers, cookie: preSession.cookie } })).statusCode).toBe(401);
    expect((await profileOf(signedIn)).statusCode).toBe(200);
  });

  it('makes the cookie useless after sign-out', async () => {
    const { session } = await register();
    expect((await post('/account/signout', session, {})).body.errcode).toBe(0);
    const after = await server.app.inject({ method: 'GET', url: '/api/v1/vcode/image', headers: { cookie: session.cookie } });
    // The old cookie names no session any more, so the server had to open a new one.
    expect(sessionCookieOf(after)).toBeDefined();
    await expectSessionGone(session);
  });

  it('always answers the profile of the session, whoever else is named', async () => {
    const first = await register();
    const second = await register();
    const secondId = Number((await userRow((second.contact as { email: string }).email)).id);
    const response = await server.app.inject({ method: 'POST', url: `/api/v1/account/profile?uid=${secondId}&id=${secondId}`, headers: first.session.headers, payload: {} });
    expect(response.json()).toMatchObject({ errcode: 0, data: { email: (first.contact as { email: string }).email } });
    expect((await post('/account/profile', first.session, { userId: secondId })).statusCode).toBe(400);
  });

  it('answers 401 on /account/profile for a pre-session', async () => {
    expect((await profileOf(await startSession(server))).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('sets the new password, ends every session of the account and records the event', async () => {
    const { contact } = await register();
    const email = (contact as { email: string }).email;
    const first = await signIn(server, { username: email, password: PASSWORD });
    const second = await signIn(server, { username: email, password: PASSWORD });
    const resetter = await startSession(server);
    const code = await sendCode(resetter, 'resetpassword', { email });
    expect(server.sender.messages.at(-1)?.purpose).toBe('resetpassword');
    expect((await post('/account/resetpassword', resetter, { email, vcode: code, password: 'weak' })).body.errcode).toBe(1005);
    expect((await post('/account/resetpassword', resetter, { email, vcode: code, password: NEW_PASSWORD })).body).toEqual({ errcode: 0, data: {} });

    await expectSessionGone(first);
    await expectSessionGone(second);
    expect((await post('/account/signin', await startSession(server), { username: email, password: PASSWORD })).body.errcode).toBe(1001);
    await signIn(server, { username: email, password: NEW_PASSWORD });
    expect((await post('/account/resetpassword', resetter, { email, vcode: code, password: PASSWORD })).body.errcode).toBe(1007);

    const row = await userRow(email);
    expect(Number(row.password_changed_at)).toBeGreaterThan(Number(row.created_at) - 1);
    const events = await server.context.db.selectFrom('outbox').select('payload_json').where('topic', '=', 'account.passwordReset').execute();
    expect(events.map((event) => JSON.parse(event.payload_json))).toContainEqual({ userId: Number(row.id) });
  });

  it('sends one code when requests for one address arrive at once; the others are told to wait', async () => {
    const contact = { email: uniqueEmail() };
    const sessions = await Promise.all(Array.from({ length: 6 }, () => startSession(server)));
    const sentBefore = server.sender.messages.length;
    const answers = await Promise.all(sessions.map((session) => post('/vcode/register', session, contact)));
    const codes = answers.map((answer) => (answer.body as { errcode: number }).errcode);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ERRCODES.verificationCodeTooSoon)).toHaveLength(5);
    expect(server.sender.messages.length - sentBefore).toBe(1);
  });

  it('answers an unknown account like a known one and sends nothing', async () => {
    const email = uniqueEmail();
    const session = await startSession(server);
    const sentBefore = server.sender.messages.length;
    expect((await post('/vcode/resetpassword', session, { email })).body).toEqual({ errcode: 0, data: { resendAfterSeconds: 60 } });
    expect(server.sender.messages.length).toBe(sentBefore);
    expect((await post('/vcode/resetpassword', session, { email })).body.errcode).toBe(1008);
    expect((await post('/account/resetpassword', session, { email, vcode: '123456', password: NEW_PASSWORD })).body.errcode).toBe(1006);
  });

  it('resets a phone account', async () => {
    const contact = { countryCode: '+86', phone: uniqueChinaPhone() };
    await register(contact);
    const session = await startSession(server);
    const code = await sendCode(session, 'resetpassword', contact);
    expect((await post('/account/resetpassword', session, { ...contact, vcode: code, password: NEW_PASSWORD })).body.errcode).toBe(0);
    await signIn(server, { username: contact.phone, countryCode: contact.countryCode, password: NEW_PASSWORD });
  });
});

describe('password storage', () => {
  it('stores passwords as argon2id hashes with the configured memory cost', async () => {
    const { contact } = await register();
    const row = await userRow((contact as { email: string }).email);
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row.password_hash).toContain(`m=${server.context.config.passwordHashMemoryKib},t=2,p=1`);
    expect(row.password_hash).not.toContain(PASSWORD);
  });
});

describe('demo accounts', () => {
  it('seeds the demo users, who can sign in, with their roles and flags', async () => {
    expect(DEMO_USERS.map((user) => user.email)).toEqual(
      expect.arrayContaining(['trader1@demo.exchange', 'trader2@demo.exchange', 'merchant@demo.exchange', 'tester@demo.exchange', 'operator@demo.exchange']),
    );
    for (const user of DEMO_USERS) {
      const signedIn = await signIn(server, { username: user.email, password: user.password });
      expect(signedIn.profile.email).toBe(user.email);
    }
    const byPhone = await signIn(server, { username: '5550100002', countryCode: '+1', password: 'Demo1234!' });
    expect(byPhone.profile).toMatchObject({ email: 'trader2@demo.exchange', phone: '5550100002', countryCode: '+1' });
    const merchant = await userRow('merchant@demo.exchange');
    expect(merchant).toMatchObject({ merchant_status: 4n, vip_level: 11n, real_name: 'Demo Merchant' });
    expect((await userRow('operator@demo.exchange')).role).toBe('operator');
    expect((await signIn(server, { username: 'tester@demo.exchange', password: 'Demo1234!' })).profile.testEnabled).toBe(true);
  });

  it('credits demo balances through the ledger, and the ledger audit passes', async () => {
    const trader = await userRow('trader1@demo.exchange');
    const accounts = await server.context.db
      .selectFrom('ledger_accounts')
      .select(['id', 'wallet', 'currency', 'balance_units'])
      .where('owner_key', '=', userOwner(Number(trader.id)))
      .execute();
    const balance = (wallet: string, currency: string) => accounts.find((account) => account.wallet === wallet && account.currency === currency);
    expect(balance('spot', 'USDT')?.balance_units).toBe(10_000n * 10n ** 6n);
    expect(balance('spot', 'BTC')?.balance_units).toBe(5n * 10n ** 7n);
    expect(balance('futures', 'USDT')?.balance_units).toBe(1_000n * 10n ** 6n);
    const postings = await server.context.db
      .selectFrom('ledger_postings')
      .select('amount_units')
      .where('account_id', '=', balance('spot', 'USDT')?.id ?? 0n)
      .execute();
    expect(postings.map((posting) => posting.amount_units)).toEqual([10_000n * 10n ** 6n]);
    const report = await auditLedger(server.context.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});

describe('rate limits', () => {
  it('answers 429 with errcode 9 once a client sends codes too fast', async () => {
    const limited = await buildTestServer({ rateLimitScale: 1 });
    try {
      const response = await limited.app.inject({ method: 'POST', url: '/api/v1/csrftoken', payload: {} });
      const session = sessionHeaders(sessionCookieOf(response) ?? '', response.json<{ data: { token: string } }>().data.token);
      const send = (index: number) =>
        limited.app.inject({ method: 'POST', url: '/api/v1/vcode/register', headers: session.headers, payload: { email: `limit${index}@example.com` } });
      for (let index = 0; index < 5; index += 1) expect((await send(index)).json()).toMatchObject({ errcode: 0 });
      const refused = await send(5);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ errcode: 9 });
    } finally {
      await limited.close();
    }
  });
});
