/**
 * The month of the check-in as a table of weeks (Monday first, UTC days): checked days carry a
 * mark, today a ring. Each day's cell names its date and state for screen readers, so the marks
 * are not the only way to tell.
 */
import { useLingui } from '@lingui/react/macro';
import { dayTitle, monthTitle, monthWeeks, weekdayNames } from './calendar';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import styles from './rewards.module.css';

interface CheckInCalendarProps {
  month: string;
  today: number;
  checkedDays: readonly number[];
  locale: string;
}

export function CheckInCalendar({ month, today, checkedDays, locale }: CheckInCalendarProps) {
  const { t } = useLingui();
  const checked = new Set(checkedDays);
  const title = monthTitle(month, locale);
  return (
    <table className={styles.calendar} data-testid="checkin-calendar" data-month={month}>
      <caption className={styles.calendarTitle}>{title}</caption>
      <thead>
        <tr>
          {weekdayNames(locale).map((name) => (
            <th key={name.long} scope="col" abbr={name.long}>
              {name.short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find((day) => day !== null)}>
            {week.map((day, index) => {
              if (day === null) return <td key={`blank-${index}`} />;
              const date = dayTitle(month, day, locale);
              const isChecked = checked.has(day);
              const label = isChecked ? t`${date}: checked in` : date;
              return (
                <td key={day} data-day={day} data-checked={isChecked || undefined} data-today={day === today || undefined}>
                  <span className={styles.calendarDay} aria-hidden="true">
                    {day}
                  </span>
                  <VisuallyHidden>{label}</VisuallyHidden>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
