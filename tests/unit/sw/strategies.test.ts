// Proves the service worker's two strategies: a page navigation falls back to the cached shell
// offline, on a server error or after the timeout, and a file is never replaced by anything else.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheOrNetwork, networkFirstWithTimeout } from '../../../src/sw/strategies';

const SHELL = '<!doctype html><div id="root"></div>';

function shellFallback() {
  return vi.fn(async () => new Response(SHELL, { headers: { 'content-type': 'text/html' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('networkFirstWithTimeout', () => {
  it("answers with the network's page when it comes in time", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('fresh page', { status: 200 })));
    const fallback = shellFallback();
    const response = await networkFirstWithTimeout(new Request('https://exchange.example/en'), { timeoutMs: 3_000, fallback });
    expect(await response.text()).toBe('fresh page');
    expect(fallback).not.toHaveBeenCalled();
  });

  it('answers with the cached shell when the network fails (offline)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const response = await networkFirstWithTimeout(new Request('https://exchange.example/en'), { timeoutMs: 3_000, fallback: shellFallback() });
    expect(await response.text()).toBe(SHELL);
  });

  it('answers with the cached shell on a server error, but passes a 404 through', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('bad gateway', { status: 502 })));
    const fromGateway = await networkFirstWithTimeout(new Request('https://exchange.example/en'), { timeoutMs: 3_000, fallback: shellFallback() });
    expect(await fromGateway.text()).toBe(SHELL);

    vi.stubGlobal('fetch', vi.fn(async () => new Response('not found', { status: 404 })));
    const notFound = await networkFirstWithTimeout(new Request('https://exchange.example/api'), { timeoutMs: 3_000, fallback: shellFallback() });
    expect(notFound.status).toBe(404);
  });

  it('answers with the cached shell when the network is slower than the timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    const pending = networkFirstWithTimeout(new Request('https://exchange.example/en'), { timeoutMs: 3_000, fallback: shellFallback() });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await (await pending).text()).toBe(SHELL);
  });

  it('waits for a slow network when there is no cached shell, and fails when it fails', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const pending = networkFirstWithTimeout(new Request('https://exchange.example/en'), { timeoutMs: 3_000, fallback: async () => undefined });
    await vi.advanceTimersByTimeAsync(5_000);
    answer(new Response('late page'));
    expect(await (await pending).text()).toBe('late page');

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(networkFirstWithTimeout(new Request('https://exchange.example/en'), { timeoutMs: 3_000, fallback: async () => undefined })).rejects.toThrow(
      'Failed to fetch',
    );
  });
});

describe('cacheOrNetwork', () => {
  it('answers from the cache without the network', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const response = await cacheOrNetwork(new Request('https://exchange.example/assets/a.js'), {
      lookup: async () => new Response('cached script'),
      keepAlive: () => undefined,
    });
    expect(await response.text()).toBe('cached script');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fetches a missing file, stores a success and passes a 404 through untouched (never HTML)', async () => {
    const stored: string[] = [];
    const keepAlive = vi.fn();
    const options = { lookup: async () => undefined, store: async (response: Response) => void stored.push(await response.text()), keepAlive };

    vi.stubGlobal('fetch', vi.fn(async () => new Response('network script', { status: 200 })));
    expect(await (await cacheOrNetwork(new Request('https://exchange.example/assets/b.js'), options)).text()).toBe('network script');
    await keepAlive.mock.calls[0]?.[0];
    expect(stored).toEqual(['network script']);

    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"errcode":3}', { status: 404, headers: { 'content-type': 'application/json' } })));
    const missing = await cacheOrNetwork(new Request('https://exchange.example/assets/missing.js'), options);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/json');
    expect(stored).toHaveLength(1);
  });

  it('fails when the network fails and nothing is cached: a failed script, not a page', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(
      cacheOrNetwork(new Request('https://exchange.example/assets/missing.js'), { lookup: async () => undefined, keepAlive: () => undefined }),
    ).rejects.toThrow('Failed to fetch');
  });
});
