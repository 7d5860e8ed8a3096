/**
 * The mark price chart of the futures page (spec 2, Futures trading page; issue 17: the mark
 * price): the contract's index of the last INDEX_HISTORY_SECONDS from the hub's index feed, drawn
 * by the kit's price chart, with the entry and liquidation prices of the user's open positions in
 * this contract as levels. It is its own chunk (uPlot), loaded after the rest of the page.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import type { FuturesPosition } from '../../../shared/api/futures';
import { INDEX_HISTORY_SECONDS } from '../../../shared/api/index-price';
import type { MarketSymbol } from '../../../shared/api/market';
import { useIndexHistory } from '../../state/hub';
import { Panel } from '../../ui/Panel';
import { PriceLineChart, type PriceLevel } from '../../ui/PriceLineChart';
import { SIDE_LABELS } from './labels';

export function MarkChart({ symbol, positions }: { symbol: MarketSymbol; positions: readonly FuturesPosition[] }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const points = useIndexHistory(symbol.id);
  const contract = symbol.name;
  const levels: PriceLevel[] = positions
    .filter((position) => position.symbolId === symbol.id && position.status === 'open')
    .flatMap((position) => {
      const side = _(SIDE_LABELS[position.side]);
      const entry: PriceLevel[] = position.entryPrice
        ? [
            {
              price: position.entryPrice,
              name: t`${side} entry`,
              tone: position.side === 'long' ? 'up' : 'down',
            },
          ]
        : [];
      const liquidation: PriceLevel[] = position.liquidationPrice
        ? [
            {
              price: position.liquidationPrice,
              name: t`${side} liquidation`,
              tone: 'warn',
            },
          ]
        : [];
      return [...entry, ...liquidation];
    });
  return (
    <Panel aria-label={t`Mark price chart`} data-testid="futures-chart">
      <PriceLineChart
        points={points ?? []}
        pricePrecision={symbol.pricePrecision}
        levels={levels}
        windowMs={INDEX_HISTORY_SECONDS * 1000}
        label={t`Mark price of ${contract}`}
        empty={points === undefined ? t`Loading…` : t`No mark price yet.`}
        testId="futures-chart-canvas"
      />
    </Panel>
  );
}
