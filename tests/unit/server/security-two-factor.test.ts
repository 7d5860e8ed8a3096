/** Proves Google Authenticator end to end on the server: RFC 6238 codes, the ±1 step window, replay refused, binding and unbinding, and errcode 101 at sign-in with a wrong code counted by the sign-in throttle. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRCODES } from '../../../src/shared/errcodes';
import { matchTotpStep, totpCodeAt } from '../../../server/modules/security/totp';
import { openSecret, sealSecret } from '../../../server/modules/security/secretBox';
import { THROTTLE_RULES } from '../../../server/modules/account/throttle';
import { buildTestServer, type TestServer } from '../../helpers/server';
import { startSession } from '../../helpers/signin';
import { bindGa, call, codeAt, createUserWithPassword, LOGIN_PASSWORD, STEP_MS, toMiddleOfStep } from '../../helpers/security';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('TOTP codes (RFC 6238)', () => {
  // RFC 6238 appendix B: the SHA-1 secret "12345678901234567890", 8 digits there; Google
  // Authenticator shows the last 6 of the same HOTP value.
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('computes the codes of RFC 6238 test vectors', () => {
    expect(totpCodeAt(RFC_SECRET, Math.floor(59 / 30))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, Math.floor(1111111109 / 30))).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, Math.floor(2000000000 / 30))).toBe('279037');
  });

  it('accepts one step of clock skew either way, not two', () => {
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step), now, 0)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step - 1), now, 0)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step + 1), now, 0)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step - 2), now, 0)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step + 2), now, 0)).toBeNull();
  });

  it('refuses a code of a step already used, and of any step before it', () => {
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step), now, step)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step - 1), now, step)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
  });

  it('seals secrets so that only the same master secret opens them', () => {
    const sealed = sealSecret('master one', RFC_SECRET);
    expect(sealed).not.toContain(RFC_SECRET);
    expect(openSecret('master one', sealed)).toBe(RFC_SECRET);
    expect(openSecret('master two', sealed)).toBeNull();
    expect(openSecret('master one', `${sealed.slice(0, -2)}AA`)).toBeNull();
  });
});

describe('GET and POST /account/ga', () => {
  it('hands out one pending secret until it is bound, stored sealed', async () => {
    const user = await createUserWithPassword(server);
    const first = await call<{ bound: boolean; secret: string; uri: string }>(server, 'GET', '/account/ga', user);
    const second = await call<{ bound: boolean; secret: string; uri: string }>(server, 'GET', '/account/ga', user);
    expect(first.data?.bound).toBe(false);
    expect(first.data?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(second.data?.secret).toBe(first.data?.secret);
    expect(first.data?.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(decodeURIComponent(first.data?.uri ?? '')).toContain(user.email);
    const row = await server.context.db.selectFrom('user_security').selectAll().where('user_id', '=', BigInt(user.userId)).executeTakeFirstOrThrow();
    expect(row.ga_pending_secret).not.toContain(first.data?.secret);
  });

  it('hands out the same pending secret to reads made at once (two tabs opening the setup)', async () => {
    const user = await createUserWithPassword(server);
    const reads = await Promise.all(Array.from({ length: 6 }, () => call<{ bound: boolean; secret: string }>(server, 'GET', '/account/ga', user)));
    const secrets = new Set(reads.map((read) => read.data?.secret));
    expect(secrets.size).toBe(1);
    // The one handed out is the one kept: a code from it binds.
    const [secret] = [...secrets];
    expect((await call(server, 'POST', '/account/ga', user, { action: 'bind', code: codeAt(server, secret ?? ''), password: LOGIN_PASSWORD })).errcode).toBe(0);
  });

  it('replaces a pending secret that no longer opens (the master secret changed) with a new one', async () => {
    const user = await createUserWithPassword(server);
    const stale = sealSecret('another master secret', 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    await server.context.db.insertInto('user_security').values({ user_id: user.userId, ga_pending_secret: stale }).execute();
    const read = await call<{ secret: string }>(server, 'GET', '/account/ga', user);
    expect(read.data?.secret).toMatch(/^[A-Z2-7]{32}$/);
    const row = await server.context.db.selectFrom('user_security').select('ga_pending_secret').where('user_id', '=', BigInt(user.userId)).executeTakeFirstOrThrow();
    expect(openSecret(server.context.adminToken, row.ga_pending_secret ?? '')).toBe(read.data?.secret);
  });

  it('binds with a code and the login password, and refuses a wrong code or password', async () => {
    const user = await createUserWithPassword(server);
    const secret = (await call<{ secret: string }>(server, 'GET', '/account/ga', user)).data?.secret ?? '';
    toMiddleOfStep(server);
    const wrongPassword = await call(server, 'POST', '/account/ga', user, { action: 'bind', code: codeAt(server, secret), password: 'Nope12345' });
    expect(wrongPassword.errcode).toBe(ERRCODES.wrongCredentials);
    const wrongCode = await call(server, 'POST', '/account/ga', user, { action: 'bind', code: codeAt(server, secret, 3), password: LOGIN_PASSWORD });
    expect(wrongCode.errcode).toBe(ERRCODES.twoFactorCodeWrong);
    const bound = await call<{ bound: boolean }>(server, 'POST', '/account/ga', user, { action: 'bind', code: codeAt(server, secret), password: LOGIN_PASSWORD });
    expect(bound).toMatchObject({ errcode: 0, data: { bound: true } });
    expect((await call<{ bound: boolean; secret?: string }>(server, 'GET', '/account/ga', user)).data).toEqual({ bound: true });
    const again = await call(server, 'POST', '/account/ga', user, { action: 'bind', code: codeAt(server, secret, 1), password: LOGIN_PASSWORD });
    expect(again.errcode).toBe(ERRCODES.twoFactorAlreadyBound);
  });

  it('unbinds with a fresh code only: the code that bound it is not taken again', async () => {
    const user = await createUserWithPassword(server);
    const secret = await bindGa(server, user);
    server.advance(-STEP_MS);
    // bindGa used the code of this step: it is refused now.
    const replay = await call(server, 'POST', '/account/ga', user, { action: 'unbind', code: codeAt(server, secret) });
    expect(replay.errcode).toBe(ERRCODES.twoFactorCodeWrong);
    const unbound = await call(server, 'POST', '/account/ga', user, { action: 'unbind', code: codeAt(server, secret, 1) });
    expect(unbound).toMatchObject({ errcode: 0, data: { bound: false } });
    const notBound = await call(server, 'POST', '/account/ga', user, { action: 'unbind', code: codeAt(server, secret, 1) });
    expect(notBound.errcode).toBe(ERRCODES.twoFactorNotBound);
  });

  it('takes a code once when the same code comes in parallel', async () => {
    const user = await createUserWithPassword(server);
    const secret = await bindGa(server, user);
    const code = codeAt(server, secret);
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(server, 'POST', '/account/ga', user, { action: 'unbind', code })));
    expect(answers.filter((answer) => answer.errcode === 0)).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    const response = await call(server, 'GET', '/account/ga', null);
    expect(response.errcode).toBe(ERRCODES.unauthorized);
  });
});

describe('POST /account/signin with GA bound', () => {
  async function signInAs(email: string, gaCode?: string) {
    const session = await startSession(server);
    return call<{ csrfToken: string }>(server, 'POST', '/account/signin', session, { username: email, password: LOGIN_PASSWORD, ...(gaCode ? { gaCode } : {}) });
  }

  it('answers errcode 101 without a code and no session, signs in with the code, and refuses its replay', async () => {
    const user = await createUserWithPassword(server);
    const secret = await bindGa(server, user);
    const withoutCode = await signInAs(user.email);
    expect(withoutCode.errcode).toBe(ERRCODES.secondFactorRequired);
    expect(withoutCode.data).toBeUndefined();
    const code = codeAt(server, secret);
    const signedIn = await signInAs(user.email, code);
    expect(signedIn.errcode).toBe(0);
    expect(signedIn.data?.csrfToken).toBeTruthy();
    expect((await signInAs(user.email, code)).errcode).toBe(ERRCODES.twoFactorCodeWrong);
  });

  it('does not ask for a code before the password is right', async () => {
    const user = await createUserWithPassword(server);
    await bindGa(server, user);
    const session = await startSession(server);
    const answer = await call(server, 'POST', '/account/signin', session, { username: user.email, password: 'Wrong1234' });
    expect(answer.errcode).toBe(ERRCODES.wrongCredentials);
  });

  it('counts wrong codes as failed sign-ins of the account', async () => {
    const user = await createUserWithPassword(server);
    const secret = await bindGa(server, user);
    const wrong = codeAt(server, secret, 5);
    for (let attempt = 0; attempt < THROTTLE_RULES.account.captchaAfter; attempt += 1) {
      expect((await signInAs(user.email, wrong)).errcode).toBe(ERRCODES.twoFactorCodeWrong);
    }
    // Past the account's threshold a new session must solve the captcha first.
    expect((await signInAs(user.email, codeAt(server, secret))).errcode).toBe(ERRCODES.captchaRequired);
  });
});
