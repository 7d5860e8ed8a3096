// Proves the futures page's live figures: a position's PnL, return and margin ratio at the mark
// now, and the account's stats worked out at the marks (the server's last figures standing while a
// mark or a symbol's terms are missing); and the popup each position change brings.
import { describe, expect, it } from 'vitest';
import type { FuturesSymbolConfig } from '../../../../src/shared/api/futures';
import { liveFigures, liveStats, ratioPercentText, returnPercentText, termsOf } from '../../../../src/app/features/futures/positionMath';
import { tradeEventOf } from '../../../../src/app/features/futures/tradeEvents';
import { marginRatioPpm } from '../../../../src/shared/futures-math';
import { FUTURES_STATS, futuresPosition } from '../../../helpers/futures-fixtures';

const CONFIG = {
  openFeeRate: '0.0005',
  closeFeeRate: '0.0005',
  maintenanceMarginRate: '0.005',
  spreadRate: '0.0001',
} as FuturesSymbolConfig;
const TERMS = termsOf(CONFIG, { pricePrecision: 1, volumePrecision: 3 });

const OPEN = futuresPosition(1);
const STATS = FUTURES_STATS;

describe('live futures figures', () => {
  it('a position at the mark: PnL in its favour, the return on its margin, the margin ratio', () => {
    const up = liveFigures(OPEN, TERMS, '91000.0')!;
    expect(up.pnlUnits).toBe(10_000_000n);
    expect(returnPercentText(up)).toBe('11.11');
    const down = liveFigures({ ...OPEN, side: 'short' }, TERMS, '91000.0')!;
    expect(down.pnlUnits).toBe(-10_000_000n);
    expect(returnPercentText(down)).toBe('-11.11');
    // Maintenance 0.01 x 91000 x 0.005 = 4.55 over 80 of equity: 5.6875 %, shown cut to 5.68.
    expect(down.maintenanceUnits).toBe(4_550_000n);
    expect(ratioPercentText(marginRatioPpm(down.maintenanceUnits, down.marginUnits + down.pnlUnits))).toBe('5.68');
    expect(liveFigures(OPEN, TERMS, null)).toBeNull();
    expect(liveFigures({ ...OPEN, status: 'pending', entryPrice: null }, TERMS, '91000.0')).toBeNull();
  });

  it('the stats follow the marks; without a mark the server’s figures stand', () => {
    const terms = new Map([[201, TERMS]]);
    const live = liveStats(STATS, [OPEN], terms, new Map([[201, '91000.0']]));
    expect(live).toMatchObject({ live: true, unrealizedPnl: '10.000000', equity: '600.450000', available: '500.000000' });
    // 4.55 of maintenance over 100 of equity.
    expect(live.marginRatio).toBe('4.55');
    const stale = liveStats(STATS, [OPEN], terms, new Map());
    expect(stale).toMatchObject({ live: false, unrealizedPnl: '0', equity: '590.450000', marginRatio: '0.50' });
    expect(liveStats({ ...STATS, marginRatio: null }, [], terms, new Map()).marginRatio).toBeNull();
  });

  it('names what a position change is: placed, opened, triggered, stop points, each way of closing', () => {
    const pending = { ...OPEN, type: 'limit' as const, status: 'pending' as const, entryPrice: null };
    expect(tradeEventOf(undefined, pending)).toBe('placed');
    expect(tradeEventOf(pending, { ...pending, takeProfit: '99000.0' })).toBe('stopPoints');
    expect(tradeEventOf(pending, { ...OPEN, type: 'limit' })).toBe('triggered');
    expect(tradeEventOf(undefined, OPEN)).toBe('opened');
    expect(tradeEventOf(OPEN, { ...OPEN, stopLoss: '85000.0' })).toBe('stopPoints');
    for (const reason of ['takeProfit', 'stopLoss', 'liquidation'] as const) expect(tradeEventOf(OPEN, { ...OPEN, status: 'closed', closeReason: reason })).toBe(reason);
    expect(tradeEventOf(OPEN, { ...OPEN, status: 'closed', closeReason: 'user' })).toBe('closed');
    expect(tradeEventOf(pending, { ...pending, status: 'cancelled', closeReason: 'user' })).toBe('cancelled');
  });
});
