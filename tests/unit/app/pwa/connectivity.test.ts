// @vitest-environment happy-dom
// Proves that the tab decides online and offline from what it observes, not from navigator.onLine:
// a request without an answer (the tab's or the hub's) means offline even while the browser says
// online; only an answer from the server brings it back, found by probing while offline, and the
// screens waiting for the network are told once it is back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Connectivity = typeof import('../../../../src/app/pwa/connectivity');
type HubStoreModule = typeof import('../../../../src/app/state/hub-store');

let probes: string[];
let serverUp: boolean;
let loaded: Connectivity | undefined;

/** A fresh module each time: its state is the tab's, one per page load. */
async function load(): Promise<Connectivity & HubStoreModule> {
  vi.resetModules();
  const connectivity = await import('../../../../src/app/pwa/connectivity');
  const hubStore = await import('../../../../src/app/state/hub-store');
  loaded = connectivity;
  return { ...connectivity, ...hubStore };
}

function hubStatus(serverAnswering: boolean | null) {
  return {
    kind: 'status' as const,
    status: {
      buildId: 'test',
      instanceId: 'hub-1',
      session: { status: 'signedOut' as const },
      notifications: null,
      storage: { state: 'ok' as const },
      quoteFeed: 'idle' as const,
      socketConnected: false,
      serverAnswering,
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  probes = [];
  serverUp = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    probes.push(`${init?.method ?? 'GET'} ${String(input)}`);
    if (!serverUp) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 200 });
  });
});

afterEach(() => {
  loaded?.connectivity.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('online and offline from what the app observes', () => {
  it('a request without an answer means offline although navigator.onLine says online; a probe that gets an answer brings it back and tells the screens once', async () => {
    const { connectivity, noteServerAnswered, PROBE_DELAYS_MS } = await load();
    expect(navigator.onLine).toBe(true);
    const backOnline = vi.fn();
    connectivity.onBackOnline(backOnline);
    expect(connectivity.isOnline()).toBe(true);

    noteServerAnswered(false);
    expect(connectivity.isOnline()).toBe(false);
    // Probes while the server stays silent, further and further apart up to the last delay.
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS.reduce((sum, delay) => sum + delay, 0) + PROBE_DELAYS_MS.at(-1)! * 2);
    expect(probes.length).toBe(PROBE_DELAYS_MS.length + 2);
    expect(probes[0]).toBe('HEAD /api/v1/config');
    expect(connectivity.isOnline()).toBe(false);
    expect(backOnline).not.toHaveBeenCalled();

    serverUp = true;
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS.at(-1)!);
    expect(connectivity.isOnline()).toBe(true);
    expect(backOnline).toHaveBeenCalledTimes(1);
    // Online, nothing probes.
    const probesOnline = probes.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes.length).toBe(probesOnline);
  });

  it('an answer to a request sent before the tab learned it was offline does not bring it back', async () => {
    const { connectivity, noteServerAnswered } = await load();
    connectivity.subscribe(() => undefined);
    const sentBefore = Date.now();
    await vi.advanceTimersByTimeAsync(10);
    window.dispatchEvent(new Event('offline'));
    expect(connectivity.isOnline()).toBe(false);
    // The late answer of a request sent while still online: no word on now.
    noteServerAnswered(true, sentBefore);
    expect(connectivity.isOnline()).toBe(false);
    // An answer to a request sent after: online.
    noteServerAnswered(true, Date.now());
    expect(connectivity.isOnline()).toBe(true);
  });

  it("the browser's offline event is believed at once; its online event only starts a probe", async () => {
    const { connectivity } = await load();
    const backOnline = vi.fn();
    connectivity.onBackOnline(backOnline);
    window.dispatchEvent(new Event('offline'));
    expect(connectivity.isOnline()).toBe(false);

    // The browser says online, the server still does not answer: still offline.
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(probes.length).toBe(1);
    expect(connectivity.isOnline()).toBe(false);

    serverUp = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(connectivity.isOnline()).toBe(true);
    expect(backOnline).toHaveBeenCalledTimes(1);
  });

  it("the hub's word counts when it changes: its first status says nothing until its first request, then no answer means offline", async () => {
    const { connectivity, hubStore } = await load();
    connectivity.subscribe(() => undefined);
    hubStore.apply(hubStatus(null));
    expect(connectivity.isOnline()).toBe(true);
    hubStore.apply(hubStatus(false));
    expect(connectivity.isOnline()).toBe(false);
    // The same word again is no new observation: a probe that got an answer stands.
    serverUp = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connectivity.isOnline()).toBe(true);
    hubStore.apply({ ...hubStatus(false), status: { ...hubStatus(false).status, quoteFeed: 'polling' } });
    expect(connectivity.isOnline()).toBe(true);
  });

  it('tells an error of a request that got no answer, from this tab or from the hub, from any other', async () => {
    const { isNoAnswerError } = await load();
    const { ApiClient, ApiError } = await import('../../../../src/shared/client/client');
    const client = new ApiClient({
      origin: 'http://localhost',
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
      handlers: { toast: () => undefined, onUnauthorized: () => undefined, language: () => 'en', currentPath: () => '/' },
    });
    const failure = await client.get('config').catch((error: unknown) => error);
    expect(isNoAnswerError(failure)).toBe(true);
    // From the hub only the name crosses.
    expect(isNoAnswerError(Object.assign(new Error('Failed to fetch'), { name: 'NetworkError' }))).toBe(true);
    expect(isNoAnswerError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isNoAnswerError(new ApiError(500, 'broken', 500, false))).toBe(false);
  });
});
