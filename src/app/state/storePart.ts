/**
 * One part of a store's state, for a component that shows only that part: it re-renders when the
 * part changes, not at every change of the store (a quote every second would otherwise draw the
 * header, the footer and every page part again; a book update, the whole trading page). The store
 * keeps each part's identity until it changes, so `select` picks a field or a value, never a new
 * object.
 *
 * A change draws again in a task after the one that brought it (drawSoon), not as the blocking
 * update useSyncExternalStore makes inside the message's task: the changes that arrive together are
 * drawn in one render, and a tap or a keystroke that is already waiting goes first. The part is
 * read from the store at every render, so a render never shows an older part than the last one it
 * was told about.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { drawSoon } from './drawSoon';

export interface ReadableStore<S> {
  getSnapshot(): S;
  subscribe(listener: () => void): () => void;
}

export function useStorePart<S, T>(store: ReadableStore<S>, select: (state: S) => T): T {
  const value = select(store.getSnapshot());
  const [, redraw] = useState(0);
  // The selector of the last render, and the part that render drew (or that a redraw is on its way
  // for): a change that leaves the part as it is asks for nothing.
  const drawn = useRef({ select, value });
  useLayoutEffect(() => {
    drawn.current = { select, value };
  });
  useEffect(() => {
    const check = () => {
      const next = drawn.current.select(store.getSnapshot());
      if (Object.is(next, drawn.current.value)) return;
      drawn.current = { ...drawn.current, value: next };
      drawSoon(() => redraw((count) => count + 1));
    };
    const unsubscribe = store.subscribe(check);
    // A change between this component's render and now would otherwise wait for the next one.
    check();
    return unsubscribe;
  }, [store]);
  return value;
}
