/**
 * `use-sync-external-store/shim/with-selector` as an ES module, for vitest only (vite.config.ts).
 * The package is CommonJS, and Node's `require('react')` inside it would load the react package
 * beside the Preact compat layer that the app's tests render with (the browser build bundles it,
 * with the alias). The same logic as the package's (MIT, Meta): the selection is recomputed only
 * when the snapshot changes, and kept when `isEqual` says it is the same.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const instance = useRef<{ hasValue: boolean; value: Selection | null }>({ hasValue: false, value: null }).current;
  const [getSelection, getServerSelection] = useMemo(() => {
    let memoized: { snapshot: Snapshot; selection: Selection } | null = null;
    const select = (snapshot: Snapshot): Selection => {
      if (memoized === null) {
        const selection = selector(snapshot);
        const kept = isEqual !== undefined && instance.hasValue && isEqual(instance.value as Selection, selection) ? (instance.value as Selection) : selection;
        memoized = { snapshot, selection: kept };
        return kept;
      }
      if (Object.is(memoized.snapshot, snapshot)) return memoized.selection;
      const selection = selector(snapshot);
      memoized = { snapshot, selection: isEqual !== undefined && isEqual(memoized.selection, selection) ? memoized.selection : selection };
      return memoized.selection;
    };
    return [() => select(getSnapshot()), getServerSnapshot ? () => select(getServerSnapshot()) : undefined];
  }, [getSnapshot, getServerSnapshot, selector, isEqual, instance]);
  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection);
  useEffect(() => {
    instance.hasValue = true;
    instance.value = value;
  }, [instance, value]);
  return value;
}
