/**
 * The footer's live clock (spec 2, R-FOOT-02): the local date and time, ticking every second,
 * with the device's UTC offset. The time is corrected by the server's: the site config carries
 * the server time, and its difference to the device clock when the footer mounts is added to
 * every tick, so a device whose clock is wrong still shows the right time.
 */
import { useEffect, useState } from 'react';
import type { Language } from '../../../shared/languages';
import { formatDate } from '../../../shared/format';
import { utcOffsetLabel } from '../../../shared/layout';
import styles from './Footer.module.css';

const TICK_MS = 1_000;

export function FooterClock({ serverTimeMs, language }: { serverTimeMs: number; language: Language }) {
  const [offsetMs] = useState(() => serverTimeMs - Date.now());
  const [nowMs, setNowMs] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    const timer = window.setInterval(() => setNowMs(Date.now() + offsetMs), TICK_MS);
    return () => window.clearInterval(timer);
  }, [offsetMs]);
  const offsetMinutes = -new Date(nowMs).getTimezoneOffset();
  return (
    <p className={styles.clock}>
      <ClockIcon />
      <time dateTime={new Date(nowMs).toISOString()} data-testid="footer-clock">
        <span className={styles.clockTime}>{formatDate(nowMs, language, { withTime: true, utcOffsetMinutes: offsetMinutes })}</span>{' '}
        <span className={styles.clockZone}>{utcOffsetLabel(offsetMinutes)}</span>
      </time>
    </p>
  );
}

function ClockIcon() {
  return (
    <svg className={styles.inlineIcon} viewBox="0 0 20 20" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" aria-hidden="true">
      <circle cx="10" cy="10" r="7.5" />
      <path d="M10 5.8V10l2.8 1.8" />
    </svg>
  );
}
