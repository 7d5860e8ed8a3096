/**
 * Time left until a moment (a quote's expiry, an option's settlement, a C2C payment deadline),
 * ticking once a second: seconds below a minute, minutes and seconds below an hour, then hours.
 * It says the time left aloud only when asked to (`announce`), so a screen reader is not flooded
 * every second. `onEnd` runs once when the time is up.
 */
import { useEffect, useRef, useState } from 'react';
import styles from './Countdown.module.css';

/** The time left as the countdown writes it: 45s, 4:05, 1:02:03. */
export function countdownText(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  if (minutes > 0) return `${minutes}:${String(seconds).padStart(2, '0')}`;
  return `${seconds}s`;
}

export function Countdown({ until, onEnd, announce = false, testId }: { until: number; onEnd?: () => void; announce?: boolean; testId?: string }) {
  const [now, setNow] = useState(() => Date.now());
  const ended = useRef(false);
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });
  useEffect(() => {
    ended.current = false;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [until]);
  const remaining = until - now;
  useEffect(() => {
    if (remaining <= 0 && !ended.current) {
      ended.current = true;
      onEndRef.current?.();
    }
  }, [remaining]);
  return (
    <span className={styles.countdown} data-ended={remaining <= 0 ? 'true' : undefined} aria-live={announce ? 'polite' : undefined} data-testid={testId}>
      <time dateTime={`PT${Math.max(0, Math.ceil(remaining / 1000))}S`}>{countdownText(remaining)}</time>
    </span>
  );
}
