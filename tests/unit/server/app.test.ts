/** Proves the app frame: the envelope for unknown calls and security headers on every answer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
