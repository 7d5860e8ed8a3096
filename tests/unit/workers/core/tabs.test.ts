// Proves the hub's tabs core: a closed tab (its Web Lock released) and a tab that stops taking
// pushes are dropped with what they watched, a call naming a tab the hub does not know says so,
// and a tab's topics are rebuilt from their parts and bounded.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { cleanTopic, TAB_TOPICS_MAX } from '../../../../src/workers/core/tabs';
import { HUB_TIMINGS_MS, type Topic } from '../../../../src/workers/protocol';
import { attach, FakeTab, hubStarter, quote, settle, topics } from '../fixtures';

const start = hubStarter();

describe('tabs', () => {
  it('drops a closed tab (its Web Lock is released) and what it watched from the union', async () => {
    const harness = start();
    const staying = new FakeTab('staying');
    const closing = new FakeTab('closing');
    await attach(harness, staying);
    await attach(harness, closing);
    await harness.hub.watch('staying', topics.quotes(301));
    await harness.hub.watch('closing', topics.quotes(301, 304));
    await harness.clock.advance(100);
    expect([...harness.realtime().subscribed].sort()).toEqual([301, 304]);

    harness.closeTab('closing');
    await settle();

    expect(harness.hub.tabCount).toBe(1);
    expect([...harness.realtime().subscribed]).toEqual([301]);
  });

  it('drops a tab that stops taking pushes after the tab call timeout', async () => {
    const harness = start();
    const alive = new FakeTab('alive');
    const frozen = new FakeTab('frozen');
    await attach(harness, alive);
    await attach(harness, frozen);
    await harness.hub.watch('frozen', topics.quotes(302));
    await harness.clock.advance(100);
    frozen.gone = true;

    harness.realtime().push({ symbolId: 302, sequence: 1, quote: quote(302, '99.00', harness.clock.now() + 10_000) });
    await harness.clock.advance(HUB_TIMINGS_MS.tabCall - 1);
    expect(harness.hub.tabCount).toBe(2);
    await harness.clock.advance(1);

    expect(harness.hub.tabCount).toBe(1);
    expect(harness.realtime().subscribed.size).toBe(0);
    // A call naming the dropped tab tells its bridge to attach again.
    expect(await harness.hub.watch('frozen', topics.quotes(302))).toBe(false);
    expect(await harness.hub.updateTab('frozen', { visible: true })).toBe(false);
  });

  it('a tab that attaches again keeps what it watched', async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    await harness.hub.watch('tab', topics.quotes(303));
    await harness.clock.advance(100);
    await attach(harness, tab);
    await harness.clock.advance(100);
    expect([...harness.realtime().subscribed]).toEqual([303]);
  });
});

describe('topics', () => {
  it('are rebuilt from their parts: anything else a tab puts on one goes no further', () => {
    expect(cleanTopic({ kind: 'quotes', symbolId: 301, extra: 'x' })).toEqual({ kind: 'quotes', symbolId: 301 });
    expect(cleanTopic({ kind: 'market', symbolId: 302 })).toEqual({ kind: 'market', symbolId: 302 });
    expect(cleanTopic({ kind: 'helpdesk', chatId: 'x' })).toEqual({ kind: 'helpdesk' });
    for (const malformed of [
      null,
      'quotes',
      { kind: 'quotes', symbolId: '301' },
      { kind: 'quotes', symbolId: 0 },
      { kind: 'quotes', symbolId: 1.5 },
      { kind: 'market', symbolId: Number.MAX_SAFE_INTEGER + 2 },
      { kind: 'chat', chatId: 'short' },
      { kind: 'chat', chatId: '../../etc/passwd/aaaaaaaa' },
      { kind: 'positions' },
    ]) {
      expect(cleanTopic(malformed)).toBeUndefined();
    }
  });

  it(`are bounded per tab: at most ${TAB_TOPICS_MAX}, and at most the socket’s channel limit of markets`, async () => {
    const harness = start();
    const tab = new FakeTab('tab');
    await attach(harness, tab);
    const many: Topic[] = topics.quotes(...Array.from({ length: TAB_TOPICS_MAX + 10 }, (_, index) => index + 1));
    await harness.hub.watch('tab', [...topics.markets(...Array.from({ length: 60 }, (_, index) => 10_000 + index)), ...many]);
    await harness.clock.advance(100);
    expect(harness.server.books.size).toBe(0);
    expect(harness.server.count('/quotation/full_quote')).toBe(50);
  });
});
