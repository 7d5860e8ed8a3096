/**
 * spec 4 and 9 (R-STATE-06): a page chunk that fails to load (a deploy removed it, the network
 * dropped) reloads the window, at most once per CHUNK_RELOAD_GUARD_MS, so a chunk that keeps
 * failing shows the error page instead of reloading forever.
 */
import { CHUNK_RELOAD_GUARD_MS } from '../../shared/constants';

const LAST_RELOAD_KEY = 'chunkReloadAt';

/** Whether to reload now, given when the last chunk reload happened (ms, or null). */
export function shouldReloadForChunk(lastReloadAtMs: number | null, nowMs: number): boolean {
  return lastReloadAtMs === null || nowMs - lastReloadAtMs >= CHUNK_RELOAD_GUARD_MS;
}

/** Is this error a failed dynamic import (Chromium, Firefox and Safari word it differently)? */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/** Reloads unless one happened within the guard; true when it reloads. */
export function reloadForChunkError(): boolean {
  let last: number | null = null;
  try {
    const stored = sessionStorage.getItem(LAST_RELOAD_KEY);
    last = stored === null ? null : Number(stored);
  } catch {
    // No session storage: the guard cannot be kept, so no reload (a loop is worse than an error page).
    return false;
  }
  const now = Date.now();
  if (!shouldReloadForChunk(Number.isFinite(last) ? last : null, now)) return false;
  sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

/**
 * The router's lazy route components reload by themselves once per tab session and chunk
 * (TanStack's lazyRouteComponent, under this sessionStorage key), whatever our guard says.
 */
const ROUTER_RELOAD_KEY_PREFIX = 'tanstack_router_reload:';

/**
 * Vite reports a failed lazy chunk (or its CSS) with this event before the router sees the error.
 * The guard decides: it reloads, or it marks the router's own reload as done, so that the error
 * page shows instead of a second reload within CHUNK_RELOAD_GUARD_MS. The error still reaches the
 * router either way: the page waits for the reload, or shows the error page.
 */
export function listenForChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) return;
    const error = (event as Event & { payload?: unknown }).payload;
    if (!(error instanceof Error)) return;
    try {
      sessionStorage.setItem(`${ROUTER_RELOAD_KEY_PREFIX}${error.message}`, '1');
    } catch {
      // No session storage: the router cannot keep its own key either, so it never reloads.
    }
  });
}
