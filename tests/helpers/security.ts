/**
 * What the security tests share: a user with a real login password, calls as that user, the
 * clock put in the middle of a TOTP step (so that a step boundary never falls inside a check), and
 * GA bound through the real calls with codes computed as the authenticator app would.
 */
import { hashPassword } from '../../server/modules/account/password';
import { totpCodeAt, totpStepAt, TOTP_PERIOD_SECONDS } from '../../server/modules/security/totp';
import { createTestUser, type TestUser } from './auth';
import { callApi } from './inject';
import type { TestServer } from './server';

export const LOGIN_PASSWORD = 'Secret123';
export const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

export interface Answer<T = unknown> {
  errcode: number;
  errmsg?: string;
  data?: T;
}

export async function createUserWithPassword(server: TestServer, email?: string): Promise<TestUser> {
  const user = await createTestUser(server, email ? { email } : {});
  const passwordHash = await hashPassword(LOGIN_PASSWORD, server.context.config.passwordHashMemoryKib);
  await server.context.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', BigInt(user.userId)).execute();
  return user;
}

export async function call<T = unknown>(server: TestServer, method: 'GET' | 'POST', url: string, as: { headers: Record<string, string> } | null, payload?: unknown): Promise<Answer<T>> {
  const response = await callApi(server, method, url, { as, payload: method === 'POST' ? (payload ?? {}) : undefined });
  return response.json<Answer<T>>();
}

/** Moves the server's clock to the middle of a TOTP step: a check made now has 15 s before the step changes. */
export function toMiddleOfStep(server: TestServer): void {
  const into = server.context.now() % STEP_MS;
  server.advance((STEP_MS * 1.5 - into) % STEP_MS);
}

/** The code of the step `offset` steps from the server's now. */
export function codeAt(server: TestServer, secret: string, offset = 0): string {
  return totpCodeAt(secret, totpStepAt(server.context.now()) + offset);
}

/** Binds GA for the user through GET and POST /account/ga; answers the secret. */
export async function bindGa(server: TestServer, user: TestUser): Promise<string> {
  const status = await call<{ bound: boolean; secret: string }>(server, 'GET', '/account/ga', user);
  const secret = status.data?.secret;
  if (!secret) throw new Error(`no GA secret: ${JSON.stringify(status)}`);
  toMiddleOfStep(server);
  const bound = await call(server, 'POST', '/account/ga', user, { action: 'bind', code: codeAt(server, secret), password: LOGIN_PASSWORD });
  if (bound.errcode !== 0) throw new Error(`GA bind failed: ${JSON.stringify(bound)}`);
  // The code's step is used; the next check gets a fresh one.
  server.advance(STEP_MS);
  return secret;
}
