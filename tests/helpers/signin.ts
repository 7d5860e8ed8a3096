/**
 * Signs in through the real calls, as the app does: POST /csrftoken opens a pre-session and hands
 * out its token, then POST /account/signin rotates it into a signed-in session. Answers the
 * cookie and the headers (cookie + x-xsrf-token) that later requests carry.
 */
import type { Profile } from '../../src/shared/api/account';
import { CSRF_HEADER, SESSION_COOKIE } from '../../server/http/session';
import { callApi } from './inject';
import type { TestServer } from './server';

export interface SessionHeaders {
  cookie: string;
  csrfToken: string;
  /** Headers that make a POST carry this session and pass the CSRF check. */
  headers: Record<string, string>;
}

export interface SignedInSession extends SessionHeaders {
  profile: Profile;
}

export interface Credentials {
  /** An e-mail address, or a phone number with countryCode. */
  username: string;
  password: string;
  countryCode?: string;
  captcha?: string;
}

interface CookieCarrier {
  cookies: { name: string; value: string }[];
}

/** The session cookie an answer sets, as a Cookie header value; undefined when it sets none. */
export function sessionCookieOf(response: CookieCarrier): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE && candidate.value !== '');
  return cookie ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

export function sessionHeaders(cookie: string, csrfToken: string): SessionHeaders {
  return { cookie, csrfToken, headers: { cookie, [CSRF_HEADER]: csrfToken } };
}

/** Opens a pre-session (no user yet) and returns its cookie and CSRF token. */
export async function startSession(server: TestServer): Promise<SessionHeaders> {
  const response = await callApi(server, 'POST', '/csrftoken', { payload: {} });
  const body = response.json<{ errcode: number; data: { token: string } }>();
  const cookie = sessionCookieOf(response);
  if (response.statusCode !== 200 || body.errcode !== 0 || !cookie) throw new Error(`csrftoken failed: ${response.body}`);
  return sessionHeaders(cookie, body.data.token);
}

/** Signs in from the given pre-session (or a new one) and returns the rotated session. */
export async function signIn(server: TestServer, credentials: Credentials, from?: SessionHeaders): Promise<SignedInSession> {
  const session = from ?? (await startSession(server));
  const response = await callApi(server, 'POST', '/account/signin', { as: session, payload: credentials });
  const body = response.json<{ errcode: number; data: { csrfToken: string; profile: Profile } }>();
  const cookie = sessionCookieOf(response);
  if (response.statusCode !== 200 || body.errcode !== 0 || !cookie) throw new Error(`signin failed: ${response.body}`);
  return { ...sessionHeaders(cookie, body.data.csrfToken), profile: body.data.profile };
}
