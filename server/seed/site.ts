/**
 * Writes the site settings once per database, so that GET /config answers from stored data and
 * an operator changes a stored row rather than code. The social links follow the footer's rule
 * (spec 2): a per-language key such as twitter_zh wins over the generic twitter.
 */
import type { AppContext } from '../context';
import { DEFAULT_SITE_SETTINGS, saveSiteSettings } from '../modules/site/settings';

export const SEED_SOCIAL_LINKS: Readonly<Record<string, string>> = {
  twitter: 'https://x.com/exchange',
  facebook: 'https://www.facebook.com/exchange',
  medium: 'https://medium.com/@exchange',
  youtube: 'https://www.youtube.com/@exchange',
  twitter_zh: 'https://x.com/exchange_cn',
  'twitter_zh-CHT': 'https://x.com/exchange_tw',
  twitter_ja: 'https://x.com/exchange_jp',
  youtube_zh: 'https://www.youtube.com/@exchange_cn',
};

export async function seedSite(context: AppContext): Promise<void> {
  await saveSiteSettings(context.db, { ...DEFAULT_SITE_SETTINGS, kvConfigs: { ...SEED_SOCIAL_LINKS } });
}
