/**
 * What a position change from the private channel means to the user (the trade popups): placed
 * (a limit waiting for its trigger), opened, triggered, its stop points changed, closed by the
 * user, by its take-profit or stop-loss, liquidated, or cancelled. The event carries only the
 * position as it is now, so the position as this tab knew it before tells an open from a change
 * of stop points.
 */
import type { FuturesPosition } from '../../../shared/api/futures';

export type TradeEvent = 'placed' | 'opened' | 'triggered' | 'stopPoints' | 'closed' | 'takeProfit' | 'stopLoss' | 'liquidation' | 'cancelled';

export function tradeEventOf(previous: FuturesPosition | undefined, position: FuturesPosition): TradeEvent {
  switch (position.status) {
    case 'pending':
      return previous ? 'stopPoints' : 'placed';
    case 'open':
      if (previous?.status === 'open') return 'stopPoints';
      return position.type === 'limit' ? 'triggered' : 'opened';
    case 'cancelled':
      return 'cancelled';
    case 'closed':
      switch (position.closeReason) {
        case 'takeProfit':
        case 'stopLoss':
        case 'liquidation':
          return position.closeReason;
        default:
          return 'closed';
      }
  }
}
