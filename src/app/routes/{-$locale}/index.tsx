/**
 * The home route (spec 2, Home): the site's name with the announcement banners, the live ticker
 * and the account panel, the notice bar and the popular markets on the first screen; rankings,
 * top searches, news, tips and the site's languages load after it (HomeBelowFold). Prices stream
 * through the hub; the home config comes from the hub's cache of GET /home.
 */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { HomeBanners } from '../../features/home/HomeBanners';
import { HomeMarketList } from '../../features/home/HomeMarketList';
import { HomeNotices } from '../../features/home/HomeNotices';
import styles from '../../features/home/home.module.css';
import { useHome } from '../../features/home/useHome';
import { displayLanguageOf } from '../../i18n/routeLanguage';
import { ButtonLink } from '../../ui/Button';
import { StatusMessage } from '../../ui/StatusMessage';
import { AccountPanel } from './-components/AccountPanel';
import { HubNotices } from './-components/HubNotices';
import { MarketTicker } from './-components/MarketTicker';
import { PopupNotice } from './-components/PopupNotice';

export const Route = createFileRoute('/{-$locale}/')({
  component: HomePage,
});

const localeRoute = getRouteApi('/{-$locale}');

const HomeBelowFold = lazy(() => import('../../features/home/HomeBelowFold'));

function HomePage() {
  const config = localeRoute.useLoaderData();
  const { locale } = localeRoute.useParams();
  const language = displayLanguageOf(locale);
  const { t } = useLingui();
  const view = useHome(language, null);
  const home = view.phase === 'ready' ? view.home : null;
  return (
    <article className={styles.page} data-testid="home" data-phase={view.phase}>
      <PopupNotice />
      <HubNotices />
      <div className={styles.hero}>
        <div className={styles.heroMain}>
          <h1 className={styles.title} data-testid="site-name">
            {config.name}
          </h1>
          <p className={styles.lead}>{t`Buy, sell and trade crypto assets at live market prices.`}</p>
          <div className={styles.actions}>
            <ButtonLink to="/exchange" size="large">
              {t`Start trading`}
            </ButtonLink>
            <ButtonLink to="/quotes" variant="secondary" size="large">
              {t`View markets`}
            </ButtonLink>
          </div>
          {home ? <HomeBanners banners={home.banners} language={language} /> : <div className={styles.bannerPlaceholder} aria-hidden="true" />}
        </div>
        <aside className={styles.heroSide}>
          <MarketTicker />
          <AccountPanel />
        </aside>
      </div>
      {home ? <HomeNotices notices={home.notices.announcements} /> : null}
      {view.phase === 'failed' ? <StatusMessage tone="error" title={t`The market overview could not be loaded. Check your connection and reload the page.`} headingLevel={2} /> : null}
      {home ? <HomeMarketList symbols={home.symbols} /> : null}
      {view.phase === 'loading' ? null : (
        <Suspense fallback={null}>
          <HomeBelowFold home={home} config={config} language={language} />
        </Suspense>
      )}
    </article>
  );
}
