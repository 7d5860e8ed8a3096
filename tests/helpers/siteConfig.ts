/**
 * A site config (spec 3, GET /config) for tests that are not about the server: every feature on,
 * every area allowed (permission 0), every language of spec 1, and identity level 1 for verified.
 * A test names only what it is about, as overrides.
 */
import type { SiteConfig } from '../../src/shared/api/site';
import { LANGUAGES } from '../../src/shared/languages';

export function siteConfigFixture(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    name: 'Exchange',
    supportedLanguages: [...LANGUAGES],
    helpDesk: { useExternal: false, extLink: '', authRequired: false, scRequired: false },
    anonymous: [],
    stakingEnabled: true,
    loanEnabled: true,
    checkinEnabled: true,
    luckydraw: { enabled: true },
    c2c: { enabled: true },
    notificationEnabled: true,
    kvConfigs: {},
    time: 0,
    permission: 0,
    requiredIDLevel: 1,
    ...overrides,
  };
}
