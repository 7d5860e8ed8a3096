/**
 * A list of articles: each a link to its detail page with its title (pinned ones marked), its
 * summary, its date in the page language's order and whether it is kept on this device. When the
 * list is the device's (offline), the articles the device does not have say they need the network.
 */
import { useLingui } from '@lingui/react/macro';
import type { PostSummary } from '../../../shared/api/content';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { Badge } from '../../ui/Badge';
import { ArrowIcon, CheckIcon } from '../../ui/icons';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
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
    <Panel flush>
      <ul className={compact ? `${styles.list} ${styles.compactList}` : styles.list} data-testid={testId}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostRow post={post} language={language} to={detailPath(post.id)} stored={storedIds.has(post.id)} offline={offline} compact={compact} />
          </li>
        ))}
      </ul>
    </Panel>
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
          {post.pinned ? (
            <Badge tone="brand" className={styles.pinned}>
              {t({ message: 'Pinned', comment: 'Badge of an article kept at the top of the list' })}
            </Badge>
          ) : null}
          {post.title}
        </span>
        {post.summary && !compact ? <span className={styles.summary}>{post.summary}</span> : null}
        <span className={styles.rowMeta}>
          <time dateTime={new Date(post.publishedAt).toISOString()} data-testid="post-date">
            {formatDate(post.publishedAt, language)}
          </time>
          {stored ? (
            <Badge tone="success" data-testid="post-stored">
              <CheckIcon size={14} />
              {t`Available offline`}
            </Badge>
          ) : null}
          {available ? null : <Badge data-testid="post-needs-network">{t`Needs the network`}</Badge>}
        </span>
      </span>
      <ArrowIcon direction="right" size={16} className={styles.chevron} />
    </PageLink>
  );
}
