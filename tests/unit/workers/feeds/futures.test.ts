// Proves the futures feed: the stats and open positions read once for the signed-in tabs that
// watch them and never for a visitor, a private `futures` event putting its position in or taking
// it out, naming it to every watching tab and reading the stats again, a futures-wallet balance
// event reading the stats again, a reconnect reading both again, an event heard during a read kept,
// and nothing read or kept once nobody watches or the user signed out.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { FuturesPosition } from '../../../../src/shared/api/futures';
import type { HubPush } from '../../../../src/workers/protocol';
import { futuresPosition } from '../../../helpers/futures-fixtures';
import { attach, FakeTab, hubStarter, settle, TRADER } from '../fixtures';

const start = hubStarter();
const FUTURES = { kind: 'futures' } as const;

const position = futuresPosition;

function closed(open: FuturesPosition): FuturesPosition {
  return { ...open, status: 'closed', closePrice: '91000.0', closeFee: '0.455000', realizedPnl: '10.000000', closeReason: 'takeProfit', closedAt: open.createdAt + 60_000 };
}

function futuresPushes(tab: FakeTab): Extract<HubPush, { kind: 'futures' }>[] {
  return tab.pushes.flatMap((push) => (push.kind === 'futures' ? [push] : []));
}

async function watching(harness: ReturnType<typeof start>, ...tabs: FakeTab[]): Promise<void> {
  for (const tab of tabs) {
    await attach(harness, tab, '/futures');
    await harness.hub.watch(tab.tabId, [FUTURES]);
  }
  await settle();
}

describe('the futures account', () => {
  it('reads the stats and open positions once for the signed-in tabs watching them, never for a visitor', async () => {
    const harness = start();
    harness.server.futuresPositions = [position(2), position(1)];
    const first = new FakeTab('a');
    await watching(harness, first);
    expect(harness.server.count('/futures/orders') + harness.server.count('/futures/stats')).toBe(0);

    await harness.hub.signIn(TRADER);
    await settle();
    // The socket reconnects under the new identity too: the positions' read in flight is shared, the stats may be read twice.
    expect(harness.server.count('/futures/orders')).toBe(1);
    const statsReads = harness.server.count('/futures/stats');
    expect(statsReads).toBeGreaterThanOrEqual(1);
    expect(harness.server.calls.find((call) => call.path === '/futures/orders')?.query).toContain('scope=open');
    expect(futuresPushes(first).at(-1)).toEqual({ kind: 'futures', account: { stats: harness.server.futuresStats, positions: [position(2), position(1)] }, changed: null });

    // A second tab gets what the hub has at once, without another read.
    const second = new FakeTab('b');
    await watching(harness, second);
    expect(futuresPushes(second).at(-1)?.account.positions).toEqual([position(2), position(1)]);
    expect(harness.server.count('/futures/orders')).toBe(1);
    expect(harness.server.count('/futures/stats')).toBe(statsReads);

    await harness.hub.signOut();
    await settle();
    harness.realtime().emit('futures', { position: position(3) });
    await settle();
    expect(futuresPushes(first).some((push) => push.changed?.id === 3)).toBe(false);
  });

  it('puts an opened position in, takes a closed one out, names both to every watching tab and reads the stats after each', async () => {
    const harness = start();
    harness.server.signedIn = true;
    const tabs = [new FakeTab('a'), new FakeTab('b', false)];
    await watching(harness, ...tabs);
    expect(harness.server.count('/futures/stats')).toBe(1);
    harness.realtime().emit('futures', { position: position(7) });
    await settle();
    harness.realtime().emit('futures', { position: closed(position(7)) });
    await settle();
    for (const tab of tabs) {
      const changes = futuresPushes(tab).filter((push) => push.changed !== null);
      expect(changes.map((push) => [push.changed, push.account.positions])).toEqual([
        [position(7), [position(7)]],
        [closed(position(7)), []],
      ]);
    }
    expect(harness.server.count('/futures/stats')).toBeGreaterThanOrEqual(2);
  });

  it('reads the stats again after a balance event of the futures wallet only', async () => {
    const harness = start();
    harness.server.signedIn = true;
    await watching(harness, new FakeTab('a'));
    harness.realtime().pushBalance({ currencies: ['USDT'] });
    await settle();
    expect(harness.server.count('/futures/stats')).toBe(1);
    harness.realtime().pushBalance({ currencies: ['FTUSDT'] });
    await settle();
    expect(harness.server.count('/futures/stats')).toBe(2);
  });

  it('reads both again after a reconnect: events sent while the socket was away are lost', async () => {
    const harness = start();
    harness.server.signedIn = true;
    harness.server.futuresPositions = [position(4)];
    const tab = new FakeTab('a');
    await watching(harness, tab);
    harness.realtime().drop();
    harness.server.futuresPositions = [];
    harness.realtime().connect();
    await settle();
    expect(harness.server.count('/futures/orders')).toBe(2);
    expect(futuresPushes(tab).at(-1)?.account.positions).toEqual([]);
  });

  it('keeps an event heard while the positions were being read', async () => {
    const harness = start();
    harness.server.signedIn = true;
    harness.server.futuresPositions = [position(5)];
    const tab = new FakeTab('a');
    await attach(harness, tab, '/futures');
    const release = harness.server.hold('/futures/orders');
    await harness.hub.watch('a', [FUTURES]);
    await settle();
    harness.realtime().emit('futures', { position: closed(position(5)) });
    await settle();
    release();
    await settle();
    expect(futuresPushes(tab).at(-1)?.account.positions).toEqual([]);
  });

  it('stops following once no tab watches: a tab that comes back reads again', async () => {
    const harness = start();
    harness.server.signedIn = true;
    const tab = new FakeTab('a');
    await watching(harness, tab);
    await harness.hub.watch('a', []);
    await settle();
    harness.realtime().emit('futures', { position: position(8) });
    await settle();
    expect(futuresPushes(tab).some((push) => push.changed?.id === 8)).toBe(false);
    await harness.hub.watch('a', [FUTURES]);
    await settle();
    expect(harness.server.count('/futures/orders')).toBe(2);
  });
});
