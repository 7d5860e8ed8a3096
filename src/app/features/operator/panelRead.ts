/**
 * How an operator console panel reads its call: loading, failed (a network failure and a refusal
 * alike) or its value, read when the panel opens and again on reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/** Runs an operator call for a panel: false (a network failure) and a refusal both read as failed. */
export async function read<T>(run: () => Promise<T | false>, what: string): Promise<Load<T>> {
  try {
    const value = await run();
    return value === false ? { state: 'failed' } : { state: 'ready', value };
  } catch (error) {
    console.warn(`Failed to read ${what}`, error);
    return { state: 'failed' };
  }
}

/** A panel's call, read when the panel opens and again on reload(); a late answer to a closed panel is dropped. */
export function usePanelRead<T>(run: () => Promise<T | false>, what: string): [Load<T>, () => Promise<void>, (value: Load<T>) => void] {
  const [value, setValue] = useState<Load<T>>({ state: 'loading' });
  const runRef = useRef(run);
  const openRef = useRef(true);
  const reload = useCallback(async () => {
    setValue({ state: 'loading' });
    const answer = await read(runRef.current, what);
    if (openRef.current) setValue(answer);
  }, [what]);
  useEffect(() => {
    openRef.current = true;
    void read(runRef.current, what).then((answer) => {
      if (openRef.current) setValue(answer);
    });
    return () => {
      openRef.current = false;
    };
  }, [what]);
  return [value, reload, setValue];
}
