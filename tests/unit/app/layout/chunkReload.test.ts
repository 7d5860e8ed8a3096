/** Proves the chunk-reload guard of spec 4 and 9 (R-STATE-06): a failed page chunk reloads the window, at most once per 60 s. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, listenForChunkErrors, reloadForChunkError, shouldReloadForChunk } from '../../../../src/app/pwa/chunkReload';
import { CHUNK_RELOAD_GUARD_MS } from '../../../../src/shared/constants';

describe('shouldReloadForChunk', () => {
  it('R-STATE-06 the guard is 60 s (spec 9)', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
  });

  it('R-STATE-06 reloads when no chunk reload happened before', () => {
    expect(shouldReloadForChunk(null, 1_000_000)).toBe(true);
  });

  it('R-STATE-06 does not reload again within 60 s of the last chunk reload', () => {
    const last = 1_000_000;
    expect(shouldReloadForChunk(last, last)).toBe(false);
    expect(shouldReloadForChunk(last, last + 1_000)).toBe(false);
    expect(shouldReloadForChunk(last, last + 59_999)).toBe(false);
  });

  it('R-STATE-06 reloads again once 60 s have passed', () => {
    const last = 1_000_000;
    expect(shouldReloadForChunk(last, last + 60_000)).toBe(true);
    expect(shouldReloadForChunk(last, last + 3_600_000)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('R-STATE-06 recognises a failed dynamic import as Chromium, Firefox and Safari word it, and a failed CSS preload', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://exchange.com/assets/quotes-1a2b.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://exchange.com/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError('Failed to fetch dynamically imported module: /assets/y.js')).toBe(true);
  });

  it('R-STATE-06 leaves every other error to the error page', () => {
    expect(isChunkLoadError(new Error('Request failed with status code 500'))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('reloadForChunkError', () => {
  let stored: Map<string, string>;
  let reload: ReturnType<typeof vi.fn>;
  let events: EventTarget;

  beforeEach(() => {
    stored = new Map();
    reload = vi.fn();
    events = new EventTarget();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    });
    vi.stubGlobal('window', {
      location: { reload },
      addEventListener: events.addEventListener.bind(events),
      dispatchEvent: events.dispatchEvent.bind(events),
    });
    vi.useFakeTimers();
    vi.setSystemTime(5_000_000);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('R-STATE-06 reloads the window on the first chunk failure and remembers when', () => {
    expect(reloadForChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(stored.get('chunkReloadAt')).toBe('5000000');
  });

  it('R-STATE-06 a second failure within 60 s does not reload: the error page shows instead of a reload loop', () => {
    expect(reloadForChunkError()).toBe(true);
    vi.setSystemTime(5_000_000 + 59_000);
    expect(reloadForChunkError()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('R-STATE-06 a failure 60 s or more after the last reload reloads again', () => {
    expect(reloadForChunkError()).toBe(true);
    vi.setSystemTime(5_000_000 + 60_000);
    expect(reloadForChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('R-STATE-06 without session storage the guard cannot be kept, so it never reloads', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    });
    expect(reloadForChunkError()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  /** What Vite's preload helper does when a lazy chunk fails: one cancelable event with the error. */
  function chunkFails(message: string): void {
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: new TypeError(message) });
    events.dispatchEvent(event);
  }

  it("R-STATE-06 Vite's chunk failure reloads once; within 60 s it marks the router's own reload as done, so the error page shows", () => {
    listenForChunkErrors();
    const message = 'Failed to fetch dynamically imported module: https://exchange.com/assets/moremenu-1.js';
    chunkFails(message);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(stored.has(`tanstack_router_reload:${message}`)).toBe(false);

    vi.setSystemTime(5_000_000 + 10_000);
    chunkFails(message);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(stored.get(`tanstack_router_reload:${message}`)).toBe('1');
  });
});
