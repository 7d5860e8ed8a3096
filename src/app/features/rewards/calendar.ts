/**
 * The check-in calendar's month as weeks of days (UTC, weeks from Monday), and the names it shows
 * in the page's language. Pure, so the grid is checked without a browser.
 */

/** A week of the grid: seven cells, null where the day belongs to the month before or after. */
export type CalendarWeek = (number | null)[];

/** The month "YYYY-MM" as weeks of its days, Monday first. */
export function monthWeeks(month: string): CalendarWeek[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const firstWeekday = (new Date(Date.UTC(year, monthNumber - 1, 1)).getUTCDay() + 6) % 7;
  const daysInMonth = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const cells: (number | null)[] = [...Array<null>(firstWeekday).fill(null), ...Array.from({ length: daysInMonth }, (_, index) => index + 1)];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: CalendarWeek[] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** Monday to Sunday, short and long, in the locale's words. */
export function weekdayNames(locale: string): { short: string; long: string }[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => {
    const day = new Date(Date.UTC(2024, 0, 1 + index));
    return {
      short: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(day),
      long: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(day),
    };
  });
}

/** "November 2026" in the locale's words. */
export function monthTitle(month: string, locale: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** "27 November" (in the locale's order) for a day of the month, for screen readers. */
export function dayTitle(month: string, day: number, locale: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, monthNumber - 1, day)));
}
