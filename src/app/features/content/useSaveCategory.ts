/**
 * "Save for offline" on a list: reads the whole category from the server (every page), then
 * each of its articles, and keeps them on the device with the category's list; cover images are
 * loaded as images, so the service worker's image cache keeps them too. The progress is state
 * the button shows; whether the category is saved is derived from what the device holds
 * (isCategorySaved), so it stays true across visits and tabs until a new article appears.
 */
import { useState } from 'react';
import type { PostSummary } from '../../../shared/api/content';
import { LIST_PAGE_MAX } from '../../../shared/constants';
import type { Language } from '../../../shared/languages';
import { storeArticle, storeListing, storeSavedCategory, useSavedCategory, useStoredArticleIds } from './articleStore';
import { fetchListing, fetchPost, type ListingPage } from '../../api/content';
import { appendPosts, isCategorySaved } from './offlineList';

/** Articles fetched at the same time while saving: enough to be quick, few enough not to crowd the page's own calls. */
const SAVE_PARALLEL_MAX = 3;
/** A bound on the pages read for one category (LIST_PAGE_MAX articles each). */
const SAVE_PAGES_MAX = 20;

export type SaveProgress = { phase: 'idle' } | { phase: 'saving'; done: number; total: number } | { phase: 'failed'; failed: number; total: number };

/** Every article of a category: its listing read page after page. */
async function readWholeCategory(categoryId: number): Promise<ListingPage | null> {
  let whole: ListingPage | null = null;
  for (let page = 0; page < SAVE_PAGES_MAX; page += 1) {
    const outcome = await fetchListing({ id: categoryId, offset: whole?.posts.length ?? 0, limit: LIST_PAGE_MAX });
    if (!outcome.ok) return null;
    const posts = appendPosts(whole?.posts ?? [], outcome.data.posts);
    const added = posts.length - (whole?.posts.length ?? 0);
    whole = { ...outcome.data, posts };
    if (added === 0 || posts.length >= outcome.data.total) break;
  }
  return whole;
}

/** Loads an image as the page would show it, so that the service worker caches it. */
async function warmImage(url: string): Promise<void> {
  if (!url) return;
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    console.warn(`Save for offline: the image ${url} could not be loaded`, error);
  }
}

async function saveArticle(language: Language, summary: PostSummary): Promise<boolean> {
  const outcome = await fetchPost({ id: summary.id });
  if (!outcome.ok) return false;
  const stored = await storeArticle(language, outcome.data, summary.pinned);
  await warmImage(outcome.data.coverUrl);
  return stored;
}

export function useSaveCategory(language: Language, categoryId: number, shown: readonly PostSummary[]) {
  const [progress, setProgress] = useState<SaveProgress>({ phase: 'idle' });
  const storedIds = useStoredArticleIds(language);
  const saved = isCategorySaved(useSavedCategory(language, categoryId), shown, storedIds);

  const save = async () => {
    setProgress({ phase: 'saving', done: 0, total: shown.length });
    const whole = await readWholeCategory(categoryId);
    if (!whole) {
      setProgress({ phase: 'failed', failed: shown.length, total: shown.length });
      return;
    }
    const total = whole.posts.length;
    setProgress({ phase: 'saving', done: 0, total });
    await storeListing(language, whole);
    let done = 0;
    let failed = 0;
    const queue = [...whole.posts];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if (await saveArticle(language, next)) done += 1;
        else failed += 1;
        setProgress({ phase: 'saving', done: done + failed, total });
      }
    };
    await Promise.all(Array.from({ length: Math.min(SAVE_PARALLEL_MAX, total) }, worker));
    if (failed > 0) {
      setProgress({ phase: 'failed', failed, total });
      return;
    }
    await storeSavedCategory(
      language,
      categoryId,
      whole.posts.map((post) => post.id),
    );
    setProgress({ phase: 'idle' });
  };

  return { progress, saved, storedIds, save };
}
