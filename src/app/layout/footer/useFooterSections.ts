/**
 * The footer's content sections (GET /post/footer: categories 1000 and 1001) in the page's
 * language, read through the hub once for every tab. A failure is only logged, without a toast (spec 8, R-FOOT-08): the footer then shows
 * its fixed section alone. The answer is kept for the tab per language, so that a footer that
 * comes back (leaving a trading page) paints its links at once without asking again.
 */
import { useEffect, useState } from 'react';
import type { FooterSection } from '../../../shared/api/content';
import { CONFIG_CACHE_MS } from '../../../shared/constants';
import type { Language } from '../../../shared/languages';
import { getHub } from '../../api/hub';

interface CachedSections {
  sections: FooterSection[];
  fetchedAt: number;
}

const cache = new Map<Language, CachedSections>();

function freshSections(language: Language): FooterSection[] | undefined {
  const cached = cache.get(language);
  // Footer links change as rarely as the site config, so they are kept as long.
  return cached && Date.now() - cached.fetchedAt < CONFIG_CACHE_MS ? cached.sections : undefined;
}

export function useFooterSections(language: Language): FooterSection[] {
  const [loaded, setLoaded] = useState<{ language: Language; sections: FooterSection[] } | null>(null);
  const cached = freshSections(language);
  useEffect(() => {
    if (freshSections(language)) return undefined;
    const controller = new AbortController();
    getHub()
      .footer(language, controller.signal)
      .then((sections) => {
        cache.set(language, { sections, fetchedAt: Date.now() });
        if (!controller.signal.aborted) setLoaded({ language, sections });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('The footer links could not be loaded', error);
      });
    return () => controller.abort();
  }, [language]);
  if (cached) return cached;
  // While a new language loads, the previous one's links stay rather than the footer jumping.
  return loaded?.sections ?? [];
}
