/**
 * The connection rule of spec 9: nothing is fetched ahead of need (the service worker's warming,
 * the router's preloading) on a 2g connection or when the user asked to save data, and what is
 * fetched ahead waits for the page to settle: an idle moment, or PREFETCH_IDLE_TIMEOUT_MS at most.
 */
import { PREFETCH_IDLE_TIMEOUT_MS } from '../../shared/constants';


/** What the Network Information API tells about the connection, where the browser has it. */
export interface ConnectionFacts {
  effectiveType?: string;
  saveData?: boolean;
}

const SLOW_EFFECTIVE_TYPES = new Set(['slow-2g', '2g']);

export function prefetchAllowed(connection: ConnectionFacts | undefined): boolean {
  // Browsers without the API (Safari, Firefox) say nothing against it.
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !SLOW_EFFECTIVE_TYPES.has(connection.effectiveType ?? '');
}

/** The rule applied to this browser's connection now. */
export function connectionAllowsPrefetch(): boolean {
  return prefetchAllowed((navigator as Navigator & { connection?: ConnectionFacts }).connection);
}

/** Resolves at the browser's next idle moment, or after `timeoutMs` on a page that is never idle. */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, timeoutMs);
  });
}

/**
 * Runs a prefetch once the page has settled (idle, at most 2000 ms: spec 9), if the connection
 * allows it then. Resolves whether it ran.
 */
export async function prefetchWhenIdle(prefetch: () => void): Promise<boolean> {
  await whenIdle(PREFETCH_IDLE_TIMEOUT_MS);
  if (!connectionAllowsPrefetch()) return false;
  prefetch();
  return true;
}
