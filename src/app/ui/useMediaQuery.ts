/**
 * Whether a media query matches, kept current as the window changes (a phone turned, a window
 * resized): the one hook for markup that differs by screen size (the header's fit, the trading
 * screens' layout, a table's columns a phone does without), where CSS alone would still build what
 * it hides. One MediaQueryList per query, shared by every reader.
 */
import { useCallback, useSyncExternalStore } from 'react';

const lists = new Map<string, MediaQueryList>();

function listOf(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = listOf(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => listOf(query).matches);
}
