// Proves the symbols feed (R-STATE-15): the list read every 300000 ms, read again at once for a
// new identity, test-only symbols gone at sign-out, a cached list read again only when due, and
// read again within a few seconds when the server says an operator changed the markets.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { attach, FakeServer, FakeTab, hubStarter, ManualClock, TEST_ONLY_SYMBOL, TRADER } from '../fixtures';

// The spec's number (section 9), written out: a test must fail when someone changes the constant.
const SYMBOL_REFRESH_MS = 300_000;

const start = hubStarter();

function symbolIds(tab: FakeTab): number[] | undefined {
  return tab.pushes.flatMap((push) => (push.kind === 'symbols' ? [push.symbols.map((symbol) => symbol.id)] : [])).at(-1);
}

describe('the symbol list', () => {
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

  it('reads the list again at sign-in (a test account sees test-only symbols) and forgets those at sign-out', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    await harness.clock.advance(10);
    expect(symbolIds(tab)).not.toContain(TEST_ONLY_SYMBOL.id);

    await harness.hub.signIn(TRADER);
    await harness.clock.advance(10);
    expect(harness.server.count('/quotation/symbols')).toBe(2);
    expect(symbolIds(tab)).toContain(TEST_ONLY_SYMBOL.id);

    await harness.hub.signOut();
    const late = new FakeTab('late');
    const snapshot = await harness.hub.attach(late.hello(), late.port);
    expect(snapshot.symbols.map((symbol) => symbol.id)).not.toContain(TEST_ONLY_SYMBOL.id);
    await harness.clock.advance(10);
    expect(harness.server.count('/quotation/symbols')).toBe(3);
  });

  it('reads the list again within 3000 ms when the server says the markets changed, and counts the interval from there', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    await harness.clock.advance(10);
    harness.realtime().connect();
    expect(harness.server.count('/quotation/symbols')).toBe(1);
    const pushesBefore = tab.pushes.filter((push) => push.kind === 'symbols').length;

    harness.realtime().emit('markets', { at: harness.clock.now() });
    // A message that is not the event's shape changes nothing.
    harness.realtime().emit('markets', { at: 'soon' });
    await harness.clock.advance(3_000);
    expect(harness.server.count('/quotation/symbols')).toBe(2);
    expect(tab.pushes.filter((push) => push.kind === 'symbols').length).toBe(pushesBefore + 1);
    await harness.clock.advance(SYMBOL_REFRESH_MS - 3_000);
    expect(harness.server.count('/quotation/symbols')).toBe(2);
    await harness.clock.advance(3_000);
    expect(harness.server.count('/quotation/symbols')).toBe(3);
  });

  it('a new hub paints the cached list and reads it again only when it is due', async () => {
    const indexedDB = new IDBFactory();
    const server = new FakeServer();
    const first = start({ indexedDB, server });
    await first.clock.advance(10);
    first.hub.dispose();

    const clock = new ManualClock();
    clock.time = first.clock.now() + 60_000;
    const second = start({ indexedDB, server, clock });
    const tab = new FakeTab('tab');
    const snapshot = await second.hub.attach(tab.hello(), tab.port);
    expect(snapshot.symbols).toHaveLength(4);
    await second.clock.advance(SYMBOL_REFRESH_MS - 60_000 - 100);
    expect(server.count('/quotation/symbols')).toBe(1);
    await second.clock.advance(200);
    expect(server.count('/quotation/symbols')).toBe(2);
  });
});
