// Proves the account feed (R-STATE-10): balances read once for every tab per value of the assets
// flag and forgotten at sign-out, and the private channel's order and balance events sent to every
// tab, hidden ones too, with the next balance read going to the server after a balance event.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { RealtimeOrder } from '../../../../src/shared/realtime';
import { attach, FakeTab, hubStarter, settle, TRADER } from '../fixtures';

const start = hubStarter();

const order: RealtimeOrder = {
  id: 9,
  userId: 1,
  symbolId: 301,
  symbol: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  price: '90.00',
  quantity: '1.000',
  quoteAmount: null,
  filledQuantity: '0',
  filledQuote: '0',
  averagePrice: null,
  fee: '0',
  feeCurrency: 'BTC',
  status: 'open',
  cancelReason: null,
  clientOrderId: null,
  createdAt: 1,
  updatedAt: 1,
};

describe('the user’s account', () => {
  it('R-STATE-10 reads the balances once per value of the assets flag, and forgets them at sign-out', async () => {
    const harness = start();
    await attach(harness, new FakeTab('tab'));
    expect(await harness.hub.balances('')).toBeNull();
    expect(harness.server.count('/balance/list')).toBe(0);

    await harness.hub.signIn(TRADER);
    const [first] = await Promise.all([harness.hub.balances('1'), harness.hub.balances('1')]);
    expect(first?.[0]?.balance).toBe('10.000');
    await harness.hub.balances('1');
    expect(harness.server.count('/balance/list')).toBe(1);

    harness.server.usdtBalance = '4.000';
    expect((await harness.hub.balances('2'))?.[0]?.balance).toBe('4.000');
    expect(harness.server.count('/balance/list')).toBe(2);

    await harness.hub.signOut();
    expect(await harness.hub.balances('2')).toBeNull();
    expect(harness.server.count('/balance/list')).toBe(2);
  });

  it('drops a balance read that was out when the user signed out: it is not the next session’s', async () => {
    const harness = start();
    await attach(harness, new FakeTab('tab'));
    await harness.hub.signIn(TRADER);
    const release = harness.server.hold('/balance/list');
    const reading = harness.hub.balances('1');
    await settle();
    await harness.hub.signOut();
    release();
    expect(await reading).toBeNull();
  });

  it('sends the user’s order and balance events to every tab and reads balances again after one', async () => {
    const harness = start();
    harness.server.signedIn = true;
    const first = new FakeTab('a');
    const second = new FakeTab('b', false);
    await attach(harness, first);
    await attach(harness, second);
    await harness.hub.balances('flag');
    expect(harness.server.count('/balance/list')).toBe(1);
    harness.realtime().pushOrder({ order });
    harness.realtime().pushBalance({ currencies: ['USDT'] });
    await settle();
    for (const tab of [first, second]) {
      expect(tab.pushes.filter((push) => push.kind === 'order')).toEqual([{ kind: 'order', order }]);
      expect(tab.pushes.filter((push) => push.kind === 'balance')).toEqual([{ kind: 'balance', currencies: ['USDT'] }]);
    }
    await harness.hub.balances('flag');
    expect(harness.server.count('/balance/list')).toBe(2);
  });

  it('passes on no order event that does not match its schema', async () => {
    const harness = start();
    const tab = new FakeTab('a');
    await attach(harness, tab);
    harness.realtime().emit('order', { order: { ...order, price: 90 } });
    harness.realtime().emit('order', { order: { ...order, status: 'pending' } });
    harness.realtime().emit('balance', { currencies: 'USDT' });
    await settle();
    expect(tab.pushes.filter((push) => push.kind === 'order' || push.kind === 'balance')).toEqual([]);
  });
});
