// Proves the tab keeps the user's open binary options as the hub last pushed them, so that a screen
// mounted while another one of the tab already watches them (no push of its own comes) starts
// from them; a push that has not read them yet keeps what the tab has, and a sign-out forgets them.
import { describe, expect, it } from 'vitest';
import type { BoptionOrder } from '../../../../src/shared/api/boption';
import { hubStore } from '../../../../src/app/state/hub-store';
import type { HubStatus } from '../../../../src/workers/protocol';

const order: BoptionOrder = {
  id: 1,
  symbolId: 101,
  symbol: 'BTC_USDT',
  direction: 'up',
  periodSeconds: 30,
  stake: '10.000000',
  payoutRate: '0.85',
  status: 'open',
  openPrice: '100.00',
  settlePrice: null,
  payout: null,
  profit: null,
  openedAt: 1,
  expiresAt: 30_001,
  settledAt: null,
};

const signedOut = { session: { status: 'signedOut' } } as HubStatus;

describe('open binary options in the tab', () => {
  it('keeps the last pushed list, not a push without one, and forgets it at sign-out', () => {
    hubStore.apply({ kind: 'boption', open: [order], changed: order });
    hubStore.apply({ kind: 'boption', open: null, changed: null });
    expect(hubStore.getSnapshot().boptionOpen).toEqual([order]);
    hubStore.apply({ kind: 'status', status: signedOut });
    expect(hubStore.getSnapshot().boptionOpen).toBeNull();
  });
});
