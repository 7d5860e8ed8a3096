// Proves what a list shows offline: the category's stored listing joined by its stored articles, else those articles, pinned first and newest first; searches over stored articles; and when a category counts as saved for offline.
import { describe, expect, it } from 'vitest';
import type { Category, Post, PostSummary } from '../../../../src/shared/api/content';
import {
  appendPosts,
  categoryTreeIds,
  isCategorySaved,
  offlineList,
  searchStoredArticles,
  sortNewest,
  storeKey,
  type SavedCategory,
  type StoredArticle,
  type StoredListing,
} from '../../../../src/app/features/content/offlineList';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = 1_760_000_000_000;

/** Announcements 10 with 11 and 12 below it, as the server answers the root's listing. */
const ROOT: Category = {
  id: 10,
  name: 'Announcements',
  kind: 'announcement',
  parentId: null,
  children: [
    { id: 11, name: 'New listings' },
    { id: 12, name: 'Platform updates' },
  ],
};
const LISTINGS: Category = { id: 11, name: 'New listings', kind: 'announcement', parentId: 10, children: [] };

function summary(id: number, categoryId: number, daysAgo: number, pinned = false): PostSummary {
  return { id, categoryId, title: `Title ${id}`, summary: `Summary ${id}`, publishedAt: NOW - daysAgo * DAY_MS, pinned, coverUrl: '' };
}

function article(id: number, categoryId: number, daysAgo: number, options: { pinned?: boolean; body?: string } = {}): StoredArticle {
  const post: Post = {
    id,
    categoryId,
    slug: null,
    title: `Title ${id}`,
    summary: `Summary ${id}`,
    body: options.body ?? `Body of ${id}`,
    publishedAt: NOW - daysAgo * DAY_MS,
    updatedAt: NOW - daysAgo * DAY_MS,
    lang: 'en',
    coverUrl: '',
  };
  return { key: storeKey('en', id), language: 'en', id, slug: '', categoryId, post, pinned: options.pinned ?? false, storedAt: NOW };
}

function listing(category: Category, posts: PostSummary[]): StoredListing {
  return { key: storeKey('en', category.id), language: 'en', categoryId: category.id, category, posts, total: posts.length, storedAt: NOW };
}

const ids = (posts: readonly PostSummary[]) => posts.map((post) => post.id);

describe('categoryTreeIds', () => {
  it('takes a category with the children it lists and the categories that name it as their parent', () => {
    expect(categoryTreeIds(10, [ROOT])).toEqual([10, 11, 12]);
    expect(categoryTreeIds(10, [LISTINGS])).toEqual([10, 11]);
    expect(categoryTreeIds(11, [ROOT, LISTINGS])).toEqual([11]);
  });

  it('is the category alone when the device knows nothing of it', () => {
    expect(categoryTreeIds(20, [ROOT])).toEqual([20]);
  });
});

describe('sortNewest and appendPosts', () => {
  it('puts pinned posts first, then the newest, then the higher id', () => {
    const posts = [summary(1, 11, 5), summary(2, 11, 1), summary(3, 11, 9, true), summary(4, 11, 1)];
    expect(ids(sortNewest(posts))).toEqual([3, 4, 2, 1]);
  });

  it('leaves out posts a further page repeats', () => {
    expect(ids(appendPosts([summary(5, 11, 1), summary(4, 11, 2)], [summary(4, 11, 2), summary(3, 11, 3)]))).toEqual([5, 4, 3]);
  });
});

describe('offlineList', () => {
  it('shows the stored listing, joined by stored articles of the category it did not have', () => {
    const stored = listing(ROOT, [summary(7, 11, 2, true), summary(6, 12, 1)]);
    // 9 was opened from a search; 8 belongs to another section.
    const articles = [article(6, 12, 1), article(9, 12, 0), article(8, 21, 0)];
    const result = offlineList({ categoryId: 10, listing: stored, articles, categories: [ROOT] });
    expect(result.source).toBe('listing');
    expect(ids(result.posts)).toEqual([7, 9, 6]);
  });

  it('keeps the listing’s pinned mark and takes the stored article’s for the ones it adds', () => {
    const stored = listing(LISTINGS, [summary(7, 11, 2, true)]);
    const result = offlineList({ categoryId: 11, listing: stored, articles: [article(5, 11, 9, { pinned: true })], categories: [ROOT] });
    expect(result.posts.map((post) => [post.id, post.pinned])).toEqual([
      [7, true],
      [5, true],
    ]);
  });

  it('without a listing, shows the stored articles of the category and its sub-categories, newest first', () => {
    const articles = [article(1, 11, 9), article(2, 12, 1), article(3, 21, 0)];
    const result = offlineList({ categoryId: 10, listing: undefined, articles, categories: [ROOT] });
    expect(result.source).toBe('articles');
    expect(ids(result.posts)).toEqual([2, 1]);
    expect(result.posts[0]).toEqual(summary(2, 12, 1));
  });

  it('of a sub-category, shows only its own stored articles', () => {
    const articles = [article(1, 11, 9), article(2, 12, 1)];
    expect(ids(offlineList({ categoryId: 11, listing: undefined, articles, categories: [ROOT] }).posts)).toEqual([1]);
  });

  it('has nothing to show when the device kept nothing of the category', () => {
    expect(offlineList({ categoryId: 10, listing: undefined, articles: [article(3, 21, 0)], categories: [ROOT] })).toEqual({ source: 'none', posts: [] });
  });
});

describe('searchStoredArticles', () => {
  const articles = [
    article(1, 11, 3, { body: 'Deposits of SOL open on Monday.' }),
    article(2, 12, 1, { body: 'Scheduled maintenance.' }),
    article(3, 21, 0, { body: 'Sol in the college.' }),
  ];

  it('matches title, summary or body in any case, within the category tree', () => {
    expect(ids(searchStoredArticles(articles, ' sol ', [10, 11, 12]))).toEqual([1]);
    expect(ids(searchStoredArticles(articles, 'TITLE', [10, 11, 12]))).toEqual([2, 1]);
    expect(ids(searchStoredArticles(articles, 'summary 3', [20, 21]))).toEqual([3]);
  });

  it('finds nothing for a blank search', () => {
    expect(searchStoredArticles(articles, '   ', [10, 11, 12])).toEqual([]);
  });
});

describe('isCategorySaved', () => {
  const saved: SavedCategory = { key: storeKey('en', 11), language: 'en', categoryId: 11, postIds: [1, 2], savedAt: NOW };

  it('is saved while every saved article and every shown one is on the device', () => {
    expect(isCategorySaved(saved, [summary(1, 11, 1), summary(2, 11, 2)], new Set([1, 2, 9]))).toBe(true);
  });

  it('is not saved before a save, after an article was dropped, or when a new article shows', () => {
    expect(isCategorySaved(undefined, [summary(1, 11, 1)], new Set([1]))).toBe(false);
    expect(isCategorySaved(saved, [summary(1, 11, 1)], new Set([1]))).toBe(false);
    expect(isCategorySaved(saved, [summary(3, 11, 0), summary(1, 11, 1), summary(2, 11, 2)], new Set([1, 2]))).toBe(false);
  });
});
