/**
 * The index price a chart draws (server/prices): what futures mark and binary options open and
 * settle at. GET /market/indexhistory (ours; the spec has no such call) gives one symbol's index
 * of the last INDEX_HISTORY_SECONDS, one point a second; the public `index` socket channel
 * (realtime.ts) carries every futures and binary-option symbol's next point as it is sampled.
 * A futures or binary-option symbol reads the index of the spot market of the same pair, at its
 * own price precision (rounded down).
 */
import { z } from 'zod/mini';
import { defineCall } from './call';
import { idField, intField } from './fields';

/** How far back the history call reaches (kept in index-points.ts, which the first paint carries without zod). */
export { INDEX_HISTORY_SECONDS } from '../index-points';

export const indexPointSchema = z.object({
  /** Milliseconds since the epoch. */
  at: z.number(),
  price: z.string(),
});
export type IndexPoint = z.infer<typeof indexPointSchema>;

/** One symbol's index points since `since` (at most INDEX_HISTORY_SECONDS back), oldest first. */
export const indexHistoryCall = defineCall({
  method: 'GET',
  path: '/market/indexhistory',
  query: z.object({ id: idField, since: z.optional(intField({ min: 0 })) }),
  data: z.object({ symbolId: z.number(), points: z.array(indexPointSchema) }),
  changesState: false,
  auth: 'none',
});
