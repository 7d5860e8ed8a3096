/**
 * Signs end-to-end tests in through the real API calls, as the app does, for tests whose subject
 * is not the login form: POST /csrftoken opens a pre-session and hands out its token, then POST
 * /account/signin rotates it into a signed-in session. The cookie lands in the request context, so
 * a browser context's pages (and their hub) share the session. Tests of the login form itself sign
 * in through the form instead.
 */
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';

/** The password of every demo account (server/seed/users.ts). */
export const DEMO_PASSWORD = 'Demo1234!';

/** Signs a request context (a browser context's, or one of its own) in; answers the rotated CSRF token. */
export async function signIn(api: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const csrf = await api.post('/api/v1/csrftoken', { data: {} });
  const token = ((await csrf.json()) as { data: { token: string } }).data.token;
  const answer = await api.post('/api/v1/account/signin', { form: { username, password }, headers: { 'X-XSRF-TOKEN': token } });
  const body = (await answer.json()) as { errcode: number; data: { csrfToken: string } };
  expect(body.errcode).toBe(0);
  return body.data.csrfToken;
}

/** Signs a browser context in with a demo account; answers the rotated CSRF token. */
export function signInContext(context: BrowserContext, username: string): Promise<string> {
  return signIn(context.request, username);
}
