/**
 * One submission at a time: a money call (an order, a convert, a transfer) must not be sent twice
 * by a double click or an Enter held down. `run` does nothing while the last run is in flight;
 * `busy` says so, for the button's loading state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useSubmitOnce<Args extends unknown[]>(submit: (...args: Args) => Promise<unknown>): { run: (...args: Args) => Promise<void>; busy: boolean } {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  const run = useCallback(async (...args: Args) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await submitRef.current(...args);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { run, busy };
}
