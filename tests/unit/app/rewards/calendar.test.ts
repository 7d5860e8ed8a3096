/** Proves the check-in calendar's grid: weeks from Monday, the month's days in place, blanks around them. */
import { describe, expect, it } from 'vitest';
import { monthTitle, monthWeeks, weekdayNames } from '../../../../src/app/features/rewards/calendar';

describe('monthWeeks', () => {
  it('lays November 2026 (starting on a Sunday) out from Monday', () => {
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(weeks[5]).toEqual([30, null, null, null, null, null, null]);
    expect(weeks.flat().filter((day) => day !== null)).toHaveLength(30);
  });

  it('fills February 2027, which starts on a Monday, into four whole weeks; a leap February has 29 days', () => {
    const weeks = monthWeeks('2027-02');
    expect(weeks[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weeks).toHaveLength(4);
    expect(monthWeeks('2024-02').flat().filter((day) => day !== null)).toHaveLength(29);
  });
});

describe('names', () => {
  it('names weekdays from Monday and the month in the language', () => {
    expect(weekdayNames('en')[0]).toEqual({ short: 'Mon', long: 'Monday' });
    expect(monthTitle('2026-11', 'en')).toBe('November 2026');
    expect(monthTitle('2026-11', 'de')).toBe('November 2026');
  });
});
