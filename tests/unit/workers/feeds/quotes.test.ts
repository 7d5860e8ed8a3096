// Proves the quotes feed: one market channel per symbol for the union of what every tab watches,
// one /quotation/latest read for symbols as they start being watched, nothing while no tab is
// visible, polling only for what the socket cannot carry, and each quote only to the tabs that
// watch its symbol.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { HUB_TIMINGS_MS } from '../../../../src/workers/protocol';
import { attach, FakeTab, hubStarter, quote, settle, topics } from '../fixtures';

const start = hubStarter();

describe('quote subscriptions', () => {
  it('subscribes the socket once per symbol for the union of what every tab watches', async () => {
    const harness = start();
    const first = new FakeTab('first');
    const second = new FakeTab('second');
    await attach(harness, first);
    await attach(harness, second);

    await harness.hub.watch('first', topics.quotes(301, 302));
    await harness.hub.watch('second', topics.quotes(302, 303));
    await harness.clock.advance(100);

    expect([...harness.realtime().subscribed].sort()).toEqual([301, 302, 303]);
    // One /quotation/latest read for the symbols as they start being watched, none per tab after.
    const readsBefore = harness.server.count('/quotation/latest');
    const pushesBefore = second.quotesPushed().length;
    await harness.hub.watch('second', topics.quotes(302, 303));
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
    await harness.hub.watch('first', topics.quotes(301, 302));
    await harness.clock.advance(HUB_TIMINGS_MS.quoteFetchBatch);
    await harness.hub.watch('second', topics.quotes(301, 302));
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
    await harness.hub.watch('first', topics.quotes(301));
    await harness.hub.watch('second', topics.quotes(302));
    await harness.clock.advance(100);
    first.pushes.length = 0;
    second.pushes.length = 0;

    harness.realtime().push({ symbolId: 301, sequence: 7, quote: quote(301, '101.00', harness.clock.now() + 5_000) });
    await settle();

    expect(first.quotesPushed().map((pushed) => pushed.c)).toEqual(['101.00']);
    expect(second.quotesPushed()).toEqual([]);
  });

  it('a market a tab trades on is carried for its book without pushing quotes the tab did not ask for', async () => {
    const harness = start();
    const trading = new FakeTab('trading');
    await attach(harness, trading);
    await harness.hub.watch('trading', topics.markets(304));
    await harness.clock.advance(100);
    expect([...harness.realtime().subscribed]).toEqual([304]);
    harness.realtime().push({ symbolId: 304, sequence: 2, quote: quote(304, '7.00', harness.clock.now() + 5_000) });
    await settle();
    expect(trading.quotesPushed()).toEqual([]);
  });

  it('keeps the older of two quotes out: a tab sees time move forward only', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    await harness.hub.watch('tab', topics.quotes(301));
    await harness.clock.advance(100);
    const now = harness.clock.now();
    harness.realtime().push({ symbolId: 301, sequence: 3, quote: quote(301, '105.00', now + 20_000) });
    harness.realtime().push({ symbolId: 301, sequence: 2, quote: quote(301, '104.00', now + 10_000) });
    await settle();
    expect(tab.quotesPushed().at(-1)?.c).toBe('105.00');
    expect(tab.quotesPushed().some((pushed) => pushed.c === '104.00')).toBe(false);
  });
});

describe('pausing while no tab is visible', () => {
  it('leaves every market channel and reads nothing while all tabs are hidden, and resumes with one read', async () => {
    const harness = start();
    const tab = new FakeTab('only');
    await attach(harness, tab);
    await harness.hub.watch('only', topics.quotes(301, 302));
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
    await harness.hub.watch('left', topics.quotes(301));
    await harness.hub.watch('right', topics.quotes(301));
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
    await harness.hub.watch('hidden', topics.quotes(303));
    await harness.clock.advance(100);

    expect([...harness.realtime().subscribed]).toEqual([303]);
    harness.realtime().push({ symbolId: 303, sequence: 1, quote: quote(303, '5.00', harness.clock.now() + 1) });
    await settle();
    expect(hidden.quotesPushed().at(-1)?.c).toBe('5.00');
  });
});

describe('polling as the socket’s fallback', () => {
  it('polls /quotation/latest only while the socket is down, every quoteFallbackPoll ms', async () => {
    const harness = start({ connectSocket: false });
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    await harness.hub.watch('tab', topics.quotes(301));
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
    await harness.hub.watch('tab', topics.quotes(301, 302));
    await harness.clock.advance(100);
    const bodies = () => harness.server.calls.filter((call) => call.path === '/quotation/latest').map((call) => decodeURIComponent(call.body));

    await harness.clock.advance(HUB_TIMINGS_MS.quoteFallbackPoll);
    expect(bodies().at(-1)).toBe('symbols=302');
    expect([...harness.realtime().subscribed]).toEqual([301]);
  });

  it('carries at most the socket’s channel limit and polls the rest', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    const many = Array.from({ length: 55 }, (_, index) => 1_000 + index);
    await harness.hub.watch('tab', topics.quotes(...many));
    await harness.clock.advance(100);
    expect(harness.realtime().subscribed.size).toBe(50);
    expect(harness.hub.status().quoteFeed).toBe('polling');
    await harness.clock.advance(HUB_TIMINGS_MS.quoteFallbackPoll);
    const polled = decodeURIComponent(harness.server.calls.filter((call) => call.path === '/quotation/latest').at(-1)?.body ?? '');
    expect(polled).toBe(`symbols=${many.slice(50).join(',')}`);
  });
});
