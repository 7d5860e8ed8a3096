/**
 * Shortcuts for tests that need a signed-in user without going through sign-up: a user row and a
 * session written straight into the test database, and funds credited through the ledger from
 * the genesis account. Tests of the account module itself go through the real calls instead.
 */
import crypto from 'node:crypto';
import { hashToken, randomToken } from '../../server/core/tokens';
import { SESSION_COOKIE, CSRF_HEADER } from '../../server/http/session';
import { postTransaction, systemOwner, userOwner, type SystemAccount, type UserWallet } from '../../server/ledger/ledger';
import { parseUnits } from '../../src/shared/money';
import type { TestServer } from './server';

export interface TestUser {
  userId: number;
  email: string;
  /** Headers that make a request signed in and CSRF-valid. */
  headers: Record<string, string>;
  cookie: string;
  csrfToken: string;
}

export async function createTestUser(
  server: TestServer,
  options: { email?: string; role?: 'user' | 'operator'; testEnabled?: boolean } = {},
): Promise<TestUser> {
  const { db, now } = server.context;
  const email = options.email ?? `user-${crypto.randomUUID()}@example.com`;
  const time = now();
  const user = await db
    .insertInto('users')
    .values({
      email,
      phone: null,
      phone_country: null,
      password_hash: 'not-a-real-hash',
      referral_code: crypto.randomBytes(4).toString('hex').toUpperCase(),
      referred_by: null,
      role: options.role ?? 'user',
      test_enabled: options.testEnabled ? 1 : 0,
      real_name: '',
      vip_level: 0,
      verified_level: 0,
      identity_status: 0,
      merchant_status: 0,
      avatar_url: '',
      help_desk_link: '',
      disabled: 0,
      created_at: time,
      password_changed_at: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomToken();
  const csrfToken = randomToken(24);
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: user.id,
      csrf_token: csrfToken,
      created_at: time,
      last_seen_at: time,
      absolute_expires_at: time + server.context.config.sessionAbsoluteMs,
      ip: '127.0.0.1',
      user_agent: 'test',
      failed_signins: 0,
      captcha_hash: null,
      captcha_expires_at: null,
    })
    .execute();
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { userId: Number(user.id), email, cookie, csrfToken, headers: { cookie, [CSRF_HEADER]: csrfToken } };
}

/** Credits a user's wallet from the genesis account, as a deposit would. */
export async function creditUser(
  server: TestServer,
  userId: number,
  currency: string,
  amount: string,
  wallet: UserWallet = 'spot',
): Promise<void> {
  const { db, now } = server.context;
  const row = await db.selectFrom('currencies').select('scale').where('code', '=', currency).executeTakeFirstOrThrow();
  const units = parseUnits(amount, Number(row.scale));
  await db.transaction().execute(async (trx) => {
    await postTransaction(trx, {
      kind: 'test-credit',
      owner: userOwner(userId),
      now: now(),
      postings: [
        { account: { owner: systemOwner('genesis'), wallet: 'system', currency }, amountUnits: -units },
        { account: { owner: userOwner(userId), wallet, currency }, amountUnits: units },
      ],
    });
  });
}

/** Funds the convert house from genesis, as an operator's deposit would (tests run without demo data). */
export async function fundHouse(server: TestServer, amounts: Record<string, string>): Promise<void> {
  await fundPlatformAccount(server, 'house', amounts);
}

/** Funds a platform account (the convert house, the rewards fund) from genesis, as an operator's deposit would. */
export async function fundPlatformAccount(server: TestServer, account: SystemAccount, amounts: Record<string, string>): Promise<void> {
  const { db, now } = server.context;
  const scales = new Map((await db.selectFrom('currencies').select(['code', 'scale']).execute()).map((row) => [row.code, Number(row.scale)]));
  const owner = systemOwner(account);
  const postings = Object.entries(amounts).flatMap(([currency, amount]) => {
    const units = parseUnits(amount, scales.get(currency) ?? 8);
    return [
      { account: { owner: systemOwner('genesis'), wallet: 'system' as const, currency }, amountUnits: -units },
      { account: { owner, wallet: 'system' as const, currency }, amountUnits: units },
    ];
  });
  await server.context.commits.run((trx) => postTransaction(trx, { kind: `${account}-inventory`, owner, postings, now: now() }));
}
