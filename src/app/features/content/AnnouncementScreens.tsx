/**
 * The announcement screens of spec 2: the list (/Announcements) with its category tabs, search
 * form, paging and "Save for offline"; the search (/Announcements/Search?q=); one announcement
 * (/Announcements/Detail?id=); the brief list of the latest ones (/BriefAnnouncement); and the
 * component page Announcements/Components/AnnouncementsFilterList (the tabs and the search).
 */
import { useLingui } from '@lingui/react/macro';
import { SEARCH_TEXT_MAX } from '../../../shared/api/content';
import { useLanguage } from '../../i18n/useLanguage';
import { PageLink } from '../../ui/PageLink';
import { StatusMessage } from '../../ui/StatusMessage';
import { ArticleView } from './ArticleView';
import styles from './content.module.css';
import { ContentFrame, useQueryId, useQueryText } from './ContentFrame';
import { CategoryNav, ListingSection, SearchForm } from './Listing';
import { ANNOUNCEMENTS_CATEGORY_ID, BRIEF_ANNOUNCEMENTS_MAX, announcementPath, announcementsPath } from '../../../shared/content-sections';
import { useArticle } from './useArticle';
import { useListing, useSectionCategory } from './useListing';

function AnnouncementTabs({ selectedId }: { selectedId: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  const root = useSectionCategory(language, ANNOUNCEMENTS_CATEGORY_ID);
  return <CategoryNav root={root} rootId={ANNOUNCEMENTS_CATEGORY_ID} selectedId={selectedId} pathOf={announcementsPath} label={t`Announcement categories`} />;
}

export function AnnouncementsScreen() {
  return (
    <ContentFrame>
      <Announcements />
    </ContentFrame>
  );
}

function Announcements() {
  const { t } = useLingui();
  const language = useLanguage();
  const categoryId = useQueryId('category') ?? ANNOUNCEMENTS_CATEGORY_ID;
  const listing = useListing({ language, categoryId });
  return (
    <div className={styles.screen} data-testid="announcements">
      <SearchForm />
      <AnnouncementTabs selectedId={categoryId} />
      <ListingSection
        listing={listing}
        language={language}
        categoryId={categoryId}
        detailPath={announcementPath}
        emptyText={t`No announcements in this category yet.`}
      />
    </div>
  );
}

export function AnnouncementSearchScreen() {
  const { t } = useLingui();
  const query = (useQueryText('q') ?? '').slice(0, SEARCH_TEXT_MAX).trim();
  return (
    <ContentFrame>
      <div className={styles.screen} data-testid="announcement-search">
        {/* A new search is a new form: its text starts as the address says. */}
        <SearchForm key={query} initial={query} />
        {query ? (
          <SearchResults query={query} />
        ) : (
          <StatusMessage tone="neutral" title={t`Type a word or two to search the announcements.`} headingLevel={2} testId="search-prompt" />
        )}
        <PageLink to="/announcements" className={styles.backLink}>
          {t`All announcements`}
        </PageLink>
      </div>
    </ContentFrame>
  );
}

function SearchResults({ query }: { query: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const listing = useListing({ language, categoryId: ANNOUNCEMENTS_CATEGORY_ID, search: query });
  const total = listing.view.total;
  return (
    <ListingSection
      listing={listing}
      language={language}
      categoryId={ANNOUNCEMENTS_CATEGORY_ID}
      detailPath={announcementPath}
      emptyText={t`No announcements match “${query}”.`}
      saveable={false}
      heading={
        <p className={styles.count} data-testid="search-summary" aria-live="polite">
          {listing.view.phase === 'ready' && total > 0 ? t`Results for “${query}”: ${total}` : null}
        </p>
      }
    />
  );
}

export function AnnouncementDetailScreen() {
  return (
    <ContentFrame>
      <Announcement />
    </ContentFrame>
  );
}

function Announcement() {
  const { t } = useLingui();
  const language = useLanguage();
  const id = useQueryId('id');
  const { view, retry } = useArticle(language, id === undefined ? undefined : { id });
  const back = (
    <PageLink to="/announcements" className={styles.backLink} data-testid="article-back">
      {t`All announcements`}
    </PageLink>
  );
  return <ArticleView view={view} retry={retry} language={language} back={back} />;
}

export function BriefAnnouncementScreen() {
  return (
    <ContentFrame>
      <BriefAnnouncements />
    </ContentFrame>
  );
}

function BriefAnnouncements() {
  const { t } = useLingui();
  const language = useLanguage();
  const listing = useListing({ language, categoryId: ANNOUNCEMENTS_CATEGORY_ID, pageSize: BRIEF_ANNOUNCEMENTS_MAX });
  // The latest ones only: no further pages here; the full list is one link away.
  const latest = { ...listing, hasMore: false };
  return (
    <div className={styles.screen} data-testid="brief-announcements">
      <ListingSection
        listing={latest}
        language={language}
        categoryId={ANNOUNCEMENTS_CATEGORY_ID}
        detailPath={announcementPath}
        emptyText={t`No announcements yet.`}
        saveable={false}
        compact
      />
      <PageLink to="/announcements" className={styles.backLink} data-testid="brief-more">
        {t`All announcements`}
      </PageLink>
    </div>
  );
}

export function AnnouncementsFilterListScreen() {
  return (
    <ContentFrame>
      <div className={styles.screen} data-testid="announcement-filters">
        <SearchForm />
        <AnnouncementTabs selectedId={ANNOUNCEMENTS_CATEGORY_ID} />
      </div>
    </ContentFrame>
  );
}
