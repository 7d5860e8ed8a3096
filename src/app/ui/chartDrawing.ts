/**
 * What the kit's price charts (the exchange's candles, PriceLineChart's index line) take from the
 * theme and paint on uPlot's canvas themselves: the palette read from the design tokens, the
 * axes' look, a labelled horizontal price line (the last price, an open or entry price, a
 * liquidation price) and a vertical time marker (an option's expiry). Canvas sizes are device
 * pixels, so every length here is scaled by devicePixelRatio.
 */
import type uPlot from 'uplot';

/** The theme's colours the canvas needs, read from the design tokens when a plot is made. */
export interface ChartPalette {
  /** Rising and falling prices: --color-buy and --color-sell. */
  up: string;
  down: string;
  /** A label's fill behind text in --color-on-fill (4.5:1): --color-buy-fill, --color-sell-fill. */
  upFill: string;
  downFill: string;
  onFill: string;
  /** Axis text and grid lines. */
  muted: string;
  grid: string;
  /** A neutral label (an open or entry price): text-coloured fill, surface-coloured text. */
  text: string;
  surface: string;
  /** The plotted line: --color-link. */
  line: string;
  /** A warning line (a liquidation price) and its label's text: --color-brand, --color-brand-contrast. */
  warn: string;
  onWarn: string;
}

/** Used when a token cannot be read (a detached element in a test). */
const FALLBACK: ChartPalette = {
  up: '#2ebd85',
  down: '#f6465d',
  upFill: '#2ebd85',
  downFill: '#f6465d',
  onFill: '#ffffff',
  muted: '#5e6673',
  grid: '#e3e6eb',
  text: '#1e2329',
  surface: '#ffffff',
  line: '#0b6bcb',
  warn: '#f0b90b',
  onWarn: '#1e2329',
};

export function readChartPalette(element: Element): ChartPalette {
  const styles = getComputedStyle(element);
  const token = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  return {
    up: token('--color-buy', FALLBACK.up),
    down: token('--color-sell', FALLBACK.down),
    upFill: token('--color-buy-fill', FALLBACK.upFill),
    downFill: token('--color-sell-fill', FALLBACK.downFill),
    onFill: token('--color-on-fill', FALLBACK.onFill),
    muted: token('--color-text-muted', FALLBACK.muted),
    grid: token('--color-border', FALLBACK.grid),
    text: token('--color-text', FALLBACK.text),
    surface: token('--color-surface', FALLBACK.surface),
    line: token('--color-link', FALLBACK.line),
    warn: token('--color-brand', FALLBACK.warn),
    onWarn: token('--color-brand-contrast', FALLBACK.onWarn),
  };
}

/** The look of a chart's axes: muted text, grid and ticks in the border colour. */
export function chartAxisStyle(palette: ChartPalette): Pick<uPlot.Axis, 'stroke' | 'grid' | 'ticks' | 'font'> {
  return { stroke: palette.muted, grid: { stroke: palette.grid, width: 1 }, ticks: { stroke: palette.grid, width: 1 }, font: '11px system-ui, sans-serif' };
}

/** Height of a price label on the axis, CSS pixels. */
const PRICE_LABEL_HEIGHT = 18;

export interface PriceLineStyle {
  stroke: string;
  /** The label's fill; its text is `text`. */
  fill: string;
  text: string;
  /** Dashed (the last price) or solid (an open or entry price). */
  dashed: boolean;
  /** What the line is ("Open", "Liquidation"), written above its left end. */
  name?: string;
}

/**
 * A line across the plot at `price`, and `label` in a box on the right axis (drawn over the
 * axis's own numbers), with its name above its left end. Nothing when the price lies outside the
 * prices in view.
 */
export function drawPriceLine(u: uPlot, price: number, label: string, style: PriceLineStyle): void {
  const { left, top, width, height } = u.bbox;
  const y = Math.round(u.valToPos(price, 'y', true)) + 0.5;
  if (!(y >= top && y <= top + height)) return;
  const ratio = devicePixelRatio;
  const ctx = u.ctx;
  ctx.save();
  ctx.strokeStyle = style.stroke;
  ctx.lineWidth = Math.max(1, ratio);
  ctx.setLineDash(style.dashed ? [4 * ratio, 3 * ratio] : []);
  ctx.beginPath();
  ctx.moveTo(left, y);
  ctx.lineTo(left + width, y);
  ctx.stroke();
  const labelHeight = PRICE_LABEL_HEIGHT * ratio;
  const labelTop = Math.min(Math.max(y - labelHeight / 2, 0), ctx.canvas.height - labelHeight);
  ctx.fillStyle = style.fill;
  ctx.fillRect(left + width, labelTop, ctx.canvas.width - (left + width), labelHeight);
  ctx.fillStyle = style.text;
  ctx.font = `600 ${11 * ratio}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.fillText(label, left + width + 5 * ratio, labelTop + labelHeight / 2);
  if (style.name) {
    ctx.fillStyle = style.stroke;
    ctx.textBaseline = 'bottom';
    ctx.fillText(style.name, left + 4 * ratio, y - 3 * ratio);
  }
  ctx.restore();
}

/** A dashed vertical line at `timeSeconds` (uPlot's x scale), `label` beside its top. Nothing outside the view. */
export function drawTimeMarker(u: uPlot, timeSeconds: number, label: string, color: string): void {
  const { left, top, width, height } = u.bbox;
  const x = Math.round(u.valToPos(timeSeconds, 'x', true)) + 0.5;
  if (!(x >= left && x <= left + width)) return;
  const ratio = devicePixelRatio;
  const ctx = u.ctx;
  ctx.save();
  ctx.strokeStyle = ctx.fillStyle = color;
  ctx.lineWidth = Math.max(1, ratio);
  ctx.setLineDash([2 * ratio, 3 * ratio]);
  ctx.beginPath();
  ctx.moveTo(x, top);
  ctx.lineTo(x, top + height);
  ctx.stroke();
  ctx.font = `600 ${11 * ratio}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  // The label sits left of the line when the line is near the right edge.
  const textWidth = ctx.measureText(label).width;
  const textLeft = x + 4 * ratio + textWidth > left + width ? x - 4 * ratio - textWidth : x + 4 * ratio;
  ctx.fillText(label, textLeft, top + 4 * ratio);
  ctx.restore();
}
