/**
 * The messages between a tab (src/app/pwa) and the service worker. A message that expects an
 * answer carries a MessagePort; the answer goes back on it.
 */
export const SW_MESSAGE = {
  /** Tab to worker, answered with a BuildReply: which build is this worker? */
  describe: 'describe',
  /** Tab to a waiting worker: the user accepted the update, take over now. */
  skipWaiting: 'skip-waiting',
  /** Tab to the active worker, answered with a WarmReply: the connection allows warming, warm now. */
  warm: 'warm',
  /** Tab to the active worker: a tab has started, so an older build may have lost its last tab. */
  tabStarted: 'tab-started',
  /** Worker to a tab, answered with a BuildReply: which build does this tab run? */
  whichBuild: 'which-build',
} as const;

export type SwMessageType = (typeof SW_MESSAGE)[keyof typeof SW_MESSAGE];

export interface SwMessage {
  type: SwMessageType;
}

export interface BuildReply {
  buildId: string;
  /** The worker's own events still at work (their kind and URL): what keeps it from being idle. */
  pending?: string[];
}

export interface WarmReply {
  /** Files fetched into the cache by this request (files cached before are not counted). */
  warmedCount: number;
  /** Files that could not be fetched or stored; they are fetched when a page needs them. */
  failedCount: number;
}

export function isSwMessage(data: unknown): data is SwMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    Object.values<unknown>(SW_MESSAGE).includes((data as { type?: unknown }).type)
  );
}

export function isBuildReply(data: unknown): data is BuildReply {
  return typeof data === 'object' && data !== null && typeof (data as { buildId?: unknown }).buildId === 'string';
}
