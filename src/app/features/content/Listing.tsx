/**
 * The parts of the list screens: the category navigation (tabs over the list; a side column on
 * wide screens for the college), the announcements' search form, and the list itself in each
 * state of useListing with its offline notes, "Save for offline" and "Load more".
 */
import { Plural, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { SEARCH_TEXT_MAX, type Category } from '../../../shared/api/content';
import type { Language } from '../../../shared/languages';
import { useLocalize } from '../../i18n/useLanguage';
import { useOnline } from '../../pwa/connectivity';
import { Button } from '../../ui/Button';
import { SearchIcon } from '../../ui/icons';
import { StatusMessage } from '../../ui/StatusMessage';
import { TabLinks } from '../../ui/Tabs';
import { useStoredArticleIds } from './articleStore';
import styles from './content.module.css';
import { OfflineNotice, StorageProblemNote } from './OfflineNotice';
import { PostList } from './PostList';
import { SaveForOffline } from './SaveForOffline';
import type { ListingView } from './useListing';

export function CategoryNav({
  root,
  rootId,
  selectedId,
  pathOf,
  label,
  variant = 'tabs',
}: {
  root: Category | undefined;
  rootId: number;
  selectedId: number;
  pathOf: (categoryId: number) => string;
  label: string;
  /** 'side': a column beside the list on wide screens, tabs on phones. */
  variant?: 'tabs' | 'side';
}) {
  const { t } = useLingui();
  const entries = [{ id: rootId, name: t({ message: 'All', comment: 'The tab of a list of articles that shows every category' }) }, ...(root?.children ?? [])];
  return (
    <TabLinks
      label={label}
      variant={variant === 'side' ? 'side' : 'pills'}
      className={variant === 'side' ? styles.sideNav : undefined}
      testId="category-nav"
      items={entries.map((entry) => ({
        key: entry.id,
        to: pathOf(entry.id),
        label: entry.name,
        current: entry.id === selectedId,
        testId: 'category-tab',
        dataId: entry.id,
      }))}
    />
  );
}

export function SearchForm({ initial = '' }: { initial?: string }) {
  const { t } = useLingui();
  const router = useRouter();
  const localize = useLocalize();
  const [text, setText] = useState(initial);
  const inputId = useId();
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    void router.navigate({ href: localize(query ? `/announcements/search?q=${encodeURIComponent(query)}` : '/announcements/search') });
  };
  return (
    <form className={styles.search} role="search" onSubmit={submit} data-testid="announcement-search-form">
      <label className="visually-hidden" htmlFor={inputId}>
        {t`Search announcements`}
      </label>
      <SearchIcon className={styles.searchIcon} />
      <input
        id={inputId}
        className={styles.searchInput}
        type="search"
        name="q"
        value={text}
        maxLength={SEARCH_TEXT_MAX}
        onChange={(event) => setText(event.target.value)}
        placeholder={t`Search announcements`}
        enterKeyHint="search"
        data-testid="announcement-search-input"
      />
      <Button type="submit" size="small">
        {t({ message: 'Search', comment: 'Button that runs a search' })}
      </Button>
    </form>
  );
}

export interface ListingSectionProps {
  listing: { view: ListingView; hasMore: boolean; loadMore: () => void; retry: () => void };
  language: Language;
  categoryId: number;
  detailPath: (id: number) => string;
  /** What an empty list from the server says. */
  emptyText: string;
  /** Offers "Save for offline" for the category. */
  saveable?: boolean;
  compact?: boolean;
  /** Shown beside the count and the save action. */
  heading?: ReactNode;
}

export function ListingSection({ listing, language, categoryId, detailPath, emptyText, saveable = true, compact = false, heading }: ListingSectionProps) {
  const { t } = useLingui();
  const { view, hasMore, loadMore, retry } = listing;
  const storedIds = useStoredArticleIds(language);
  const offline = view.source !== 'network';
  const total = view.total;
  return (
    <section className={styles.listing} data-testid="listing" data-phase={view.phase} data-source={view.source} aria-busy={view.phase === 'loading'}>
      {heading || (saveable && view.phase === 'ready') ? (
        <div className={styles.listHeader}>
          {heading ?? (
            <p className={styles.count} data-testid="listing-count">
              {offline ? null : <Plural value={total} one="# article" other="# articles" />}
            </p>
          )}
          {saveable && view.phase === 'ready' ? <SaveForOffline language={language} categoryId={categoryId} shown={view.posts} /> : null}
        </div>
      ) : null}
      <StorageProblemNote />
      {offline ? <DeviceListNotice source={view.source} retry={retry} /> : null}
      <ListingContent view={view} emptyText={emptyText} />
      {view.posts.length > 0 ? (
        <PostList posts={view.posts} language={language} detailPath={detailPath} storedIds={storedIds} offline={offline} compact={compact} />
      ) : null}
      {hasMore ? (
        <Button variant="secondary" className={styles.loadMore} onClick={loadMore} loading={view.loadingMore} data-testid="listing-load-more">
          {t`Load more`}
        </Button>
      ) : null}
      {view.loadMoreFailed ? (
        <p className={styles.warning} role="alert">
          {t`More articles could not be loaded. Check the connection and try again.`}
        </p>
      ) : null}
    </section>
  );
}

function ListingContent({ view, emptyText }: { view: ListingView; emptyText: string }) {
  const { t } = useLingui();
  if (view.phase === 'loading') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} />;
  if (view.phase === 'missing') return <StatusMessage tone="neutral" title={t`This category was not found.`} headingLevel={2} testId="listing-missing" />;
  if (view.posts.length === 0 && view.source === 'network') return <StatusMessage tone="neutral" title={emptyText} headingLevel={2} testId="listing-empty" />;
  return null;
}

function DeviceListNotice({ source, retry }: { source: ListingView['source']; retry: () => void }) {
  const { t } = useLingui();
  const online = useOnline();
  const whatShows =
    source === 'listing'
      ? t`This is the list as you last saw it; articles marked “Available offline” open in full.`
      : source === 'articles'
        ? t`These are the articles saved on this device.`
        : t`Nothing from this list is saved on this device yet.`;
  return (
    <OfflineNotice>
      {whatShows} {online ? null : t`The list loads again by itself when you are back online.`}{' '}
      {online ? (
        <Button variant="ghost" size="small" onClick={retry}>
          {t`Try again`}
        </Button>
      ) : null}
    </OfflineNotice>
  );
}
