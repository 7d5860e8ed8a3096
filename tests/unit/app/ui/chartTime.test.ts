// Proves the charts' times follow the page's language: seconds on ticks less than a minute apart, 24-hour clocks where the locale uses them (de, zh, ja), English (en-US) its own 12-hour clock and month-day names, labels chosen by tick spacing, the readout's date in the app's order (R-LANG-06), and day candles dated in UTC.
import { describe, expect, it } from 'vitest';
import { chartTimeFormat, timeTickKind } from '../../../../src/app/ui/chartTime';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const afternoon = Date.UTC(2026, 4, 3, 14, 0);
const midnight = Date.UTC(2026, 4, 4);

describe('chart times', () => {
  it('chooses the label by the spacing of the ticks', () => {
    expect(timeTickKind(15_000)).toBe('second');
    expect(timeTickKind(60_000)).toBe('time');
    expect(timeTickKind(15 * 60_000)).toBe('time');
    expect(timeTickKind(12 * HOUR)).toBe('time');
    expect(timeTickKind(DAY)).toBe('day');
    expect(timeTickKind(7 * DAY)).toBe('day');
    expect(timeTickKind(30 * DAY)).toBe('month');
    expect(timeTickKind(365 * DAY)).toBe('year');
  });

  it('labels intraday ticks with the locale clock, and a new day with its date', () => {
    expect(chartTimeFormat('de', 'UTC').axisLabels([afternoon, midnight], 2 * HOUR)).toEqual(['14:00', '4. Mai']);
    expect(chartTimeFormat('ja', 'UTC').axisLabels([afternoon, midnight], 2 * HOUR)).toEqual(['14:00', '5月4日']);
    expect(chartTimeFormat('zh', 'UTC').axisLabels([afternoon, midnight], 2 * HOUR)).toEqual(['14:00', '5月4日']);
    const american = chartTimeFormat('en', 'UTC').axisLabels([afternoon, midnight], 2 * HOUR);
    expect(american[0]).toMatch(/^2:00\sPM$/);
    expect(american[1]).toBe('May 4');
  });

  it('writes a 24-hour clock with two-digit hours and a 12-hour clock without', () => {
    const early = Date.UTC(2026, 4, 3, 3, 30);
    expect(chartTimeFormat('de', 'UTC').axisLabels([early], HOUR)).toEqual(['03:30']);
    expect(chartTimeFormat('ja', 'UTC').candleTime(early, '5m')).toBe('2026-05-03 03:30');
    expect(chartTimeFormat('en', 'UTC').axisLabels([early], HOUR)[0]).toMatch(/^3:30\sAM$/);
  });

  it('adds the seconds to ticks less than a minute apart', () => {
    expect(chartTimeFormat('de', 'UTC').axisLabels([afternoon + 15_000], 15_000)).toEqual(['14:00:15']);
    expect(chartTimeFormat('en', 'UTC').axisLabels([afternoon + 15_000], 15_000)[0]).toMatch(/^2:00:15\sPM$/);
  });

  it('reads the ticks in the given time zone', () => {
    // 14:00 UTC is 16:00 in Berlin in May, and 22:00 UTC is midnight there.
    expect(chartTimeFormat('de', 'Europe/Berlin').axisLabels([afternoon, Date.UTC(2026, 4, 3, 22)], HOUR)).toEqual(['16:00', '4. Mai']);
  });

  it('labels days, months and years for longer spacings', () => {
    const format = chartTimeFormat('de', 'UTC');
    // The first of a month names the month; January names its year instead.
    expect(format.axisLabels([Date.UTC(2026, 3, 29), Date.UTC(2026, 4, 1)], 2 * DAY)).toEqual(['29. Apr.', 'Mai']);
    const shortMonth = (month: number) => new Intl.DateTimeFormat('de', { timeZone: 'UTC', month: 'short' }).format(Date.UTC(2026, month, 1));
    expect(format.axisLabels([Date.UTC(2025, 11, 1), Date.UTC(2026, 0, 1), Date.UTC(2026, 1, 1)], 31 * DAY)).toEqual([shortMonth(11), '2026', shortMonth(1)]);
    expect(format.axisLabels([Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1)], 366 * DAY)).toEqual(['2025', '2026']);
  });

  it('gives a candle its date in the app order (R-LANG-06) and its time on the locale clock, day and week candles their UTC date', () => {
    expect(chartTimeFormat('de', 'UTC').candleTime(afternoon, '15m')).toBe('2026-05-03 14:00');
    expect(chartTimeFormat('ja', 'UTC').candleTime(afternoon, '1h')).toBe('2026-05-03 14:00');
    expect(chartTimeFormat('zh', 'UTC').candleTime(afternoon, '1m')).toBe('2026-05-03 14:00');
    expect(chartTimeFormat('en', 'UTC').candleTime(afternoon, '4h')).toMatch(/^2026-05-03 2:00\sPM$/);
    expect(chartTimeFormat('id', 'UTC').candleTime(afternoon, '5m')).toBe('03-05-2026 14.00');
    // West of Greenwich the day candle of 3 May opens on the evening of 2 May, local time.
    expect(chartTimeFormat('en', 'America/New_York').candleTime(Date.UTC(2026, 4, 3), '1d')).toBe('2026-05-03');
    expect(chartTimeFormat('en', 'America/New_York').candleTime(Date.UTC(2026, 4, 3), '15m')).toMatch(/^2026-05-02 8:00\sPM$/);
    expect(chartTimeFormat('id', 'UTC').candleTime(Date.UTC(2026, 4, 4), '1w')).toBe('04-05-2026');
  });
});
