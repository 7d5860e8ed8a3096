/**
 * Reads a screen shows itself (the Assets pages): a failure shows nothing (spec 8: the blockchain
 * calls show nothing, and a list that could not load says so in its own place, with a retry), and
 * a read runs again when its inputs change, when the user retries, or when the screen asks (a
 * push said the data moved). An answer to an older run is dropped.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AnyCall, CallData, CallInput } from '../../shared/api/call';
import { hubStore } from '../state/hub-store';
import { loadBalances } from '../state/session';
import { callApi } from './client';

export type Loaded<T> = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; data: T };

/** The call's data, or null when it failed (nothing is toasted; the failure is logged). */
export async function read<C extends AnyCall>(call: C, input: CallInput<C>): Promise<CallData<C> | null> {
  try {
    const data = await callApi(call, input, { silentAll: true });
    return data === false ? null : data;
  } catch (error) {
    console.warn(`Failed to read ${call.path}`, error);
    return null;
  }
}

/** Runs `load` again whenever one of its inputs changes, on `retry` (showing loading) and on `reload` (keeping what is shown). */
export function useLoaded<T>(load: () => Promise<T | null>, inputs: readonly unknown[]): { view: Loaded<T>; retry: () => void; reload: () => void } {
  const [view, setView] = useState<Loaded<T>>({ phase: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    void load().then((data) => {
      // A failed re-read keeps what is on screen; only a first read that fails shows the failure.
      if (live) setView((previous) => (data !== null ? { phase: 'ready', data } : previous.phase === 'ready' ? previous : { phase: 'failed' }));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is rebuilt every render; its inputs are listed.
  }, [...inputs, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const retry = useCallback(() => {
    setView({ phase: 'loading' });
    setGeneration((value) => value + 1);
  }, []);
  return { view, retry, reload };
}

/**
 * Reloads whenever the user's private channel says a balance moved (a deposit seen or confirmed
 * further, a withdrawal held, sent or released), and has the tab read its balances, so the header
 * and every open tab show the new amounts without polling.
 */
export function useReloadOnBalancePush(reload: () => void): void {
  useEffect(
    () =>
      hubStore.onRealtime((message) => {
        if (message.kind !== 'balance') return;
        reload();
        void loadBalances();
      }),
    [reload],
  );
}
