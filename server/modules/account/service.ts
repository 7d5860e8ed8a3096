/**
 * The rules of accounts: sign-in with its failure count and captcha, sign-up and password reset
 * behind verification codes, the captcha itself and the profile. Session cookies are the
 * routes' business (they rotate the session after a sign-in); everything the database must
 * remember happens here, with the outbox event in the transaction of the change it reports.
 */
import crypto from 'node:crypto';
import { SIGNIN_FAILURES_BEFORE_CAPTCHA, type Contact, type Profile } from '../../../src/shared/api/account';
import { isAcceptablePassword } from '../../../src/shared/validation';
import type { AppContext } from '../../context';
import { BusinessError } from '../../core/errors';
import { refuse } from './errors';
import type { SessionStore } from '../../http/session';
import type { Executor } from '../../core/executor';
import { isUniqueViolation } from '../../db/unique';
import { writeOutbox, type OutboxDispatcher } from '../../outbox';
import { getSiteSettings } from '../site/settings';
import { recordSecurityChange } from '../security/coolOff';
import { checkSignInSecondFactor } from '../security/twoFactorCheck';
import { CAPTCHA_TTL_MS, createCaptchaImage, hashCaptchaAnswer } from './captcha';
import { checkVerificationCode } from './codes';
import { checkContact, findAccount, findSigninAccount } from './contact';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { needsCaptcha, noteFailure, noteSuccess, readThrottle, throttleKeys, type AccountTurns } from './throttle';
import {
  countSigninAttempt,
  findIdentityStatus,
  findUserById,
  findUserIdByReferralCode,
  insertUser,
  takeSessionCaptcha,
  updatePasswordHash,
  useVerificationCode,
  type NewUser,
  type UserRow,
} from './repo';

export interface AccountDeps {
  context: AppContext;
  sessions: SessionStore;
  outbox: OutboxDispatcher;
  /** One sign-in attempt per account at a time (across instances when they share Redis). */
  turns: AccountTurns;
}

export const REFERRAL_CODE_LENGTH = 8;
const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Collisions among 32^8 codes are rare; a few tries make one vanishingly unlikely to matter. */
const REFERRAL_CODE_TRIES = 10;

export interface SignInInput {
  username: string;
  countryCode?: string;
  password: string;
  captcha?: string;
  /** The Google Authenticator code, for an account that has one bound. */
  gaCode?: string;
}

/**
 * Checks a sign-in and returns the user's id; the caller then rotates the session. Failures are
 * counted per session, per account named and per address (throttle.ts): past a few, the
 * session's captcha is required; past more, the account or address waits a growing delay. The
 * attempts on one account are checked one at a time. An account with Google Authenticator bound
 * answers the right password without a code with errcode 101 (the form then asks for the code);
 * a wrong code is a failed attempt like a wrong password.
 */
export async function signIn(deps: AccountDeps, input: SignInInput, attempt: { sessionId: string | null; ip: string }): Promise<number> {
  const { db, now, config } = deps.context;
  const keys = throttleKeys(input.username, input.countryCode, attempt.ip);
  const userId = await deps.turns.run(keys, async () => {
    const throttle = await readThrottle(db, keys, now());
    if (throttle.blockedUntil > now()) throw new BusinessError('signinPaused', { seconds: Math.ceil((throttle.blockedUntil - now()) / 1000) }, 429);
    if (attempt.sessionId) await requireCaptchaAfterFailures(deps.context, attempt.sessionId, input.captcha, needsCaptcha(throttle.failures, config.rateLimitScale));
    const user = await findSigninAccount(db, input.username, input.countryCode);
    const matches = user
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstDummy(input.password, config.passwordHashMemoryKib);
    if (!user || !matches) {
      await noteFailure(db, keys, now(), config.rateLimitScale);
      refuse('wrongCredentials');
    }
    const secondFactor = await checkSignInSecondFactor(deps.context, Number(user.id), input.gaCode);
    if (secondFactor === 'missing') throw new BusinessError('secondFactorRequired');
    if (secondFactor === 'wrong') {
      await noteFailure(db, keys, now(), config.rateLimitScale);
      throw new BusinessError('twoFactorCodeWrong');
    }
    await noteSuccess(db, keys);
    // Told only to whoever knows the password, so it reveals nothing about other accounts.
    if (user.disabled === 1n) refuse('accountDisabled');
    return Number(user.id);
  });
  await writeOutbox(db, 'account.signedIn', { userId, ip: attempt.ip }, now());
  deps.outbox.kick();
  return userId;
}

async function requireCaptchaAfterFailures(context: AppContext, sessionId: string, captcha: string | undefined, throttled: boolean): Promise<void> {
  const failedBefore = await countSigninAttempt(context.db, sessionId);
  if (failedBefore < SIGNIN_FAILURES_BEFORE_CAPTCHA && !throttled) return;
  if (!captcha) throw new BusinessError('captchaRequired');
  if (!(await takeSessionCaptcha(context.db, sessionId, hashCaptchaAnswer(sessionId, captcha), context.now()))) refuse('captchaWrong');
}

/** Draws a captcha for the session and returns its SVG; a new one replaces the previous one. */
export async function issueCaptcha(deps: AccountDeps, sessionId: string): Promise<string> {
  const image = createCaptchaImage();
  await deps.sessions.update(sessionId, {
    captcha_hash: hashCaptchaAnswer(sessionId, image.text),
    captcha_expires_at: deps.context.now() + CAPTCHA_TTL_MS,
  });
  return image.svg;
}

export interface CreateAccountInput {
  contact: Contact;
  password: string;
  vcode: string;
  referralCode?: string;
}

/** Creates an account behind a register code and returns its id; the caller signs it in. */
export async function createAccount(deps: AccountDeps, input: CreateAccountInput): Promise<number> {
  const { db, now, config } = deps.context;
  const contact = checkContact(input.contact);
  if (!isAcceptablePassword(input.password)) refuse('weakPassword');
  const referredBy = await referrerOf(db, input.referralCode);
  const codeId = await checkVerificationCode(deps.context, 'register', contact.target, input.vcode);
  if (await findAccount(db, contact.key)) refuse('accountExists');
  // Hashing takes a while: do it before the transaction, which holds the database.
  const passwordHash = await hashPassword(input.password, config.passwordHashMemoryKib);
  const userId = await db.transaction().execute(async (trx) => {
    const time = now();
    if (!(await useVerificationCode(trx, codeId, time))) refuse('verificationCodeExpired');
    const id = await insertUserWithReferralCode(trx, {
      email: contact.key.channel === 'email' ? contact.key.email : null,
      phoneCountry: contact.key.channel === 'sms' ? contact.key.countryCode : null,
      phone: contact.key.channel === 'sms' ? contact.key.phone : null,
      passwordHash,
      referredBy,
      now: time,
    });
    await writeOutbox(trx, 'account.registered', { userId: id }, time);
    return id;
  });
  deps.outbox.kick();
  return userId;
}

async function referrerOf(executor: Executor, referralCode: string | undefined): Promise<number | null> {
  if (!referralCode) return null;
  const referrerId = await findUserIdByReferralCode(executor, referralCode.toUpperCase());
  if (referrerId === undefined) refuse('referralCodeUnknown');
  return referrerId;
}

export function randomReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) {
    code += REFERRAL_CODE_ALPHABET[crypto.randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * Inserts a user with a fresh referral code. A unique-index refusal on the phone or e-mail means
 * a parallel sign-up of the same account won the race: that is accountExists.
 */
export async function insertUserWithReferralCode(executor: Executor, user: Omit<NewUser, 'referralCode'>): Promise<number> {
  for (let tries = 0; tries < REFERRAL_CODE_TRIES; tries += 1) {
    const referralCode = randomReferralCode();
    if ((await findUserIdByReferralCode(executor, referralCode)) !== undefined) continue;
    try {
      return await insertUser(executor, { ...user, referralCode });
    } catch (error) {
      if (isUniqueViolation(error)) refuse('accountExists');
      throw error;
    }
  }
  throw new Error('no free referral code found');
}

export interface ResetPasswordInput {
  contact: Contact;
  password: string;
  vcode: string;
}

/** Sets a new password behind a reset code and ends every session of the account. */
export async function resetPassword(deps: AccountDeps, input: ResetPasswordInput): Promise<void> {
  const { db, now, config } = deps.context;
  const contact = checkContact(input.contact);
  if (!isAcceptablePassword(input.password)) refuse('weakPassword');
  const codeId = await checkVerificationCode(deps.context, 'resetpassword', contact.target, input.vcode);
  const user = await findAccount(db, contact.key);
  // Codes reach existing accounts only, so a match without an account is a lucky guess.
  if (!user) refuse('verificationCodeWrong');
  const userId = Number(user.id);
  const passwordHash = await hashPassword(input.password, config.passwordHashMemoryKib);
  await db.transaction().execute(async (trx) => {
    const time = now();
    if (!(await useVerificationCode(trx, codeId, time))) refuse('verificationCodeExpired');
    await updatePasswordHash(trx, userId, passwordHash, time);
    await recordSecurityChange(trx, userId, time);
    await deps.sessions.endAllOfUser(userId, trx);
    await writeOutbox(trx, 'account.passwordReset', { userId }, time);
  });
  deps.outbox.kick();
}

/** Whether `password` is the user's login password (security changes ask for it). */
export async function verifyLoginPassword(executor: Executor, userId: number, password: string): Promise<boolean> {
  const user = await findUserById(executor, userId);
  return user !== undefined && (await verifyPassword(user.password_hash, password));
}

/** The Profile entity of spec 3 for a user: phone and e-mail appear only when set. */
export async function getProfile(deps: AccountDeps, userId: number): Promise<Profile> {
  const { db } = deps.context;
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`a session names user ${userId}, who does not exist`);
  const settings = await getSiteSettings(db);
  return toProfile(user, settings.requiredIDLevel);
}

function toProfile(user: UserRow, requiredIDLevel: number): Profile {
  return {
    ...(user.phone !== null ? { phone: user.phone, countryCode: user.phone_country ?? '' } : {}),
    ...(user.email !== null ? { email: user.email } : {}),
    referralCode: user.referral_code,
    testEnabled: user.test_enabled === 1n,
    realName: user.real_name,
    vipLevel: Number(user.vip_level),
    verifiedLevel: Number(user.verified_level),
    requiredIDLevel,
    avatarUrl: user.avatar_url,
    helpDeskLink: user.help_desk_link,
  };
}

/** The signed-in user's identity verification status (spec 3: 0 none ... 4 approved). */
export async function getIdentityStatus(deps: AccountDeps, userId: number): Promise<number> {
  const status = await findIdentityStatus(deps.context.db, userId);
  if (status === undefined) throw new Error(`a session names user ${userId}, who does not exist`);
  return status;
}

/** A user's own referral code (the home page links invitations with it); null when there is no such user. */
export async function referralCodeOf(executor: Executor, userId: number): Promise<string | null> {
  return (await findUserById(executor, userId))?.referral_code ?? null;
}
