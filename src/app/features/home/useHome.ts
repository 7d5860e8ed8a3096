/**
 * The home config (spec 7 GET /home?lang) as the home page reads it: from the hub, which fetches
 * it once for every open tab and keeps it HOME_CONFIG_CACHE_MS per language and referral code.
 */
import { useEffect, useState } from 'react';
import type { Home } from '../../../shared/api/home';
import type { Language } from '../../../shared/languages';
import { getHub } from '../../api/hub/index';

export type HomeView = { phase: 'loading' } | { phase: 'ready'; home: Home } | { phase: 'failed' };

/**
 * How long the home route's loader waits for the home config (homeForFirstDraw). The first
 * render of the app waits for the router's first load anyway (main.tsx, at most a second), and
 * the site config it needs comes from the same hub at the same time.
 */
export const HOME_FIRST_DRAW_WAIT_MS = 800;

/**
 * The home config for the home route's loader, asked for beside the site config rather than after
 * the page's first render: the first frame then draws the banners under the heading (issue 14: the
 * first banner slide is the page's largest paint, and it waited for a render, a message to the hub
 * and a request after the first one). An answer that takes longer than HOME_FIRST_DRAW_WAIT_MS,
 * or fails, gives null, and the page asks again itself (useHome; the hub shares one request).
 */
export function homeForFirstDraw(language: Language, signal: AbortSignal): Promise<Home | null> {
  return new Promise((resolve) => {
    const late = setTimeout(() => resolve(null), HOME_FIRST_DRAW_WAIT_MS);
    getHub()
      .home(language, null, signal)
      .then(resolve, () => resolve(null))
      .finally(() => clearTimeout(late));
  });
}

/** `loaded` is a home config its caller already has for this language (the route's loader). */
export function useHome(language: Language, referralCode: string | null, loaded: Home | null = null): HomeView {
  const [view, setView] = useState<{ key: string; view: HomeView }>({ key: '', view: { phase: 'loading' } });
  const key = `${language}|${referralCode ?? ''}`;
  const has = loaded !== null;
  useEffect(() => {
    if (has) return undefined;
    const controller = new AbortController();
    getHub()
      .home(language, referralCode, controller.signal)
      .then((home) => setView({ key, view: { phase: 'ready', home } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Failed to load the home page', error);
        setView({ key, view: { phase: 'failed' } });
      });
    return () => controller.abort();
  }, [key, language, referralCode, has]);
  if (loaded) return { phase: 'ready', home: loaded };
  return view.key === key ? view.view : { phase: 'loading' };
}
