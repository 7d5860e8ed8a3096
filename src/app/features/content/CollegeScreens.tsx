/**
 * The college screens of spec 2: the list (/College, and its component page
 * College/Components/CollegeList) with the categories in a left column (tabs on phones); one
 * article (College/Components/CollegeDetail?id=) beside the left navigation of every college
 * article by category (College/Components/DetailLeftNav, which is also a page of its own). On
 * phones the left navigation folds into a "Contents" button above the article.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { PostSummary } from '../../../shared/api/content';
import { LIST_PAGE_MAX } from '../../../shared/constants';
import { useLanguage } from '../../i18n/useLanguage';
import { Button } from '../../ui/Button';
import { ChevronDownIcon } from '../../ui/icons';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { useStoredArticleIds } from './articleStore';
import { ArticleView } from './ArticleView';
import styles from './content.module.css';
import { ContentFrame, useQueryId } from './ContentFrame';
import { CategoryNav, ListingSection } from './Listing';
import { COLLEGE_CATEGORY_ID, collegeArticlePath, collegePath } from '../../../shared/content-sections';
import { useArticle } from './useArticle';
import { useListing, useSectionCategory } from './useListing';

export function CollegeScreen() {
  return (
    <ContentFrame>
      <College />
    </ContentFrame>
  );
}

function College() {
  const { t } = useLingui();
  const language = useLanguage();
  const categoryId = useQueryId('category') ?? COLLEGE_CATEGORY_ID;
  const root = useSectionCategory(language, COLLEGE_CATEGORY_ID);
  const listing = useListing({ language, categoryId });
  return (
    <div className={styles.withNav} data-testid="college">
      <CategoryNav root={root} rootId={COLLEGE_CATEGORY_ID} selectedId={categoryId} pathOf={collegePath} label={t`College categories`} variant="side" />
      <ListingSection listing={listing} language={language} categoryId={categoryId} detailPath={collegeArticlePath} emptyText={t`No articles in this category yet.`} />
    </div>
  );
}

export function CollegeDetailScreen() {
  return (
    <ContentFrame>
      <CollegeArticle />
    </ContentFrame>
  );
}

function CollegeArticle() {
  const { t } = useLingui();
  const language = useLanguage();
  const id = useQueryId('id');
  const { view, retry } = useArticle(language, id === undefined ? undefined : { id });
  const back = (
    <PageLink to="/college" className={styles.backLink} data-testid="article-back">
      {t`All college articles`}
    </PageLink>
  );
  return (
    <div className={styles.withNav} data-testid="college-detail">
      <DetailLeftNav currentId={id} foldable />
      <ArticleView view={view} retry={retry} language={language} back={back} />
    </div>
  );
}

export function DetailLeftNavScreen() {
  return (
    <ContentFrame>
      <DetailLeftNav />
    </ContentFrame>
  );
}

interface NavGroup {
  id: number;
  name: string;
  posts: PostSummary[];
}

/** The college's articles by sub-category, in the order of the categories; articles of the root itself come last. */
function navGroups(children: readonly { id: number; name: string }[], posts: readonly PostSummary[], rootName: string): NavGroup[] {
  const groups = children.map((child) => ({ ...child, posts: posts.filter((post) => post.categoryId === child.id) }));
  const grouped = new Set(children.map((child) => child.id));
  const rest = posts.filter((post) => !grouped.has(post.categoryId));
  if (rest.length > 0) groups.push({ id: COLLEGE_CATEGORY_ID, name: rootName, posts: rest });
  return groups.filter((group) => group.posts.length > 0);
}

/**
 * Every college article by category, the open one marked. `foldable`: beside an article, where
 * on phones it folds into a "Contents" button.
 */
function DetailLeftNav({ currentId, foldable = false }: { currentId?: number; foldable?: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  const root = useSectionCategory(language, COLLEGE_CATEGORY_ID);
  const { view } = useListing({ language, categoryId: COLLEGE_CATEGORY_ID, pageSize: LIST_PAGE_MAX });
  const storedIds = useStoredArticleIds(language);
  const [open, setOpen] = useState(false);
  const groupsId = useId();
  const offline = view.source !== 'network';
  const groups = navGroups(root?.children ?? [], view.posts, root?.name ?? t`College`);
  const current = view.posts.find((post) => post.id === currentId);
  return (
    <nav className={styles.leftNav} aria-label={t`College contents`} data-testid="college-nav" data-foldable={foldable ? 'true' : 'false'} data-open={open ? 'true' : 'false'}>
      {foldable ? (
        <Button
          variant="secondary"
          block
          className={styles.navToggle}
          aria-expanded={open}
          aria-controls={groupsId}
          onClick={() => setOpen(!open)}
          data-testid="college-nav-toggle"
        >
          <span>{t`Contents`}</span>
          {current ? <span className={styles.navToggleCurrent}>{current.title}</span> : null}
          <ChevronDownIcon className={styles.navToggleIcon} />
        </Button>
      ) : null}
      <Panel id={groupsId} className={styles.navGroups}>
        {view.phase === 'loading' ? <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} /> : null}
        {groups.map((group) => (
          <section key={group.id} className={styles.navGroup} data-testid="college-nav-group" data-id={group.id}>
            <h2 className={styles.navHeading}>{group.name}</h2>
            <ul>
              {group.posts.map((post) => (
                <li key={post.id}>
                  <PageLink
                    to={collegeArticlePath(post.id)}
                    className={styles.navLink}
                    aria-current={post.id === currentId ? 'page' : undefined}
                    data-available={storedIds.has(post.id) || !offline ? 'true' : 'false'}
                    data-testid="college-nav-link"
                    data-id={post.id}
                    onClick={() => setOpen(false)}
                  >
                    {post.title}
                  </PageLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Panel>
    </nav>
  );
}
