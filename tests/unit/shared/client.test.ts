/**
 * Proves every rule of the client core against spec sections 7 and 8: what it sends (base path,
 * credentials, Accept-Language, formPage, form encoding, empty-object POSTs, CSRF header) and how
 * it treats each kind of answer (data, whole body, silent codes, toasts, 401, 400, 5xx, network).
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError, encodeForm, formPageOf, isNetworkFailure } from '../../../src/shared/client/client';

interface Recorded {
  url: URL;
  init: RequestInit;
}

function setup(answers: ((request: Recorded) => Response)[], language: string | null = 'de', path = '/de/exchange') {
  const requests: Recorded[] = [];
  const toast = vi.fn();
  const onUnauthorized = vi.fn();
  const fakeFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = { url: new URL(String(input)), init: init ?? {} };
    requests.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    return answer(request);
  });
  const client = new ApiClient({
    fetch: fakeFetch as unknown as typeof fetch,
    origin: 'http://localhost',
    handlers: { toast, onUnauthorized, language: () => language, currentPath: () => path },
  });
  return { client, requests, toast, onUnauthorized };
}

const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const csrf = json({ errcode: 0, data: { token: 'token-1' } });

describe('client requests (spec 7)', () => {
  it('R-CLI-01 R-CLI-02 R-LANG-02 uses /api/v1/, credentials, the stored language and formPage', async () => {
    const { client, requests } = setup([json({ errcode: 0, data: { name: 'Exchange' } })]);
    await expect(client.get('config')).resolves.toEqual({ name: 'Exchange' });
    const [request] = requests;
    expect(request!.url.pathname).toBe('/api/v1/config');
    expect(request!.url.searchParams.get('formPage')).toBe('deexchange');
    expect(request!.init.credentials).toBe('include');
    expect((request!.init.headers as Record<string, string>)['Accept-Language']).toBe('de');
    expect(request!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('R-LANG-02 sends en when no language is stored', async () => {
    const { client, requests } = setup([json({ errcode: 0, data: 1 })], null);
    await client.get('config');
    expect((requests[0]!.init.headers as Record<string, string>)['Accept-Language']).toBe('en');
  });

  it('R-CLI-03 form-encodes bodies, sends {} for an empty POST, passes FormData through, and carries the CSRF token', async () => {
    const ok = json({ errcode: 0, data: true });
    const { client, requests } = setup([csrf, ok, ok, ok]);
    await client.post('account/signin', { body: { username: 'a@b.c', password: 'x y' } });
    await client.post('notification/status');
    const upload = new FormData();
    upload.append('sessionId', '1');
    await client.post('helpdesk/image', { body: upload });
    expect(requests[0]!.url.pathname).toBe('/api/v1/csrftoken');
    const [, signin, status, image] = requests;
    expect(signin!.init.body).toBe('username=a%40b.c&password=x+y');
    expect((signin!.init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect((signin!.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('token-1');
    expect(status!.init.body).toBe('{}');
    expect(image!.init.body).toBe(upload);
    expect((image!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('fetches a new CSRF token and retries once when the server says the token is stale', async () => {
    const { client, requests } = setup([
      csrf,
      json({ errcode: 7, errmsg: 'stale' }, 403),
      json({ errcode: 0, data: { token: 'token-2' } }),
      json({ errcode: 0, data: 'done' }),
    ]);
    await expect(client.post('balance/list')).resolves.toBe('done');
    expect((requests[3]!.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('token-2');
  });

  it('R-CLI-02 formPage drops every slash and the query', () => {
    expect(formPageOf('/zh-CHT/assets/assetDeposit?x=1')).toBe('zh-CHTassetsassetDeposit');
    expect(formPageOf('/')).toBe('');
    expect(encodeForm({ a: 1, b: undefined, c: [1, 2], d: { e: 1 } })).toBe('a=1&c=1&c=2&d=%7B%22e%22%3A1%7D');
  });
});

describe('client answers (spec 8)', () => {
  it('R-CLI-05 yields data for errcode 0 or absent, and the whole body when it has more than two keys', async () => {
    const { client } = setup([json({ errcode: 0, data: [1] }), json({ data: 'x' }), json({ errcode: 0, data: 1, total: 9 })]);
    await expect(client.get('a')).resolves.toEqual([1]);
    await expect(client.get('b')).resolves.toBe('x');
    await expect(client.get('c')).resolves.toEqual({ errcode: 0, data: 1, total: 9 });
  });

  it.each([202, 101, 400, 8])('R-CLI-06 rejects errcode %i silently with the code', async (code) => {
    const { client, toast } = setup([json({ errcode: code, errmsg: 'm' })]);
    await expect(client.get('x')).rejects.toMatchObject({ code, silent: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('R-CLI-06 rejects errcode 3 silently on notice calls only, and shows nothing for the coin-address call', async () => {
    const { client, toast } = setup([json({ errcode: 3, errmsg: 'gone' }), json({ errcode: 3, errmsg: 'gone' }), json({ errcode: 77, errmsg: 'no' })]);
    await expect(client.get('notice?id=4')).rejects.toMatchObject({ code: 3, silent: true });
    expect(toast).not.toHaveBeenCalled();
    await expect(client.get('post?id=4')).rejects.toMatchObject({ code: 3 });
    expect(toast).toHaveBeenCalledTimes(1);
    await expect(client.get('blockchain/get_coin_address?coin=BTC', { silentAll: true })).rejects.toMatchObject({ code: 77, silent: true });
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('R-CLI-07 toasts any other errcode for 5000 ms with errmsg, or Error, and rejects', async () => {
    const { client, toast } = setup([json({ errcode: 1101, errmsg: 'Insufficient balance.' }), json({ errcode: 1101 })]);
    await expect(client.get('x')).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenLastCalledWith('Insufficient balance.', 5000);
    await expect(client.get('x')).rejects.toMatchObject({ message: 'Error' });
    expect(toast).toHaveBeenLastCalledWith('Error', 5000);
  });

  it('R-CLI-08 R-STATE-01 clears the session on 401 and rejects; 400 rejects with the code and fields', async () => {
    const { client, onUnauthorized, toast } = setup([json({ errcode: 401 }, 401), json({ errcode: 400, errmsg: 'bad', fields: { email: 'x' } }, 400)]);
    await expect(client.get('account/profile')).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(client.get('x')).rejects.toMatchObject({ code: 400, fields: { email: 'x' }, silent: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('R-CLI-08 R-CLI-04 returns false silently for 502, 504 and other statuses above 500', async () => {
    const { client, toast } = setup([json({}, 502), json({}, 504), json({ errmsg: 'down' }, 503)]);
    await expect(client.get('x')).resolves.toBe(false);
    await expect(client.get('x')).resolves.toBe(false);
    await expect(client.get('x')).resolves.toBe(false);
    expect(toast).not.toHaveBeenCalled();
  });

  it('R-CLI-09 toasts errmsg on 500 when present and rejects; other statuses toast errmsg or the error message', async () => {
    const { client, toast } = setup([json({ errcode: 500, errmsg: 'boom' }, 500), json({}, 500), json({ errcode: 9, errmsg: 'slow down' }, 429), () => new Response('nope', { status: 404 })]);
    await expect(client.get('x')).rejects.toMatchObject({ code: 500 });
    expect(toast).toHaveBeenLastCalledWith('boom', 5000);
    await expect(client.get('x')).rejects.toMatchObject({ code: 500, silent: true });
    expect(toast).toHaveBeenCalledTimes(1);
    await expect(client.get('x')).rejects.toMatchObject({ code: 9 });
    expect(toast).toHaveBeenLastCalledWith('slow down', 5000);
    await expect(client.get('x')).rejects.toMatchObject({ code: 404 });
    expect(toast).toHaveBeenLastCalledWith('Request failed with status code 404', 5000);
  });

  it('R-CLI-10 rejects a network error without a response unchanged', async () => {
    const failure = new TypeError('Failed to fetch');
    const { client, toast } = setup([
      () => {
        throw failure;
      },
    ]);
    await expect(client.get('x')).rejects.toBe(failure);
    expect(toast).not.toHaveBeenCalled();
  });

  it('tells whether the server answered: any HTTP status is an answer, a network error or a timeout is none, the caller\'s abort neither', async () => {
    const outcomes: boolean[] = [];
    const failure = new TypeError('Failed to fetch');
    const answers: (() => Response | Promise<Response>)[] = [
      json({ errcode: 0, data: 1 }),
      json({ errcode: 500, errmsg: 'broken' }, 500),
      () => {
        throw failure;
      },
    ];
    const client = new ApiClient({
      origin: 'http://localhost',
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        const answer = answers.shift();
        if (answer) return answer();
        // No answer until the signal says so (the caller's abort, or the timeout).
        return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }) as typeof fetch,
      timeoutMs: 50,
      handlers: { toast: vi.fn(), onUnauthorized: vi.fn(), language: () => 'en', currentPath: () => '/', serverAnswered: (answered, sentAt) => {
        expect(sentAt).toBeLessThanOrEqual(Date.now());
        outcomes.push(answered);
      } },
    });
    await client.get('x');
    await client.get('x').catch(() => undefined);
    const networkError = await client.get('x').catch((error: unknown) => error);
    expect(networkError).toBe(failure);
    expect(isNetworkFailure(networkError)).toBe(true);
    expect(outcomes).toEqual([true, true, false]);

    const timeoutError = await client.get('x').catch((error: unknown) => error);
    expect(timeoutError).toMatchObject({ name: 'TimeoutError' });
    expect(isNetworkFailure(timeoutError)).toBe(true);
    expect(outcomes).toEqual([true, true, false, false]);

    const controller = new AbortController();
    const pending = client.get('x', { signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    const abortError = await pending;
    expect(abortError).toMatchObject({ name: 'AbortError' });
    expect(isNetworkFailure(abortError)).toBe(false);
    expect(outcomes).toHaveLength(4);
    expect(isNetworkFailure(new ApiError(500, 'broken', 500, false))).toBe(false);
  });

  it('R-CLI-01 gives up after the timeout', async () => {
    const client = new ApiClient({
      timeoutMs: 20,
      origin: 'http://localhost',
      fetch: ((_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch,
      handlers: { toast: vi.fn(), onUnauthorized: vi.fn(), language: () => 'en', currentPath: () => '/' },
    });
    await expect(client.get('x')).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
