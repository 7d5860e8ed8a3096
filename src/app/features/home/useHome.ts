/**
 * The home config (spec 7 GET /home?lang) as the home page reads it: from the hub, which fetches
 * it once for every open tab and keeps it HOME_CONFIG_CACHE_MS per language and referral code.
 */
import { useEffect, useState } from 'react';
import type { Home } from '../../../shared/api/home';
import type { Language } from '../../../shared/languages';
import { getHub } from '../../api/hub/index';

export type HomeView = { phase: 'loading' } | { phase: 'ready'; home: Home } | { phase: 'failed' };

export function useHome(language: Language, referralCode: string | null): HomeView {
  const [view, setView] = useState<{ key: string; view: HomeView }>({ key: '', view: { phase: 'loading' } });
  const key = `${language}|${referralCode ?? ''}`;
  useEffect(() => {
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
  }, [key, language, referralCode]);
  return view.key === key ? view.view : { phase: 'loading' };
}
