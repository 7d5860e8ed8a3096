/**
 * The price chart's readout: one line above the plot with a candle's time, open, high, low,
 * close, change and volume, at the symbol's precisions. The chart passes the candle under the
 * crosshair, or the latest one. The prices take the candle's colour, and the change carries its
 * sign, so a fall is never told by colour alone. It wraps on a narrow screen.
 */
import { useLingui } from '@lingui/react/macro';
import type { MarketSymbol } from '../../../shared/api/market';
import { signedChange } from '../../../shared/market-rules';
import { candleDirection, candleFigures, type Candle, type ChartInterval } from './candles';
import type { ChartTimeFormat } from '../../ui/chartTime';
import styles from './exchange.module.css';

export function ChartReadout({ candle, interval, symbol, timeFormat }: { candle: Candle; interval: ChartInterval; symbol: MarketSymbol; timeFormat: ChartTimeFormat }) {
  const { t } = useLingui();
  const figures = candleFigures(candle, symbol);
  const fields = [
    { key: 'open', label: t({ message: 'O', comment: 'Chart readout: short label of the open price of a candle (Open)' }), value: figures.open },
    { key: 'high', label: t({ message: 'H', comment: 'Chart readout: short label of the highest price of a candle (High)' }), value: figures.high },
    { key: 'low', label: t({ message: 'L', comment: 'Chart readout: short label of the lowest price of a candle (Low)' }), value: figures.low },
    { key: 'close', label: t({ message: 'C', comment: 'Chart readout: short label of the close price of a candle (Close)' }), value: figures.close },
    { key: 'change', label: t({ message: 'Chg', comment: 'Chart readout: short label of the change from open to close of a candle, in percent' }), value: signedChange(figures.changePercent) },
    { key: 'volume', label: t({ message: 'Vol', comment: 'Chart readout: short label of the traded volume of a candle' }), value: figures.volume },
  ];
  return (
    <p className={styles.readout} data-testid="chart-readout" data-direction={candleDirection(candle)} data-time={candle.time}>
      <time className={styles.readoutTime} dateTime={new Date(candle.time).toISOString()}>
        {timeFormat.candleTime(candle.time, interval)}
      </time>
      {fields.map((field) => (
        <span key={field.key} className={styles.readoutField} data-field={field.key}>
          <span className={styles.readoutLabel}>{field.label}</span> <span className={styles.readoutValue} data-testid={`chart-readout-${field.key}`}>{field.value}</span>
        </span>
      ))}
    </p>
  );
}
