/**
 * GET /api/v1/config (spec 7), checked against the shared contract so that a server that
 * answers something else shows as an error instead of a half-drawn page.
 */
import { configCall, type SiteConfig } from '../../shared/api/site';
import type { Language } from '../../shared/languages';
import { getJson } from './getJson';

export async function fetchSiteConfig(language: Language, signal?: AbortSignal): Promise<SiteConfig> {
  const data = await getJson(configCall.path, { language, signal });
  return configCall.data.parse(data);
}
