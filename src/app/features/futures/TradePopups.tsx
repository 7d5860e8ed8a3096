/**
 * The trade popups (spec 2, Futures TradePopups): a toast when one of the user's positions is
 * placed, opens, triggers, changes its stop points, closes, hits its take-profit or stop-loss, is
 * liquidated or is cancelled, from the private channel's `futures` events through the hub, in
 * every tab that shows futures, whichever tab (or the risk loop) caused it.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { FuturesPosition } from '../../../shared/api/futures';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { trimZeros } from '../../../shared/decimal';
import { showToast, type Toast } from '../../state/hub-store';
import { usePositionName } from './Summary';
import { tradeEventOf, type TradeEvent } from './tradeEvents';

const TONES: Record<TradeEvent, Toast['tone']> = {
  placed: 'info',
  opened: 'success',
  triggered: 'success',
  stopPoints: 'info',
  closed: 'success',
  takeProfit: 'success',
  stopLoss: 'error',
  liquidation: 'error',
  cancelled: 'info',
};

/** The text of a position change's popup. */
export function useTradePopupText(): (event: TradeEvent, position: FuturesPosition) => string {
  const { t } = useLingui();
  const positionName = usePositionName();
  return useCallback(
    (event, position) => {
      const pair = positionName(position);
      const price = trimZeros(position.closePrice ?? position.entryPrice ?? position.triggerPrice ?? '');
      const pnl = trimZeros(position.realizedPnl ?? '0');
      const margin = trimZeros(position.margin);
      switch (event) {
        case 'placed':
          return t`${pair}: waiting for the trigger price ${price}`;
        case 'opened':
          return t`${pair} opened at ${price}`;
        case 'triggered':
          return t`${pair} triggered and opened at ${price}`;
        case 'stopPoints':
          return t`${pair}: take profit and stop loss saved`;
        case 'closed':
          return t`${pair} closed at ${price}, PnL ${pnl} USDT`;
        case 'takeProfit':
          return t`${pair}: take profit reached at ${price}, PnL ${pnl} USDT`;
        case 'stopLoss':
          return t`${pair}: stop loss reached at ${price}, PnL ${pnl} USDT`;
        case 'liquidation':
          return t`${pair} was liquidated at ${price}: its margin of ${margin} USDT is lost`;
        case 'cancelled':
          return t`${pair} cancelled: its margin is back in your futures account`;
      }
    },
    [t, positionName],
  );
}

/** The handler useFuturesAccount calls with each position change: it shows the popup. */
export function useTradePopups(): (position: FuturesPosition, previous: FuturesPosition | undefined) => void {
  const text = useTradePopupText();
  return useCallback(
    (position, previous) => {
      const event = tradeEventOf(previous, position);
      showToast(text(event, position), ERROR_TOAST_MS, TONES[event]);
    },
    [text],
  );
}
