/**
 * The articles this browser keeps for offline reading (ARCHITECTURE.md, "Offline": API reads that
 * are POSTs cannot live in the Cache API, so the app keeps the articles in IndexedDB; the service
 * worker keeps their images). A database of the tab's own, apart from the hub's: every article a user opens,
 * per language, with the time it was stored; each category's list as last seen; the categories
 * seen (for the tabs and the left navigation offline); and the categories saved for offline.
 *
 * Storage can fail (a private window without IndexedDB, a full disk, a database blocked by an
 * older tab). A failure never throws at the screens: reads answer nothing, writes are dropped,
 * and the problem becomes state the lists show (useArticleStorageProblem).
 */
import { Dexie, liveQuery, type Table } from 'dexie';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Category, Post, PostSummary } from '../../../shared/api/content';
import type { Language } from '../../../shared/languages';
import { storeKey, type SavedCategory, type StoredArticle, type StoredListing } from './offlineList';

export const ARTICLE_DATABASE_NAME = 'exchange-articles';
/** A bound on what the device keeps: past it, the articles stored longest ago go first. */
export const STORED_ARTICLES_MAX = 500;
export const STORED_LISTINGS_MAX = 200;

interface StoredCategory {
  /** `${language}:${id}` */
  key: string;
  language: Language;
  category: Category;
  storedAt: number;
}

class ArticleDatabase extends Dexie {
  articles!: Table<StoredArticle, string>;
  listings!: Table<StoredListing, string>;
  categories!: Table<StoredCategory, string>;
  saved!: Table<SavedCategory, string>;

  constructor() {
    super(ARTICLE_DATABASE_NAME);
    this.version(1).stores({
      articles: 'key, language, [language+categoryId], [language+slug], storedAt',
      listings: 'key, language, storedAt',
      categories: 'key, language',
      saved: 'key, language',
    });
    // A newer build upgrading the database: let it, and open again on the next use.
    this.on('versionchange', () => {
      this.close();
      return false;
    });
  }
}

let database: ArticleDatabase | undefined;

function articleDatabase(): ArticleDatabase {
  database ??= new ArticleDatabase();
  return database;
}

export type StorageProblem = 'full' | 'unavailable';

let storageProblem: StorageProblem | null = null;
const problemListeners = new Set<() => void>();

function reportStorageFailure(action: string, error: unknown): void {
  console.warn(`Articles for offline reading: could not ${action}`, error);
  const name = error instanceof Error ? error.name : '';
  const innerName = (error as { inner?: { name?: string } } | null)?.inner?.name ?? '';
  const problem: StorageProblem = name === 'QuotaExceededError' || innerName === 'QuotaExceededError' ? 'full' : 'unavailable';
  if (problem === storageProblem) return;
  storageProblem = problem;
  for (const listener of problemListeners) listener();
}

function clearStorageProblem(): void {
  if (storageProblem === null) return;
  storageProblem = null;
  for (const listener of problemListeners) listener();
}

/** The device's last storage failure, if the last write did not succeed. */
export function useArticleStorageProblem(): StorageProblem | null {
  return useSyncExternalStore(
    (listener) => {
      problemListeners.add(listener);
      return () => problemListeners.delete(listener);
    },
    () => storageProblem,
  );
}

async function attempt<T>(action: string, work: (db: ArticleDatabase) => Promise<T>, fallback: T, isWrite: boolean): Promise<T> {
  try {
    const result = await work(articleDatabase());
    if (isWrite) clearStorageProblem();
    return result;
  } catch (error) {
    reportStorageFailure(action, error);
    return fallback;
  }
}

async function pruneOldest<T>(table: Table<T, string>, max: number): Promise<void> {
  const excess = (await table.count()) - max;
  if (excess <= 0) return;
  const oldest = await table.orderBy('storedAt').limit(excess).primaryKeys();
  await table.bulkDelete(oldest);
}

/** Keeps an article the user opened (or saved) in the language it was read in. */
export function storeArticle(language: Language, post: Post, pinned?: boolean): Promise<boolean> {
  return attempt(
    'store an article',
    async (db) => {
      const key = storeKey(language, post.id);
      await db.transaction('rw', db.articles, async () => {
        const previous = await db.articles.get(key);
        await db.articles.put({
          key,
          language,
          id: post.id,
          slug: post.slug ?? '',
          categoryId: post.categoryId,
          post,
          pinned: pinned ?? previous?.pinned ?? false,
          storedAt: Date.now(),
        });
        await pruneOldest(db.articles, STORED_ARTICLES_MAX);
      });
      return true;
    },
    false,
    true,
  );
}

export function readArticle(language: Language, key: { id: number } | { slug: string }): Promise<StoredArticle | undefined> {
  return attempt(
    'read an article',
    (db) => ('id' in key ? db.articles.get(storeKey(language, key.id)) : db.articles.where('[language+slug]').equals([language, key.slug]).first()),
    undefined,
    false,
  );
}

export function readArticles(language: Language): Promise<StoredArticle[]> {
  return attempt('read the articles', (db) => db.articles.where('language').equals(language).toArray(), [], false);
}

/** Keeps a category's list as shown, and the category itself (its name and sub-categories). */
export function storeListing(language: Language, listing: { category: Category; posts: PostSummary[]; total: number }): Promise<boolean> {
  return attempt(
    'store a list',
    async (db) => {
      const now = Date.now();
      const key = storeKey(language, listing.category.id);
      await db.transaction('rw', db.listings, db.categories, async () => {
        await db.listings.put({ key, language, categoryId: listing.category.id, ...listing, storedAt: now });
        await db.categories.put({ key, language, category: listing.category, storedAt: now });
        await pruneOldest(db.listings, STORED_LISTINGS_MAX);
      });
      return true;
    },
    false,
    true,
  );
}

export function storeCategory(language: Language, category: Category): Promise<boolean> {
  return attempt(
    'store a category',
    async (db) => {
      await db.categories.put({ key: storeKey(language, category.id), language, category, storedAt: Date.now() });
      return true;
    },
    false,
    true,
  );
}

export function readListing(language: Language, categoryId: number): Promise<StoredListing | undefined> {
  return attempt('read a list', (db) => db.listings.get(storeKey(language, categoryId)), undefined, false);
}

export async function readCategories(language: Language): Promise<Category[]> {
  const records = await attempt('read the categories', (db) => db.categories.where('language').equals(language).toArray(), [], false);
  return records.map((record) => record.category);
}

export function readCategory(language: Language, id: number): Promise<Category | undefined> {
  return attempt('read a category', async (db) => (await db.categories.get(storeKey(language, id)))?.category, undefined, false);
}

export function storeSavedCategory(language: Language, categoryId: number, postIds: number[]): Promise<boolean> {
  return attempt(
    'mark a category saved',
    async (db) => {
      await db.saved.put({ key: storeKey(language, categoryId), language, categoryId, postIds, savedAt: Date.now() });
      return true;
    },
    false,
    true,
  );
}

/**
 * Follows a query of the database (in this tab and, through dexie, in the others): the ids of
 * the stored articles, a saved category. Answers `initial` until the first result.
 */
function useLiveValue<T>(query: () => Promise<T>, initial: T, dependencies: readonly unknown[]): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      error: (error: unknown) => reportStorageFailure('follow the stored articles', error),
    });
    return () => subscription.unsubscribe();
    // The query is rebuilt from the dependencies the caller names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, dependencies);
  return value;
}

const NO_IDS: ReadonlySet<number> = new Set();

/** The ids of the articles stored in a language. */
export function useStoredArticleIds(language: Language): ReadonlySet<number> {
  return useLiveValue(
    async () => {
      try {
        const keys = await articleDatabase().articles.where('language').equals(language).primaryKeys();
        return new Set(keys.map((key) => Number(key.slice(key.indexOf(':') + 1))));
      } catch (error) {
        reportStorageFailure('read the stored articles', error);
        return NO_IDS;
      }
    },
    NO_IDS,
    [language],
  );
}

export function useSavedCategory(language: Language, categoryId: number): SavedCategory | undefined {
  return useLiveValue(
    async () => {
      try {
        return await articleDatabase().saved.get(storeKey(language, categoryId));
      } catch (error) {
        reportStorageFailure('read the saved categories', error);
        return undefined;
      }
    },
    undefined,
    [language, categoryId],
  );
}
