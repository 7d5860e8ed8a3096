/**
 * Site settings: what GET /config answers (spec 3, sysconfig) plus the server-side knobs that
 * operators change through the operator API. Stored as one JSON row in `settings` under the key
 * 'site'; missing fields take the defaults below, so a new field never needs a data migration.
 */
import { LANGUAGES, type Language } from '../../../src/shared/languages';
import { VISITOR_PAGES } from '../../../src/shared/pages';
import type { Executor } from '../../core/executor';

export interface SiteSettings {
  name: string;
  supportedLanguages: Language[];
  helpDesk: { useExternal: boolean; extLink: string; authRequired: boolean; scRequired: boolean };
  /** Pages open to anonymous users (spec 3 `anonymous`). */
  anonymous: string[];
  stakingEnabled: boolean;
  loanEnabled: boolean;
  checkinEnabled: boolean;
  luckydraw: { enabled: boolean };
  c2c: { enabled: boolean };
  notificationEnabled: boolean;
  /** Free-form per-language keys (social links: twitter, twitter_en, ...). */
  kvConfigs: Record<string, string>;
  /** Area-permission bitmask (spec 6 and 9): 0 allows everything. */
  permission: number;
  /** Identity level a user must reach to count as verified. */
  requiredIDLevel: number;
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  name: 'Exchange',
  supportedLanguages: [...LANGUAGES],
  helpDesk: { useExternal: false, extLink: '', authRequired: false, scRequired: false },
  anonymous: [...VISITOR_PAGES],
  stakingEnabled: true,
  loanEnabled: true,
  checkinEnabled: true,
  luckydraw: { enabled: true },
  c2c: { enabled: true },
  notificationEnabled: true,
  kvConfigs: {},
  permission: 0,
  requiredIDLevel: 1,
};

export const SITE_SETTINGS_KEY = 'site';

export async function getSiteSettings(executor: Executor): Promise<SiteSettings> {
  const row = await executor.selectFrom('settings').select('value_json').where('key', '=', SITE_SETTINGS_KEY).executeTakeFirst();
  const stored = row ? (JSON.parse(row.value_json) as Partial<SiteSettings>) : {};
  return { ...DEFAULT_SITE_SETTINGS, ...stored };
}

export async function saveSiteSettings(executor: Executor, settings: SiteSettings): Promise<void> {
  await executor
    .insertInto('settings')
    .values({ key: SITE_SETTINGS_KEY, value_json: JSON.stringify(settings) })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value_json: JSON.stringify(settings) }))
    .execute();
}
