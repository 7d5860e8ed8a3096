/** Proves the withdrawal password (set, change, reset), binding and changing the phone and e-mail with codes to the new and old contact, the 24 h withdrawal cool-off with a fake clock, the notifications of security changes, and that no call reads or changes another user's settings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_COOL_OFF_MS } from '../../../src/shared/api/security';
import { NOTIFICATION_TYPE } from '../../../src/shared/constants';
import { ERRCODES } from '../../../src/shared/errcodes';
import { withdrawalCoolOffUntil } from '../../../server/modules/security/coolOff';
import { checkWithdrawalSecurity } from '../../../server/modules/security/withdrawPassword';
import { SECURITY_NOTIFICATION_TYPE } from '../../../server/modules/notification/service';
import { BusinessError } from '../../../server/core/errors';
import type { TestUser } from '../../helpers/auth';
import { buildTestServer, type TestServer } from '../../helpers/server';
import { startSession } from '../../helpers/signin';
import { bindGa, call, codeAt, createUserWithPassword, LOGIN_PASSWORD } from '../../helpers/security';

const WITHDRAW_PASSWORD = 'Withdraw123';
const NEW_WITHDRAW_PASSWORD = 'Withdraw456';
/** Codes may be asked for once a minute per target. */
const RESEND_MS = 61_000;

let server: TestServer;
let sequence = 0;

beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

function uniquePhone(): string {
  sequence += 1;
  return `139${String(sequence).padStart(8, '0')}`;
}

async function sendCode(user: TestUser, purpose: string, body: Record<string, string>): Promise<number> {
  return (await call(server, 'POST', `/vcode/${purpose}`, user, body)).errcode;
}

function lastCodeTo(to: string): string {
  const code = server.sender.lastCodeFor(to);
  if (!code) throw new Error(`no code went to ${to}`);
  return code;
}

async function setWithdrawPassword(user: TestUser): Promise<void> {
  const answer = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'set', password: WITHDRAW_PASSWORD, loginPassword: LOGIN_PASSWORD });
  expect(answer.errcode).toBe(0);
}

async function refusalOf(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    if (error instanceof BusinessError) return error.code;
    throw error;
  }
}

async function notificationTypes(user: TestUser): Promise<{ type: number; message: string }[]> {
  const rows = await server.context.db.selectFrom('notifications').select(['type', 'params_json']).where('user_id', '=', BigInt(user.userId)).execute();
  const listed = await call<{ type: number; message: string }[]>(server, 'POST', '/notification/list', user, {});
  expect(listed.data).toHaveLength(rows.length);
  return listed.data ?? [];
}

describe('POST /account/changewithdrawpassword', () => {
  it('sets the first withdrawal password with the login password, not equal to it, once', async () => {
    const user = await createUserWithPassword(server);
    const wrongLogin = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'set', password: WITHDRAW_PASSWORD, loginPassword: 'Wrong1234' });
    expect(wrongLogin.errcode).toBe(ERRCODES.wrongCredentials);
    const same = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'set', password: LOGIN_PASSWORD, loginPassword: LOGIN_PASSWORD });
    expect(same.errcode).toBe(ERRCODES.withdrawPasswordSameAsLogin);
    const weak = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'set', password: 'short', loginPassword: LOGIN_PASSWORD });
    expect(weak.errcode).toBe(ERRCODES.weakPassword);
    await setWithdrawPassword(user);
    const again = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'set', password: NEW_WITHDRAW_PASSWORD, loginPassword: LOGIN_PASSWORD });
    expect(again.errcode).toBe(ERRCODES.withdrawPasswordAlreadySet);
    const status = await call<{ withdrawPasswordSet: boolean; coolOffUntil: number }>(server, 'GET', '/account/security', user);
    // Setting the first one adds protection: no cool-off.
    expect(status.data).toEqual({ gaBound: false, withdrawPasswordSet: true, coolOffUntil: 0 });
    const row = await server.context.db.selectFrom('user_security').select('withdraw_password_hash').where('user_id', '=', BigInt(user.userId)).executeTakeFirstOrThrow();
    expect(row.withdraw_password_hash).toMatch(/^\$argon2id\$/);
  });

  it('sets it once when the first password is sent twice in parallel', async () => {
    const user = await createUserWithPassword(server);
    const answers = await Promise.all(
      ['Withdraw111', 'Withdraw222'].map((password) => call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'set', password, loginPassword: LOGIN_PASSWORD })),
    );
    expect(answers.map((answer) => answer.errcode).sort()).toEqual([0, ERRCODES.withdrawPasswordAlreadySet]);
  });

  it('changes it with the old one and an e-mail code when GA is not bound', async () => {
    const user = await createUserWithPassword(server);
    await setWithdrawPassword(user);
    const withoutCode = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'change', password: NEW_WITHDRAW_PASSWORD, oldPassword: WITHDRAW_PASSWORD, type: 'email' });
    expect(withoutCode.errcode).toBe(ERRCODES.verificationCodeWrong);
    expect(await sendCode(user, 'withdrawpassword', { type: 'email' })).toBe(0);
    const vcode = lastCodeTo(user.email);
    const wrongOld = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'change', password: NEW_WITHDRAW_PASSWORD, oldPassword: 'Other1234', vcode, type: 'email' });
    expect(wrongOld.errcode).toBe(ERRCODES.withdrawPasswordWrong);
    const changed = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'change', password: NEW_WITHDRAW_PASSWORD, oldPassword: WITHDRAW_PASSWORD, vcode, type: 'email' });
    expect(changed.errcode).toBe(0);
    await expect(checkWithdrawalSecurity(server.context, server.context.db, user.userId, { withdrawPassword: NEW_WITHDRAW_PASSWORD })).rejects.toMatchObject({ code: 'withdrawalCoolOff' });
  });

  it('changes it with the old one and the GA code when GA is bound', async () => {
    const user = await createUserWithPassword(server);
    const secret = await bindGa(server, user);
    const set = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'set', password: WITHDRAW_PASSWORD, loginPassword: LOGIN_PASSWORD });
    expect(set.errcode).toBe(ERRCODES.twoFactorCodeRequired);
    expect((await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'set', password: WITHDRAW_PASSWORD, loginPassword: LOGIN_PASSWORD, gaCode: codeAt(server, secret) })).errcode).toBe(0);
    const changed = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'change', password: NEW_WITHDRAW_PASSWORD, oldPassword: WITHDRAW_PASSWORD, gaCode: codeAt(server, secret, 1) });
    expect(changed.errcode).toBe(0);
  });

  it('resets it with a code to the e-mail, as a type 8 notification says', async () => {
    const user = await createUserWithPassword(server);
    const notSet = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'reset', password: NEW_WITHDRAW_PASSWORD, vcode: '000000', type: 'email' });
    expect(notSet.errcode).toBe(ERRCODES.withdrawPasswordNotSet);
    await setWithdrawPassword(user);
    expect(await sendCode(user, 'withdrawpassword', { type: 'phone' })).toBe(ERRCODES.contactMissing);
    expect(await sendCode(user, 'withdrawpassword', { type: 'email' })).toBe(0);
    const wrong = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'reset', password: NEW_WITHDRAW_PASSWORD, vcode: '999999x', type: 'email' });
    expect(wrong.errcode).toBe(ERRCODES.verificationCodeWrong);
    const vcode = lastCodeTo(user.email);
    expect((await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'reset', password: NEW_WITHDRAW_PASSWORD, vcode, type: 'email' })).errcode).toBe(0);
    // A code is used once.
    const replay = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'reset', password: WITHDRAW_PASSWORD, vcode, type: 'email' });
    expect(replay.errcode).toBe(ERRCODES.verificationCodeExpired);
    const notifications = await notificationTypes(user);
    expect(notifications.map((notification) => notification.type)).toContain(NOTIFICATION_TYPE.resetWithdrawPassword);
    expect(notifications.find((notification) => notification.type === NOTIFICATION_TYPE.resetWithdrawPassword)?.message).toMatch(/withdrawal password was reset/);
  });
});

describe('POST /account/email and /account/phone', () => {
  it('R-VAL-05 R-VAL-06 refuses malformed contacts with the spec 5 rules', async () => {
    const user = await createUserWithPassword(server);
    expect(await sendCode(user, 'bindcontact', { type: 'phone', countryCode: '+86', phone: '23900000000' })).toBe(ERRCODES.invalidPhone);
    expect(await sendCode(user, 'bindcontact', { type: 'email', email: 'not an address' })).toBe(ERRCODES.invalidEmail);
    const phone = await call(server, 'POST', '/account/phone', user, { countryCode: '+1', phone: '12a45', vcode: '123456' });
    expect(phone.errcode).toBe(ERRCODES.invalidPhone);
  });

  it('binds a first phone with a code to it, then changes it with codes to the new and the old one', async () => {
    const user = await createUserWithPassword(server);
    const first = uniquePhone();
    expect(await sendCode(user, 'bindcontact', { type: 'phone', countryCode: '+86', phone: first })).toBe(0);
    const bound = await call(server, 'POST', '/account/phone', user, { countryCode: '+86', phone: first, vcode: lastCodeTo(`+86${first}`) });
    expect(bound.errcode).toBe(0);
    const profile = await call<{ phone?: string; countryCode?: string; email?: string }>(server, 'POST', '/account/profile', user, {});
    expect(profile.data).toMatchObject({ phone: first, countryCode: '+86', email: user.email });

    const second = uniquePhone();
    expect(await sendCode(user, 'bindcontact', { type: 'phone', countryCode: '+86', phone: second })).toBe(0);
    const newCode = lastCodeTo(`+86${second}`);
    const withoutOld = await call(server, 'POST', '/account/phone', user, { countryCode: '+86', phone: second, vcode: newCode });
    expect(withoutOld.errcode).toBe(ERRCODES.currentContactCodeRequired);
    expect(await sendCode(user, 'changecontact', { type: 'phone' })).toBe(0);
    const oldCode = lastCodeTo(`+86${first}`);
    expect(oldCode).not.toBe(newCode);
    const swapped = await call(server, 'POST', '/account/phone', user, { countryCode: '+86', phone: second, vcode: oldCode, currentVcode: newCode });
    expect(swapped.errcode).toBe(ERRCODES.verificationCodeWrong);
    const changed = await call(server, 'POST', '/account/phone', user, { countryCode: '+86', phone: second, vcode: newCode, currentVcode: oldCode });
    expect(changed.errcode).toBe(0);
    const after = await call<{ phone?: string }>(server, 'POST', '/account/profile', user, {});
    expect(after.data?.phone).toBe(second);
    const messages = (await notificationTypes(user)).filter((notification) => notification.type === SECURITY_NOTIFICATION_TYPE).map((notification) => notification.message);
    expect(messages).toContain(`The phone number of your account was set to +86${second}. Withdrawals are paused for 24 hours.`);
  });

  it('refuses a contact that belongs to another account, before a code is sent and at binding', async () => {
    const owner = await createUserWithPassword(server);
    const other = await createUserWithPassword(server);
    expect(await sendCode(other, 'bindcontact', { type: 'email', email: owner.email.toUpperCase() })).toBe(ERRCODES.contactInUse);
    expect(await sendCode(owner, 'bindcontact', { type: 'email', email: owner.email })).toBe(ERRCODES.contactUnchanged);
    // Two users race for one new address: each has a code to it, the unique index lets one win.
    const contested = `contested-${sequence}@example.com`;
    expect(await sendCode(owner, 'bindcontact', { type: 'email', email: contested })).toBe(0);
    const ownerCode = lastCodeTo(contested);
    expect(await sendCode(owner, 'changecontact', { type: 'email' })).toBe(0);
    const ownerOldCode = lastCodeTo(owner.email);
    expect((await call(server, 'POST', '/account/email', owner, { email: contested, vcode: ownerCode, currentVcode: ownerOldCode })).errcode).toBe(0);
    const taken = await call(server, 'POST', '/account/email', other, { email: contested, vcode: ownerCode, currentVcode: '123456' });
    expect(taken.errcode).toBe(ERRCODES.contactInUse);
  });

  it('needs the GA code too when GA is bound', async () => {
    const user = await createUserWithPassword(server);
    const secret = await bindGa(server, user);
    const phone = uniquePhone();
    expect(await sendCode(user, 'bindcontact', { type: 'phone', countryCode: '+86', phone })).toBe(0);
    const vcode = lastCodeTo(`+86${phone}`);
    expect((await call(server, 'POST', '/account/phone', user, { countryCode: '+86', phone, vcode })).errcode).toBe(ERRCODES.twoFactorCodeRequired);
    // The refused try rolled back: the code is still good.
    expect((await call(server, 'POST', '/account/phone', user, { countryCode: '+86', phone, vcode, gaCode: codeAt(server, secret) })).errcode).toBe(0);
  });
});

describe('the withdrawal cool-off', () => {
  it('blocks a withdrawal-type check for 24 h after a security change, and not after; binding GA adds a factor and starts none', async () => {
    const user = await createUserWithPassword(server);
    await setWithdrawPassword(user);
    expect(await withdrawalCoolOffUntil(server.context.db, user.userId)).toBe(0);
    expect(await refusalOf(checkWithdrawalSecurity(server.context, server.context.db, user.userId, { withdrawPassword: WITHDRAW_PASSWORD }))).toBeUndefined();
    expect(await refusalOf(checkWithdrawalSecurity(server.context, server.context.db, user.userId, { withdrawPassword: 'Wrong1234' }))).toBe('withdrawPasswordWrong');

    // Binding GA adds a factor and takes none away: no cool-off, and withdrawals now ask for its code.
    const secret = await bindGa(server, user);
    expect(await withdrawalCoolOffUntil(server.context.db, user.userId)).toBe(0);
    expect(await refusalOf(checkWithdrawalSecurity(server.context, server.context.db, user.userId, { withdrawPassword: WITHDRAW_PASSWORD, gaCode: codeAt(server, secret) }))).toBeUndefined();
    // Changing the withdrawal password replaces a protection: the cool-off starts.
    const changed = await call(server, 'POST', '/account/changewithdrawpassword', user, { mode: 'change', password: NEW_WITHDRAW_PASSWORD, oldPassword: WITHDRAW_PASSWORD, gaCode: codeAt(server, secret, 1) });
    expect(changed.errcode).toBe(0);
    const changedAt = server.context.now();
    const until = await withdrawalCoolOffUntil(server.context.db, user.userId);
    expect(until).toBeGreaterThanOrEqual(changedAt - 60_000 + WITHDRAWAL_COOL_OFF_MS);
    const status = await call<{ gaBound: boolean; coolOffUntil: number }>(server, 'GET', '/account/security', user);
    expect(status.data).toMatchObject({ gaBound: true, coolOffUntil: until });

    server.advance(until - server.context.now() - 1_000);
    expect(await refusalOf(checkWithdrawalSecurity(server.context, server.context.db, user.userId, { withdrawPassword: NEW_WITHDRAW_PASSWORD, gaCode: codeAt(server, secret) }))).toBe('withdrawalCoolOff');
    server.advance(2_000);
    expect(await refusalOf(checkWithdrawalSecurity(server.context, server.context.db, user.userId, { withdrawPassword: NEW_WITHDRAW_PASSWORD }))).toBe('twoFactorCodeRequired');
    expect(await refusalOf(checkWithdrawalSecurity(server.context, server.context.db, user.userId, { withdrawPassword: NEW_WITHDRAW_PASSWORD, gaCode: codeAt(server, secret) }))).toBeUndefined();
    // (The session has idled out over the day, so the status call is not asked again.)
    expect(await withdrawalCoolOffUntil(server.context.db, user.userId)).toBeLessThan(server.context.now());
  });

  it('starts again after a login password reset', async () => {
    const user = await createUserWithPassword(server);
    const { context } = server;
    const { db } = context;
    const visitor = await startSession(server);
    expect(await call(server, 'POST', '/vcode/resetpassword', visitor, { type: 'email', email: user.email })).toMatchObject({ errcode: 0 });
    const reset = await call(server, 'POST', '/account/resetpassword', visitor, { type: 'email', email: user.email, vcode: lastCodeTo(user.email), password: 'Renewed123' });
    expect(reset.errcode).toBe(0);
    expect(await withdrawalCoolOffUntil(db, user.userId)).toBeGreaterThan(context.now() + WITHDRAWAL_COOL_OFF_MS - RESEND_MS);
  });
});

describe("another user's settings", () => {
  it('are never read or changed: every call acts on the signed-in user only', async () => {
    const victim = await createUserWithPassword(server);
    const attacker = await createUserWithPassword(server);
    await setWithdrawPassword(victim);
    const victimSecret = (await call<{ secret: string }>(server, 'GET', '/account/ga', victim)).data?.secret;
    const attackerView = await call<{ secret: string }>(server, 'GET', '/account/ga', attacker);
    expect(attackerView.data?.secret).not.toBe(victimSecret);
    // Ids in the body or query are not fields of these calls: they are stripped, not obeyed.
    const status = await call<{ withdrawPasswordSet: boolean }>(server, 'GET', `/account/security?userId=${victim.userId}`, attacker);
    expect(status.data?.withdrawPasswordSet).toBe(false);
    const change = await call(server, 'POST', '/account/changewithdrawpassword', attacker, { mode: 'change', userId: victim.userId, password: NEW_WITHDRAW_PASSWORD, oldPassword: WITHDRAW_PASSWORD });
    expect(change.errcode).toBe(ERRCODES.withdrawPasswordNotSet);
    // A code to the victim's contact is sent only to the victim, and only at the victim's request.
    expect(await sendCode(attacker, 'changecontact', { type: 'email', email: victim.email })).toBe(0);
    expect(server.sender.messages.at(-1)?.to).toBe(attacker.email);
    expect(await refusalOf(checkWithdrawalSecurity(server.context, server.context.db, victim.userId, { withdrawPassword: WITHDRAW_PASSWORD }))).toBeUndefined();
  });
});
