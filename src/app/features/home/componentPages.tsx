/**
 * The home page's component pages (spec 2: /Home/Components/{Page}): each part of the home page on
 * its own in the page frame, from the same home config the hub keeps for every tab (GET /home,
 * HOME_CONFIG_CACHE_MS), with live prices where the part has them. The popup notice's page lists
 * the notices that may pop up now, as cards rather than a dialog. The catch-all route loads this
 * file only when one of these pages opens.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { Home } from '../../../shared/api/home';
import { postPath } from '../../../shared/content-sections';
import type { Language } from '../../../shared/languages';
import { isInPopupWindow, POPUP_MODE } from '../../../shared/popup';
import { useLanguage } from '../../i18n/useLanguage';
import { Badge } from '../../ui/Badge';
import { ButtonLink } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import { HomeBanners } from './HomeBanners';
import { HomeMarketList } from './HomeMarketList';
import { HomeNewsList, HomeTips } from './HomeNewsList';
import { HomeNotices } from './HomeNotices';
import { HomeRanks } from './HomeRanks';
import { TopSearches } from './TopSearches';
import { useHome } from './useHome';
import styles from './home.module.css';

/** A part of the home page, once the home config is there. */
function HomePart({ children }: { children: (home: Home, language: Language) => ReactNode }) {
  const { t } = useLingui();
  const language = useLanguage();
  const view = useHome(language, null);
  if (view.phase === 'loading') return <StatusMessage tone="loading" title={t`Loading…`} headingLevel={2} />;
  if (view.phase === 'failed') {
    return <StatusMessage tone="error" title={t`The market overview could not be loaded. Check your connection and reload the page.`} headingLevel={2} />;
  }
  return <>{children(view.home, language)}</>;
}

export function HomeBannersPage() {
  return <HomePart>{(home, language) => <HomeBanners banners={home.banners} language={language} />}</HomePart>;
}

export function HomeMarketListPage() {
  return <HomePart>{(home) => <HomeMarketList symbols={home.symbols} />}</HomePart>;
}

export function HomeNewsListPage() {
  return <HomePart>{(home, language) => <HomeNewsList news={home.news} language={language} />}</HomePart>;
}

export function HomeNoticesPage() {
  return <HomePart>{(home) => <HomeNotices notices={home.notices.announcements} />}</HomePart>;
}

export function HomeRanksPage() {
  return <HomePart>{(home, language) => <HomeRanks ranks={home.ranks} language={language} />}</HomePart>;
}

export function HomeTipsPage() {
  return <HomePart>{(home, language) => <HomeTips tips={home.tips} language={language} />}</HomePart>;
}

export function TopSearchesPage() {
  return <HomePart>{(home) => <TopSearches symbols={home.topSearches} />}</HomePart>;
}

/** The popup notices inside their window now, with how often each pops up (spec 4). */
export function PopupNoticePage() {
  return <HomePart>{(home) => <PopupNotices notices={home.notices.popups} />}</HomePart>;
}

function PopupNotices({ notices }: { notices: Home['notices']['popups'] }) {
  const { t } = useLingui();
  // The window is read once, when the page opens: a notice's window is days long, not seconds.
  const [now] = useState(() => Date.now());
  const active = notices.filter((notice) => isInPopupWindow(notice, now));
  const modeText = (mode: number) => (mode === POPUP_MODE.once ? t`Pops up once` : mode === POPUP_MODE.daily ? t`Pops up once a day` : t`Pops up on every visit`);
  return (
    <div className={styles.popupCards} data-testid="popup-notices">
      {active.length === 0 ? <StatusMessage tone="neutral" title={t`No notice pops up right now.`} headingLevel={2} testId="popup-notices-none" /> : null}
      {active.map((notice) => (
        <Panel key={notice.id} title={notice.title} data-testid="popup-notice-card">
          <p>{notice.summary}</p>
          <p className={styles.popupCardFooter}>
            <Badge>{modeText(notice.popupMode)}</Badge>
            <ButtonLink to={postPath(notice.id)} variant="ghost" size="small">
              {t`Details`}
            </ButtonLink>
          </p>
        </Panel>
      ))}
    </div>
  );
}
