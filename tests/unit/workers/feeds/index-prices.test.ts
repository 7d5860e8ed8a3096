// Proves the index feed that the futures and binary-option charts draw from: the public index
// channel held once while a visible tab watches an index symbol and left when none does; each
// sampling round pushed only to the tabs watching its symbols; a history read once from
// /market/indexhistory, appended from the channel and given whole to a tab that comes later; the
// gap of a reconnect filled by a read since the last point; reads every poll while the socket is
// down, and of the symbols the channel leaves out; and the history merge itself (by time, bounded
// to INDEX_HISTORY_SECONDS).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { INDEX_HISTORY_SECONDS, type IndexPoint } from '../../../../src/shared/api/index-price';
import { mergeIndexPoints } from '../../../../src/shared/index-points';
import type { HubPush } from '../../../../src/workers/protocol';
import { attach, FakeTab, hubStarter, settle, topics } from '../fixtures';

const BTC = 401;
const ETH = 402;
const T0 = 1_700_000_000_000;

const start = hubStarter();

function prices(tab: FakeTab, symbolId: number): (string | null)[] {
  return tab.pushes.flatMap((push: HubPush) => (push.kind === 'index' ? push.prices.filter((entry) => entry.symbolId === symbolId).map((entry) => entry.price) : []));
}

function histories(tab: FakeTab, symbolId: number): IndexPoint[][] {
  return tab.pushes.flatMap((push: HubPush) => (push.kind === 'indexHistory' && push.symbolId === symbolId ? [push.points] : []));
}

function history(seconds: number, price = (second: number) => `${100 + second}.00`): IndexPoint[] {
  return Array.from({ length: seconds }, (_, second) => ({ at: T0 + second * 1000, price: price(second) }));
}

describe('index prices', () => {
  it('holds the index channel while a visible tab watches an index symbol and pushes each round to the tabs watching its symbols', async () => {
    const harness = start();
    const btc = new FakeTab('a');
    const eth = new FakeTab('b');
    await attach(harness, btc, '/boption');
    await attach(harness, eth, '/futures');
    await settle();
    expect(harness.realtime().channels.has('index')).toBe(false);

    await harness.hub.watch('a', topics.index(BTC));
    await harness.hub.watch('b', topics.index(ETH));
    await settle();
    expect(harness.realtime().channels.has('index')).toBe(true);
    // The latest price alone reads no history: the channel brings it within a second.
    expect(harness.server.count('/market/indexhistory')).toBe(0);

    harness.realtime().pushIndex({ at: T0, prices: [{ symbolId: BTC, price: '100.00' }, { symbolId: ETH, price: '10.00' }, { symbolId: 999, price: '1.00' }] });
    harness.realtime().pushIndex({ at: T0 + 1000, prices: [{ symbolId: BTC, price: null }, { symbolId: ETH, price: '10.50' }] });
    harness.realtime().emit('index', { at: T0 + 2000, prices: [{ symbolId: BTC, price: 'NaN' }] });
    await settle();
    expect(prices(btc, BTC)).toEqual(['100.00', null]);
    expect(prices(btc, ETH)).toEqual([]);
    expect(prices(eth, ETH)).toEqual(['10.00', '10.50']);

    // A tab that starts watching later gets the price the hub has at once.
    const late = new FakeTab('c');
    await attach(harness, late, '/futures');
    await harness.hub.watch('c', topics.index(ETH));
    expect(prices(late, ETH)).toEqual(['10.50']);

    for (const tab of ['a', 'b', 'c']) await harness.hub.watch(tab, []);
    await settle();
    expect(harness.realtime().channels.has('index')).toBe(false);
  });

  it('reads a history once, appends the channel to it and gives it whole to a tab that comes later', async () => {
    const harness = start();
    harness.server.indexPoints.set(BTC, history(3));
    const first = new FakeTab('a');
    await attach(harness, first, '/boption');
    await harness.hub.watch('a', topics.indexHistory(BTC));
    await settle();
    expect(harness.server.count('/market/indexhistory')).toBe(1);
    expect(histories(first, BTC).at(-1)).toEqual(history(3));

    harness.realtime().pushIndex({ at: T0 + 3000, prices: [{ symbolId: BTC, price: '103.00' }] });
    await settle();
    // The history's newest point is the latest price too.
    expect(prices(first, BTC)).toEqual(['102.00', '103.00']);

    const second = new FakeTab('b');
    await attach(harness, second, '/boption');
    await harness.hub.watch('b', topics.indexHistory(BTC));
    await settle();
    expect(harness.server.count('/market/indexhistory')).toBe(1);
    expect(histories(second, BTC).at(-1)).toEqual(history(4));
  });

  it('fills the gap of a reconnect with the points since the last one it has', async () => {
    const harness = start();
    harness.server.indexPoints.set(BTC, history(2));
    const tab = new FakeTab('a');
    await attach(harness, tab, '/boption');
    await harness.hub.watch('a', topics.indexHistory(BTC));
    await settle();

    harness.realtime().drop();
    harness.server.indexPoints.set(BTC, history(5));
    harness.realtime().connect();
    await settle();
    const since = harness.server.calls.filter((call) => call.path === '/market/indexhistory').map((call) => new URLSearchParams(call.query).get('since'));
    expect(since.at(-1)).toBe(String(T0 + 1000));
    expect(histories(tab, BTC).at(-1)).toEqual(history(5));
    expect(harness.realtime().channels.has('index')).toBe(true);
  });

  it('reads the watched symbols every poll while the socket is down, and stops when no tab shows', async () => {
    const harness = start({ connectSocket: false });
    harness.server.indexPoints.set(BTC, history(1));
    const tab = new FakeTab('a');
    await attach(harness, tab, '/boption');
    await harness.hub.watch('a', topics.index(BTC));
    await settle();
    await harness.clock.advance(100);
    expect(prices(tab, BTC)).toEqual(['100.00']);
    const reads = harness.server.count('/market/indexhistory');
    harness.server.indexPoints.set(BTC, history(2));
    await harness.clock.advance(2_000);
    expect(harness.server.count('/market/indexhistory')).toBe(reads + 1);
    expect(prices(tab, BTC)).toEqual(['100.00', '101.00']);

    await harness.hub.updateTab('a', { visible: false });
    await harness.clock.advance(10_000);
    const paused = harness.server.count('/market/indexhistory');
    await harness.clock.advance(10_000);
    expect(harness.server.count('/market/indexhistory')).toBe(paused);
  });

  it('reads every poll the watched symbols the channel leaves out (test-only ones), and only those', async () => {
    const harness = start();
    harness.server.indexPoints.set(BTC, history(1));
    harness.server.indexPoints.set(ETH, history(1));
    const tab = new FakeTab('a');
    await attach(harness, tab, '/boption');
    await harness.hub.watch('a', topics.index(BTC, ETH));
    await settle();
    harness.realtime().pushIndex({ at: T0, prices: [{ symbolId: BTC, price: '100.00' }] });
    await harness.clock.advance(100);
    const reads = () => harness.server.calls.filter((call) => call.path === '/market/indexhistory').map((call) => new URLSearchParams(call.query).get('id'));
    expect(reads()).toEqual([String(ETH)]);
    expect(prices(tab, ETH)).toEqual(['100.00']);
    await harness.clock.advance(2_000);
    expect(reads()).toEqual([String(ETH), String(ETH)]);

    // Once the channel carries it, the polling stops.
    harness.realtime().pushIndex({ at: T0 + 3000, prices: [{ symbolId: BTC, price: '100.00' }, { symbolId: ETH, price: '11.00' }] });
    await harness.clock.advance(10_000);
    expect(reads()).toHaveLength(2);
  });

  it('merges points by time, the newer copy of an instant winning, and keeps INDEX_HISTORY_SECONDS', () => {
    const points = history(3);
    expect(mergeIndexPoints(points, [{ at: T0 + 1000, price: '1.00' }, { at: T0 - 1000, price: '99.00' }])).toEqual([
      { at: T0 - 1000, price: '99.00' },
      points[0],
      { at: T0 + 1000, price: '1.00' },
      points[2],
    ]);
    const full = history(INDEX_HISTORY_SECONDS + 1);
    const next = { at: T0 + (INDEX_HISTORY_SECONDS + 1) * 1000, price: '1.00' };
    const merged = mergeIndexPoints(full, [next]);
    expect(merged[0]).toEqual(full[1]);
    expect(merged.at(-1)).toEqual(next);
    expect(merged).toHaveLength(INDEX_HISTORY_SECONDS + 1);
  });
});
