/**
 * One article on its screen, in each state of useArticle: loading; the article (title, date,
 * cover, body as text), with a note when it is the device's copy read offline; a clear note that
 * it needs the network when the device does not have it; not found.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import type { Post } from '../../../shared/api/content';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { useOnline } from '../../pwa/connectivity';
import { Button } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { ArticleBody } from './ArticleBody';
import styles from './content.module.css';
import { useSiteName } from './ContentFrame';
import { OfflineNotice } from './OfflineNotice';
import type { ArticleView as ArticleState } from './useArticle';

export function ArticleView({ view, retry, language, back }: { view: ArticleState; retry: () => void; language: Language; back?: ReactNode }) {
  const { t } = useLingui();
  switch (view.phase) {
    case 'loading':
      return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} testId="article-loading" />;
    case 'missing':
      return (
        <StatusMessage
          tone="neutral"
          title={t`This article was not found`}
          detail={t`It may have been removed, or the link is incomplete.`}
          headingLevel={2}
          testId="article-missing"
        >
          {back}
        </StatusMessage>
      );
    case 'needsNetwork':
      return <NeedsNetwork retry={retry} back={back} />;
    case 'ready':
      return <ReadyArticle post={view.post} storedAt={view.storedAt} checking={view.checking} kept={view.kept === true} language={language} back={back} />;
  }
}

function ReadyArticle({
  post,
  storedAt,
  checking,
  kept,
  language,
  back,
}: {
  post: Post;
  /** When the device's copy is shown: when it was stored. */
  storedAt: number | undefined;
  /** The device's copy shows while the server is asked: no offline note yet. */
  checking: boolean;
  /** Whether the server's copy is now stored on the device (it reads offline from here on). */
  kept: boolean;
  language: Language;
  back?: ReactNode;
}) {
  const { t } = useLingui();
  const siteName = useSiteName();
  useEffect(() => {
    document.title = `${post.title} | ${siteName}`;
  }, [post.title, siteName]);
  const published = formatDate(post.publishedAt, language);
  const savedOn = storedAt === undefined ? '' : formatDate(storedAt, language, { withTime: true });
  return (
    <Panel>
      <article className={styles.article} data-testid="article" data-id={post.id} data-source={storedAt === undefined ? 'network' : 'device'} data-kept={kept ? 'true' : 'false'}>
        {storedAt === undefined || checking ? null : (
          <OfflineNotice testId="article-offline">{t`You are reading the copy saved on this device on ${savedOn}.`}</OfflineNotice>
        )}
        <header className={styles.articleHeader}>
          <h2 className={styles.articleTitle} data-testid="article-title">
            {post.title}
          </h2>
          <p className={styles.meta}>
            <time dateTime={new Date(post.publishedAt).toISOString()} data-testid="article-date">
              {published}
            </time>
          </p>
        </header>
        {post.coverUrl ? <img className={styles.cover} src={post.coverUrl} alt="" data-testid="article-cover" /> : null}
        <ArticleBody body={post.body} />
        {back ? <footer className={styles.articleFooter}>{back}</footer> : null}
      </article>
    </Panel>
  );
}

function NeedsNetwork({ retry, back }: { retry: () => void; back?: ReactNode }) {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <StatusMessage
      tone="neutral"
      title={t`This article needs the network`}
      detail={
        online
          ? t`It is not saved on this device, and the server could not be reached. Try again in a moment.`
          : t`It is not saved on this device yet. It opens by itself as soon as you are back online.`
      }
      headingLevel={2}
      testId="article-needs-network"
    >
      <div className={styles.actions}>
        <Button variant="secondary" onClick={retry}>
          {t`Try again`}
        </Button>
        {back}
      </div>
    </StatusMessage>
  );
}
