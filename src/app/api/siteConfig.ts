/**
 * The site config (spec 7: GET /api/v1/config) comes from the hub, which checks it against the
 * shared contract, keeps it for CONFIG_CACHE_MS in memory and IndexedDB and asks the server once
 * for every open tab; a tab never reads it itself.
 */
import type { SiteConfig } from '../../shared/api/site';
import type { Language } from '../../shared/languages';
import { getHub } from './hub';

export function fetchSiteConfig(language: Language, signal?: AbortSignal): Promise<SiteConfig> {
  return getHub().config(language, signal);
}
