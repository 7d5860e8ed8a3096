/**
 * The resend countdown of the send-code buttons: the server says how long to wait
 * (resendAfterSeconds); the button counts down to it from the clock, so a tab the browser slowed
 * down in the background still shows the right number when it comes back.
 */
import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 250;

/** Whole seconds left until endsAtMs (rounded up), never negative. */
export function secondsLeft(endsAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((endsAtMs - nowMs) / 1000));
}

/** The seconds left and a function that starts a new countdown of that many seconds. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [clock, setClock] = useState({ endsAtMs: 0, nowMs: 0 });
  const left = secondsLeft(clock.endsAtMs, clock.nowMs);
  const running = left > 0;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setClock((current) => ({ ...current, nowMs: Date.now() })), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  const start = useCallback((seconds: number) => {
    const nowMs = Date.now();
    setClock({ endsAtMs: nowMs + Math.max(0, seconds) * 1000, nowMs });
  }, []);
  return [left, start];
}
