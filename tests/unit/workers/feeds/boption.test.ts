// Proves the binary-option feed: the open orders read once for the signed-in tabs that watch
// them and never for a visitor, each private `boption` event putting a placed order in or taking a
// settled one out and naming it to every watching tab (two tabs see the same result), a reconnect
// reading the open orders again and the result of one that settled while the socket was away, and
// what was kept forgotten at sign-out.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { BoptionOrder } from '../../../../src/shared/api/boption';
import type { HubPush } from '../../../../src/workers/protocol';
import { attach, FakeTab, hubStarter, settle, TRADER } from '../fixtures';

const start = hubStarter();
const BOPTION = { kind: 'boption' } as const;

function option(id: number, change: Partial<BoptionOrder> = {}): BoptionOrder {
  return {
    id,
    symbolId: 501,
    symbol: 'BTC_USDT_BO',
    direction: 'up',
    periodSeconds: 30,
    stake: '10.00',
    payoutRate: '0.85',
    status: 'open',
    openPrice: '100.00',
    settlePrice: null,
    payout: null,
    profit: null,
    openedAt: 1_700_000_000_000,
    expiresAt: 1_700_000_030_000 + id,
    settledAt: null,
    ...change,
  };
}

function won(order: BoptionOrder): BoptionOrder {
  return { ...order, status: 'won', settlePrice: '101.00', payout: '18.50', profit: '8.50', settledAt: order.expiresAt };
}

function boptionPushes(tab: FakeTab): Extract<HubPush, { kind: 'boption' }>[] {
  return tab.pushes.flatMap((push) => (push.kind === 'boption' ? [push] : []));
}

describe('binary options', () => {
  it('reads the open orders once for the signed-in tabs watching them, never for a visitor', async () => {
    const harness = start();
    harness.server.boptionOrders.set(2, option(2));
    harness.server.boptionOrders.set(1, option(1));
    const first = new FakeTab('a');
    await attach(harness, first, '/boption');
    await harness.hub.watch('a', [BOPTION]);
    await settle();
    expect(harness.server.count('/boptionorder/recentOpenOrders')).toBe(0);

    await harness.hub.signIn(TRADER);
    await settle();
    expect(harness.server.count('/boptionorder/recentOpenOrders')).toBe(1);
    expect(boptionPushes(first).at(-1)).toEqual({ kind: 'boption', open: [option(1), option(2)], changed: null });

    // A second tab gets what the hub has at once, without another read.
    const second = new FakeTab('b');
    await attach(harness, second, '/boption');
    await harness.hub.watch('b', [BOPTION]);
    expect(boptionPushes(second).at(-1)?.open).toEqual([option(1), option(2)]);
    expect(harness.server.count('/boptionorder/recentOpenOrders')).toBe(1);

    await harness.hub.signOut();
    await settle();
    harness.realtime().pushBoption({ order: option(3) });
    await settle();
    expect(boptionPushes(first).some((push) => push.changed?.id === 3)).toBe(false);
  });

  it('puts a placed order in, takes a settled one out and names both to every watching tab', async () => {
    const harness = start();
    harness.server.signedIn = true;
    const tabs = [new FakeTab('a'), new FakeTab('b', false)];
    for (const tab of tabs) {
      await attach(harness, tab, '/boption');
      await harness.hub.watch(tab.tabId, [BOPTION]);
    }
    await settle();
    harness.realtime().pushBoption({ order: option(7) });
    await settle();
    harness.realtime().pushBoption({ order: won(option(7)) });
    await settle();
    for (const tab of tabs) {
      expect(boptionPushes(tab).slice(-2)).toEqual([
        { kind: 'boption', open: [option(7)], changed: option(7) },
        { kind: 'boption', open: [], changed: won(option(7)) },
      ]);
    }
  });

  it('reads again after a reconnect, with the result of an order that settled while the socket was away', async () => {
    const harness = start();
    harness.server.signedIn = true;
    harness.server.boptionOrders.set(4, option(4));
    const tab = new FakeTab('a');
    await attach(harness, tab, '/boption');
    await harness.hub.watch('a', [BOPTION]);
    await settle();
    expect(boptionPushes(tab).at(-1)?.open).toEqual([option(4)]);

    harness.realtime().drop();
    harness.server.boptionOrders.set(4, won(option(4)));
    harness.realtime().connect();
    await settle();
    expect(harness.server.count('/boptionorder/recentOpenOrders')).toBe(2);
    expect(boptionPushes(tab).slice(-2)).toEqual([
      { kind: 'boption', open: [], changed: null },
      { kind: 'boption', open: [], changed: won(option(4)) },
    ]);
  });

  it('keeps an event heard while a read was out', async () => {
    const harness = start();
    harness.server.signedIn = true;
    harness.server.boptionOrders.set(5, option(5));
    const tab = new FakeTab('a');
    await attach(harness, tab, '/boption');
    const release = harness.server.hold('/boptionorder/recentOpenOrders');
    await harness.hub.watch('a', [BOPTION]);
    await settle();
    harness.realtime().pushBoption({ order: won(option(5)) });
    await settle();
    release();
    await settle();
    expect(boptionPushes(tab).at(-1)?.open).toEqual([]);
  });
});
