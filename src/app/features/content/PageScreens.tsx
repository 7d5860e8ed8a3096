/**
 * Single articles outside the lists: /Post/detail?id= (where the footer's links go) and the pages
 * the app opens by name, /About (the post named 'about') and /About/UserProtectMeasures
 * ('user-protection'). Like every article, each is kept on the device once opened.
 */
import { useLanguage } from '../../i18n/useLanguage';
import { ArticleView } from './ArticleView';
import { ContentFrame, useQueryId } from './ContentFrame';
import { ABOUT_SLUG, USER_PROTECTION_SLUG } from '../../../shared/content-sections';
import { useArticle } from './useArticle';

export function PostDetailScreen() {
  return (
    <ContentFrame>
      <PostById />
    </ContentFrame>
  );
}

function PostById() {
  const language = useLanguage();
  const id = useQueryId('id');
  const { view, retry } = useArticle(language, id === undefined ? undefined : { id });
  return <ArticleView view={view} retry={retry} language={language} />;
}

function PostBySlug({ slug }: { slug: string }) {
  const language = useLanguage();
  const { view, retry } = useArticle(language, { slug });
  return <ArticleView view={view} retry={retry} language={language} />;
}

export function AboutScreen() {
  return (
    <ContentFrame>
      <PostBySlug slug={ABOUT_SLUG} />
    </ContentFrame>
  );
}

export function UserProtectionScreen() {
  return (
    <ContentFrame>
      <PostBySlug slug={USER_PROTECTION_SLUG} />
    </ContentFrame>
  );
}
