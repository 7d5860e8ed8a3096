/** Proves GET /identityverification answers the signed-in caller's own identity status (spec 3: 0..4) and nobody else's, and 401 without a signed-in session. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityStatusCall } from '../../../src/shared/api/account';
import { IDENTITY_STATUS } from '../../../src/shared/constants';
import { parseIdentityStatus } from '../../../src/shared/validation';
import { SESSION_COOKIE } from '../../../server/http/session';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';
import { startSession } from '../../helpers/signin';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

async function readStatus(headers: Record<string, string> = {}) {
  const response = await callApi(server, 'GET', '/identityverification', { headers });
  return { statusCode: response.statusCode, body: response.json<{ errcode: number; data?: unknown }>() };
}

async function setStatus(user: TestUser, status: number): Promise<void> {
  await server.context.db.updateTable('users').set({ identity_status: status }).where('id', '=', BigInt(user.userId)).execute();
}

describe('GET /identityverification', () => {
  it('R-API-02 answers 401 without a session', async () => {
    const answer = await readStatus();
    expect(answer.statusCode).toBe(401);
    expect(answer.body.errcode).toBe(401);
  });

  it('answers 401 for a pre-session that has not signed in', async () => {
    const preSession = await startSession(server);
    const answer = await readStatus(preSession.headers);
    expect(answer.statusCode).toBe(401);
  });

  it('answers 401 for an unknown session cookie', async () => {
    const answer = await readStatus({ cookie: `${SESSION_COOKIE}=not-a-session` });
    expect(answer.statusCode).toBe(401);
  });

  it('R-ENT-05 R-API-02 answers a new user status 0 (none), a number the client accepts (R-VAL-09)', async () => {
    const user = await createTestUser(server);
    const answer = await readStatus(user.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toEqual({ errcode: 0, data: IDENTITY_STATUS.none });
    expect(identityStatusCall.data.parse(answer.body.data)).toBe(0);
    expect(parseIdentityStatus(answer.body.data)).toBe(0);
  });

  it('R-ENT-05 reads back every status 0..4 after it changed', async () => {
    const user = await createTestUser(server);
    for (const status of Object.values(IDENTITY_STATUS)) {
      await setStatus(user, status);
      const answer = await readStatus(user.headers);
      expect(answer.body).toEqual({ errcode: 0, data: status });
    }
  });

  it('answers the caller status only, never another user one', async () => {
    const reviewed = await createTestUser(server);
    const approved = await createTestUser(server);
    await setStatus(reviewed, IDENTITY_STATUS.reviewing);
    await setStatus(approved, IDENTITY_STATUS.approved);
    expect((await readStatus(reviewed.headers)).body.data).toBe(IDENTITY_STATUS.reviewing);
    expect((await readStatus(approved.headers)).body.data).toBe(IDENTITY_STATUS.approved);
    // A query naming another user changes nothing: the session alone decides whose status it is.
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/identityverification?id=${approved.userId}&uid=${approved.userId}`,
      headers: reviewed.headers,
    });
    expect(response.json()).toEqual({ errcode: 0, data: IDENTITY_STATUS.reviewing });
  });
});
