/**
 * The quote's countdown. The server states the expiry by its own clock (expiresAt) and how long a
 * quote holds (validForMs); the tab's clock may differ from the server's, so the deadline is
 * counted from when the answer arrived, less a margin for the trip back, and never later than
 * the server's expiry read on the tab's clock. When it reaches zero the form asks again.
 */

/** Time kept in hand so that a click in the last moment still reaches the server in time. */
export const QUOTE_MARGIN_MS = 1_000;

/** The tab-clock moment from which the form treats the quote as expired. */
export function quoteDeadline(receivedAtMs: number, validForMs: number, requestDurationMs = 0): number {
  const held = Math.max(0, validForMs - Math.max(0, requestDurationMs) - QUOTE_MARGIN_MS);
  return receivedAtMs + held;
}

/** Whole seconds left until the deadline, rounded up (0 once it has passed). */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1_000));
}

/** How far the countdown has run, from 1 (fresh) to 0 (expired), for the progress ring. */
export function remainingFraction(deadlineMs: number, nowMs: number, spanMs: number): number {
  if (spanMs <= 0) return 0;
  return Math.min(1, Math.max(0, (deadlineMs - nowMs) / spanMs));
}
