/**
 * Proves the app frame: the envelope for unknown calls, security headers on every answer, the
 * order of the checks on a call (session, then CSRF token, then input) and the English texts of
 * the invalid-fields answer.
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

describe('the invalid-fields answer', () => {
  // The contract's schemas are zod/mini, which loads no locale: the server configures zod's
  // English messages where it boots, and these are the texts clients have always received.
  it('names each invalid field with the English message of its first problem', async () => {
    const user = await createTestUser(server);
    const order = await server.app.inject({
      method: 'POST',
      url: '/api/v1/exchange/create',
      headers: user.headers,
      payload: { symbol: 0, side: 'sideways', type: 42, price: 5, quantity: '-1', clientOrderId: 'x'.repeat(41) },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({
      errcode: 400,
      errmsg: 'Some fields are invalid.',
      fields: {
        symbol: 'Too small: expected number to be >0',
        side: 'Invalid option: expected one of "buy"|"sell"',
        type: 'Invalid option: expected one of "limit"|"market"',
        price: 'Invalid input: expected string, received number',
        quantity: 'must be a positive decimal number',
        clientOrderId: 'Too big: expected string to have <=40 characters',
      },
    });
    const orders = await server.app.inject({ method: 'POST', url: '/api/v1/exchange/orders', headers: user.headers, payload: { offset: -1, limit: 1.5 } });
    expect(orders.json()).toMatchObject({
      fields: { offset: 'Too small: expected number to be >=0', limit: 'Invalid input: expected int, received number' },
    });
    const klines = await server.app.inject({ method: 'GET', url: '/api/v1/quotation/klines?id=1&limit=99999999999' });
    expect(klines.json()).toMatchObject({ fields: { limit: 'Too big: expected number to be <=2147483647' } });
    const transfer = await server.app.inject({
      method: 'POST',
      url: '/api/v1/balance/transfer',
      headers: { ...user.headers, 'idempotency-key': 'invalid-fields-1' },
      payload: { from: 'spot', to: 'futures', currency: 'U', amount: '1' },
    });
    expect(transfer.json()).toMatchObject({ fields: { currency: 'Too small: expected string to have >=2 characters' } });
  });
});
