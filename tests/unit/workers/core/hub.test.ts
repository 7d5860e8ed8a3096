// Proves what the hub core does for every feed: a new hub paints from IndexedDB before the network
// answers, storage failures become status while the hub goes on from memory, the tabs learn
// whether the server answers, and a call that got no answer carries a name the tab recognises.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { HUB_DATABASE_NAME } from '../../../../src/workers/core/storage';
import { HUB_TIMINGS_MS, NO_ANSWER_ERROR_NAME } from '../../../../src/workers/protocol';
import { hubService } from '../../../../src/workers/service';
import { attach, FakeServer, FakeTab, hubStarter, ManualClock, settle, topics, TRADER } from '../fixtures';

const start = hubStarter();

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

describe('the cache', () => {
  it('a new hub paints quotes, symbols, the session and the config from IndexedDB before the network answers', async () => {
    const indexedDB = new IDBFactory();
    const server = new FakeServer();
    const first = start({ indexedDB, server });
    await attach(first, new FakeTab('one'));
    await first.hub.config('en');
    await first.hub.signIn(TRADER);
    await first.hub.watch('one', topics.quotes(301, 302));
    await first.clock.advance(HUB_TIMINGS_MS.quoteWriteBatch + 100);
    first.hub.dispose();

    // The next hub (the last tab closed, a new one opened) starts on the same IndexedDB, with a
    // network that has not answered yet.
    const release = server.hold();
    const answeredBefore = server.answered;
    const second = start({ indexedDB, server, clock: new ManualClock() });
    const tab = new FakeTab('two');
    const snapshot = await second.hub.attach(tab.hello(), tab.port);
    expect(await second.hub.watch('two', topics.quotes(301, 302))).toBe(true);
    const config = await second.hub.config('en');
    await settle();

    expect(server.answered).toBe(answeredBefore);
    expect(snapshot.symbols.map((symbol) => symbol.id)).toContain(301);
    expect(snapshot.status.session).toMatchObject({ status: 'signedIn' });
    expect(snapshot.status.notifications).toEqual({ enabled: true, unread: 3 });
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
    // A factory that refuses to open anything, as some private windows do.
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
    const harness = start({ indexedDB: refusing });
    const tab = new FakeTab('tab');
    await harness.hub.attach(tab.hello(), tab.port);
    expect(harness.hub.status().storage.state).toBe('unavailable');
    expect((await harness.hub.config('en')).name).toBe('Exchange');
  });
});
