/**
 * What the candle chart paints on uPlot's canvas itself, from its draw hook: the candles, and the
 * last-price line with its price on the right axis (the kit's drawPriceLine). uPlot draws the
 * lines and the volume bars. Canvas sizes are device pixels, so every length here is scaled by
 * devicePixelRatio.
 */
import type uPlot from 'uplot';
import { drawPriceLine, type ChartPalette } from '../../ui/chartDrawing';
import { candleDirection, type Candle } from './candles';

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

/**
 * A dashed line across the plot at the last candle's close, and that price in a label on the
 * right axis, in the buy colour when the candle rose and the sell colour when it fell.
 */
export function drawLastPrice(u: uPlot, last: Candle | undefined, priceText: string, palette: ChartPalette): void {
  if (!last) return;
  const rising = candleDirection(last) === 'up';
  drawPriceLine(u, Number(last.close), priceText, {
    stroke: rising ? palette.up : palette.down,
    fill: rising ? palette.upFill : palette.downFill,
    text: palette.onFill,
    dashed: true,
  });
}
