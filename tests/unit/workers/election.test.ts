// Proves the hub without SharedWorker: one tab leads through the Web Locks election and runs the
// hub, followers reach it over BroadcastChannel with the same bridge API, and when the leader
// closes another tab takes over within a second with every tab's subscriptions restored.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { HubBridge } from '../../../src/app/api/hub/bridge';
import { ElectedHub } from '../../../src/app/api/hub/election';
import { directEndpoint } from '../../../src/app/api/hub/endpoint';
import { systemClock } from '../../../src/workers/clock';
import { leaderChannelName, tabLockName, type HubPush } from '../../../src/workers/protocol';
import { hubService } from '../../../src/workers/service';
import { createHub, FakeLocks, FakeServer, quote, topics, waitFor, type FakeRealtime, type HubHarness } from './fixtures';

const BUILD_ID = 'test-build';
const HAND_OVER_MS_MAX = 1_000;

interface TestTab {
  name: string;
  elected: ElectedHub;
  bridge: HubBridge;
  pushes: HubPush[];
  /** The hub this tab started when it led, if it did. */
  hub: () => HubHarness<typeof systemClock> | undefined;
  close: () => void;
}

/** One browser profile: the locks, the IndexedDB and the server every tab shares. */
function createProfile() {
  const locks = new FakeLocks();
  const indexedDB = new IDBFactory();
  const server = new FakeServer();
  const tabs: TestTab[] = [];

  function openTab(name: string): TestTab {
    let ownHub: HubHarness<typeof systemClock> | undefined;
    const pushes: HubPush[] = [];
    const elected = new ElectedHub({
      buildId: BUILD_ID,
      tabId: name,
      locks,
      channel: new BroadcastChannel(leaderChannelName(BUILD_ID)),
      startHub: () => {
        ownHub = createHub({
          indexedDB,
          server,
          clock: systemClock,
          // The hub learns that a tab closed from its lock, as in the browser.
          watchTab: (tabId, onGone) => void locks.request(tabLockName(BUILD_ID, tabId), () => onGone()),
        });
        const harness = ownHub;
        return directEndpoint(hubService(harness.hub), () => harness.hub.dispose());
      },
    });
    const bridge = new HubBridge({
      buildId: BUILD_ID,
      tabId: name,
      endpoint: elected,
      locks,
      tabState: () => ({ visible: true, path: '/', language: 'en' }),
      onPush: (message) => pushes.push(message),
      callTimeoutMs: 2_000,
    });
    const tab: TestTab = {
      name,
      elected,
      bridge,
      pushes,
      hub: () => ownHub,
      close: () => {
        // What closing a tab does: its locks go, its channel and its worker with it.
        bridge.close();
        elected.close();
      },
    };
    tabs.push(tab);
    return tab;
  }

  return { locks, server, openTab, tabs };
}

const profiles: ReturnType<typeof createProfile>[] = [];

afterEach(() => {
  for (const profile of profiles.splice(0)) for (const tab of profile.tabs) tab.close();
});

function profile() {
  const created = createProfile();
  profiles.push(created);
  return created;
}

function leaderRealtime(tab: TestTab): FakeRealtime {
  const harness = tab.hub();
  if (!harness) throw new Error(`${tab.name} does not lead`);
  return harness.realtime();
}

function quotesOf(tab: TestTab): string[] {
  return tab.pushes.flatMap((push) => (push.kind === 'quotes' ? push.quotes.map((pushed) => pushed.c) : []));
}

describe('leader election without SharedWorker', () => {
  it('the first tab leads; followers reach its hub through the relay with the same API', async () => {
    const { openTab } = profile();
    const leader = openTab('leader');
    await leader.bridge.attach();
    const follower = openTab('follower');
    const snapshot = await follower.bridge.attach();

    expect(leader.elected.isLeader).toBe(true);
    expect(follower.elected.isLeader).toBe(false);
    expect(snapshot.status.buildId).toBe(BUILD_ID);
    expect(leader.hub()?.hub.tabCount).toBe(2);

    // The union of both tabs' symbols is subscribed once, on the leader's one socket.
    leader.bridge.watch(...topics.quotes(301));
    follower.bridge.watch(...topics.quotes(301, 302));
    await waitFor(() => leaderRealtime(leader).subscribed.size === 2);
    expect([...leaderRealtime(leader).subscribed].sort()).toEqual([301, 302]);

    // Pushes come back to the follower over the relay.
    leaderRealtime(leader).push({ symbolId: 302, sequence: 1, quote: quote(302, '250.00', Date.now() + 60_000) });
    await waitFor(() => quotesOf(follower).includes('250.00'));
    expect(quotesOf(leader)).not.toContain('250.00');

    // Calls with answers travel too.
    expect((await follower.bridge.config('en')).name).toBe('Exchange');
  });

  it('when the leader closes, a follower takes over within a second and every subscription is restored', async () => {
    const { openTab, server } = profile();
    const first = openTab('first');
    await first.bridge.attach();
    const second = openTab('second');
    const third = openTab('third');
    await second.bridge.attach();
    await third.bridge.attach();
    first.bridge.watch(...topics.quotes(301));
    second.bridge.watch(...topics.quotes(302));
    third.bridge.watch(...topics.quotes(303));
    await waitFor(() => leaderRealtime(first).subscribed.size === 3);

    const closedAt = Date.now();
    first.close();
    const next = await waitFor(() => [second, third].find((tab) => tab.elected.isLeader), HAND_OVER_MS_MAX);
    const follower = next === second ? third : second;
    // The new hub has both remaining tabs with what they watch, and nothing of the closed one.
    await waitFor(() => next.hub()?.hub.tabCount === 2 && leaderRealtime(next).subscribed.size === 2, HAND_OVER_MS_MAX);
    const handOverMs = Date.now() - closedAt;
    expect(handOverMs).toBeLessThan(HAND_OVER_MS_MAX);
    expect([...leaderRealtime(next).subscribed].sort()).toEqual([302, 303]);
    expect(follower.elected.currentLeaderId).toBe(next.name);

    // The follower gets its pushes from the new hub.
    const followerSymbol = follower === second ? 302 : 303;
    leaderRealtime(next).push({ symbolId: followerSymbol, sequence: 1, quote: quote(followerSymbol, '777.00', Date.now() + 60_000) });
    await waitFor(() => quotesOf(follower).includes('777.00'));
    expect(server.count('/quotation/symbols')).toBeGreaterThanOrEqual(1);
  });

  it('the leader hub drops a follower that closed (its tab lock is released) and its symbols', async () => {
    const { openTab } = profile();
    const leader = openTab('leader');
    await leader.bridge.attach();
    const follower = openTab('follower');
    await follower.bridge.attach();
    leader.bridge.watch(...topics.quotes(301));
    follower.bridge.watch(...topics.quotes(304));
    await waitFor(() => leaderRealtime(leader).subscribed.size === 2);

    follower.close();
    await waitFor(() => leader.hub()?.hub.tabCount === 1);
    await waitFor(() => leaderRealtime(leader).subscribed.size === 1);
    expect([...leaderRealtime(leader).subscribed]).toEqual([301]);
  });

  it('sign-out in a follower reaches the leader tab and every other tab', async () => {
    const { openTab } = profile();
    const leader = openTab('leader');
    await leader.bridge.attach();
    const follower = openTab('follower');
    await follower.bridge.attach();
    const signedIn = await follower.bridge.signIn({ username: 'trader1@demo.exchange', password: 'Demo1234!' });
    expect(signedIn.ok).toBe(true);
    const lastSession = (tab: TestTab) => tab.pushes.flatMap((push) => (push.kind === 'status' ? [push.status.session.status] : [])).at(-1);
    await waitFor(() => lastSession(leader) === 'signedIn' && lastSession(follower) === 'signedIn');

    const signedOutAt = Date.now();
    await follower.bridge.signOut();
    await waitFor(() => lastSession(leader) === 'signedOut' && lastSession(follower) === 'signedOut', 1_000);
    expect(Date.now() - signedOutAt).toBeLessThan(1_000);
  });
});
