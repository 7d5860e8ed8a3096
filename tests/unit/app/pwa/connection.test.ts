// Proves the connection rule of spec 9 that both the service worker's warming and the router's
// preloading follow: nothing ahead of need on 2g or with save-data.
import { describe, expect, it } from 'vitest';
import { prefetchAllowed } from '../../../../src/app/pwa/connection';

describe('prefetchAllowed', () => {
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
