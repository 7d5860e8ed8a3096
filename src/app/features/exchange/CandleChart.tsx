/**
 * The price chart (spec 2, Exchange LineChart): candles with volume bars and the MA7 and MA25
 * moving averages, drawn with uPlot. An interval switch; the last candle follows the live
 * trades; dragging, the mouse wheel or the arrow keys pan back in time, and reaching the
 * oldest loaded candle loads the page before it (klines with `to`). A crosshair follows the
 * pointer (or, after the arrow keys, rests on the newest candle in view) and the readout above
 * the plot shows that candle, else the latest; a dashed line marks the last price. Times are in
 * the page's language (chartTime.ts), not uPlot's American English.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { klinesCall, type MarketSymbol, type Trade } from '../../../shared/api/market';
import { truncateDecimal } from '../../../shared/money';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { useTheme } from '../../state/theme';
import { candleOf, chartColumns, CHART_INTERVALS, MA_PERIODS, mergeTrade, prependCandles, type Candle, type ChartInterval } from './candles';
import { chartAxisStyle, readChartPalette } from '../../ui/chartDrawing';
import { drawCandles, drawLastPrice } from './chartDrawing';
import { ChartReadout } from './ChartReadout';
import { chartTimeFormat } from '../../ui/chartTime';
import { Button } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import styles from './exchange.module.css';

/** Candles a page of history brings. */
const PAGE_CANDLES = 300;
/** Candles in view at first. */
const VISIBLE_CANDLES = 80;
/** Loading an older page starts when the view comes this close to the oldest candle. */
const PREFETCH_CANDLES = 10;

/** The moving averages' colours. */
const COLORS = { ma7: '#f0b90b', ma25: '#8e6cef' };

export function CandleChart({ symbol, trades }: { symbol: MarketSymbol; trades: readonly Trade[] }) {
  const { t } = useLingui();
  const theme = useTheme();
  const language = useLanguage();
  const timeFormat = useMemo(() => chartTimeFormat(language), [language]);
  const [interval, setChartInterval] = useState<ChartInterval>('15m');
  const key = `${symbol.id}:${interval}`;
  /** The candles of one symbol and interval; another key's are still loading. */
  const [series, setSeries] = useState<{ key: string; candles: Candle[]; status: 'loading' | 'ready' | 'empty' }>({ key: '', candles: [], status: 'loading' });
  const current = series.key === key ? series : { key, candles: [] as Candle[], status: 'loading' as const };
  const { candles, status } = current;
  const setCandles = (change: (candles: Candle[]) => Candle[]) =>
    setSeries((known) => (known.key === key ? { ...known, candles: change(known.candles), status: 'ready' } : known));
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  /** The view: how many candles from the newest one its right edge is, and how many it shows. */
  const view = useRef({ fromEnd: 0, count: VISIBLE_CANDLES });
  const candlesRef = useRef<Candle[]>([]);
  const loadingOlder = useRef(false);
  const noOlder = useRef(false);
  const mergedTradeId = useRef(0);
  /** The open time of the candle under the crosshair; null shows the latest candle. */
  const [crosshairTime, setCrosshairTime] = useState<number | null>(null);
  /** The arrow keys moved the view last: the crosshair rests on the newest candle in view. */
  const keyboardCursor = useRef(false);

  // History: the latest page when the symbol or interval changes.
  useEffect(() => {
    let active = true;
    const loading = `${symbol.id}:${interval}`;
    noOlder.current = false;
    view.current = { fromEnd: 0, count: VISIBLE_CANDLES };
    void callApi(klinesCall, { query: { id: symbol.id, type: interval, limit: PAGE_CANDLES } })
      .then((page) => {
        if (!active) return;
        const loaded = page ? page.map(candleOf) : [];
        mergedTradeId.current = 0;
        setSeries({ key: loading, candles: loaded, status: loaded.length > 0 ? 'ready' : 'empty' });
      })
      .catch(() => active && setSeries({ key: loading, candles: [], status: 'empty' }));
    return () => {
      active = false;
    };
  }, [symbol.id, interval]);

  // Live: trades newer than the last merged one go into the last candle (or open the next).
  useEffect(() => {
    if (status === 'loading') return;
    const fresh = trades.filter((trade) => trade.id > mergedTradeId.current).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return;
    mergedTradeId.current = fresh.at(-1)!.id;
    setCandles((known) => fresh.reduce((merged, trade) => mergeTrade(merged, trade, interval, symbol.volumePrecision), known));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trades, status, interval, symbol.volumePrecision]);

  const loadOlder = () => {
    const oldest = candlesRef.current[0];
    if (!oldest || loadingOlder.current || noOlder.current) return;
    loadingOlder.current = true;
    const requested = key;
    void callApi(klinesCall, { query: { id: symbol.id, type: interval, to: oldest.time, limit: PAGE_CANDLES } })
      .then((page) => {
        if (!page || requested !== `${symbol.id}:${interval}`) return;
        if (page.length === 0) noOlder.current = true;
        else setCandles((known) => prependCandles(page.map(candleOf), known));
      })
      .finally(() => {
        loadingOlder.current = false;
      });
  };
  const loadOlderRef = useRef(loadOlder);
  useEffect(() => {
    loadOlderRef.current = loadOlder;
  });

  const applyView = (u: uPlot) => {
    const list = candlesRef.current;
    if (list.length === 0) return;
    const { count } = view.current;
    const fromEnd = Math.max(0, Math.min(view.current.fromEnd, Math.max(0, list.length - 5)));
    view.current.fromEnd = fromEnd;
    const lastIndex = list.length - 1 - fromEnd;
    const firstIndex = lastIndex - count + 1;
    const step = list.length > 1 ? (list[1]!.time - list[0]!.time) / 1000 : 60;
    const max = list[lastIndex]!.time / 1000 + step;
    const min = firstIndex >= 0 ? list[firstIndex]!.time / 1000 - step / 2 : list[0]!.time / 1000 + firstIndex * step - step / 2;
    u.setScale('x', { min, max });
    if (firstIndex <= PREFETCH_CANDLES) loadOlderRef.current();
  };

  /** After the arrow keys, the crosshair rests on the newest candle in view (run after each draw, on the new scales). */
  const placeKeyboardCursor = (u: uPlot) => {
    const list = candlesRef.current;
    const candle = list[list.length - 1 - view.current.fromEnd];
    if (!keyboardCursor.current || !candle) return;
    u.setCursor({ left: u.valToPos(candle.time / 1000, 'x'), top: u.valToPos(Number(candle.close), 'y') });
  };

  // The plot: made once per theme (axis colours come from the design tokens), language (the time
  // axis) and price precision (the last-price label), fed on every change.
  const pricePrecision = symbol.pricePrecision;
  useEffect(() => {
    const element = holder.current;
    if (!element) return undefined;
    // Rising and falling candles take the theme's buy and sell colours.
    const palette = readChartPalette(element);
    const axis = chartAxisStyle(palette);
    const hidden = { paths: () => null, points: { show: false } };
    const u = new uPlot(
      {
        width: element.clientWidth || 600,
        height: element.clientHeight || 360,
        // Crosshair lines only: dots on the hidden high and low series would mean nothing.
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        legend: { show: false },
        scales: {
          x: { time: true },
          y: { auto: true },
          volume: { range: (_u, _min, max) => [0, (max || 1) * 4] },
        },
        axes: [
          { ...axis, space: 60, values: (_u, splits, _axis, _space, spacing) => timeFormat.axisLabels(splits.map((split) => split * 1000), spacing * 1000) },
          { ...axis, side: 1, size: 64 },
        ],
        series: [
          {},
          { label: 'High', ...hidden },
          { label: 'Low', ...hidden },
          {
            label: t`Volume`,
            scale: 'volume',
            paths: uPlot.paths.bars!({ size: [0.7, 40] }),
            fill: theme === 'dark' ? 'rgb(152 161 173 / 25%)' : 'rgb(94 102 115 / 20%)',
            stroke: 'transparent',
            points: { show: false },
          },
          { label: `MA${MA_PERIODS[0]}`, stroke: COLORS.ma7, width: 1.25, points: { show: false } },
          { label: `MA${MA_PERIODS[1]}`, stroke: COLORS.ma25, width: 1.25, points: { show: false } },
        ],
        hooks: {
          draw: [
            (plotted) => drawCandles(plotted, candlesRef.current, palette),
            (plotted) => {
              const last = candlesRef.current.at(-1);
              drawLastPrice(plotted, last, last ? truncateDecimal(last.close, pricePrecision) : '', palette);
            },
            placeKeyboardCursor,
          ],
          setCursor: [
            (plotted) => {
              const index = plotted.cursor.idx;
              setCrosshairTime(index === null || index === undefined ? null : (candlesRef.current[index]?.time ?? null));
            },
          ],
        },
      },
      dataOf(candlesRef.current),
      element,
    );
    plot.current = u;
    applyView(u);
    const resize = new ResizeObserver(() => u.setSize({ width: element.clientWidth, height: element.clientHeight }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
    // applyView and placeKeyboardCursor read refs only; the plot is rebuilt for a theme, language or precision change alone.
  }, [theme, t, timeFormat, pricePrecision]);

  useEffect(() => {
    candlesRef.current = candles;
    const u = plot.current;
    if (!u) return;
    u.setData(dataOf(candles), false);
    applyView(u);
  }, [candles]);

  const pan = (candlesBack: number) => {
    view.current.fromEnd = Math.max(0, view.current.fromEnd + candlesBack);
    if (plot.current) applyView(plot.current);
  };
  const releaseKeyboardCursor = () => {
    if (!keyboardCursor.current) return;
    keyboardCursor.current = false;
    // Off the plot: uPlot hides the crosshair and the readout goes back to the latest candle.
    plot.current?.setCursor({ left: -10, top: -10 });
  };
  const shown = (crosshairTime === null ? undefined : candles.find((candle) => candle.time === crosshairTime)) ?? candles.at(-1);
  const drag = useRef<{ x: number; fromEnd: number } | null>(null);

  return (
    <Panel aria-label={t`Price chart`} data-testid="exchange-chart">
      <div className={styles.intervals} role="group" aria-label={t`Candle interval`}>
        {CHART_INTERVALS.map((choice) => (
          <Button
            key={choice}
            variant={choice === interval ? 'secondary' : 'ghost'}
            size="small"
            aria-pressed={choice === interval}
            data-testid={`chart-interval-${choice}`}
            onClick={() => setChartInterval(choice)}
          >
            {choice}
          </Button>
        ))}
        <span className={styles.legend} aria-hidden="true">
          {/* The lines' colours are swatches: yellow text on white would be unreadable. */}
          <span>
            <span className={styles.swatch} style={{ background: COLORS.ma7 }} />
            MA{MA_PERIODS[0]}
          </span>{' '}
          <span>
            <span className={styles.swatch} style={{ background: COLORS.ma25 }} />
            MA{MA_PERIODS[1]}
          </span>
        </span>
      </div>
      {shown ? <ChartReadout candle={shown} interval={interval} symbol={symbol} timeFormat={timeFormat} /> : null}
      <div
        ref={holder}
        className={styles.chartCanvas}
        data-testid="exchange-candles"
        data-state={status}
        data-candles={candles.length}
        tabIndex={0}
        role="img"
        aria-label={t`Candles of ${symbol.name}; use the left and right arrow keys to move through time`}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') pan(10);
          else if (event.key === 'ArrowRight') pan(-10);
          else return;
          event.preventDefault();
          keyboardCursor.current = true;
          // A pan redraws (and places the crosshair) only when the view moved: at the newest candle it did not.
          if (plot.current) placeKeyboardCursor(plot.current);
        }}
        onBlur={releaseKeyboardCursor}
        onWheel={(event) => pan(Math.sign(event.deltaY || event.deltaX) * -5)}
        onPointerDown={(event) => {
          drag.current = { x: event.clientX, fromEnd: view.current.fromEnd };
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          // The pointer takes the crosshair back from the keyboard (uPlot follows it from here).
          keyboardCursor.current = false;
          const start = drag.current;
          const u = plot.current;
          if (!start || !u) return;
          const perCandle = u.bbox.width / devicePixelRatio / view.current.count;
          view.current.fromEnd = Math.max(0, start.fromEnd + Math.round((event.clientX - start.x) / perCandle));
          applyView(u);
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
      />
      {status === 'empty' ? <StatusMessage tone="neutral" title={t`No trades in this interval yet.`} headingLevel={3} /> : null}
    </Panel>
  );
}

function dataOf(candles: readonly Candle[]): uPlot.AlignedData {
  const [time, , high, low, , volume, ma7, ma25] = chartColumns(candles);
  return [time, high, low, volume, ma7, ma25] as uPlot.AlignedData;
}
