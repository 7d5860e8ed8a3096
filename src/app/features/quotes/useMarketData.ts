/**
 * The quotes page's data besides the prices (which stream through the hub): the symbol list as
 * the signed-in user may see it, and the user's favourites with their add and delete calls.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { favouriteAddCall, favouriteDeleteCall, favouriteQueryCall, symbolsCall, type MarketSymbol } from '../../../shared/api/market';
import { callApi } from '../../api/client';
import { useHubSession, useSymbols } from '../../state/hub';
import { sameJson } from '../../state/sameJson';
import { identityKeyOf } from '../../../shared/profile';

/**
 * The hub's list paints at once; the server's answer for this session replaces it, since the
 * list depends on who asks (test-only symbols for testEnabled profiles, R-ROLE-03) and the hub's
 * copy may be one fetched before this user signed in. A list the hub gets after that answer (it
 * reads again at sign-in, and when an operator changed the markets) is newer, and shows.
 */
export function useSessionSymbols(sessionKey: string): MarketSymbol[] {
  const hubSymbols = useSymbols();
  const hubNow = useRef(hubSymbols);
  useEffect(() => {
    hubNow.current = hubSymbols;
  });
  const [own, setOwn] = useState<{ key: string; symbols: MarketSymbol[]; hubThen: MarketSymbol[] } | null>(null);
  useEffect(() => {
    if (sessionKey === 'unknown') return undefined;
    const controller = new AbortController();
    callApi(symbolsCall, {}, { silentAll: true, signal: controller.signal })
      .then((symbols) => {
        if (symbols === false) return;
        // Most often the answer is the hub's list itself: the page keeps it, and draws nothing again.
        setOwn(sameJson(symbols, hubNow.current) ? null : { key: sessionKey, symbols, hubThen: hubNow.current });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Failed to load the symbols', error);
      });
    return () => controller.abort();
  }, [sessionKey]);
  return own?.key === sessionKey && own.hubThen === hubSymbols ? own.symbols : hubSymbols;
}

export interface Favourites {
  /** Null while unknown (a visitor has none). */
  ids: ReadonlySet<number> | null;
  pending: ReadonlySet<number>;
  /** Stars or unstars a market; resolves whether the change was made. */
  toggle: (id: number) => Promise<boolean>;
}

export function useFavourites(signedIn: boolean, sessionKey: string): Favourites {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<number> } | null>(null);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (!signedIn) return undefined;
    const controller = new AbortController();
    callApi(favouriteQueryCall, { body: {} }, { signal: controller.signal })
      .then((ids) => {
        if (ids !== false) setState({ key: sessionKey, ids: new Set(ids) });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Failed to load the favourites', error);
      });
    return () => controller.abort();
  }, [signedIn, sessionKey]);
  const ids = signedIn && state?.key === sessionKey ? state.ids : null;
  const toggle = useCallback(
    (id: number) => {
      const adding = !(ids?.has(id) ?? false);
      setPending((current) => new Set(current).add(id));
      return callApi(adding ? favouriteAddCall : favouriteDeleteCall, { body: { id } })
        .then((next) => {
          if (next === false) return false;
          setState({ key: sessionKey, ids: new Set(next) });
          return true;
        })
        .catch((error: unknown) => {
          console.warn('Failed to change a favourite', error);
          return false;
        })
        .finally(() =>
          setPending((current) => {
            const next = new Set(current);
            next.delete(id);
            return next;
          }),
        );
    },
    [ids, sessionKey],
  );
  return { ids, pending, toggle };
}

/** Who is signed in, as a key that changes when the session does; and their testEnabled. */
export function useSessionFacts(): { signedIn: boolean; testEnabled: boolean; sessionKey: string } {
  const session = useHubSession();
  if (session.status !== 'signedIn') return { signedIn: false, testEnabled: false, sessionKey: session.status };
  const who = identityKeyOf(session.profile);
  return { signedIn: true, testEnabled: session.profile.testEnabled, sessionKey: `user:${who}` };
}
