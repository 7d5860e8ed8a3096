/**
 * The tab's session data (spec 3, "Session data"; spec 4), in a valtio store. The hub owns who is
 * signed in and tells every tab, and reads what every tab shows (profile, balances) once for all
 * of them; this store keeps what the tab's screens read: the profile and identity status (each fetched once and cached, with a forced refresh, concurrent requests
 * sharing one in flight: R-STATE-13), balances, the unread preview, the home config. Reset
 * clears all of it except the home config (R-STATE-14). The site config lives with the hub and
 * the locale route, which keep it for CONFIG_CACHE_MS (R-STATE-12).
 */
import { proxy } from 'valtio';
import type { Profile } from '../../shared/api/account';
import type { Balance } from '../../shared/api/balance';
import type { Home } from '../../shared/api/home';
import type { Notification } from '../../shared/api/notification';
import { assertValidProfile, parseIdentityStatus } from '../../shared/validation';
import { callApi } from '../api/client';
import { getHub } from '../api/hub';
import { onSessionEnded } from '../api/unauthorized';

export interface SessionData {
  profile: Profile | null;
  identityStatus: number | null;
  balances: Balance[] | null;
  /** The first UNREAD_PREVIEW_ITEMS unread notifications (the bell's dropdown). */
  unreadList: Notification[];
  homeConfig: { language: string; referralCode: string | null; home: Home } | null;
}

function emptySession(homeConfig: SessionData['homeConfig']): SessionData {
  return { profile: null, identityStatus: null, balances: null, unreadList: [], homeConfig };
}

export const session = proxy<SessionData>(emptySession(null));

const inflight = new Map<string, Promise<unknown>>();

/** One request at a time per key: a second caller waits for the first one's answer. */
function shared<T>(key: string, load: () => Promise<T>): Promise<T> {
  const running = inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = load().finally(() => inflight.delete(key));
  inflight.set(key, started);
  return started;
}

/** Clears everything but the home config (R-STATE-14). */
export function resetSession(): void {
  Object.assign(session, emptySession(session.homeConfig));
  inflight.clear();
}

// A 401 (spec 4) clears the session here; api/unauthorized.ts knows nothing of this store.
onSessionEnded(resetSession);

/** The profile the hub confirmed: the tab takes it as its cached copy. */
export function adoptProfile(profile: Profile | null): void {
  if (profile === null) {
    if (session.profile !== null) resetSession();
    return;
  }
  session.profile = profile;
}

/**
 * The profile, fetched once and cached (force reads it again); null when it cannot be read
 * (spec 8). The hub holds it for every tab, so a forced read is one request however many tabs ask.
 */
export function loadProfile(force = false): Promise<Profile | null> {
  if (!force && session.profile) return Promise.resolve(session.profile);
  return shared(`profile:${force}`, async () => {
    try {
      const profile = await getHub().profile(force);
      if (profile) session.profile = assertValidProfile(profile);
      return profile;
    } catch (error) {
      console.warn('Failed to read the profile', error);
      return null;
    }
  });
}

/** The identity verification status, fetched once and cached; failures are logged only (spec 8). */
export function loadIdentityStatus(force = false): Promise<number | null> {
  if (!force && session.identityStatus !== null) return Promise.resolve(session.identityStatus);
  return shared('identity', async () => {
    try {
      // The schema loads with the first read (a user opening their menu), not with the first paint.
      const { identityStatusCall } = await import('../../shared/api/account');
      const data = await callApi(identityStatusCall, {}, { silentAll: true });
      if (data === false) return null;
      session.identityStatus = parseIdentityStatus(data);
      return session.identityStatus;
    } catch (error) {
      console.warn('Failed to read the identity verification status', error);
      return null;
    }
  });
}

/**
 * The spot balances and FTUSDT (/balance/list); null when they cannot be read (spec 8). The hub
 * reads them once for every tab per value of the local assets flag (below); `force` reads again
 * whatever the flag (the overview opened while unverified, R-STATE-10).
 */
export function loadBalances(force = false): Promise<Balance[] | null> {
  return shared(`balances:${force}`, async () => {
    try {
      const balances = await getHub().balances(readAssetsFlag(), force);
      if (balances) session.balances = balances;
      return balances;
    } catch (error) {
      console.warn('Failed to read the balances', error);
      return null;
    }
  });
}

const ASSETS_FLAG_KEY = 'assetsChangedAt';

/**
 * Something changed the user's assets (a trade, a transfer, a deposit): the local flag of spec 4
 * changes, and every tab's asset overview, polling it every ASSET_FLAG_POLL_MS, reads again.
 */
export function markAssetsChanged(): void {
  try {
    localStorage.setItem(ASSETS_FLAG_KEY, String(Date.now()));
  } catch (error) {
    console.warn('The assets flag could not be stored', error);
  }
}

/** The local flag's value ('' when never set or unreadable). */
export function readAssetsFlag(): string {
  try {
    return localStorage.getItem(ASSETS_FLAG_KEY) ?? '';
  } catch {
    return '';
  }
}
