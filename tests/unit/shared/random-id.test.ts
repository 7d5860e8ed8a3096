/** Proves that randomId gives version-4 UUIDs where crypto.randomUUID is missing (a page that is not a secure context). */
import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from '../../../src/shared/random-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomId', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives crypto.randomUUID\u2019s answer where there is one', () => {
    expect(randomId()).toMatch(UUID_V4);
  });

  it('builds a version-4 UUID from getRandomValues where randomUUID is missing, as over plain HTTP', () => {
    const getRandomValues = vi.fn(<T extends ArrayBufferView | null>(array: T) => webcrypto.getRandomValues(array as Uint8Array) as unknown as T);
    vi.stubGlobal('crypto', { getRandomValues });
    const ids = new Set(Array.from({ length: 1000 }, () => randomId()));
    expect(getRandomValues).toHaveBeenCalledTimes(1000);
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    for (const fill of [0x00, 0xff]) {
      vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => array.fill(fill) });
      expect(randomId()).toMatch(UUID_V4);
    }
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => array.fill(0xff) });
    expect(randomId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
