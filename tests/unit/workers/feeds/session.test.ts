// Proves the session feed (R-STATE-01, R-STATE-13): sign-in and sign-out reach every tab with a new
// socket for the new identity, a refused sign-in comes back as data, a 401 while signed in signs
// every tab out and sends them to login, a 401 at start only says signed out, and the profile is
// read once for every tab that forces a read at the same time.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { HUB_DATABASE_NAME } from '../../../../src/workers/core/storage';
import { attach, FakeTab, hubStarter, TRADER } from '../fixtures';

const NOTIFICATION_POLL_MS = 5_000;

const start = hubStarter();

describe('the session', () => {
  it('sign-in and sign-out reach every tab, and sign-out drops the user data from IndexedDB', async () => {
    const harness = start();
    const tabs = [new FakeTab('a'), new FakeTab('b', false), new FakeTab('c')];
    for (const tab of tabs) await attach(harness, tab);
    await harness.clock.advance(10);
    for (const tab of tabs) expect(tab.lastStatus()?.session.status).toBe('signedOut');

    await harness.hub.signIn(TRADER);
    await harness.clock.advance(10);
    for (const tab of tabs) expect(tab.lastStatus()?.session).toMatchObject({ status: 'signedIn', profile: { email: 'trader1@demo.exchange' } });
    // The socket reconnects to carry the new identity.
    expect(harness.realtime().reconnects).toBe(1);

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
    await harness.hub.signIn(TRADER);
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
    expect(harness.realtime().reconnects).toBe(0);
  });

  it('a sign-in made by a tab on its own reaches every tab once the tab says so', async () => {
    const harness = start();
    const tabs = [new FakeTab('a'), new FakeTab('b')];
    for (const tab of tabs) await attach(harness, tab);
    await harness.clock.advance(10);
    harness.server.signedIn = true;
    await harness.hub.sessionChanged();
    for (const tab of tabs) expect(tab.lastStatus()?.session.status).toBe('signedIn');
    expect(harness.realtime().reconnects).toBe(1);
  });

  it('R-STATE-13 answers the profile it holds; a forced read is one request for every tab asking at once', async () => {
    const harness = start();
    await attach(harness, new FakeTab('tab'));
    expect(await harness.hub.profile(false)).toBeNull();
    await harness.hub.signIn(TRADER);
    const before = harness.server.count('/account/profile');
    expect(await harness.hub.profile(false)).toMatchObject({ email: 'trader1@demo.exchange' });
    expect(harness.server.count('/account/profile')).toBe(before);
    await Promise.all([harness.hub.profile(true), harness.hub.profile(true), harness.hub.profile(true)]);
    expect(harness.server.count('/account/profile')).toBe(before + 1);
  });
});
