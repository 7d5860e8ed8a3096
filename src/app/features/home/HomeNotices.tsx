/** Home/HomeNotices (spec 2): the notice bar with the latest announcements, each a link to it. */
import { useLingui } from '@lingui/react/macro';
import type { PostSummary } from '../../../shared/api/content';
import { PageLink } from '../../ui/PageLink';
import { announcementPath } from '../../../shared/content-sections';
import styles from './home.module.css';

export function HomeNotices({ notices }: { notices: readonly PostSummary[] }) {
  const { t } = useLingui();
  if (notices.length === 0) return null;
  return (
    <nav className={styles.noticeBar} aria-label={t`Latest announcements`} data-testid="home-notices">
      <svg className={styles.noticeIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M4 10v4h3l5 4V6L7 10H4zm12.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z" fill="currentColor" />
      </svg>
      <ul className={styles.noticeList}>
        {notices.map((notice) => (
          <li key={notice.id}>
            <PageLink to={announcementPath(notice.id)} className={styles.noticeLink} data-testid="home-notice">
              {notice.title}
            </PageLink>
          </li>
        ))}
      </ul>
      <PageLink to="/announcements" className={styles.more}>
        {t`More`}
      </PageLink>
    </nav>
  );
}
