/**
 * One article for a screen: the server's copy when it answers (then kept on the device for
 * offline reading), else the device's copy, else a note that it needs the network. The device's
 * copy shows at once while the server is asked, so a slow connection reads without waiting; an
 * article the device does not have loads by itself when the browser is back online.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Post } from '../../../shared/api/content';
import type { Language } from '../../../shared/languages';
import { useRetryWhenOnline } from '../../pwa/connectivity';
import { readArticle, storeArticle } from './articleStore';
import { fetchPost, type PostKey } from '../../api/content';

export type ArticleView =
  | { phase: 'loading' }
  /**
   * The server's copy (`storedAt` undefined) or the device's (`checking` while the server is asked);
   * `kept` once the server's copy is stored on the device for offline reading.
   */
  | { phase: 'ready'; post: Post; storedAt?: number; checking: boolean; kept?: boolean }
  | { phase: 'needsNetwork' }
  | { phase: 'missing' };

function keyText(key: PostKey | undefined): string {
  if (!key) return '';
  return 'id' in key ? `id:${key.id}` : `slug:${key.slug}`;
}

export function useArticle(language: Language, key: PostKey | undefined, pinned?: boolean): { view: ArticleView; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const articleKey = `${language}|${keyText(key)}`;
  const requestKey = `${articleKey}|${attempt}`;
  const [result, setResult] = useState<{ articleKey: string; requestKey: string; view: ArticleView } | null>(null);

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const show = (view: ArticleView) => setResult({ articleKey, requestKey, view });
    let answered = false;
    const stored = readArticle(language, key);
    void stored.then((article) => {
      if (controller.signal.aborted || answered || !article) return;
      show({ phase: 'ready', post: article.post, storedAt: article.storedAt, checking: true });
    });
    void fetchPost(key, controller.signal).then(async (outcome) => {
      if (controller.signal.aborted) return;
      answered = true;
      if (outcome.ok) {
        show({ phase: 'ready', post: outcome.data, checking: false });
        void storeArticle(language, outcome.data, pinned).then((kept) => {
          if (kept && !controller.signal.aborted) show({ phase: 'ready', post: outcome.data, checking: false, kept: true });
        });
        return;
      }
      if (outcome.failure === 'refused') {
        show({ phase: 'missing' });
        return;
      }
      const article = await stored;
      if (controller.signal.aborted) return;
      show(article ? { phase: 'ready', post: article.post, storedAt: article.storedAt, checking: false } : { phase: 'needsNetwork' });
    });
    return () => controller.abort();
    // requestKey stands for language, key and attempt; pinned only matters when the article is stored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  useRetryWhenOnline(retry);
  return { view: currentView(key, result, articleKey, requestKey), retry };
}

/** What shows while a request is on its way: a retry of the same article keeps what is shown. */
function currentView(
  key: PostKey | undefined,
  result: { articleKey: string; requestKey: string; view: ArticleView } | null,
  articleKey: string,
  requestKey: string,
): ArticleView {
  if (!key) return { phase: 'missing' };
  if (result?.requestKey === requestKey) return result.view;
  if (result?.articleKey === articleKey) return result.view.phase === 'ready' ? { ...result.view, checking: true } : result.view;
  return { phase: 'loading' };
}
