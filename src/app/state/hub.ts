/**
 * React's view of the hub: hooks over the hub store, and the one hook that watches quotes, so a
 * component that shows a price never polls or opens a socket itself (DESIGN.md: "A screen never
 * polls by itself: it subscribes to the hub").
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { MarketSymbol } from '../../shared/api/market';
import { getHub } from '../api/hub';
import { hubStore, type HubViewState, type QuoteEntry } from './hub-store';

export function useHubState(): HubViewState {
  return useSyncExternalStore(hubStore.subscribe, hubStore.getSnapshot, hubStore.getSnapshot);
}

export function useHubStatus(): HubViewState['status'] {
  return useHubState().status;
}

export function useSymbols(): MarketSymbol[] {
  return useHubState().symbols;
}

/** The quotes of these symbols, kept live by the hub while the component is mounted. */
export function useQuotes(symbolIds: readonly number[]): ReadonlyMap<number, QuoteEntry> {
  const key = symbolIds.join(',');
  useEffect(() => {
    if (key === '') return undefined;
    return getHub().watch(key.split(',').map(Number));
  }, [key]);
  const { quotes } = useHubState();
  return useMemo(() => {
    const watched = new Map<number, QuoteEntry>();
    for (const id of key === '' ? [] : key.split(',').map(Number)) {
      const entry = quotes.get(id);
      if (entry) watched.set(id, entry);
    }
    return watched;
  }, [quotes, key]);
}
