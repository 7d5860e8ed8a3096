/**
 * A category's list for a screen, page by page: the server's when it answers (then kept on the
 * device as the category's list as last seen), else what the device has (offlineList.ts), with a
 * search matched against the stored articles. Offline, the list loads again by itself when the
 * browser is back online. Also the category of a section root (its sub-categories are the tabs
 * and the left navigation), from the server or as the device last saw it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Category, PostSummary } from '../../../shared/api/content';
import type { Language } from '../../../shared/languages';
import { useRetryWhenOnline } from '../../pwa/connectivity';
import { readArticles, readCategories, readCategory, readListing, storeCategory, storeListing } from './articleStore';
import { fetchListing } from '../../api/content';
import { appendPosts, categoryTreeIds, offlineList, searchStoredArticles, type OfflineSource } from './offlineList';

/** Articles per page of a list: the server's default page. */
export const CONTENT_PAGE_SIZE = 20;

export interface ListingView {
  phase: 'loading' | 'ready' | 'missing';
  /** 'network': the server's list; otherwise what the device had ('none': nothing). */
  source: 'network' | OfflineSource;
  category: Category | undefined;
  posts: PostSummary[];
  total: number;
  loadingMore: boolean;
  loadMoreFailed: boolean;
}

const LOADING: ListingView = { phase: 'loading', source: 'network', category: undefined, posts: [], total: 0, loadingMore: false, loadMoreFailed: false };

/** What the device has for a list: the category's listing and stored articles, or the stored articles matching a search. */
async function deviceListing(language: Language, categoryId: number, search: string | undefined): Promise<Omit<ListingView, 'phase' | 'loadingMore' | 'loadMoreFailed'>> {
  const [listing, articles, categories] = await Promise.all([readListing(language, categoryId), readArticles(language), readCategories(language)]);
  const category = listing?.category ?? categories.find((candidate) => candidate.id === categoryId);
  if (search) {
    const posts = searchStoredArticles(articles, search, categoryTreeIds(categoryId, categories));
    return { source: posts.length > 0 ? 'articles' : 'none', category, posts, total: posts.length };
  }
  const offline = offlineList({ categoryId, listing, articles, categories });
  return { source: offline.source, category, posts: offline.posts, total: offline.posts.length };
}

export function useListing(options: { language: Language; categoryId: number; search?: string; pageSize?: number }) {
  const { language, categoryId, search } = options;
  const pageSize = options.pageSize ?? CONTENT_PAGE_SIZE;
  const [attempt, setAttempt] = useState(0);
  const listKey = `${language}|${categoryId}|${pageSize}|${search ?? ''}`;
  const requestKey = `${listKey}|${attempt}`;
  const [result, setResult] = useState<{ listKey: string; requestKey: string; view: ListingView } | null>(null);
  // Answers for a list the screen has left (another category, another search) are dropped.
  const latestRequest = useRef(requestKey);

  useEffect(() => {
    latestRequest.current = requestKey;
    const controller = new AbortController();
    const show = (view: ListingView) => setResult({ listKey, requestKey, view });
    void fetchListing({ id: categoryId, q: search, offset: 0, limit: pageSize }, controller.signal).then(async (outcome) => {
      if (controller.signal.aborted) return;
      if (outcome.ok) {
        show({ ...LOADING, phase: 'ready', ...outcome.data });
        if (!search) void storeListing(language, outcome.data);
        return;
      }
      if (outcome.failure === 'refused') {
        show({ ...LOADING, phase: 'missing' });
        return;
      }
      const device = await deviceListing(language, categoryId, search);
      if (!controller.signal.aborted) show({ ...LOADING, phase: 'ready', ...device });
    });
    return () => controller.abort();
    // requestKey stands for the language, the category, the search, the page size and the attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  // A retry of the same list keeps what is shown until the answer comes.
  const view = result !== null && result.listKey === listKey ? result.view : LOADING;

  const loadMore = () => {
    const request = latestRequest.current;
    // The button is off while a page loads, so the posts shown stay these until it answers.
    const shown = view.posts;
    const update = (change: (previous: ListingView) => ListingView) =>
      setResult((previous) => (previous !== null && previous.requestKey === request ? { ...previous, view: change(previous.view) } : previous));
    update((previous) => ({ ...previous, loadingMore: true, loadMoreFailed: false }));
    void fetchListing({ id: categoryId, q: search, offset: shown.length, limit: pageSize }).then((outcome) => {
      if (latestRequest.current !== request) return;
      if (!outcome.ok) {
        update((previous) => ({ ...previous, loadingMore: false, loadMoreFailed: true }));
        return;
      }
      const posts = appendPosts(shown, outcome.data.posts);
      update((previous) => ({ ...previous, posts, total: outcome.data.total, loadingMore: false }));
      if (!search) void storeListing(language, { category: outcome.data.category, posts, total: outcome.data.total });
    });
  };

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  useRetryWhenOnline(retry);
  const hasMore = view.source === 'network' && view.posts.length < view.total;
  return { view, hasMore, loadMore, retry };
}

/** A section's root category (announcements, college): from the server, else as the device last saw it. */
export function useSectionCategory(language: Language, rootId: number): Category | undefined {
  const [category, setCategory] = useState<Category | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    void fetchListing({ id: rootId, limit: 1 }, controller.signal).then(async (outcome) => {
      if (controller.signal.aborted) return;
      if (outcome.ok) {
        setCategory(outcome.data.category);
        void storeCategory(language, outcome.data.category);
        return;
      }
      const stored = await readCategory(language, rootId);
      if (!controller.signal.aborted && stored) setCategory(stored);
    });
    return () => controller.abort();
  }, [language, rootId, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  useRetryWhenOnline(retry);
  return category;
}
