/**
 * Quotes/NewCoinArea (spec 2): the newest posts of the announcements' "New Listings" category,
 * each a link to the announcement.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { PostSummary } from '../../../shared/api/content';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { fetchListing } from '../../api/content';
import { announcementPath } from '../../../shared/content-sections';
import styles from './quotes.module.css';

/** The announcements' sub-category of new listings (the seeded content structure). */
export const NEW_LISTINGS_CATEGORY_ID = 11;
const NEW_COINS_SHOWN = 4;

export function NewCoinArea({ language }: { language: Language }) {
  const { t } = useLingui();
  const [posts, setPosts] = useState<{ language: Language; posts: PostSummary[] } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchListing({ id: NEW_LISTINGS_CATEGORY_ID, limit: NEW_COINS_SHOWN }, controller.signal).then((outcome) => {
      if (!controller.signal.aborted) setPosts({ language, posts: outcome.ok ? outcome.data.posts : [] });
    });
    return () => controller.abort();
  }, [language]);
  const shown = posts?.language === language ? posts.posts : null;
  if (shown !== null && shown.length === 0) return null;
  return (
    <aside className={styles.newCoins} aria-labelledby="new-coins-heading" data-testid="new-coins">
      <Panel title={<span id="new-coins-heading">{t`New listings`}</span>}>
        {shown === null ? (
          <StatusMessage tone="loading" title={t`Loading…`} headingLevel={3} />
        ) : (
          <ul className={styles.newCoinList}>
            {shown.map((post) => (
              <li key={post.id}>
                <PageLink to={announcementPath(post.id)} className={styles.newCoin} data-testid="new-coin">
                  <span className={styles.newCoinTitle}>{post.title}</span>
                  <time dateTime={new Date(post.publishedAt).toISOString()}>{formatDate(post.publishedAt, language)}</time>
                </PageLink>
              </li>
            ))}
          </ul>
        )}
        <PageLink to="/quotes/quotepost" className={styles.more}>
          {t`Market news`}
        </PageLink>
      </Panel>
    </aside>
  );
}
