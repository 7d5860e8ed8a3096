/**
 * Small browser hooks of the header: the scroll position as an external store
 * (so every reader agrees during a render), how much of the wide header fits, the remembered
 * choice to hide the asset total, and the timer that keeps the asset overview in step with the
 * local assets flag (R-STATE-10).
 */
import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { ASSET_FLAG_POLL_MS, SCROLL_THRESHOLD_PX } from '../../../shared/constants';
import { hubStore } from '../../state/hub-store';
import { loadBalances, readAssetsFlag } from '../../state/session';
import { FIT_LEVELS, nextFitState, type FitState, type HeaderFit } from './headerLogic';

let scrolled = false;
const scrollListeners = new Set<() => void>();

function readScroll(): void {
  const next = window.scrollY > SCROLL_THRESHOLD_PX;
  if (next === scrolled) return;
  scrolled = next;
  for (const listener of scrollListeners) listener();
}

/**
 * The page is scrolled more than SCROLL_THRESHOLD_PX (R-HEAD-13). The position is read in the
 * scroll event and once the first frame after the header mounts is drawn, never during a render
 * or before that frame: reading `scrollY` while the new DOM is not laid out forces a layout in
 * the middle of the first paint (70-120 ms on Lighthouse's phone CPU).
 */
export function useScrolled(): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (scrollListeners.size === 0) {
        window.addEventListener('scroll', readScroll, { passive: true });
        // After the next frame is drawn, when the layout is clean and the read is free.
        requestAnimationFrame(() => window.setTimeout(readScroll, 0));
      }
      scrollListeners.add(listener);
      return () => {
        scrollListeners.delete(listener);
        if (scrollListeners.size === 0) window.removeEventListener('scroll', readScroll);
      };
    },
    () => scrolled,
  );
}

const HIDDEN_KEY = 'assetTotalHidden';
const hiddenListeners = new Set<() => void>();

function readHidden(): boolean {
  try {
    return localStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** The eye toggle's choice (R-HEAD-05), kept across visits; every reader in the tab follows it. */
export function useAssetTotalHidden(): [boolean, (hidden: boolean) => void] {
  const hidden = useSyncExternalStore((listener) => {
    hiddenListeners.add(listener);
    return () => hiddenListeners.delete(listener);
  }, readHidden);
  const setHidden = (next: boolean) => {
    try {
      localStorage.setItem(HIDDEN_KEY, next ? '1' : '0');
    } catch (error) {
      console.warn('The asset total preference could not be stored', error);
    }
    for (const listener of hiddenListeners) listener();
  };
  return [hidden, setHidden];
}

/** How long an asset total waits for the prices of every coin before it shows what it has. */
const PRICE_WAIT_MS = 2_000;

/** Refuses to show a partial asset total for a moment, then shows whatever is known. */
export function useWaitedOut(): boolean {
  const [waitedOut, setWaitedOut] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaitedOut(true), PRICE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return waitedOut;
}

/**
 * While signed in: reads the balances once, then again whenever the local assets flag changes
 * (another screen or tab of this browser traded, transferred or deposited), checked every
 * ASSET_FLAG_POLL_MS, and whenever the user's private channel says they moved (a fill, a
 * transfer, a deposit: also from another device). The hub dropped its copy on that event, so
 * every tab's read is one request for all of them.
 */
export function useBalancesFollowFlag(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    let flag = readAssetsFlag();
    void loadBalances();
    const timer = window.setInterval(() => {
      const current = readAssetsFlag();
      if (current === flag) return;
      flag = current;
      void loadBalances();
    }, ASSET_FLAG_POLL_MS);
    const stopListening = hubStore.onRealtime((message) => {
      if (message.kind === 'balance') void loadBalances();
    });
    return () => {
      window.clearInterval(timer);
      stopListening();
    };
  }, [signedIn]);
}

/**
 * How much of the wide header fits its row: 'full' with every label, 'icons' with the right side
 * as icons only, 'compact' as under BREAKPOINT_COMPACT_HEADER_PX. Labels are as long as the
 * language makes them, so the header measures itself: when its row overflows it steps down and
 * remembers the width that level needed; it steps up again once the row is that wide. A new
 * contentKey (another language, another session) starts again from 'full'.
 */
/** How often the header checks its fit besides the observers' reports (useHeaderFit). */
const HEADER_FIT_RECHECK_MS = 1_000;

export function useHeaderFit(rowRef: RefObject<HTMLElement | null>, contentKey: string, measuring: boolean): HeaderFit {
  const [state, setState] = useState<FitState>({ key: contentKey, level: 0, needs: [] });
  const current = state.key === contentKey ? state : { key: contentKey, level: 0, needs: [] };
  if (current !== state) setState(current);
  const { level } = current;
  useEffect(() => {
    const row = rowRef.current;
    if (!measuring || !row) return undefined;
    const measure = () => {
      const contentWidth = row.scrollWidth;
      const rowWidth = row.clientWidth;
      // `level` is the one this effect's render put on screen, hence the one measured.
      setState((previous) => nextFitState(previous, level, contentWidth, rowWidth));
    };
    // The observer reports every observed element once at the start, then on every resize.
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    for (const child of row.children) observer.observe(child);
    // Content that changes without resizing the row or its children (a child added or dropped,
    // a font that arrives) is measured once the frame is laid out.
    let frame = 0;
    const measureNextFrame = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    const mutations = new MutationObserver(measureNextFrame);
    // Attributes too: a class or data attribute deep in the row can widen it without resizing
    // any of the row's own children (their overflow still counts in the row's scrollWidth).
    mutations.observe(row, { childList: true, subtree: true, characterData: true, attributes: true });
    // Not every environment has the Font Loading API (jsdom has not).
    const fonts = 'fonts' in document ? document.fonts : undefined;
    fonts?.addEventListener('loadingdone', measureNextFrame);
    // A backstop for whatever no observer reports (a stylesheet that arrives late, a change the
    // browser lays out after the observers ran): the header converges within a second whatever
    // the timing of fonts, catalogs and data. Reading two widths of a laid-out row costs nothing.
    const watchdog = window.setInterval(() => {
      if (document.visibilityState === 'visible') measure();
    }, HEADER_FIT_RECHECK_MS);
    return () => {
      observer.disconnect();
      mutations.disconnect();
      fonts?.removeEventListener('loadingdone', measureNextFrame);
      cancelAnimationFrame(frame);
      window.clearInterval(watchdog);
    };
  }, [rowRef, measuring, level, contentKey]);
  return FIT_LEVELS[level] ?? 'full';
}
