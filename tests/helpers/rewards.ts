/**
 * What the rewards tests share: a server whose sessions outlive the weeks a test's clock moves
 * through, with its rewards fund paid in from genesis and its clock set one hour into the next
 * UTC day (so that no test's "same day" straddles midnight), the envelope of an answer, and the
 * operator's settings call that switches check-in and the draw off and on.
 */
import type { LightMyRequestResponse } from 'fastify';
import { fundPlatformAccount } from './auth';
import { callApi } from './inject';
import { buildTestServer, type TestServer } from './server';

export const DAY_MS = 86_400_000;

export async function buildRewardsServer(fundUsdt: string): Promise<TestServer> {
  const server = await buildTestServer({ demoMode: false, sessionIdleMs: 365 * DAY_MS, sessionAbsoluteMs: 365 * DAY_MS });
  await fundPlatformAccount(server, 'rewards', { USDT: fundUsdt });
  const now = server.context.now();
  server.advance(Math.floor(now / DAY_MS) * DAY_MS + DAY_MS + 3_600_000 - now);
  return server;
}

export interface Answer<T> {
  errcode: number;
  errmsg?: string;
  data: T;
}

export function updateSiteSettings(server: TestServer, payload: unknown): Promise<LightMyRequestResponse> {
  return callApi(server, 'POST', '/operator/settings', { headers: { authorization: `Bearer ${server.context.adminToken}` }, payload });
}
