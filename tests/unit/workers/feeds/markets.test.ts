// Proves the market books feed for the exchange page: one market channel per symbol for all tabs,
// a book kept from full_quote plus sequenced deltas and pushed only to the tabs that watch it, a
// gap or a reconnect resyncing from full_quote, trades forwarded once, malformed messages dropped,
// and the book and trades polled while the socket is down.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { BookSnapshot } from '../../../../src/shared/realtime';
import type { HubPush } from '../../../../src/workers/protocol';
import { attach, FakeTab, hubStarter, settle, topics } from '../fixtures';

const BTC = 301;
const ETH = 302;

const start = hubStarter();

function books(tab: FakeTab, symbolId: number): BookSnapshot[] {
  return tab.pushes.flatMap((push: HubPush) => (push.kind === 'book' && push.book.symbolId === symbolId ? [push.book] : []));
}

function tradeIds(tab: FakeTab): number[] {
  return tab.pushes.flatMap((push: HubPush) => (push.kind === 'trades' ? push.trades.map((trade) => trade.id) : []));
}

function snapshot(symbolId: number, sequence: number): BookSnapshot {
  return { symbolId, sequence, bids: [['100.00', '1.000']], asks: [['101.00', '2.000']] };
}

describe('market books and trades', () => {
  it('keeps one book per market from full_quote and deltas, pushed only to the tabs that watch it', async () => {
    const harness = start();
    harness.server.books.set(BTC, snapshot(BTC, 10));
    const first = new FakeTab('a');
    const second = new FakeTab('b');
    const other = new FakeTab('c');
    for (const tab of [first, second, other]) await attach(harness, tab, '/exchange');
    await harness.hub.watch('a', topics.markets(BTC));
    await harness.hub.watch('b', topics.markets(BTC));
    await harness.hub.watch('c', topics.markets(ETH));
    await settle();

    expect(harness.realtime().subscribed).toEqual(new Set([BTC, ETH]));
    expect(harness.server.count('/quotation/full_quote')).toBe(2);
    expect(books(first, BTC).at(-1)).toEqual(snapshot(BTC, 10));

    harness.realtime().pushBook({ symbolId: BTC, sequence: 11, changes: [{ side: 'buy', price: '100.50', quantity: '3.000' }] });
    harness.realtime().pushBook({ symbolId: BTC, sequence: 12, changes: [{ side: 'sell', price: '101.00', quantity: '0' }] });
    await settle();
    for (const tab of [first, second]) {
      expect(books(tab, BTC).at(-1)).toEqual({ symbolId: BTC, sequence: 12, bids: [['100.50', '3.000'], ['100.00', '1.000']], asks: [] });
    }
    expect(books(other, BTC)).toEqual([]);

    // A tab that starts watching later gets the book the hub has at once.
    const late = new FakeTab('d');
    await attach(harness, late, '/exchange');
    await harness.hub.watch('d', topics.markets(BTC));
    expect(books(late, BTC).at(-1)?.sequence).toBe(12);
    expect(harness.server.count('/quotation/full_quote')).toBe(2);
  });

  it('resyncs from full_quote after a gap and after a reconnect', async () => {
    const harness = start();
    harness.server.books.set(BTC, snapshot(BTC, 5));
    const tab = new FakeTab('a');
    await attach(harness, tab, '/exchange');
    await harness.hub.watch('a', topics.markets(BTC));
    await settle();
    expect(harness.server.count('/quotation/full_quote')).toBe(1);

    // Delta 6 was lost: 7 reveals the gap and the hub reads the snapshot that includes both.
    harness.server.books.set(BTC, { symbolId: BTC, sequence: 7, bids: [['99.00', '4.000']], asks: [] });
    harness.realtime().pushBook({ symbolId: BTC, sequence: 7, changes: [{ side: 'buy', price: '99.00', quantity: '4.000' }] });
    await settle();
    await settle();
    expect(harness.server.count('/quotation/full_quote')).toBe(2);
    expect(books(tab, BTC).at(-1)).toEqual({ symbolId: BTC, sequence: 7, bids: [['99.00', '4.000']], asks: [] });

    // A reconnect subscribes again and reads a fresh snapshot (a restarted server numbers afresh).
    harness.server.books.set(BTC, snapshot(BTC, 1));
    harness.realtime().reconnect();
    await settle();
    expect(harness.realtime().subscribed).toEqual(new Set([BTC]));
    expect(harness.server.count('/quotation/full_quote')).toBe(3);
    expect(books(tab, BTC).at(-1)).toEqual(snapshot(BTC, 1));
    harness.realtime().pushBook({ symbolId: BTC, sequence: 2, changes: [{ side: 'sell', price: '102.00', quantity: '1.000' }] });
    await settle();
    expect(books(tab, BTC).at(-1)?.asks).toEqual([['101.00', '2.000'], ['102.00', '1.000']]);
  });

  it('forwards trades once to the watching tabs and drops malformed messages', async () => {
    const harness = start();
    const watching = new FakeTab('a');
    const quotesOnly = new FakeTab('b');
    await attach(harness, watching, '/exchange');
    await attach(harness, quotesOnly, '/exchange');
    await harness.hub.watch('a', topics.markets(BTC));
    await harness.hub.watch('b', topics.quotes(BTC));
    await settle();
    const trade = { id: 40, symbolId: BTC, price: '100.00', quantity: '0.500', takerSide: 'buy' as const, time: 1 };
    harness.realtime().pushTrades({ symbolId: BTC, sequence: 3, trades: [trade, { ...trade, id: 41 }] });
    harness.realtime().pushTrades({ symbolId: BTC, sequence: 3, trades: [trade] });
    harness.realtime().pushTrades({ symbolId: BTC, sequence: 4, trades: [{ ...trade, id: 42, price: 'NaN' }] });
    harness.realtime().pushBook({ symbolId: BTC, sequence: 1, changes: [{ side: 'up' as never, price: '1', quantity: '1' }] });
    await settle();
    expect(tradeIds(watching)).toEqual([40, 41]);
    expect(tradeIds(quotesOnly)).toEqual([]);
  });

  it('polls the book and trades while the socket is down and stops when no tab watches', async () => {
    const harness = start({ connectSocket: false });
    harness.server.books.set(BTC, snapshot(BTC, 3));
    const tab = new FakeTab('a');
    await attach(harness, tab, '/exchange');
    await harness.hub.watch('a', topics.markets(BTC));
    await settle();
    expect(harness.server.count('/quotation/full_quote')).toBe(1);
    await harness.clock.advance(2_000);
    expect(harness.server.count('/quotation/full_quote')).toBe(2);
    expect(harness.server.count('/quotation/recent')).toBe(1);
    await harness.hub.watch('a', topics.markets());
    await harness.clock.advance(10_000);
    expect(harness.server.count('/quotation/full_quote')).toBe(2);
  });
});
