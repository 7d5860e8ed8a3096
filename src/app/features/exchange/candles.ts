/**
 * Candles of the price chart: the klines call's tuples kept as decimal strings, a live trade
 * merged into the last candle (or opening the next one), pages of history joined in front,
 * the moving averages the chart draws, and a candle's figures as its readout shows them. Prices
 * and volumes stay exact strings; only the chart's drawing arrays are numbers (a pixel position
 * needs no more precision).
 */
import { KLINE_INTERVAL_MS, type CandleTuple, type KlineInterval } from '../../../shared/api/market';
import { formatUnits, SCALE_MAX, truncateDecimal } from '../../../shared/money';
import { compareDecimals } from '../../../shared/realtime-book';
import { unitsOf } from '../../../shared/decimal';

export interface Candle {
  /** Open time, ms since the epoch, aligned on the interval (UTC). */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export const CHART_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'] as const satisfies readonly KlineInterval[];
export type ChartInterval = (typeof CHART_INTERVALS)[number];
export const MA_PERIODS = [7, 25] as const;

export function candleOf([time, open, high, low, close, volume]: CandleTuple): Candle {
  return { time, open, high, low, close, volume };
}

/**
 * The open time of the interval a moment falls in: UTC minutes, hours and days on the epoch,
 * weeks on Monday 00:00 UTC (as the server buckets them).
 */
export function bucketStart(time: number, interval: KlineInterval): number {
  const length = KLINE_INTERVAL_MS[interval];
  if (interval === '1w') {
    // 1970-01-01 was a Thursday: Monday 1970-01-05 is the first week's start.
    const mondayOffset = 4 * KLINE_INTERVAL_MS['1d'];
    return Math.floor((time - mondayOffset) / length) * length + mondayOffset;
  }
  return Math.floor(time / length) * length;
}

/**
 * A trade merged into the candles (oldest first): into the last candle when it falls in the
 * last candle's interval, as a new candle when it falls in a later one, ignored when older.
 * Volumes add exactly at `volumePrecision` decimals. Returns a new array.
 */
export function mergeTrade(
  candles: readonly Candle[],
  trade: { price: string; quantity: string; time: number },
  interval: KlineInterval,
  volumePrecision: number,
): Candle[] {
  const time = bucketStart(trade.time, interval);
  const last = candles.at(-1);
  if (last && time < last.time) return [...candles];
  if (!last || time > last.time) {
    return [...candles, { time, open: trade.price, high: trade.price, low: trade.price, close: trade.price, volume: trade.quantity }];
  }
  const volume = (unitsOf(last.volume, volumePrecision) ?? 0n) + (unitsOf(trade.quantity, volumePrecision) ?? 0n);
  const merged: Candle = {
    time,
    open: last.open,
    high: compareDecimals(trade.price, last.high) > 0 ? trade.price : last.high,
    low: compareDecimals(trade.price, last.low) < 0 ? trade.price : last.low,
    close: trade.price,
    volume: formatUnits(volume, volumePrecision),
  };
  return [...candles.slice(0, -1), merged];
}

/** An older page joined in front of the candles: times already present keep the newer copy. */
export function prependCandles(older: readonly Candle[], candles: readonly Candle[]): Candle[] {
  const first = candles[0]?.time ?? Number.POSITIVE_INFINITY;
  return [...older.filter((candle) => candle.time < first), ...candles];
}

/** The simple moving average of `period` closes; null until there are `period` of them. */
export function movingAverage(closes: readonly number[], period: number): (number | null)[] {
  const averages: (number | null)[] = [];
  let sum = 0;
  for (let index = 0; index < closes.length; index += 1) {
    sum += closes[index]!;
    if (index >= period) sum -= closes[index - period]!;
    averages.push(index >= period - 1 ? sum / period : null);
  }
  return averages;
}

/** uPlot's columns: times in seconds, open, high, low, close, volume, MA7, MA25. */
export function chartColumns(candles: readonly Candle[]): [number[], number[], number[], number[], number[], number[], (number | null)[], (number | null)[]] {
  const closes = candles.map((candle) => Number(candle.close));
  return [
    candles.map((candle) => candle.time / 1000),
    candles.map((candle) => Number(candle.open)),
    candles.map((candle) => Number(candle.high)),
    candles.map((candle) => Number(candle.low)),
    closes,
    candles.map((candle) => Number(candle.volume)),
    movingAverage(closes, MA_PERIODS[0]),
    movingAverage(closes, MA_PERIODS[1]),
  ];
}

/** Rising (or unchanged) when the close is at least the open: the candle's colour, the last-price line's. */
export function candleDirection(candle: Candle): 'up' | 'down' {
  return compareDecimals(candle.close, candle.open) >= 0 ? 'up' : 'down';
}

/**
 * The change from open to close in percent with two decimals ("-0.40"), cut toward zero like the
 * ticker's 24 h change (basis points of the open); "0.00" for an open of zero. Both prices are
 * read at the most decimals a currency has, so no digit of either is lost.
 */
export function candleChangePercent(candle: Candle): string {
  const open = unitsOf(candle.open, SCALE_MAX);
  const close = unitsOf(candle.close, SCALE_MAX);
  if (open === null || close === null || open === 0n) return '0.00';
  return formatUnits(((close - open) * 10_000n) / open, 2);
}

/** A candle's prices and volume as the readout shows them: the symbol's decimals, cut, never rounded. */
export function candleFigures(candle: Candle, precisions: { pricePrecision: number; volumePrecision: number }) {
  const price = (value: string) => truncateDecimal(value, precisions.pricePrecision);
  return {
    open: price(candle.open),
    high: price(candle.high),
    low: price(candle.low),
    close: price(candle.close),
    volume: truncateDecimal(candle.volume, precisions.volumePrecision),
    changePercent: candleChangePercent(candle),
  };
}
