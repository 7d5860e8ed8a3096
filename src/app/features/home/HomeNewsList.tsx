/**
 * Home/HomeNewsList and Home/HomeTips (spec 2): the latest announcements and the college's
 * newest articles, each a link to the article's page.
 */
import { useLingui } from '@lingui/react/macro';
import type { PostSummary } from '../../../shared/api/content';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { PageLink } from '../../ui/PageLink';
import { announcementPath, collegeArticlePath } from '../../../shared/content-sections';
import styles from './home.module.css';

function ArticleLinks({ posts, language, pathOf, testId }: { posts: readonly PostSummary[]; language: Language; pathOf: (id: number) => string; testId: string }) {
  return (
    <ul className={styles.articles}>
      {posts.map((post) => (
        <li key={post.id}>
          <PageLink to={pathOf(post.id)} className={styles.article} data-testid={testId} data-id={post.id}>
            <span className={styles.articleTitle}>{post.title}</span>
            <time className={styles.articleDate} dateTime={new Date(post.publishedAt).toISOString()}>
              {formatDate(post.publishedAt, language)}
            </time>
          </PageLink>
        </li>
      ))}
    </ul>
  );
}

export function HomeNewsList({ news, language }: { news: readonly PostSummary[]; language: Language }) {
  const { t } = useLingui();
  return (
    <section className={styles.section} aria-labelledby="home-news-heading" data-testid="home-news">
      <div className={styles.sectionHeader}>
        <h2 id="home-news-heading" className={styles.sectionTitle}>
          {t`News`}
        </h2>
        <PageLink to="/announcements" className={styles.more}>
          {t`More`}
        </PageLink>
      </div>
      {news.length > 0 ? <ArticleLinks posts={news} language={language} pathOf={announcementPath} testId="home-news-link" /> : <p className={styles.muted}>{t`No news yet.`}</p>}
    </section>
  );
}

export function HomeTips({ tips, language }: { tips: readonly PostSummary[]; language: Language }) {
  const { t } = useLingui();
  return (
    <section className={styles.section} aria-labelledby="home-tips-heading" data-testid="home-tips">
      <div className={styles.sectionHeader}>
        <h2 id="home-tips-heading" className={styles.sectionTitle}>
          {t`Tips`}
        </h2>
        <PageLink to="/college" className={styles.more}>
          {t`College`}
        </PageLink>
      </div>
      {tips.length > 0 ? <ArticleLinks posts={tips} language={language} pathOf={collegeArticlePath} testId="home-tip-link" /> : <p className={styles.muted}>{t`No tips yet.`}</p>}
    </section>
  );
}
