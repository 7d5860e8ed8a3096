/**
 * The home route (spec 2, Home): the site's name with the announcement banners, the live ticker
 * and the account panel, the notice bar and the popular markets on the first screen; rankings,
 * top searches, news, tips and the site's languages load after it (HomeBelowFold). Prices stream
 * through the hub; the home config comes from the hub's cache of GET /home, asked for by the
 * route's loader beside the site config.
 *
 * The page is drawn in three parts, each after the browser has painted the one before
 * (useStages): the heading with the banners (the first screen's largest text on a phone); then the
 * notices, the ticker, the account panel and the markets; then the popup notice, which opens over
 * a page already drawn, and the lower half, which is drawn when its place comes near the screen
 * (NearScreen: at once on a desktop, when the reader scrolls on a phone; issue 14).
 */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { HomeBanners } from '../../features/home/HomeBanners';
import { HomeMarketList } from '../../features/home/HomeMarketList';
import { HomeNotices } from '../../features/home/HomeNotices';
import styles from '../../features/home/home.module.css';
import { homeForFirstDraw, useHome } from '../../features/home/useHome';
import { displayLanguageOf } from '../../i18n/routeLanguage';
import { ButtonLink } from '../../ui/Button';
import { NearScreen } from '../../ui/NearScreen';
import { StatusMessage } from '../../ui/StatusMessage';
import { useStages } from '../../ui/useStages';
import { AccountPanel } from './-components/AccountPanel';
import { HubNotices } from './-components/HubNotices';
import { MarketTicker } from './-components/MarketTicker';
import { PopupNotice } from './-components/PopupNotice';

export const Route = createFileRoute('/{-$locale}/')({
  // The home config comes with the site config, so that the first frame has the banners.
  loader: ({ params, abortController }) => homeForFirstDraw(displayLanguageOf(params.locale), abortController.signal),
  component: HomePage,
});

const localeRoute = getRouteApi('/{-$locale}');

const loadBelowFold = () => import('../../features/home/HomeBelowFold');
const HomeBelowFold = lazy(loadBelowFold);

function HomePage() {
  const config = localeRoute.useLoaderData();
  const { locale } = localeRoute.useParams();
  const language = displayLanguageOf(locale);
  const { t } = useLingui();
  const view = useHome(language, null, Route.useLoaderData());
  const home = view.phase === 'ready' ? view.home : null;
  const stage = useStages(3);
  return (
    <article className={styles.page} data-testid="home" data-phase={view.phase}>
      {stage >= 3 ? <PopupNotice /> : null}
      {stage >= 2 ? <HubNotices /> : null}
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
          {stage >= 2 ? (
            <>
              <MarketTicker />
              <AccountPanel />
            </>
          ) : null}
        </aside>
      </div>
      {home && stage >= 2 ? <HomeNotices notices={home.notices.announcements} /> : null}
      {view.phase === 'failed' ? <StatusMessage tone="error" title={t`The market overview could not be loaded. Check your connection and reload the page.`} headingLevel={2} /> : null}
      {home && stage >= 2 ? <HomeMarketList symbols={home.symbols} /> : null}
      {view.phase === 'loading' || stage < 3 ? null : (
        <NearScreen placeholderClassName={styles.lowerHalfPlaceholder} prepare={() => void loadBelowFold()} testId="home-lower-half">
          <Suspense fallback={<div className={styles.lowerHalfPlaceholder} />}>
            <HomeBelowFold home={home} config={config} language={language} />
          </Suspense>
        </NearScreen>
      )}
    </article>
  );
}
