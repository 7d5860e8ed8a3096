/**
 * A list of articles: each a link to its detail page with its title (pinned ones marked), its
 * summary, its date in the page language's order and whether it is kept on this device. When the
 * list is the device's (offline), the articles the device does not have say they need the network.
 */
import { useLingui } from '@lingui/react/macro';
import type { PostSummary } from '../../../shared/api/content';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { PageLink } from '../../ui/PageLink';
import styles from './content.module.css';

export interface PostListProps {
  posts: readonly PostSummary[];
  language: Language;
  detailPath: (id: number) => string;
  storedIds: ReadonlySet<number>;
  /** The list is the device's: mark what cannot be opened without the network. */
  offline: boolean;
  /** Titles and dates only (the brief announcements). */
  compact?: boolean;
  testId?: string;
}

export function PostList({ posts, language, detailPath, storedIds, offline, compact = false, testId = 'post-list' }: PostListProps) {
  return (
    <ul className={compact ? `${styles.list} ${styles.compactList}` : styles.list} data-testid={testId}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostRow post={post} language={language} to={detailPath(post.id)} stored={storedIds.has(post.id)} offline={offline} compact={compact} />
        </li>
      ))}
    </ul>
  );
}

function PostRow({ post, language, to, stored, offline, compact }: { post: PostSummary; language: Language; to: string; stored: boolean; offline: boolean; compact: boolean }) {
  const { t } = useLingui();
  const available = stored || !offline;
  return (
    <PageLink
      to={to}
      className={styles.row}
      data-testid="post-row"
      data-id={post.id}
      data-stored={stored ? 'true' : 'false'}
      data-available={available ? 'true' : 'false'}
    >
      {post.coverUrl && !compact ? <img className={styles.thumb} src={post.coverUrl} alt="" loading="lazy" /> : null}
      <span className={styles.rowText}>
        <span className={styles.rowTitle} data-testid="post-title">
          {post.pinned ? <span className={styles.pinned}>{t({ message: 'Pinned', comment: 'Badge of an article kept at the top of the list' })}</span> : null}
          {post.title}
        </span>
        {post.summary && !compact ? <span className={styles.summary}>{post.summary}</span> : null}
        <span className={styles.rowMeta}>
          <time dateTime={new Date(post.publishedAt).toISOString()} data-testid="post-date">
            {formatDate(post.publishedAt, language)}
          </time>
          {stored ? (
            <span className={styles.storedBadge} data-testid="post-stored">
              <CheckIcon />
              {t`Available offline`}
            </span>
          ) : null}
          {available ? null : (
            <span className={styles.networkBadge} data-testid="post-needs-network">
              {t`Needs the network`}
            </span>
          )}
        </span>
      </span>
      <ChevronIcon />
    </PageLink>
  );
}

export function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="m3.5 8.5 3 3 6-7" />
    </svg>
  );
}

function ChevronIcon() {
  return (
    <svg className={styles.chevron} viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="m6 3.5 4.5 4.5L6 12.5" />
    </svg>
  );
}
