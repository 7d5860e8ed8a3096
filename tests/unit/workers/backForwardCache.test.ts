// Proves what a tab does for the back/forward cache (src/app/api/hub/suspendable.ts): a tab that
// leaves is dropped by the hub and gets nothing pushed while it is away; shown again, it attaches
// to a new endpoint with what it watched and gets pushes again; a leader tab of the election that
// leaves hands the hub to another tab instead of keeping it while it sits in the cache.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { HubBridge } from '../../../src/app/api/hub/bridge';
import { ElectedHub } from '../../../src/app/api/hub/election';
import { directEndpoint } from '../../../src/app/api/hub/endpoint';
import { SuspendableEndpoint } from '../../../src/app/api/hub/suspendable';
import { systemClock } from '../../../src/workers/clock';
import { leaderChannelName, tabLockName, type HubPush } from '../../../src/workers/protocol';
import { hubService } from '../../../src/workers/service';
import { createHub, FakeLocks, FakeServer, quote, topics, waitFor, type HubHarness } from './fixtures';

const BUILD_ID = 'test-build';

interface TestTab {
  endpoint: SuspendableEndpoint;
  bridge: HubBridge;
  pushes: HubPush[];
  /** What a pagehide that keeps the page in the back/forward cache does (api/hub/index.ts). */
  leave: () => void;
  close: () => void;
}

const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function openTab(name: string, locks: FakeLocks, open: () => ReturnType<typeof directEndpoint>): TestTab {
  const pushes: HubPush[] = [];
  const endpoint = new SuspendableEndpoint(open);
  const bridge = new HubBridge({
    buildId: BUILD_ID,
    tabId: name,
    endpoint,
    locks,
    tabState: () => ({ visible: true, path: '/', language: 'en' }),
    onPush: (message) => pushes.push(message),
    callTimeoutMs: 2_000,
  });
  const close = () => {
    bridge.close();
    endpoint.close();
  };
  cleanups.push(close);
  return {
    endpoint,
    bridge,
    pushes,
    leave: () => {
      bridge.leave();
      endpoint.suspend();
    },
    close,
  };
}

function quotesOf(tab: TestTab): string[] {
  return tab.pushes.flatMap((push) => (push.kind === 'quotes' ? push.quotes.map((pushed) => pushed.c) : []));
}

describe('a tab in the back/forward cache', () => {
  it('is dropped by the shared hub while away and attaches again with its topics when shown', async () => {
    const locks = new FakeLocks();
    const harness = createHub({ clock: systemClock });
    cleanups.push(() => harness.hub.dispose());
    const service = hubService(harness.hub);
    const opened: string[] = [];
    const tab = openTab('cached', locks, () => {
      opened.push('endpoint');
      return directEndpoint(service);
    });
    const other = openTab('other', locks, () => directEndpoint(service));
    await tab.bridge.attach();
    await other.bridge.attach();
    tab.bridge.watch(...topics.quotes(301));
    other.bridge.watch(...topics.quotes(302));
    await waitFor(() => harness.realtime().subscribed.size === 2);

    tab.leave();
    await waitFor(() => harness.hub.tabCount === 1);
    await waitFor(() => harness.realtime().subscribed.size === 1);
    harness.realtime().push({ symbolId: 301, sequence: 1, quote: quote(301, '111.00', Date.now() + 60_000) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(quotesOf(tab)).not.toContain('111.00');

    tab.endpoint.resume();
    await waitFor(() => harness.hub.tabCount === 2 && harness.realtime().subscribed.size === 2);
    expect(opened).toHaveLength(2);
    harness.realtime().push({ symbolId: 301, sequence: 2, quote: quote(301, '222.00', Date.now() + 120_000) });
    await waitFor(() => quotesOf(tab).includes('222.00'));
  });

  it('a call made while away waits for the page to be shown again', async () => {
    const locks = new FakeLocks();
    const harness = createHub({ clock: systemClock });
    cleanups.push(() => harness.hub.dispose());
    const service = hubService(harness.hub);
    const tab = openTab('cached', locks, () => directEndpoint(service));
    await tab.bridge.attach();
    tab.leave();
    let answered = false;
    const config = tab.bridge.config('en').then((value) => {
      answered = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    tab.endpoint.resume();
    expect((await config).name).toBe('Exchange');
  });

  it('a leader of the election hands the hub to another tab, and follows it once shown again', async () => {
    const locks = new FakeLocks();
    const indexedDB = new IDBFactory();
    const server = new FakeServer();
    const hubs: Array<HubHarness<typeof systemClock>> = [];
    const electedHub = (name: string) =>
      new ElectedHub({
        buildId: BUILD_ID,
        tabId: name,
        locks,
        channel: new BroadcastChannel(leaderChannelName(BUILD_ID)),
        startHub: () => {
          const harness = createHub({ indexedDB, server, clock: systemClock, watchTab: (tabId, onGone) => void locks.request(tabLockName(BUILD_ID, tabId), () => onGone()) });
          hubs.push(harness);
          return directEndpoint(hubService(harness.hub), () => harness.hub.dispose());
        },
      });
    const elections: ElectedHub[] = [];
    const leaderTab = openTab('leader', locks, () => {
      const elected = electedHub('leader');
      elections.push(elected);
      return elected;
    });
    await leaderTab.bridge.attach();
    const follower = openTab('follower', locks, () => electedHub('follower'));
    await follower.bridge.attach();
    leaderTab.bridge.watch(...topics.quotes(301));
    follower.bridge.watch(...topics.quotes(302));
    expect(elections[0]?.isLeader).toBe(true);

    leaderTab.leave();
    // The follower's own hub takes over, with its topics and without the cached tab's.
    const next = await waitFor(() => hubs[1]);
    await waitFor(() => next.hub.tabCount === 1 && next.realtime().subscribed.size === 1);
    expect([...next.realtime().subscribed]).toEqual([302]);

    leaderTab.endpoint.resume();
    await waitFor(() => next.hub.tabCount === 2 && next.realtime().subscribed.size === 2);
    expect(elections[1]?.isLeader).toBe(false);
    next.realtime().push({ symbolId: 301, sequence: 1, quote: quote(301, '333.00', Date.now() + 60_000) });
    await waitFor(() => quotesOf(leaderTab).includes('333.00'));
  });
});
