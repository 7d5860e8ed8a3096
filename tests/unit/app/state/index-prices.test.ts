// Proves the tab's view of the hub's index feed: a sampling round sets each symbol's newest price
// (a null price says the index has none, an older round changes nothing) and adds a point to the
// histories the tab holds, which the hub's whole history replaces.
import { describe, expect, it } from 'vitest';
import { hubStore } from '../../../../src/app/state/hub-store';

const T0 = 1_700_000_000_000;

describe('index prices in the tab', () => {
  it('keeps the newest price of each symbol and appends to the histories it holds', () => {
    hubStore.apply({ kind: 'indexHistory', symbolId: 901, points: [{ at: T0, price: '1.00' }] });
    hubStore.apply({ kind: 'index', at: T0 + 1000, prices: [{ symbolId: 901, price: '1.10' }, { symbolId: 902, price: '5.00' }] });
    hubStore.apply({ kind: 'index', at: T0, prices: [{ symbolId: 902, price: '4.00' }] });
    hubStore.apply({ kind: 'index', at: T0 + 2000, prices: [{ symbolId: 901, price: null }] });
    const state = hubStore.getSnapshot();
    expect(state.indexPrices.get(901)).toEqual({ at: T0 + 2000, price: null });
    expect(state.indexPrices.get(902)).toEqual({ at: T0 + 1000, price: '5.00' });
    expect(state.indexHistories.get(901)).toEqual([
      { at: T0, price: '1.00' },
      { at: T0 + 1000, price: '1.10' },
    ]);
    expect(state.indexHistories.has(902)).toBe(false);

    hubStore.apply({ kind: 'indexHistory', symbolId: 901, points: [{ at: T0 + 5000, price: '2.00' }] });
    expect(hubStore.getSnapshot().indexHistories.get(901)).toEqual([{ at: T0 + 5000, price: '2.00' }]);
  });
});
