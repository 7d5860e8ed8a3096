/**
 * Futures objects for the web and hub unit tests (no server): an open BTC_USDT long of 0.010 at
 * 90000.0 with 10x leverage, and the account stats that go with it.
 */
import type { FuturesPosition, FuturesStats } from '../../src/shared/api/futures';

/** Position `id`, open unless `change` says otherwise; created and opened `id` ms after a fixed instant. */
export function futuresPosition(id: number, change: Partial<FuturesPosition> = {}): FuturesPosition {
  return {
    id,
    symbolId: 201,
    symbol: 'BTC_USDT',
    side: 'long',
    type: 'market',
    leverage: 10,
    status: 'open',
    volume: '0.010',
    margin: '90.000000',
    triggerPrice: null,
    entryPrice: '90000.0',
    liquidationPrice: '81400.0',
    takeProfit: null,
    stopLoss: null,
    openFee: '0.450000',
    closeFee: null,
    closePrice: null,
    realizedPnl: null,
    closeReason: null,
    createdAt: 1_700_000_000_000 + id,
    openedAt: 1_700_000_000_000 + id,
    closedAt: null,
    ...change,
  };
}

/** The stats of an account holding futuresPosition(1), with 500 USDT free. */
export const FUTURES_STATS: FuturesStats = {
  currency: 'FTUSDT',
  available: '500.000000',
  marginInUse: '90.450000',
  unrealizedPnl: '0',
  equity: '590.450000',
  marginRatio: '0.005',
  openCount: 1,
  pendingCount: 0,
  todayPnl: '0',
};
