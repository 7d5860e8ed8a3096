// Proves the connection rule of spec 9 that both the service worker's warming and the router's
// preloading follow: nothing ahead of need on 2g or with save-data, and a prefetch waits for an
// idle moment, 2000 ms at most.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchAllowed, prefetchWhenIdle } from '../../../../src/app/pwa/connection';

describe('R-CLI-12 prefetchAllowed', () => {
  it('allows prefetching on a fast connection, and where the browser does not tell', () => {
    expect(prefetchAllowed({ effectiveType: '4g', saveData: false })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    expect(prefetchAllowed({})).toBe(true);
    expect(prefetchAllowed(undefined)).toBe(true);
  });

  it('skips prefetching on 2g and slower', () => {
    expect(prefetchAllowed({ effectiveType: '2g', saveData: false })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
  });

  it('skips prefetching when the user asked to save data, whatever the speed', () => {
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('R-CLI-12 prefetchWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the browser for an idle moment with a 2000 ms timeout', async () => {
    const asked: (IdleRequestOptions | undefined)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      asked.push(options);
      callback({ didTimeout: false, timeRemaining: () => 10 });
      return 1;
    });
    vi.stubGlobal('navigator', {});
    const prefetch = vi.fn();
    await expect(prefetchWhenIdle(prefetch)).resolves.toBe(true);
    expect(asked).toEqual([{ timeout: 2000 }]);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('without requestIdleCallback waits exactly 2000 ms, and skips the prefetch on a 2g connection', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.stubGlobal('navigator', { connection: { effectiveType: '4g' } });
    const prefetch = vi.fn();
    const ran = prefetchWhenIdle(prefetch);
    await vi.advanceTimersByTimeAsync(1999);
    expect(prefetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(ran).resolves.toBe(true);

    vi.stubGlobal('navigator', { connection: { effectiveType: '2g' } });
    const slow = vi.fn();
    const skipped = prefetchWhenIdle(slow);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(skipped).resolves.toBe(false);
    expect(slow).not.toHaveBeenCalled();
  });
});
