/**
 * The price charts' times in the page's language (the exchange's candles, the index line of
 * futures and binary options): the time axis's tick labels and the readout's candle time. Clock times, days and months come from Intl.DateTimeFormat, so that each locale
 * keeps its own clock and names (German, Chinese and Japanese read 14:00, American English
 * 2:00 PM; "3. Mai", "May 3", "5月3日"); the readout's full date follows the app's one date order
 * (R-LANG-06: day-month-year in Indonesian, year-month-day otherwise), as the orders table's does.
 * uPlot's own time labels are American English whatever the page's language, so the chart's axis
 * asks this module instead. The formatters are made once per language: the axis asks on every
 * redraw while the user pans.
 */
import type { KlineInterval } from '../../shared/api/market';
import { datePattern } from '../../shared/format';
import { intlLocale, type Language } from '../../shared/languages';

// Written out rather than read from the contract (api/market.ts KLINE_INTERVAL_MS): the kit's light
// chunk, part of the first paint, does without zod.
const DAY_MS = 86_400_000;

/** What a tick label shows, chosen by the spacing of the ticks. */
export type TimeTickKind = 'second' | 'time' | 'day' | 'month' | 'year';

/**
 * Ticks less than a minute apart (an index line of a few minutes) show the time with seconds,
 * less than a day apart the time of day, up to four weeks apart the day and month, up to a year
 * apart the month, further apart the year.
 */
export function timeTickKind(tickSpacingMs: number): TimeTickKind {
  if (tickSpacingMs < 60_000) return 'second';
  if (tickSpacingMs < DAY_MS) return 'time';
  if (tickSpacingMs < 28 * DAY_MS) return 'day';
  if (tickSpacingMs < 365 * DAY_MS) return 'month';
  return 'year';
}

export interface ChartTimeFormat {
  /** The axis's labels for ticks (ms since the epoch) `tickSpacingMs` apart. */
  axisLabels(ticksMs: readonly number[], tickSpacingMs: number): string[];
  /** A candle's open time as the readout shows it: date and time, the date alone for day and week candles. */
  candleTime(timeMs: number, interval: KlineInterval): string;
}

/** The chart's time formats for a language. `timeZone` is the runtime's own when absent (the tests fix it). */
export function chartTimeFormat(language: Language, timeZone?: string): ChartTimeFormat {
  const locale = intlLocale(language);
  const zone = timeZone === undefined ? {} : { timeZone };
  const time = new Intl.DateTimeFormat(locale, { ...zone, hour: hourStyle(locale), minute: '2-digit' });
  const second = new Intl.DateTimeFormat(locale, { ...zone, hour: hourStyle(locale), minute: '2-digit', second: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { ...zone, day: 'numeric', month: 'short' });
  const month = new Intl.DateTimeFormat(locale, { ...zone, month: 'short' });
  const year = new Intl.DateTimeFormat(locale, { ...zone, year: 'numeric' });
  const fields = calendarFields(zone);
  // Day and week candles are UTC days (the server buckets them so): their date is read in UTC,
  // or west of Greenwich a day candle would show the day before.
  const utcFields = calendarFields({ timeZone: 'UTC' });
  const date = (parts: CalendarFields) => {
    const [yyyy, mm, dd] = [String(parts.year).padStart(4, '0'), twoDigits(parts.month), twoDigits(parts.day)];
    return datePattern(language) === 'DD-MM-YYYY' ? `${dd}-${mm}-${yyyy}` : `${yyyy}-${mm}-${dd}`;
  };
  // A January tick names its year, as the first tick of a new day names its date.
  const monthLabel = (tickMs: number) => (fields(tickMs).month === 1 ? year : month).format(tickMs);

  return {
    axisLabels(ticksMs, tickSpacingMs) {
      const kind = timeTickKind(tickSpacingMs);
      return ticksMs.map((tickMs) => {
        if (kind === 'second') return second.format(tickMs);
        if (kind === 'year') return year.format(tickMs);
        if (kind === 'month') return monthLabel(tickMs);
        const { day: dayOfMonth, minutes } = fields(tickMs);
        if (kind === 'day') return dayOfMonth === 1 ? monthLabel(tickMs) : day.format(tickMs);
        return minutes === 0 ? day.format(tickMs) : time.format(tickMs);
      });
    },
    candleTime(timeMs, interval) {
      if (interval === '1d' || interval === '1w') return date(utcFields(timeMs));
      return `${date(fields(timeMs))} ${time.format(timeMs)}`;
    },
  };
}

/**
 * Two-digit hours where the locale's clock runs to 23 (03:00, as a 24-hour clock is written),
 * the plain hour where it is a 12-hour clock (3:00 AM): Intl's "numeric" hour would give 3:00 for both.
 */
function hourStyle(locale: string): 'numeric' | '2-digit' {
  const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
  return hourCycle === 'h23' || hourCycle === 'h24' ? '2-digit' : 'numeric';
}

interface CalendarFields {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** Since midnight. */
  minutes: number;
}

/** The calendar fields of a moment in a time zone (the runtime's when absent). */
function calendarFields(zone: { timeZone?: string }): (timeMs: number) => CalendarFields {
  const numeric = new Intl.DateTimeFormat('en-US', { ...zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
  return (timeMs) => {
    const parts: Record<string, number> = {};
    for (const part of numeric.formatToParts(timeMs)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
    return { year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, minutes: (parts.hour ?? 0) * 60 + (parts.minute ?? 0) };
  };
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}
