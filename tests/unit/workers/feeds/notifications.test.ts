// Proves the notifications feed (R-STATE-11, R-HEAD-11): the unread count read every 5000 ms while
// signed in with notifications on, at once for every tab when one marks them read, not at all
// when the user or the site turned them off, and forgotten at sign-out.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { attach, FakeTab, hubStarter, settle, TRADER } from '../fixtures';

// The spec's number (section 9), written out: a test must fail when someone changes the constant.
const NOTIFICATION_POLL_MS = 5_000;

const start = hubStarter();

describe('the unread count', () => {
  it('R-STATE-11 polls notification status every 5000 ms while signed in and enabled, and stops at sign-out', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    await harness.clock.advance(10);
    expect(harness.server.count('/notification/status')).toBe(0);

    expect(await harness.hub.signIn(TRADER)).toMatchObject({ ok: true });
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
    expect(tab.lastStatus()?.notifications).toBeNull();
  });

  it('R-STATE-11 stops polling when the user turned notifications off', async () => {
    const harness = start();
    harness.server.notificationsEnabled = false;
    await attach(harness, new FakeTab('tab'));
    await harness.hub.signIn(TRADER);
    await harness.clock.advance(NOTIFICATION_POLL_MS * 3);
    expect(harness.server.count('/notification/status')).toBe(1);
  });

  it('R-STATE-11 does not poll while the site config turns notifications off, and starts when it turns them on', async () => {
    const harness = start();
    harness.server.config = { ...harness.server.config, notificationEnabled: false };
    await attach(harness, new FakeTab('tab'));
    await harness.hub.config('en');
    await harness.hub.signIn(TRADER);
    await harness.clock.advance(NOTIFICATION_POLL_MS * 3);
    expect(harness.server.count('/notification/status')).toBe(0);

    harness.server.config = { ...harness.server.config, notificationEnabled: true };
    await harness.clock.advance(10 * 60_000);
    await harness.hub.config('en');
    await harness.clock.advance(10);
    expect(harness.server.count('/notification/status')).toBe(1);
  });

  it('R-HEAD-11 refreshNotifications reads the unread count at once for every tab, and nothing while signed out', async () => {
    const harness = start();
    const tabs = [new FakeTab('one'), new FakeTab('two')];
    for (const tab of tabs) await attach(harness, tab);
    await harness.hub.refreshNotifications();
    expect(harness.server.count('/notification/status')).toBe(0);

    await harness.hub.signIn(TRADER);
    await harness.clock.advance(10);
    expect(harness.server.count('/notification/status')).toBe(1);
    harness.server.unread = 0;
    await harness.hub.refreshNotifications();
    await settle();
    expect(harness.server.count('/notification/status')).toBe(2);
    for (const tab of tabs) expect(tab.lastStatus()?.notifications).toEqual({ enabled: true, unread: 0 });
  });
});
