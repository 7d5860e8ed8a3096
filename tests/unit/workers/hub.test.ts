// Proves the hub core's decisions: one subscription per symbol for the union of what tabs watch,
// nothing while no tab is visible, polling only as the socket's fallback, the spec's poll and
// cache intervals, sign-in and sign-out reaching every tab, and a cache a new hub paints from.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { HUB_TIMINGS_MS, NO_ANSWER_ERROR_NAME } from '../../../src/workers/protocol';
import { hubService } from '../../../src/workers/service';
import { HUB_DATABASE_NAME } from '../../../src/workers/store';
import { createHub, FakeServer, FakeTab, ManualClock, quote, settle, type HubHarness, type HubHarnessOptions } from './fixtures';

// The spec's numbers (section 9), written out: a test must fail when someone changes a constant.
const CONFIG_CACHE_MS = 600_000;
const HOME_CONFIG_CACHE_MS = 60_000;
const NOTIFICATION_POLL_MS = 5_000;
const SYMBOL_REFRESH_MS = 300_000;

const harnesses: HubHarness[] = [];

function start(options: HubHarnessOptions = {}): HubHarness {
  const harness = createHub(options);
  harnesses.push(harness);
  return harness;
}

afterEach(() => {
  for (const harness of harnesses.splice(0)) harness.hub.dispose();
});

/** Attaches as the bridge does: the snapshot the tab gets counts as its first status. */
async function attach(harness: HubHarness, tab: FakeTab): Promise<void> {
  const snapshot = await harness.hub.attach(tab.hello(), tab.port);
  tab.pushes.push({ kind: 'status', status: snapshot.status });
  await settle();
}

describe('quote subscriptions', () => {
  it('subscribes the socket once per symbol for the union of what every tab watches', async () => {
    const harness = start();
    const first = new FakeTab('first');
    const second = new FakeTab('second');
    await attach(harness, first);
    await attach(harness, second);

    await harness.hub.watchQuotes('first', [301, 302]);
    await harness.hub.watchQuotes('second', [302, 303]);
    await harness.clock.advance(100);

    expect([...harness.realtime().subscribed].sort()).toEqual([301, 302, 303]);
    // One /quotation/latest read for the symbols as they start being watched, none per tab after.
    const readsBefore = harness.server.count('/quotation/latest');
    const pushesBefore = second.quotesPushed().length;
    await harness.hub.watchQuotes('second', [302, 303]);
    await harness.clock.advance(100);
    expect(harness.server.count('/quotation/latest')).toBe(readsBefore);
    // The same set again brings nothing new either.
    expect(second.quotesPushed()).toHaveLength(pushesBefore);
    expect(harness.hub.status().quoteFeed).toBe('live');
  });

  it('a tab that watches symbols whose first read is still out waits for that read instead of sending another', async () => {
    const harness = start();
    const first = new FakeTab('first');
    const second = new FakeTab('second');
    await attach(harness, first);
    await attach(harness, second);
    await harness.clock.advance(10);
    const release = harness.server.hold();
    await harness.hub.watchQuotes('first', [301, 302]);
    await harness.clock.advance(HUB_TIMINGS_MS.quoteFetchBatch);
    await harness.hub.watchQuotes('second', [301, 302]);
    await harness.clock.advance(HUB_TIMINGS_MS.quoteFetchBatch);
    release();
    await harness.clock.advance(100);

    expect(harness.server.count('/quotation/latest')).toBe(1);
    expect(second.quotesPushed().map((pushed) => pushed.id).sort()).toEqual([301, 302]);
  });

  it('pushes a socket quote only to the tabs that watch its symbol', async () => {
    const harness = start();
    const first = new FakeTab('first');
    const second = new FakeTab('second');
    await attach(harness, first);
    await attach(harness, second);
    await harness.hub.watchQuotes('first', [301]);
    await harness.hub.watchQuotes('second', [302]);
    await harness.clock.advance(100);
    first.pushes.length = 0;
    second.pushes.length = 0;

    harness.realtime().push({ symbolId: 301, sequence: 7, quote: quote(301, '101.00', harness.clock.now() + 5_000) });
    await settle();

    expect(first.quotesPushed().map((pushed) => pushed.c)).toEqual(['101.00']);
    expect(second.quotesPushed()).toEqual([]);
  });

  it('drops a closed tab (its Web Lock is released) and its symbols from the union', async () => {
    const harness = start();
    const staying = new FakeTab('staying');
    const closing = new FakeTab('closing');
    await attach(harness, staying);
    await attach(harness, closing);
    await harness.hub.watchQuotes('staying', [301]);
    await harness.hub.watchQuotes('closing', [301, 304]);
    await harness.clock.advance(100);
    expect([...harness.realtime().subscribed].sort()).toEqual([301, 304]);

    harness.closeTab('closing');
    await settle();

    expect(harness.hub.tabCount).toBe(1);
    expect([...harness.realtime().subscribed]).toEqual([301]);
  });

  it('drops a tab that stops taking pushes after the tab call timeout', async () => {
    const harness = start();
    const alive = new FakeTab('alive');
    const frozen = new FakeTab('frozen');
    await attach(harness, alive);
    await attach(harness, frozen);
    await harness.hub.watchQuotes('frozen', [302]);
    await harness.clock.advance(100);
    frozen.gone = true;

    harness.realtime().push({ symbolId: 302, sequence: 1, quote: quote(302, '99.00', harness.clock.now() + 10_000) });
    await harness.clock.advance(HUB_TIMINGS_MS.tabCall - 1);
    expect(harness.hub.tabCount).toBe(2);
    await harness.clock.advance(1);

    expect(harness.hub.tabCount).toBe(1);
    expect(harness.realtime().subscribed.size).toBe(0);
    // A call naming the dropped tab tells its bridge to attach again.
    expect(await harness.hub.watchQuotes('frozen', [302])).toBe(false);
    expect(await harness.hub.updateTab('frozen', { visible: true })).toBe(false);
  });
});

describe('pausing while no tab is visible', () => {
  it('leaves every market channel and reads nothing while all tabs are hidden, and resumes with one read', async () => {
    const harness = start();
    const tab = new FakeTab('only');
    await attach(harness, tab);
    await harness.hub.watchQuotes('only', [301, 302]);
    await harness.clock.advance(100);
    expect(harness.realtime().subscribed.size).toBe(2);

    await harness.hub.updateTab('only', { visible: false });
    await harness.clock.advance(HUB_TIMINGS_MS.pauseGrace - 10);
    expect(harness.realtime().subscribed.size).toBe(2);
    await harness.clock.advance(10);
    expect(harness.realtime().subscribed.size).toBe(0);
    expect(harness.hub.status().quoteFeed).toBe('paused');

    // Hidden with the socket down: no fallback polling either.
    harness.realtime().drop();
    const readsWhileHidden = harness.server.count('/quotation/latest');
    await harness.clock.advance(HUB_TIMINGS_MS.quoteFallbackPoll * 5);
    expect(harness.server.count('/quotation/latest')).toBe(readsWhileHidden);
    // A quote pushed for a symbol nobody shows is not forwarded.
    tab.pushes.length = 0;
    harness.realtime().connect();
    harness.realtime().push({ symbolId: 301, sequence: 1, quote: quote(301, '1.00', harness.clock.now() + 1) });
    await settle();
    expect(tab.quotesPushed()).toEqual([]);

    await harness.hub.updateTab('only', { visible: true });
    await harness.clock.advance(100);
    expect([...harness.realtime().subscribed].sort()).toEqual([301, 302]);
    expect(harness.server.count('/quotation/latest')).toBe(readsWhileHidden + 1);
    expect(harness.hub.status().quoteFeed).toBe('live');
  });

  it('switching from one tab to another (one hides, then the other shows) neither leaves a channel nor reads again', async () => {
    const harness = start();
    const left = new FakeTab('left', true);
    const right = new FakeTab('right', false);
    await attach(harness, left);
    await attach(harness, right);
    await harness.hub.watchQuotes('left', [301]);
    await harness.hub.watchQuotes('right', [301]);
    await harness.clock.advance(100);
    const reads = harness.server.count('/quotation/latest');

    await harness.hub.updateTab('left', { visible: false });
    await harness.clock.advance(50);
    await harness.hub.updateTab('right', { visible: true });
    await harness.clock.advance(HUB_TIMINGS_MS.pauseGrace * 2);

    expect([...harness.realtime().subscribed]).toEqual([301]);
    expect(harness.server.count('/quotation/latest')).toBe(reads);
    expect(harness.hub.status().quoteFeed).toBe('live');
  });

  it('keeps quotes flowing to a hidden tab while another tab is visible', async () => {
    const harness = start();
    const hidden = new FakeTab('hidden', false);
    const visible = new FakeTab('visible', true);
    await attach(harness, hidden);
    await attach(harness, visible);
    await harness.hub.watchQuotes('hidden', [303]);
    await harness.clock.advance(100);

    expect([...harness.realtime().subscribed]).toEqual([303]);
    harness.realtime().push({ symbolId: 303, sequence: 1, quote: quote(303, '5.00', harness.clock.now() + 1) });
    await settle();
    expect(hidden.quotesPushed().at(-1)?.c).toBe('5.00');
  });
});

describe('polling schedules', () => {
  it('polls /quotation/latest only while the socket is down, every quoteFallbackPoll ms', async () => {
    const harness = start({ connectSocket: false });
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    await harness.hub.watchQuotes('tab', [301]);
    await harness.clock.advance(100);
    expect(harness.hub.status().quoteFeed).toBe('polling');
    const first = harness.server.count('/quotation/latest');
    expect(first).toBe(1);

    await harness.clock.advance(HUB_TIMINGS_MS.quoteFallbackPoll * 3);
    expect(harness.server.count('/quotation/latest')).toBe(first + 3);

    harness.realtime().connect();
    await settle();
    expect(harness.hub.status().quoteFeed).toBe('live');
    const atConnect = harness.server.count('/quotation/latest');
    await harness.clock.advance(HUB_TIMINGS_MS.quoteFallbackPoll * 3);
    expect(harness.server.count('/quotation/latest')).toBe(atConnect);
  });

  it('polls a symbol the socket refuses, and only that one', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    await harness.clock.advance(10);
    harness.realtime().refusing.add(302);
    await harness.hub.watchQuotes('tab', [301, 302]);
    await harness.clock.advance(100);
    const bodies = () => harness.server.calls.filter((call) => call.path === '/quotation/latest').map((call) => decodeURIComponent(call.body));

    await harness.clock.advance(HUB_TIMINGS_MS.quoteFallbackPoll);
    expect(bodies().at(-1)).toBe('symbols=302');
    expect([...harness.realtime().subscribed]).toEqual([301]);
  });

  it('R-STATE-15 refreshes the symbol list every 300000 ms', async () => {
    const harness = start();
    await harness.clock.advance(10);
    expect(harness.server.count('/quotation/symbols')).toBe(1);
    await harness.clock.advance(SYMBOL_REFRESH_MS - 100);
    expect(harness.server.count('/quotation/symbols')).toBe(1);
    await harness.clock.advance(100);
    expect(harness.server.count('/quotation/symbols')).toBe(2);
    await harness.clock.advance(SYMBOL_REFRESH_MS);
    expect(harness.server.count('/quotation/symbols')).toBe(3);
  });

  it('R-STATE-11 polls notification status every 5000 ms while signed in and enabled, and stops at sign-out', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    await harness.clock.advance(10);
    expect(harness.server.count('/notification/status')).toBe(0);

    expect(await harness.hub.signIn({ username: 'trader1@demo.exchange', password: 'Demo1234!' })).toMatchObject({ ok: true });
    await harness.clock.advance(10);
    expect(harness.server.count('/notification/status')).toBe(1);
    expect(tab.lastStatus()?.notifications).toEqual({ enabled: true, unread: 3 });

    await harness.clock.advance(NOTIFICATION_POLL_MS * 4);
    expect(harness.server.count('/notification/status')).toBe(5);
    harness.server.unread = 4;
    await harness.clock.advance(NOTIFICATION_POLL_MS);
    expect(tab.lastStatus()?.notifications?.unread).toBe(4);

    await harness.hub.signOut();
    await harness.clock.advance(NOTIFICATION_POLL_MS * 4);
    expect(harness.server.count('/notification/status')).toBe(6);
  });

  it('R-STATE-11 stops polling when the user turned notifications off', async () => {
    const harness = start();
    harness.server.notificationsEnabled = false;
    await attach(harness, new FakeTab('tab'));
    await harness.hub.signIn({ username: 'trader1@demo.exchange', password: 'Demo1234!' });
    await harness.clock.advance(NOTIFICATION_POLL_MS * 3);
    expect(harness.server.count('/notification/status')).toBe(1);
  });

  it('R-HEAD-11 refreshNotifications reads the unread count at once for every tab, and nothing while signed out', async () => {
    const harness = start();
    const tabs = [new FakeTab('one'), new FakeTab('two')];
    for (const tab of tabs) await attach(harness, tab);
    await harness.hub.refreshNotifications();
    expect(harness.server.count('/notification/status')).toBe(0);

    await harness.hub.signIn({ username: 'trader1@demo.exchange', password: 'Demo1234!' });
    await harness.clock.advance(10);
    expect(harness.server.count('/notification/status')).toBe(1);
    harness.server.unread = 0;
    await harness.hub.refreshNotifications();
    await settle();
    expect(harness.server.count('/notification/status')).toBe(2);
    for (const tab of tabs) expect(tab.lastStatus()?.notifications).toEqual({ enabled: true, unread: 0 });
  });
});

describe('reads every tab shares', () => {
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

  it('R-STATE-13 answers the profile it holds; a forced read is one request for every tab asking at once', async () => {
    const harness = start();
    await attach(harness, new FakeTab('tab'));
    expect(await harness.hub.profile(false)).toBeNull();
    await harness.hub.signIn({ username: 'trader1@demo.exchange', password: 'Demo1234!' });
    const before = harness.server.count('/account/profile');
    expect(await harness.hub.profile(false)).toMatchObject({ email: 'trader1@demo.exchange' });
    expect(harness.server.count('/account/profile')).toBe(before);
    await Promise.all([harness.hub.profile(true), harness.hub.profile(true), harness.hub.profile(true)]);
    expect(harness.server.count('/account/profile')).toBe(before + 1);
  });

  it('R-STATE-10 reads the balances once per value of the assets flag, and forgets them at sign-out', async () => {
    const harness = start();
    await attach(harness, new FakeTab('tab'));
    expect(await harness.hub.balances('')).toBeNull();
    expect(harness.server.count('/balance/list')).toBe(0);

    await harness.hub.signIn({ username: 'trader1@demo.exchange', password: 'Demo1234!' });
    const [first] = await Promise.all([harness.hub.balances('1'), harness.hub.balances('1')]);
    expect(first?.[0]?.balance).toBe('10.000');
    await harness.hub.balances('1');
    expect(harness.server.count('/balance/list')).toBe(1);

    harness.server.usdtBalance = '4.000';
    expect((await harness.hub.balances('2'))?.[0]?.balance).toBe('4.000');
    expect(harness.server.count('/balance/list')).toBe(2);

    await harness.hub.signOut();
    expect(await harness.hub.balances('2')).toBeNull();
    expect(harness.server.count('/balance/list')).toBe(2);
  });
});

describe('whether the server answers', () => {
  it('tells every tab when its requests get no answer and when they get one again, and names the error of a call that got none', async () => {
    const harness = start({ connectSocket: false });
    const tab = new FakeTab('first');
    await attach(harness, tab);
    const service = hubService(harness.hub);
    await service.config('en');
    expect(harness.hub.status().serverAnswering).toBe(true);

    harness.server.offline = true;
    const error = await service.config('de').catch((failure: unknown) => failure);
    // Only a name and a message cross to the tab (comlink): the name says "no answer".
    expect(error).toMatchObject({ name: NO_ANSWER_ERROR_NAME });
    await settle();
    expect(tab.pushes.filter((push) => push.kind === 'status').at(-1)).toMatchObject({ status: { serverAnswering: false } });

    harness.server.offline = false;
    await service.config('de');
    await settle();
    expect(tab.pushes.filter((push) => push.kind === 'status').at(-1)).toMatchObject({ status: { serverAnswering: true } });
  });
});

describe('sessions', () => {
  it('sign-in and sign-out reach every tab, and sign-out drops the user data from IndexedDB', async () => {
    const harness = start();
    const tabs = [new FakeTab('a'), new FakeTab('b', false), new FakeTab('c')];
    for (const tab of tabs) await attach(harness, tab);
    await harness.clock.advance(10);
    for (const tab of tabs) expect(tab.lastStatus()?.session.status).toBe('signedOut');

    await harness.hub.signIn({ username: 'trader1@demo.exchange', password: 'Demo1234!' });
    await harness.clock.advance(10);
    for (const tab of tabs) expect(tab.lastStatus()?.session).toMatchObject({ status: 'signedIn', profile: { email: 'trader1@demo.exchange' } });
    // The socket reconnects to carry the new identity; the symbol list is read again for it.
    expect(harness.realtime().reconnects).toBe(1);
    expect(harness.server.count('/quotation/symbols')).toBe(2);

    const database = new Dexie(HUB_DATABASE_NAME, { indexedDB: harness.indexedDB });
    await database.open();
    expect(await database.table('session').count()).toBe(1);

    await harness.hub.signOut();
    await harness.clock.advance(10);
    for (const tab of tabs) expect(tab.lastStatus()).toMatchObject({ session: { status: 'signedOut' }, notifications: null });
    expect(await database.table('session').count()).toBe(0);
    expect(harness.realtime().reconnects).toBe(2);
    database.close();
  });

  it('a refused sign-in comes back as data with its code and message', async () => {
    const harness = start();
    await attach(harness, new FakeTab('tab'));
    expect(await harness.hub.signIn({ username: 'trader1@demo.exchange', password: 'wrong-password' })).toEqual({
      ok: false,
      code: 1001,
      message: 'Wrong e-mail or password',
      fields: undefined,
    });
    expect(harness.hub.status().session.status).toBe('signedOut');
  });

  it('R-STATE-01 a 401 while signed in signs every tab out and tells them to go to login', async () => {
    const harness = start();
    const tabs = [new FakeTab('a'), new FakeTab('b')];
    for (const tab of tabs) await attach(harness, tab);
    await harness.hub.signIn({ username: 'trader1@demo.exchange', password: 'Demo1234!' });
    await harness.clock.advance(10);

    harness.server.expireSession();
    await harness.clock.advance(NOTIFICATION_POLL_MS);

    for (const tab of tabs) {
      expect(tab.pushes.some((push) => push.kind === 'unauthorized')).toBe(true);
      expect(tab.lastStatus()?.session.status).toBe('signedOut');
    }
  });

  it('a 401 at start, when nobody was signed in, only says signed out', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    await harness.clock.advance(10);
    expect(tab.lastStatus()?.session.status).toBe('signedOut');
    expect(tab.pushes.some((push) => push.kind === 'unauthorized')).toBe(false);
  });
});

describe('the cache', () => {
  it('a new hub paints quotes, symbols and the session from IndexedDB before the network answers', async () => {
    const indexedDB = new IDBFactory();
    const server = new FakeServer();
    const first = start({ indexedDB, server });
    await attach(first, new FakeTab('one'));
    await first.hub.config('en');
    await first.hub.signIn({ username: 'trader1@demo.exchange', password: 'Demo1234!' });
    await first.hub.watchQuotes('one', [301, 302]);
    await first.clock.advance(HUB_TIMINGS_MS.quoteWriteBatch + 100);
    first.hub.dispose();

    // The next hub (the last tab closed, a new one opened) starts on the same IndexedDB, with a
    // network that has not answered yet.
    const release = server.hold();
    const answeredBefore = server.answered;
    const second = start({ indexedDB, server, clock: new ManualClock() });
    const tab = new FakeTab('two');
    const snapshot = await second.hub.attach(tab.hello(), tab.port);
    expect(await second.hub.watchQuotes('two', [301, 302])).toBe(true);
    const config = await second.hub.config('en');
    await settle();

    expect(server.answered).toBe(answeredBefore);
    expect(snapshot.symbols.map((symbol) => symbol.id)).toContain(301);
    expect(snapshot.status.session).toMatchObject({ status: 'signedIn' });
    const quotePushes = () => tab.pushes.flatMap((push) => (push.kind === 'quotes' ? [push] : []));
    expect(quotePushes()).toHaveLength(1);
    expect(quotePushes()[0]).toMatchObject({ source: 'cache' });
    expect(quotePushes()[0]?.quotes.map((cached) => cached.id).sort()).toEqual([301, 302]);
    expect(quotePushes()[0]?.quotes[0]?.c).toBe('100.00');
    expect(config.name).toBe('Exchange');

    // The network's answer comes after, as its own push.
    release();
    await second.clock.advance(100);
    expect(quotePushes().map((push) => push.source)).toEqual(['cache', 'network']);
  });

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

  it('closes its database when a newer version upgrades it, and tells every tab', async () => {
    const indexedDB = new IDBFactory();
    const harness = start({ indexedDB });
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    expect(harness.hub.status().storage.state).toBe('ok');

    // A newer build opens the same database with a higher version.
    const newer = new Dexie(HUB_DATABASE_NAME, { indexedDB });
    newer.version(2).stores({ quotes: 'id', symbols: 'key', config: 'language', home: 'key, expiresAt', popupNotices: 'noticeId', session: 'key' });
    await newer.open();
    await settle();

    expect(tab.lastStatus()?.storage.state).toBe('closed');
    // The hub goes on from memory.
    await harness.hub.recordPopup({ noticeId: 1, dayNumber: 1, shownAt: 1 });
    expect(await harness.hub.popupRecords()).toHaveLength(1);
    newer.close();
  });

  it('an upgrade blocked by an old tab shows as blocked storage; the hub starts from memory and uses the cache once it opens', async () => {
    const indexedDB = new IDBFactory();
    // An old build's connection at a lower version that does not let go on versionchange.
    const old = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(HUB_DATABASE_NAME, 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const harness = start({ indexedDB });
    const tab = new FakeTab('tab');
    const attached = harness.hub.attach(tab.hello(), tab.port);
    await harness.clock.advance(HUB_TIMINGS_MS.storeOpenWait);
    await attached;

    expect(harness.hub.status().storage.state).toBe('blocked');
    expect((await harness.hub.config('en')).name).toBe('Exchange');

    old.close();
    await settle();
    expect(tab.lastStatus()?.storage.state).toBe('ok');
  });

  it('a browser without IndexedDB shows as unavailable storage, and the hub still works', async () => {
    const harness = createHubWithoutStorage();
    const tab = new FakeTab('tab');
    await harness.hub.attach(tab.hello(), tab.port);
    expect(harness.hub.status().storage.state).toBe('unavailable');
    expect((await harness.hub.config('en')).name).toBe('Exchange');
  });
});

/** A hub whose IndexedDB factory refuses to open anything, as some private windows do. */
function createHubWithoutStorage(): HubHarness {
  const refusing = {
    open() {
        throw new DOMException('IndexedDB is not available here', 'InvalidStateError');
    },
    deleteDatabase() {
      throw new DOMException('IndexedDB is not available here', 'InvalidStateError');
    },
    cmp: () => 0,
    databases: async () => [],
  } as unknown as IDBFactory;
  return start({ indexedDB: refusing });
}
