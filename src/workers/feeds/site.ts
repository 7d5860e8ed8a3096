/**
 * The reads every tab shares (spec 4, R-STATE-12, R-STATE-15, R-FOOT-03): the site config and the
 * footer's link sections per language, kept CONFIG_CACHE_MS; the home config per language and
 * referral code, kept HOME_CONFIG_CACHE_MS; and which popup notices were shown on which day. The
 * config and the home config are kept in IndexedDB too, so that a new tab paints them offline.
 */
import { footerCall, type FooterSection } from '../../shared/api/content';
import { homeCall, type Home } from '../../shared/api/home';
import { configCall, type SiteConfig } from '../../shared/api/site';
import { CONFIG_CACHE_MS, HOME_CONFIG_CACHE_MS } from '../../shared/constants';
import type { Language } from '../../shared/languages';
import type { PopupRecord } from '../protocol';
import type { Feed, HubContext, SessionChange } from '../core/feed';
import { homeKey } from '../core/storage';

interface Cached<T> {
  value: T;
  fetchedAt: number;
}

/** A read whose answer was not the server's (a 5xx, 502, 504): the caller shows its own failure. */
function unreachable(): Error {
  return new Error('The platform could not be reached');
}

export class SiteFeed implements Feed {
  private readonly configs = new Map<Language, Cached<SiteConfig>>();
  private readonly footers = new Map<Language, Cached<FooterSection[]>>();
  private readonly homes = new Map<string, { home: Home; expiresAt: number }>();
  private readonly popups = new Map<number, PopupRecord>();

  constructor(
    private readonly context: HubContext,
    /** Each config read: other feeds follow its switches (notifications). */
    private readonly onConfig: (config: SiteConfig) => void,
  ) {}

  async restore(): Promise<void> {
    for (const record of await this.context.storage.readPopupRecords()) this.popups.set(record.noticeId, record);
  }

  sessionChanged(change: SessionChange): void {
    // The config is read again for the next user (it carries per-user switches).
    if (change.kind === 'ended') this.configs.clear();
  }

  async config(language: Language): Promise<SiteConfig> {
    const cached = this.configs.get(language) ?? (await this.storedConfig(language));
    if (cached && this.context.clock.now() - cached.fetchedAt < CONFIG_CACHE_MS) return cached.value;
    try {
      return await this.context.once(`config:${language}`, () => this.fetchConfig(language));
    } catch (error) {
      // Offline-first: an old config beats an error page; the next call asks again.
      if (cached) return cached.value;
      throw error;
    }
  }

  async footer(language: Language): Promise<FooterSection[]> {
    const cached = this.footers.get(language);
    if (cached && this.context.clock.now() - cached.fetchedAt < CONFIG_CACHE_MS) return cached.value;
    return this.context.once(`footer:${language}`, async () => {
      const sections = await this.context.apiIn(language).call(footerCall, {}, { silentAll: true });
      if (sections === false) throw unreachable();
      this.footers.set(language, { value: sections, fetchedAt: this.context.clock.now() });
      return sections;
    });
  }

  async home(language: Language, referralCode: string | null): Promise<Home> {
    const key = homeKey(language, referralCode);
    const now = this.context.clock.now();
    const cached = this.homes.get(key) ?? (await this.context.storage.readHome(language, referralCode, now));
    if (cached && cached.expiresAt > now) return cached.home;
    return this.context.once(`home:${key}`, async () => {
      const query = { lang: language, referralCode: referralCode ?? undefined };
      const home = await this.context.apiIn(language).call(homeCall, { query }, { silentAll: true });
      if (home === false) throw unreachable();
      const expiresAt = this.context.clock.now() + HOME_CONFIG_CACHE_MS;
      this.homes.set(key, { home, expiresAt });
      await this.context.storage.writeHome(language, referralCode, home, expiresAt);
      return home;
    });
  }

  popupRecords(): PopupRecord[] {
    return [...this.popups.values()];
  }

  async recordPopup(record: PopupRecord): Promise<void> {
    this.popups.set(record.noticeId, record);
    await this.context.storage.writePopupRecord(record);
  }

  private async storedConfig(language: Language): Promise<Cached<SiteConfig> | undefined> {
    const record = await this.context.storage.readConfig(language);
    if (!record) return undefined;
    const cached = { value: record.config, fetchedAt: record.fetchedAt };
    this.configs.set(language, cached);
    return cached;
  }

  private async fetchConfig(language: Language): Promise<SiteConfig> {
    const config = await this.context.apiIn(language).call(configCall, {}, { silentAll: true });
    if (config === false) throw unreachable();
    const fetchedAt = this.context.clock.now();
    this.configs.set(language, { value: config, fetchedAt });
    this.onConfig(config);
    await this.context.storage.writeConfig(language, config, fetchedAt);
    return config;
  }
}
