/**
 * Proves the app frame: the envelope for unknown calls, security headers on every answer, and the
 * order of the checks on a call (session, then CSRF token, then input).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../helpers/auth';
import { buildTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('app frame', () => {
  it('answers an unknown API path with the not-found envelope, not HTML', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errcode: 3 });
  });

  it('sends helmet headers with a content security policy', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the order of the checks: session, CSRF token, then input', () => {
  const malformed = { symbol: 'not a symbol', side: 'sideways', type: 42, price: 'a lot', amount: -1 };

  it('R-STATE-01 R-CLI-08 a visitor with an invalid body gets 401 (the answer that sends the client to login), not the field errors', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/exchange/create', payload: malformed });
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('fields');
    // Not even a body that does not parse gets past the session check.
    const unparsable = await server.app.inject({ method: 'POST', url: '/api/v1/exchange/create', headers: { 'content-type': 'application/json' }, payload: '{"symbol":' });
    expect(unparsable.statusCode).toBe(401);
  });

  it('a signed-in POST without its CSRF token is refused for the token, whatever its body', async () => {
    const user = await createTestUser(server);
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/exchange/create', headers: { cookie: user.cookie }, payload: malformed });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errcode: 7 });
    expect(response.json()).not.toHaveProperty('fields');
    // With the token, the input is checked: 400 with the fields.
    const checked = await server.app.inject({ method: 'POST', url: '/api/v1/exchange/create', headers: user.headers, payload: malformed });
    expect(checked.statusCode).toBe(400);
    expect(checked.json()).toHaveProperty('fields');
  });
});
