/**
 * The reliability tests that run real server processes talk to them over HTTP as a client would:
 * waiting until one serves, and signing a demo user in (POST /csrftoken opens a pre-session, POST
 * /account/signin rotates it). `api` is the server's API root, e.g. http://127.0.0.1:18090/api/v1.
 */

/** Waits until GET /config answers; throws after `timeoutMs`. */
export async function waitForServer(api: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${api}/config`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${api} did not start`);
}

/** A visitor's pre-session: the headers a POST needs (cookie, CSRF token, JSON). */
export async function visitorHeaders(api: string): Promise<Record<string, string>> {
  const start = await fetch(`${api}/csrftoken`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
  const { data } = (await start.json()) as { data: { token: string } };
  return { cookie, 'x-xsrf-token': data.token, 'content-type': 'application/json' };
}

/** Signs a demo user in (the seed's password) and answers the headers its POSTs carry. */
export async function signIn(api: string, email: string): Promise<Record<string, string>> {
  const response = await fetch(`${api}/account/signin`, { method: 'POST', headers: await visitorHeaders(api), body: JSON.stringify({ username: email, password: 'Demo1234!' }) });
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const body = (await response.json()) as { errcode: number; data: { csrfToken: string } };
  if (body.errcode !== 0) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return { cookie, 'x-xsrf-token': body.data.csrfToken, 'content-type': 'application/json' };
}
