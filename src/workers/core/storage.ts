/**
 * The hub's IndexedDB cache through dexie: quotes, symbols, config, home config (per language
 * and referral code, with expiry), popup-notice state and the signed-in session. It lets a new
 * tab (or a new hub after the last tab closed) paint before the network answers.
 *
 * Storage can fail under the hub: a private window without IndexedDB, a full disk, an upgrade
 * blocked by an old tab, a newer build upgrading the database (this hub then closes its
 * connection so that the upgrade can go on). Every failure turns into the `status` that tabs
 * show; reads then answer nothing and writes are dropped, and the hub goes on from memory.
 */
import { Dexie, type Table } from 'dexie';
import type { Profile } from '../../shared/api/account';
import type { Home } from '../../shared/api/home';
import type { MarketSymbol, Quote } from '../../shared/api/market';
import type { SiteConfig } from '../../shared/api/site';
import type { Language } from '../../shared/languages';
import type { NotificationState, PopupRecord, StorageStatus } from '../protocol';

export const HUB_DATABASE_NAME = 'exchange-hub';

interface SymbolsRecord {
  key: 'all';
  symbols: MarketSymbol[];
  fetchedAt: number;
}

interface ConfigRecord {
  language: Language;
  config: SiteConfig;
  fetchedAt: number;
}

interface HomeRecord {
  /** `${language}|${referralCode}`: the spec caches per language and referral code. */
  key: string;
  home: Home;
  expiresAt: number;
}

/** The user's own data: dropped at sign-out. */
interface SessionRecord {
  key: 'current';
  profile: Profile;
  notifications: NotificationState | null;
}

class HubDatabase extends Dexie {
  quotes!: Table<Quote, number>;
  symbols!: Table<SymbolsRecord, string>;
  config!: Table<ConfigRecord, string>;
  home!: Table<HomeRecord, string>;
  popupNotices!: Table<PopupRecord, number>;
  session!: Table<SessionRecord, string>;

  constructor(name: string, indexedDB?: IDBFactory) {
    super(name, indexedDB ? { indexedDB } : undefined);
    this.version(1).stores({
      quotes: 'id',
      symbols: 'key',
      config: 'language',
      home: 'key, expiresAt',
      popupNotices: 'noticeId',
      session: 'key',
    });
  }
}

export function homeKey(language: Language, referralCode: string | null): string {
  return `${language}|${referralCode ?? ''}`;
}

/** Names the failure the way the notice explains it. */
export function storageStateOf(error: unknown): StorageStatus['state'] {
  const name = error instanceof Error ? error.name : '';
  const innerName = (error as { inner?: { name?: string } } | null)?.inner?.name ?? '';
  const names = [name, innerName];
  if (names.includes('QuotaExceededError')) return 'full';
  if (names.includes('VersionError')) return 'blocked';
  if (names.includes('DatabaseClosedError')) return 'closed';
  if (names.includes('MissingAPIError') || names.includes('InvalidStateError') || names.includes('SecurityError')) return 'unavailable';
  return 'failed';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface HubStoreOptions {
  name?: string;
  /** Tests pass fake-indexeddb's factory; browsers use their own. */
  indexedDB?: IDBFactory;
  onStatus: (status: StorageStatus) => void;
}

export class HubStore {
  private readonly database: HubDatabase;
  private currentStatus: StorageStatus = { state: 'opening' };
  private readonly onStatus: (status: StorageStatus) => void;

  constructor(options: HubStoreOptions) {
    this.onStatus = options.onStatus;
    this.database = new HubDatabase(options.name ?? HUB_DATABASE_NAME, options.indexedDB);
    // An old tab's hub holds the database open while a newer build wants to upgrade it.
    this.database.on('blocked', () => this.setStatus({ state: 'blocked', detail: 'An older version of the app keeps the local cache open.' }));
    // A newer build upgrades the database: let it, and go on from memory.
    this.database.on('versionchange', () => {
      this.database.close({ disableAutoOpen: true });
      this.setStatus({ state: 'closed', detail: 'A newer version of the app took over the local cache.' });
    });
  }

  get status(): StorageStatus {
    return this.currentStatus;
  }

  /** Opens the database; a failure is reported through the status, never thrown. */
  async open(): Promise<void> {
    try {
      await this.database.open();
      if (this.currentStatus.state === 'opening' || this.currentStatus.state === 'blocked') this.setStatus({ state: 'ok' });
    } catch (error) {
      this.fail(error);
    }
  }

  close(): void {
    this.database.close({ disableAutoOpen: true });
  }

  readQuotes(): Promise<Quote[]> {
    return this.read(() => this.database.quotes.toArray(), []);
  }

  writeQuotes(quotes: Quote[]): Promise<void> {
    return this.write(() => this.database.quotes.bulkPut(quotes));
  }

  readSymbols(): Promise<SymbolsRecord | undefined> {
    return this.read(() => this.database.symbols.get('all'), undefined);
  }

  writeSymbols(symbols: MarketSymbol[], fetchedAt: number): Promise<void> {
    return this.write(() => this.database.symbols.put({ key: 'all', symbols, fetchedAt }));
  }

  readConfig(language: Language): Promise<ConfigRecord | undefined> {
    return this.read(() => this.database.config.get(language), undefined);
  }

  writeConfig(language: Language, config: SiteConfig, fetchedAt: number): Promise<void> {
    return this.write(() => this.database.config.put({ language, config, fetchedAt }));
  }

  /** The cached home config, unless it has expired (expired entries are deleted). */
  readHome(language: Language, referralCode: string | null, now: number): Promise<HomeRecord | undefined> {
    return this.read(async () => {
      await this.database.home.where('expiresAt').belowOrEqual(now).delete();
      return this.database.home.get(homeKey(language, referralCode));
    }, undefined);
  }

  writeHome(language: Language, referralCode: string | null, home: Home, expiresAt: number): Promise<void> {
    return this.write(() => this.database.home.put({ key: homeKey(language, referralCode), home, expiresAt }));
  }

  readPopupRecords(): Promise<PopupRecord[]> {
    return this.read(() => this.database.popupNotices.toArray(), []);
  }

  writePopupRecord(record: PopupRecord): Promise<void> {
    return this.write(() => this.database.popupNotices.put(record));
  }

  readSession(): Promise<SessionRecord | undefined> {
    return this.read(() => this.database.session.get('current'), undefined);
  }

  /** A new identity: its profile, and no notification state yet. */
  writeSession(profile: Profile, notifications: NotificationState | null): Promise<void> {
    return this.write(() => this.database.session.put({ key: 'current', profile, notifications }));
  }

  /** The same identity's profile read again: the notification state it had stays. */
  writeProfile(profile: Profile): Promise<void> {
    const { session } = this.database;
    return this.write(() =>
      this.database.transaction('rw', session, async () => {
        const current = await session.get('current');
        await session.put({ key: 'current', profile, notifications: current?.notifications ?? null });
      }),
    );
  }

  /** The signed-in user's notification state; nothing while nobody is signed in. */
  writeNotifications(notifications: NotificationState | null): Promise<void> {
    return this.write(() => this.database.session.update('current', { notifications }));
  }

  /**
   * Sign-out drops the session data (spec 4, R-STATE-14: "Reset clears all session data except
   * the home config"): the profile and notification state, the symbol list (a test account sees
   * test-only symbols) and the config. The home config stays, and so do market quotes and the
   * popup record, which are not the user's: they are the same for anyone on this device.
   */
  clearUserData(): Promise<void> {
    const { session, symbols, config } = this.database;
    return this.write(() =>
      this.database.transaction('rw', [session, symbols, config], async () => {
        await Promise.all([session.clear(), symbols.clear(), config.clear()]);
      }),
    );
  }

  private usable(): boolean {
    return this.currentStatus.state === 'ok';
  }

  private async read<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
    if (!this.usable()) return fallback;
    try {
      return await operation();
    } catch (error) {
      this.fail(error);
      return fallback;
    }
  }

  private async write(operation: () => Promise<unknown>): Promise<void> {
    if (!this.usable()) return;
    try {
      await operation();
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    // A closed database stays described by the reason it closed.
    if (this.currentStatus.state === 'closed') return;
    this.setStatus({ state: storageStateOf(error), detail: messageOf(error) });
  }

  private setStatus(status: StorageStatus): void {
    this.currentStatus = status;
    this.onStatus(status);
  }
}
