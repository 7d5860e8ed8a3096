/**
 * The connection rule of spec 9: nothing is fetched ahead of need (the service worker's warming,
 * the router's preloading) on a 2g connection or when the user asked to save data.
 */

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
