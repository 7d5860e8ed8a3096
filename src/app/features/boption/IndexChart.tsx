/**
 * The Boption chart (spec 2, Boption trading page): the symbol's index of the last minutes from
 * the hub's index feed, drawn by the kit's price chart, with the open price of the user's running
 * option on this symbol that expires first as a line in its direction's colour, its expiry as a
 * marker the view reaches to, and a countdown above the plot. It is its own chunk (uPlot).
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import type { BoptionOrder } from '../../../shared/api/boption';
import type { MarketSymbol } from '../../../shared/api/market';
import { useIndexHistory } from '../../state/hub';
import { Countdown } from '../../ui/Countdown';
import { Panel } from '../../ui/Panel';
import { PriceLineChart } from '../../ui/PriceLineChart';
import { DIRECTION_LABELS } from './labels';
import styles from './boption.module.css';

/** The view: five minutes of index, or more when the option runs longer. */
const WINDOW_MS = 5 * 60_000;

export function IndexChart({ symbol, running, height }: { symbol: MarketSymbol; running: readonly BoptionOrder[]; height: number }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const points = useIndexHistory(symbol.id);
  const option = running.find((order) => order.symbolId === symbol.id && order.status === 'open');
  const others = running.filter((order) => order.symbolId === symbol.id && order.status === 'open').length - 1;
  const direction = option ? _(DIRECTION_LABELS[option.direction]) : '';
  const openPrice = option?.openPrice ?? '';
  const pair = symbol.name;
  return (
    <Panel aria-label={t`Index price chart`} data-testid="boption-chart">
      <div className={styles.chartHead}>
        <span className={styles.chartTitle}>{t`Index of ${pair}`}</span>
        {option ? (
          <span className={styles.chartOption} data-testid="boption-chart-option" data-direction={option.direction}>
            {t`${direction} from ${openPrice}`} · {t`Settles in`} <Countdown until={option.expiresAt} testId="boption-chart-countdown" />
            {others > 0 ? ` · ${t`${others} more running`}` : null}
          </span>
        ) : null}
      </div>
      <PriceLineChart
        points={points ?? []}
        pricePrecision={symbol.pricePrecision}
        levels={option ? [{ price: option.openPrice, name: t`Open price`, tone: option.direction === 'up' ? 'up' : 'down' }] : []}
        marker={option ? { at: option.expiresAt, name: t`Expiry` } : null}
        windowMs={option ? Math.max(WINDOW_MS, option.periodSeconds * 2000) : WINDOW_MS}
        label={t`Index price of ${pair}`}
        empty={points === undefined ? t`Loading…` : t`No index price yet.`}
        height={height}
        testId="boption-chart-canvas"
      />
    </Panel>
  );
}
