/**
 * A read of the rewards area (GET /checkin, GET /luckydraw) as a view that a screen shows:
 * loading, failed (spec 8: logged, the screen says so and offers a retry) or its data. `version`
 * reads again when something changed it (a check-in, a draw); answers to an older read are dropped.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AnyCall, CallData } from '../../../shared/api/call';
import { callApi } from '../../api/client';

export type Loaded<T> = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; data: T };

async function read<C extends AnyCall>(call: C): Promise<CallData<C> | null> {
  try {
    const data = await callApi(call, {}, { silentAll: true });
    return data === false ? null : data;
  } catch (error) {
    console.warn(`Failed to read ${call.path}`, error);
    return null;
  }
}

export function useRewardsData<C extends AnyCall>(call: C, version: number): { view: Loaded<CallData<C>>; retry: () => void } {
  const [view, setView] = useState<Loaded<CallData<C>>>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void read(call).then((data) => {
      if (live) setView(data === null ? { phase: 'failed' } : { phase: 'ready', data });
    });
    return () => {
      live = false;
    };
  }, [call, version, attempt]);
  const retry = useCallback(() => {
    setView({ phase: 'loading' });
    setAttempt((value) => value + 1);
  }, []);
  return { view, retry };
}
