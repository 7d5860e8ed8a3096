/**
 * A test-only request counter for the end-to-end suite, on only when the server starts with
 * E2E_REQUEST_LOG=1 (and never with NODE_ENV=production). The hub's requests come from a
 * SharedWorker that Playwright cannot watch, so the suite counts them here, on the server.
 *
 * Requests are grouped by the `e2e-client` cookie that a test puts in its browser context, so
 * tests running side by side against one server never see each other's requests; requests
 * without that cookie are not recorded. Counting happens on the raw HTTP server, before any
 * routing, so it sees API calls, socket.io handshakes (websocket upgrades included) and files.
 *
 * - GET /api/v1/__test/requests?client=ID: {counts: {"METHOD /path": n}, requests: [...]}
 * - DELETE /api/v1/__test/requests?client=ID: forgets that client's requests
 * - PUT /api/v1/__test/faults?client=ID {method, path, status, errcode, errmsg, times}: the
 *   client's next `times` requests to that path are answered with that error instead.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const E2E_CLIENT_COOKIE = 'e2e-client';
const TEST_PATH_PREFIX = '/api/v1/__test/';
/** Bounds, so that a long run cannot grow the log without limit. */
const CLIENTS_MAX = 200;
const REQUESTS_KEPT_MAX = 2_000;

interface RecordedRequest {
  method: string;
  path: string;
  acceptLanguage: string | null;
  /** Milliseconds since the epoch (wall clock: the log is about the browser's real time). */
  at: number;
}

interface ClientLog {
  counts: Map<string, number>;
  requests: RecordedRequest[];
}

interface Fault {
  method: string;
  path: string;
  status: number;
  body: { errcode: number; errmsg: string };
  remaining: number;
}

export function requestLogEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.E2E_REQUEST_LOG === '1' && env.NODE_ENV !== 'production';
}

function clientOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === E2E_CLIENT_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?')[0] ?? '/';
}

export function registerRequestLog(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): void {
  if (!requestLogEnabled(env)) return;
  const clients = new Map<string, ClientLog>();
  const faults = new Map<string, Fault[]>();

  const record = (request: IncomingMessage) => {
    const client = clientOf(request.headers.cookie);
    const path = pathOf(request.url);
    if (client === undefined || path.startsWith(TEST_PATH_PREFIX)) return;
    let log = clients.get(client);
    if (!log) {
      if (clients.size >= CLIENTS_MAX) clients.delete(clients.keys().next().value as string);
      log = { counts: new Map(), requests: [] };
      clients.set(client, log);
    }
    const method = request.method ?? 'GET';
    const key = `${method} ${path}`;
    log.counts.set(key, (log.counts.get(key) ?? 0) + 1);
    const acceptLanguage = request.headers['accept-language'] ?? null;
    log.requests.push({ method, path, acceptLanguage, at: Date.now() });
    if (log.requests.length > REQUESTS_KEPT_MAX) log.requests.shift();
  };
  app.server.on('request', record);
  app.server.on('upgrade', record);

  app.addHook('onRequest', async (request, reply) => {
    const client = clientOf(request.headers.cookie);
    const list = client === undefined ? undefined : faults.get(client);
    const path = pathOf(request.url).toLowerCase();
    const fault = list?.find((candidate) => candidate.remaining > 0 && candidate.method === request.method && candidate.path === path);
    if (!fault) return undefined;
    fault.remaining -= 1;
    return reply.code(fault.status).send(fault.body);
  });

  app.get(`${TEST_PATH_PREFIX}requests`, async (request) => {
    const client = String((request.query as { client?: unknown }).client ?? '');
    const log = clients.get(client);
    return { errcode: 0, data: { counts: Object.fromEntries(log?.counts ?? []), requests: log?.requests ?? [] } };
  });

  app.delete(`${TEST_PATH_PREFIX}requests`, async (request) => {
    clients.delete(String((request.query as { client?: unknown }).client ?? ''));
    return { errcode: 0, data: {} };
  });

  app.put(`${TEST_PATH_PREFIX}faults`, async (request) => {
    const client = String((request.query as { client?: unknown }).client ?? '');
    const input = (request.body ?? {}) as Partial<{ method: string; path: string; status: number; errcode: number; errmsg: string; times: number }>;
    const fault: Fault = {
      method: (input.method ?? 'GET').toUpperCase(),
      path: (input.path ?? '').toLowerCase(),
      status: input.status ?? 500,
      body: { errcode: input.errcode ?? input.status ?? 500, errmsg: input.errmsg ?? 'Injected fault' },
      remaining: Math.max(0, Math.min(input.times ?? 1, 1_000)),
    };
    faults.set(client, [...(faults.get(client) ?? []).filter((known) => known.remaining > 0), fault]);
    return { errcode: 0, data: {} };
  });
}
