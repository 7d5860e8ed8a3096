// Proves the reads every tab shares (R-STATE-12, R-STATE-15, R-ENT-08, R-FOOT-03): the config and
// the footer once per language for every tab and again after 10 minutes, the home config per
// language and referral code until it expires, an old config rather than an error while the
// server does not answer, and the popup records kept across hubs.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { hubStarter } from '../fixtures';

// The spec's numbers (section 9), written out: a test must fail when someone changes a constant.
const CONFIG_CACHE_MS = 600_000;
const HOME_CONFIG_CACHE_MS = 60_000;

const start = hubStarter();

describe('reads every tab shares', () => {
  it('R-STATE-12 reads the config once for all tabs and again when older than 10 minutes, in its language', async () => {
    const harness = start();
    const [first, second] = await Promise.all([harness.hub.config('en'), harness.hub.config('en')]);
    expect(first).toEqual(second);
    expect(harness.server.count('/config')).toBe(1);

    await harness.clock.advance(CONFIG_CACHE_MS - 1_000);
    await harness.hub.config('en');
    expect(harness.server.count('/config')).toBe(1);
    await harness.clock.advance(1_000);
    harness.server.config = { ...harness.server.config, name: 'Renamed' };
    expect((await harness.hub.config('en')).name).toBe('Renamed');
    expect(harness.server.count('/config')).toBe(2);

    await harness.hub.config('zh-CHT');
    expect(harness.server.calls.filter((call) => call.path === '/config').map((call) => call.acceptLanguage)).toEqual(['en', 'en', 'zh-CHT']);
  });

  it('answers the config it has, however old, while the server does not answer', async () => {
    const harness = start();
    await harness.hub.config('en');
    await harness.clock.advance(CONFIG_CACHE_MS);
    harness.server.offline = true;
    expect((await harness.hub.config('en')).name).toBe('Exchange');
    await expect(harness.hub.config('de')).rejects.toThrow();
  });

  it('R-FOOT-03 reads the footer sections once for all tabs per language, and again after CONFIG_CACHE_MS', async () => {
    const harness = start();
    const [first, second] = await Promise.all([harness.hub.footer('de'), harness.hub.footer('de')]);
    expect(first).toEqual(second);
    expect(first[0]?.items[0]?.title).toBe('About (de)');
    await harness.hub.footer('ja');
    expect(harness.server.count('/post/footer')).toBe(2);
    await harness.clock.advance(CONFIG_CACHE_MS);
    await harness.hub.footer('de');
    expect(harness.server.count('/post/footer')).toBe(3);
  });

  it('R-STATE-15 R-ENT-08 keeps the home config per language and referral code until it expires', async () => {
    const harness = start();
    await harness.hub.home('en', null);
    await harness.hub.home('en', null);
    await harness.hub.home('en', 'ABC');
    await harness.hub.home('de', null);
    expect(harness.server.calls.filter((call) => call.path === '/home').map((call) => call.query)).toEqual([
      'lang=en',
      'lang=en&referralCode=ABC',
      'lang=de',
    ]);
    await harness.clock.advance(HOME_CONFIG_CACHE_MS);
    await harness.hub.home('en', null);
    expect(harness.server.count('/home')).toBe(4);
  });

  it('keeps popup-notice records across hubs', async () => {
    const indexedDB = new IDBFactory();
    const first = start({ indexedDB });
    await first.hub.recordPopup({ noticeId: 7, dayNumber: 19_000, shownAt: 5 });
    first.hub.dispose();
    const second = start({ indexedDB });
    expect(await second.hub.popupRecords()).toEqual([{ noticeId: 7, dayNumber: 19_000, shownAt: 5 }]);
  });
});
