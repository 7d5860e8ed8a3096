/**
 * The convert pairs (/convert/pairs: currencies with their scales, pairs with indicative prices),
 * read when the screen opens and again every quote validity while the tab is visible, so the
 * table's prices stay about as fresh as a quote. Null until the first answer; 'failed' when it
 * could not be read (spec 8: logged, the screen says so and offers to try again).
 */
import { useCallback, useEffect, useState } from 'react';
import { convertPairsCall, type ConvertPairs } from '../../../shared/api/convert';
import { callApi } from '../../api/client';

const PAIRS_REFRESH_FALLBACK_MS = 10_000;

export type PairsState = ConvertPairs | null | 'failed';

async function readPairs(): Promise<ConvertPairs | null> {
  try {
    const data = await callApi(convertPairsCall, {}, { silentAll: true });
    return data === false ? null : data;
  } catch (error) {
    console.warn('Failed to read the convert pairs', error);
    return null;
  }
}

export function usePairs(): { pairs: PairsState; retry: () => void } {
  const [pairs, setPairs] = useState<PairsState>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A hidden tab skips its turns and reads again once it is looked at.
    const schedule = (delayMs: number) => {
      timer = setTimeout(() => (document.visibilityState === 'visible' ? void load(false) : schedule(delayMs)), delayMs);
    };
    const load = async (first: boolean) => {
      const data = await readPairs();
      if (!live) return;
      if (data) setPairs(data);
      else if (first) setPairs('failed');
      schedule(data?.validForMs ?? PAIRS_REFRESH_FALLBACK_MS);
    };
    void load(true);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setPairs(null);
    setAttempt((value) => value + 1);
  }, []);
  return { pairs, retry };
}
