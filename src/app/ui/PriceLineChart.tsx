/**
 * A price as a line over time, drawn with uPlot as the exchange's candle chart is: the index
 * points of a futures or binary-option symbol (api/index-price.ts), the last price in a dashed
 * line labelled on the right axis (in the buy colour when it rose from the point before, the sell
 * colour when it fell), optional horizontal levels (an option's open price, a position's entry
 * and liquidation prices) that the price range always includes, and an optional vertical marker
 * (an option's expiry) that the time range reaches to. The view shows the last `windowMs` up to
 * the newest point or the marker, whichever is later. Axis times are in the page's language
 * (chartTime.ts); colours are the theme's tokens, read again when the theme changes.
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { truncateDecimal } from '../../shared/money';
import { useLanguage } from '../i18n/useLanguage';
import { useTheme } from '../state/theme';
import { chartAxisStyle, drawPriceLine, drawTimeMarker, readChartPalette, type ChartPalette } from './chartDrawing';
import { chartTimeFormat } from './chartTime';
import styles from './PriceLineChart.module.css';

export interface PricePoint {
  /** Milliseconds since the epoch. */
  at: number;
  price: string;
}

/** A horizontal line at a price, named at its left end; the tone picks its colour. */
export interface PriceLevel {
  price: string;
  name: string;
  tone: 'neutral' | 'up' | 'down' | 'warn';
}

export interface TimeMarker {
  /** Milliseconds since the epoch. */
  at: number;
  name: string;
}

export interface PriceLineChartProps {
  points: readonly PricePoint[];
  pricePrecision: number;
  levels?: readonly PriceLevel[];
  marker?: TimeMarker | null;
  /** The time the view spans. */
  windowMs?: number;
  /** The chart's accessible name; the last price is added to it. */
  label: string;
  /** Shown over the plot while there are no points (loading, or no index yet). */
  empty?: ReactNode;
  height?: number;
  testId?: string;
}

const DEFAULT_WINDOW_MS = 5 * 60_000;

/** Room left of the newest point or marker, as a share of the window. */
const RIGHT_PAD = 0.06;

function levelStyle(level: PriceLevel, palette: ChartPalette) {
  switch (level.tone) {
    case 'up':
      return { stroke: palette.up, fill: palette.upFill, text: palette.onFill };
    case 'down':
      return { stroke: palette.down, fill: palette.downFill, text: palette.onFill };
    case 'warn':
      return { stroke: palette.warn, fill: palette.warn, text: palette.onWarn };
    case 'neutral':
      return { stroke: palette.text, fill: palette.text, text: palette.surface };
  }
}

export function PriceLineChart({ points, pricePrecision, levels = [], marker = null, windowMs = DEFAULT_WINDOW_MS, label, empty, height = 320, testId }: PriceLineChartProps) {
  const theme = useTheme();
  const language = useLanguage();
  const timeFormat = useMemo(() => chartTimeFormat(language), [language]);
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // The draw hooks and ranges read the latest props through this ref: the plot is made once per theme and language.
  const latest = useRef({ points, levels, marker, windowMs, pricePrecision });
  useEffect(() => {
    latest.current = { points, levels, marker, windowMs, pricePrecision };
  });

  useEffect(() => {
    const element = holder.current;
    if (!element) return undefined;
    const palette = readChartPalette(element);
    const axis = chartAxisStyle(palette);
    const u = new uPlot(
      {
        width: element.clientWidth || 600,
        height: element.clientHeight || height,
        cursor: { drag: { x: false, y: false } },
        legend: { show: false },
        scales: {
          x: {
            time: true,
            range: (_u, dataMin, dataMax) => {
              const { windowMs: span, marker: end } = latest.current;
              const right = Math.max(dataMax, end ? end.at / 1000 : dataMax);
              const left = Math.min(dataMin, right - span / 1000);
              return [Math.max(left, right - span / 1000), right + (span / 1000) * RIGHT_PAD];
            },
          },
          y: {
            range: (_u, dataMin, dataMax) => {
              const prices = [dataMin, dataMax, ...latest.current.levels.map((level) => Number(level.price))].filter(Number.isFinite);
              if (prices.length === 0) return [0, 1];
              const low = Math.min(...prices);
              const high = Math.max(...prices);
              // A flat line still gets some height; otherwise a tenth of the span above and below.
              const pad = high > low ? (high - low) * 0.1 : Math.max(Math.abs(high) * 0.001, 10 ** -latest.current.pricePrecision);
              return [low - pad, high + pad];
            },
          },
        },
        axes: [
          { ...axis, space: 70, values: (_u, splits, _axis, _space, spacing) => timeFormat.axisLabels(splits.map((split) => split * 1000), spacing * 1000) },
          { ...axis, side: 1, size: 72 },
        ],
        series: [{}, { stroke: palette.line, width: 1.5, points: { show: false } }],
        hooks: {
          draw: [
            (plotted) => {
              const { levels: lines, marker: end, points: data, pricePrecision: precision } = latest.current;
              for (const level of lines) drawPriceLine(plotted, Number(level.price), truncateDecimal(level.price, precision), { ...levelStyle(level, palette), dashed: false, name: level.name });
              if (end) drawTimeMarker(plotted, end.at / 1000, end.name, palette.muted);
              const last = data.at(-1);
              if (!last) return;
              const rising = Number(last.price) >= Number(data.at(-2)?.price ?? last.price);
              drawPriceLine(plotted, Number(last.price), truncateDecimal(last.price, precision), {
                stroke: rising ? palette.up : palette.down,
                fill: rising ? palette.upFill : palette.downFill,
                text: palette.onFill,
                dashed: true,
              });
            },
          ],
        },
      },
      dataOf(points),
      element,
    );
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: element.clientWidth, height: element.clientHeight }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
    // The height is the element's from here on; the rest is read through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, timeFormat]);

  useEffect(() => {
    plot.current?.setData(dataOf(points));
  }, [points, levels, marker, windowMs, pricePrecision]);

  const last = points.at(-1);
  return (
    <div className={styles.chart} style={{ height }}>
      <div
        ref={holder}
        className={styles.canvas}
        data-testid={testId}
        data-points={points.length}
        data-last={last?.price}
        role="img"
        aria-label={last ? `${label}: ${truncateDecimal(last.price, pricePrecision)}` : label}
      />
      {points.length === 0 && empty ? <div className={styles.empty}>{empty}</div> : null}
    </div>
  );
}

function dataOf(points: readonly PricePoint[]): uPlot.AlignedData {
  return [points.map((point) => point.at / 1000), points.map((point) => Number(point.price))];
}
