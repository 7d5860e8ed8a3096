/**
 * A visitor's star finishes after sign-in. The star cannot be saved without an account, so the
 * visitor is told why the login page opens, and the page login brings them back to carries the
 * market (?star=id); signed in there, the market is added to the favourites once, the toast says
 * so, and the parameter leaves the address (a reload must not star it again).
 */
import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { MarketSymbol } from '../../../shared/api/market';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { showToast } from '../../state/hub-store';
import type { Favourites } from './useMarketData';

export const STAR_PARAM = 'star';

/** The page (path and search) with the market to star after sign-in. */
export function withStar(pathAndSearch: string, id: number): string {
  const url = new URL(pathAndSearch, 'http://page.invalid');
  url.searchParams.set(STAR_PARAM, String(id));
  return `${url.pathname}${url.search}`;
}

/** The market id a page's search names to star, if any; and the search without it. */
export function starOf(search: string): { id: number | null; rest: string } {
  const params = new URLSearchParams(search);
  const text = params.get(STAR_PARAM);
  params.delete(STAR_PARAM);
  const rest = params.toString();
  const id = text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null;
  return { id, rest: rest ? `?${rest}` : '' };
}

/** Stars the market the address names once the favourites of the signed-in user are known. */
export function useStarAfterSignIn(signedIn: boolean, favourites: Favourites, symbols: readonly MarketSymbol[]): void {
  const { t } = useLingui();
  const router = useRouter();
  const done = useRef(false);
  const known = favourites.ids !== null && symbols.length > 0;
  useEffect(() => {
    if (!signedIn || !known || done.current) return;
    const { id, rest } = starOf(window.location.search);
    if (id === null) return;
    done.current = true;
    router.history.replace(`${window.location.pathname}${rest}${window.location.hash}`);
    const market = symbols.find((symbol) => symbol.id === id);
    if (!market) return;
    const name = market.name;
    const starred = () => showToast(t`${name} is in your favourites.`, ERROR_TOAST_MS, 'success');
    if (favourites.ids?.has(id)) starred();
    else void favourites.toggle(id).then((changed) => changed && starred());
  }, [signedIn, known, favourites, symbols, router, t]);
}
