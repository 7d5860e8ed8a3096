/**
 * What the price chart paints on uPlot's canvas itself, from its draw hook: the candles, and the
 * last-price line with its price on the right axis. uPlot draws the lines and the volume bars;
 * a candle and a marker on the axis are ours. Canvas sizes are device pixels, so every length
 * here is scaled by devicePixelRatio.
 */
import type uPlot from 'uplot';
import { candleDirection, type Candle } from './candles';

/** The theme's colours the canvas needs, read from the design tokens when the plot is made. */
export interface ChartPalette {
  /** Rising and falling candles, and the last-price line: --color-buy and --color-sell. */
  up: string;
  down: string;
  /** The axis label's fill and its text: --color-buy-fill, --color-sell-fill, --color-on-fill (4.5:1). */
  upFill: string;
  downFill: string;
  onFill: string;
}

/** The candles in view: a wick from high to low and a body from open to close. */
export function drawCandles(u: uPlot, candles: readonly Candle[], palette: ChartPalette): void {
  const [first, last] = u.series[0]!.idxs ?? [0, candles.length - 1];
  const ctx = u.ctx;
  const columnWidth = candles.length > 1 ? Math.abs(u.valToPos(candles[1]!.time / 1000, 'x', true) - u.valToPos(candles[0]!.time / 1000, 'x', true)) : 8;
  const bodyWidth = Math.max(1, Math.round(columnWidth * 0.7));
  ctx.save();
  ctx.beginPath();
  ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
  ctx.clip();
  for (let index = first; index <= last; index += 1) {
    const candle = candles[index];
    if (!candle) continue;
    const open = Number(candle.open);
    const close = Number(candle.close);
    const x = Math.round(u.valToPos(candle.time / 1000, 'x', true));
    const top = u.valToPos(Math.max(open, close), 'y', true);
    const bottom = u.valToPos(Math.min(open, close), 'y', true);
    ctx.fillStyle = ctx.strokeStyle = close >= open ? palette.up : palette.down;
    ctx.lineWidth = Math.max(1, devicePixelRatio);
    ctx.beginPath();
    ctx.moveTo(x, u.valToPos(Number(candle.high), 'y', true));
    ctx.lineTo(x, u.valToPos(Number(candle.low), 'y', true));
    ctx.stroke();
    ctx.fillRect(x - bodyWidth / 2, top, bodyWidth, Math.max(1, bottom - top));
  }
  ctx.restore();
}

/** Height of the price label on the axis, CSS pixels. */
const LAST_PRICE_LABEL_HEIGHT = 18;

/**
 * A dashed line across the plot at the last candle's close, and that price in a label on the
 * right axis (drawn over the axis's own numbers), in the buy colour when the candle rose and the
 * sell colour when it fell. Nothing when the close lies outside the prices in view (panned back).
 */
export function drawLastPrice(u: uPlot, last: Candle | undefined, priceText: string, palette: ChartPalette): void {
  if (!last) return;
  const { left, top, width, height } = u.bbox;
  const y = Math.round(u.valToPos(Number(last.close), 'y', true)) + 0.5;
  if (!(y >= top && y <= top + height)) return;
  const ratio = devicePixelRatio;
  const rising = candleDirection(last) === 'up';
  const ctx = u.ctx;
  ctx.save();
  ctx.strokeStyle = rising ? palette.up : palette.down;
  ctx.lineWidth = Math.max(1, ratio);
  ctx.setLineDash([4 * ratio, 3 * ratio]);
  ctx.beginPath();
  ctx.moveTo(left, y);
  ctx.lineTo(left + width, y);
  ctx.stroke();
  const labelHeight = LAST_PRICE_LABEL_HEIGHT * ratio;
  const labelTop = Math.min(Math.max(y - labelHeight / 2, 0), ctx.canvas.height - labelHeight);
  ctx.fillStyle = rising ? palette.upFill : palette.downFill;
  ctx.fillRect(left + width, labelTop, ctx.canvas.width - (left + width), labelHeight);
  ctx.fillStyle = palette.onFill;
  ctx.font = `600 ${11 * ratio}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.fillText(priceText, left + width + 5 * ratio, labelTop + labelHeight / 2);
  ctx.restore();
}
