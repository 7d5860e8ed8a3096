/**
 * The one way server tests call the API without a network: a request through the test server's
 * `app.inject`, to a path under /api/v1, carrying the headers of a signed-in user or a session
 * (cookie and CSRF token) and any extra headers, with a body for a POST. Tests keep their own short
 * aliases for readability, but each of them sends its requests through this helper.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_PREFIX } from '../../server/app';
import type { TestServer } from './server';

export interface CallOptions {
  /** Whose request it is: a TestUser or SessionHeaders; null or left out for a request without a session. */
  as?: { headers: Record<string, string> } | null;
  /** The body of a POST; left out, the POST has no body. A GET never carries one. */
  payload?: unknown;
  /** Headers added to (and taking precedence over) those of `as`. */
  headers?: Record<string, string>;
}

/**
 * Calls the API through `server.app.inject`. The url is given without the prefix, for example
 * '/exchange/create?id=1', and the answer is the raw response, so that a test can read its status,
 * body and cookies.
 */
export function callApi(server: TestServer, method: 'GET' | 'POST', url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method,
    url: `${API_PREFIX}${url}`,
    headers: { ...options.as?.headers, ...options.headers },
  };
  if (method === 'POST' && options.payload !== undefined) request.payload = options.payload as InjectOptions['payload'];
  return server.app.inject(request);
}
