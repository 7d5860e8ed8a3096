/**
 * What a list of articles shows when the network does not answer, as pure rules over what the
 * device kept (articleStore.ts): the listing of that category as last seen, and the articles
 * opened or saved in that language. The listing comes first; articles of the category the
 * listing did not have (opened from a search, saved later) join it; without a listing the
 * stored articles of the category are the list. Lists read newest first with pinned articles on
 * top, the order the server uses for announcements and college.
 */
import type { Category, Post, PostSummary } from '../../../shared/api/content';
import type { Language } from '../../../shared/languages';

/** An article kept on the device, in the language it was read in. */
export interface StoredArticle {
  /** `${language}:${id}` */
  key: string;
  language: Language;
  id: number;
  /** The page's name ('about', 'user-protection'), '' for articles without one (an index needs a value). */
  slug: string;
  categoryId: number;
  post: Post;
  /** From the list it was opened from; an article opened by its address is not pinned. */
  pinned: boolean;
  /** When the device stored it (ms since the epoch). */
  storedAt: number;
}

/** A category's list as the user last saw it, in one language (the pages loaded so far). */
export interface StoredListing {
  /** `${language}:${categoryId}` */
  key: string;
  language: Language;
  categoryId: number;
  category: Category;
  posts: PostSummary[];
  total: number;
  storedAt: number;
}

/** A category the user saved for offline reading: the articles it had then. */
export interface SavedCategory {
  /** `${language}:${categoryId}` */
  key: string;
  language: Language;
  categoryId: number;
  postIds: number[];
  savedAt: number;
}

export function storeKey(language: Language, id: number): string {
  return `${language}:${id}`;
}

/** A category and every category below it that the device knows of (from the listings it kept). */
export function categoryTreeIds(rootId: number, known: readonly Pick<Category, 'id' | 'parentId' | 'children'>[]): number[] {
  const ids = [rootId];
  for (let index = 0; index < ids.length; index += 1) {
    const id = ids[index];
    const below = [
      ...known.filter((category) => category.parentId === id).map((category) => category.id),
      ...known.filter((category) => category.id === id).flatMap((category) => category.children.map((child) => child.id)),
    ];
    for (const child of below) if (!ids.includes(child)) ids.push(child);
  }
  return ids;
}

/** The list entry of a stored article. */
export function summaryOfArticle(article: StoredArticle): PostSummary {
  const { post } = article;
  return {
    id: post.id,
    categoryId: post.categoryId,
    title: post.title,
    summary: post.summary,
    publishedAt: post.publishedAt,
    pinned: article.pinned,
    coverUrl: post.coverUrl,
  };
}

/** Pinned first, then newest first (ties: the higher id), as the server lists announcements and college. */
export function sortNewest<T extends Pick<PostSummary, 'id' | 'pinned' | 'publishedAt'>>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.publishedAt - a.publishedAt || b.id - a.id);
}

/** A further page after the posts shown: posts the page repeats (new ones shifted the offsets) are left out. */
export function appendPosts(shown: readonly PostSummary[], page: readonly PostSummary[]): PostSummary[] {
  const ids = new Set(shown.map((post) => post.id));
  return [...shown, ...page.filter((post) => !ids.has(post.id))];
}

export type OfflineSource = 'listing' | 'articles' | 'none';

export interface OfflineList {
  source: OfflineSource;
  posts: PostSummary[];
}

/**
 * The list of a category offline: its stored listing joined by the stored articles of the
 * category (and its sub-categories) the listing lacks; else those stored articles alone.
 */
export function offlineList(input: {
  categoryId: number;
  listing: StoredListing | undefined;
  articles: readonly StoredArticle[];
  categories: readonly Category[];
}): OfflineList {
  const tree = new Set(categoryTreeIds(input.categoryId, input.categories));
  const stored = input.articles.filter((article) => tree.has(article.categoryId));
  if (input.listing) {
    const listed = new Set(input.listing.posts.map((post) => post.id));
    const extra = stored.filter((article) => !listed.has(article.id)).map(summaryOfArticle);
    return { source: 'listing', posts: sortNewest([...input.listing.posts, ...extra]) };
  }
  if (stored.length > 0) return { source: 'articles', posts: sortNewest(stored.map(summaryOfArticle)) };
  return { source: 'none', posts: [] };
}

/**
 * A search offline: the stored articles of the category tree whose title, summary or body holds
 * the text, whatever the case (the server's search matches the same fields).
 */
export function searchStoredArticles(articles: readonly StoredArticle[], text: string, treeIds: readonly number[]): PostSummary[] {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return [];
  const tree = new Set(treeIds);
  const matches = articles.filter(
    (article) =>
      tree.has(article.categoryId) &&
      [article.post.title, article.post.summary, article.post.body].some((field) => field.toLocaleLowerCase().includes(needle)),
  );
  return sortNewest(matches.map(summaryOfArticle));
}

/**
 * Whether a category is saved for offline reading: it was saved, every article it had then is
 * still on the device, and so is every article the list shows now (one published since the save
 * makes it unsaved again).
 */
export function isCategorySaved(saved: SavedCategory | undefined, shown: readonly Pick<PostSummary, 'id'>[], storedIds: ReadonlySet<number>): boolean {
  if (!saved) return false;
  return saved.postIds.every((id) => storedIds.has(id)) && shown.every((post) => storedIds.has(post.id));
}
