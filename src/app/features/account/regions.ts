/**
 * The country codes of the phone forms (GET /config/regions, named in the page's language), read
 * once per language and kept for the tab's life: the list does not change while a page is open.
 * The preselected region is the one the browser's locale names (en-GB: GB), else the main
 * country of the page's language, else the first of the list.
 */
import { regionsCall, type Region } from '../../../shared/api/site';
import type { Language } from '../../../shared/languages';
import { callApi } from '../../api/client';

const regionsByLanguage = new Map<Language, Promise<Region[]>>();

/** The regions in a language; an empty list when they cannot be read (tried again next time). */
export function loadRegions(language: Language): Promise<Region[]> {
  const known = regionsByLanguage.get(language);
  if (known) return known;
  const loading = callApi(regionsCall, {}, { silentAll: true })
    .then((regions) => {
      if (regions === false) throw new Error('the platform could not be reached');
      return regions;
    })
    .catch((error: unknown) => {
      console.warn('Failed to read the country codes', error);
      regionsByLanguage.delete(language);
      return [];
    });
  regionsByLanguage.set(language, loading);
  return loading;
}

/** The country most readers of each display language live in. */
const LANGUAGE_REGIONS: Record<Language, string> = {
  de: 'DE',
  en: 'US',
  es: 'ES',
  fr: 'FR',
  hi: 'IN',
  id: 'ID',
  ja: 'JP',
  ko: 'KR',
  ms: 'MY',
  pt: 'BR',
  tl: 'PH',
  zh: 'CN',
  'zh-CHT': 'TW',
};

/** The region to preselect, from the browser's locales ('en-GB') and then the page's language. */
export function preferredRegion(regions: readonly Region[], browserLocales: readonly string[], language: Language): Region | undefined {
  const byCode = new Map(regions.map((region) => [region.code.toUpperCase(), region]));
  for (const locale of browserLocales) {
    const regionTag = locale.split(/[-_]/).slice(1).find((part) => /^[A-Za-z]{2}$/.test(part));
    const region = regionTag ? byCode.get(regionTag.toUpperCase()) : undefined;
    if (region) return region;
  }
  return byCode.get(LANGUAGE_REGIONS[language]) ?? regions[0];
}
