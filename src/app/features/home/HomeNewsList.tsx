/**
 * Home/HomeNewsList and Home/HomeTips (spec 2): the latest announcements and the college's
 * newest articles, each a link to the article's page.
 */
import { useLingui } from '@lingui/react/macro';
import type { PostSummary } from '../../../shared/api/content';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
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
    <Panel
      aria-labelledby="home-news-heading"
      data-testid="home-news"
      title={<span id="home-news-heading">{t`News`}</span>}
      actions={
        <PageLink to="/announcements" className={styles.more}>
          {t`More`}
        </PageLink>
      }
    >
      {news.length > 0 ? (
        <ArticleLinks posts={news} language={language} pathOf={announcementPath} testId="home-news-link" />
      ) : (
        <StatusMessage tone="neutral" title={t`No news yet.`} headingLevel={3} />
      )}
    </Panel>
  );
}

export function HomeTips({ tips, language }: { tips: readonly PostSummary[]; language: Language }) {
  const { t } = useLingui();
  return (
    <Panel
      aria-labelledby="home-tips-heading"
      data-testid="home-tips"
      title={<span id="home-tips-heading">{t`Tips`}</span>}
      actions={
        <PageLink to="/college" className={styles.more}>
          {t`College`}
        </PageLink>
      }
    >
      {tips.length > 0 ? (
        <ArticleLinks posts={tips} language={language} pathOf={collegeArticlePath} testId="home-tip-link" />
      ) : (
        <StatusMessage tone="neutral" title={t`No tips yet.`} headingLevel={3} />
      )}
    </Panel>
  );
}
