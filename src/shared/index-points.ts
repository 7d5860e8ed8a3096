/**
 * An index symbol's history as the hub and the tabs keep it (api/index-price.ts): points of one
 * sampling round a second, read once from GET /market/indexhistory and then appended from the
 * `index` channel, so a read and the channel may cross and a gap may be filled later. Free of zod
 * (unlike the contract module, which re-exports the bound from here): the tab's hub store, part
 * of the first paint, merges with it.
 */

/** How far back the history call reaches, and what the hub and the tabs keep. */
export const INDEX_HISTORY_SECONDS = 600;

/** One point of the history (api/index-price.ts indexPointSchema). */
interface IndexPoint {
  at: number;
  price: string;
}

const HISTORY_MS = INDEX_HISTORY_SECONDS * 1000;

/**
 * `points` and `incoming` merged by time (oldest first, one point per instant, the incoming one
 * winning), without points older than INDEX_HISTORY_SECONDS before the newest.
 */
export function mergeIndexPoints(points: readonly IndexPoint[], incoming: readonly IndexPoint[]): IndexPoint[] {
  const last = points.at(-1);
  // The common case, one newer point a second, appends without sorting.
  const merged =
    incoming.length === 1 && (!last || incoming[0]!.at > last.at)
      ? [...points, incoming[0]!]
      : [...new Map([...points, ...incoming].map((point) => [point.at, point])).values()].sort((a, b) => a.at - b.at);
  const newest = merged.at(-1);
  if (!newest) return merged;
  const first = merged.findIndex((point) => point.at >= newest.at - HISTORY_MS);
  return first > 0 ? merged.slice(first) : merged;
}
