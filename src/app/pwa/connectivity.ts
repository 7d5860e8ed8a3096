/**
 * Whether this tab can reach the platform, decided from what the app observes. navigator.onLine
 * is only a hint: a document that the service worker served after the network went away can say
 * onLine === true and never get an 'offline' event (Chromium 150 under DevTools' offline mode),
 * and so does any browser behind a dead Wi-Fi. So:
 *
 * - a request to the platform's own server that got no answer (this tab's client, or the hub's,
 *   which says so in its status) means offline; any HTTP answer means online, unless the request
 *   was sent before the tab learned it was offline (a late answer says nothing about now);
 * - the browser's 'offline' event switches to offline at once; its 'online' event only starts a
 *   probe, and the probe's answer decides;
 * - while offline and visible, the tab probes the server (HEAD /api/v1/config, which the service
 *   worker never answers) every few seconds, so that a screen that needs the network loads again
 *   by itself as soon as the connection is back, whatever events the browser sends.
 *
 * Screens read it with useOnline and retry with useRetryWhenOnline.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { API_BASE_PATH, isNetworkFailure } from '../../shared/client/client';
import { NO_ANSWER_ERROR_NAME } from '../../workers/protocol';
import { hubStore } from '../state/hub-store';

/** Waits between probes while offline: soon at first, then every few seconds. */
export const PROBE_DELAYS_MS = [1_000, 2_000, 3_000, 5_000] as const;
/** A probe that gets nothing within this long counts as no answer. */
const PROBE_TIMEOUT_MS = 5_000;

type Listener = () => void;

let online = typeof navigator === 'undefined' || navigator.onLine !== false;
/** When the tab last learned it was offline: answers to requests sent before it do not count. */
let offlineSince = online ? 0 : Date.now();
/** Set while started: aborting it removes every listener (dispose). */
let listening: AbortController | undefined;
let unsubscribeHub: (() => void) | undefined;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeAttempt = 0;
let probing = false;
/** The hub's last word on the server, so that only its changes count as observations. */
let hubServerAnswering: boolean | undefined;
const listeners = new Set<Listener>();
const backOnlineListeners = new Set<Listener>();

function setOnline(next: boolean): void {
  if (next === online) return;
  online = next;
  for (const listener of listeners) listener();
  if (next) {
    stopProbing();
    for (const listener of backOnlineListeners) listener();
  } else {
    offlineSince = Date.now();
    probeAttempt = 0;
    scheduleProbe();
  }
}

function stopProbing(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
}

function scheduleProbe(): void {
  stopProbing();
  if (online || document.visibilityState === 'hidden') return;
  const delay = PROBE_DELAYS_MS[Math.min(probeAttempt, PROBE_DELAYS_MS.length - 1)];
  probeAttempt += 1;
  probeTimer = setTimeout(() => void probe(), delay);
}

/** Asks the server for anything at all: any HTTP answer means the network is back. */
async function probe(): Promise<void> {
  if (probing) return;
  probing = true;
  try {
    await fetch(`${API_BASE_PATH}config`, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    setOnline(true);
  } catch {
    if (!online) scheduleProbe();
  } finally {
    probing = false;
  }
}

function start(): void {
  if (listening || typeof window === 'undefined') return;
  listening = new AbortController();
  const { signal } = listening;
  window.addEventListener('offline', () => setOnline(false), { signal });
  window.addEventListener(
    'online',
    () => {
      if (!online) void probe();
    },
    { signal },
  );
  document.addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState === 'visible' && !online) void probe();
    },
    { signal },
  );
  unsubscribeHub = hubStore.subscribe(() => {
    const answering = hubStore.getSnapshot().status?.serverAnswering;
    if (answering === undefined || answering === null || answering === hubServerAnswering) return;
    hubServerAnswering = answering;
    setOnline(answering);
  });
  if (!online) scheduleProbe();
}

/** What this tab's API client observed: the server answered a request sent at `sentAt`, or did not. */
export function noteServerAnswered(answered: boolean, sentAt = Date.now()): void {
  start();
  if (answered && sentAt < offlineSince) return;
  setOnline(answered);
}

/** An error from this tab's client or from the hub that says the server did not answer. */
export function isNoAnswerError(error: unknown): boolean {
  return isNetworkFailure(error) || (error instanceof Error && error.name === NO_ANSWER_ERROR_NAME);
}

export const connectivity = {
  isOnline(): boolean {
    return online;
  },
  subscribe(listener: Listener): () => void {
    start();
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Called each time the platform answers again after being out of reach. */
  onBackOnline(listener: Listener): () => void {
    start();
    backOnlineListeners.add(listener);
    return () => backOnlineListeners.delete(listener);
  },
  /** Stops listening and probing (tests, which load the module afresh each time). */
  dispose(): void {
    listening?.abort();
    listening = undefined;
    unsubscribeHub?.();
    stopProbing();
  },
};

export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOnline);
}

/** Calls `retry` each time the platform answers again after being out of reach. */
export function useRetryWhenOnline(retry: () => void): void {
  useEffect(() => connectivity.onBackOnline(retry), [retry]);
}
