/**
 * The end-to-end side of server/http/request-log.ts: a browser context marked with its own
 * `e2e-client` cookie, whose requests the server counts (the hub's SharedWorker included, which
 * Playwright cannot see), and the faults a test can make the server answer to that context only.
 */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';

const E2E_CLIENT_COOKIE = 'e2e-client';

export interface RecordedRequest {
  method: string;
  path: string;
  acceptLanguage: string | null;
  at: number;
}

export interface RequestLog {
  counts: Record<string, number>;
  requests: RecordedRequest[];
}

/** Marks a context's requests with a fresh client id; answers that id. */
export async function markContext(context: BrowserContext, baseURL: string): Promise<string> {
  const client = randomUUID();
  await context.addCookies([{ name: E2E_CLIENT_COOKIE, value: client, url: baseURL }]);
  return client;
}

export async function readRequestLog(request: APIRequestContext, client: string): Promise<RequestLog> {
  const response = await request.get(`/api/v1/__test/requests?client=${client}`);
  expect(response.status(), 'the server runs with E2E_REQUEST_LOG=1').toBe(200);
  return ((await response.json()) as { data: RequestLog }).data;
}

export async function resetRequestLog(request: APIRequestContext, client: string): Promise<void> {
  expect((await request.delete(`/api/v1/__test/requests?client=${client}`)).status()).toBe(200);
}

export interface Fault {
  method: 'GET' | 'POST';
  /** The request path, e.g. /api/v1/config. */
  path: string;
  status: number;
  errmsg: string;
  times?: number;
}

/** The client's next `times` requests to the path are answered with this error. */
export async function injectFault(request: APIRequestContext, client: string, fault: Fault): Promise<void> {
  expect((await request.put(`/api/v1/__test/faults?client=${client}`, { data: fault })).status()).toBe(200);
}

/** Requests of the hub's kind: API calls and socket.io handshakes, not the app's own files. */
export function hubRequestCount(log: RequestLog): number {
  return Object.entries(log.counts)
    .filter(([key]) => / \/api\//.test(key) || / \/socket\.io\//.test(key))
    .reduce((sum, [, count]) => sum + count, 0);
}
