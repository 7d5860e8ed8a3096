/**
 * The home route. Until the home screen of spec 2 is built, it is a status page: it shows what
 * the server's site config says (name, server time, languages), so that a fresh start proves
 * the whole pipe from the database to the browser works, and the hub's live data (a ticker of a
 * few markets, the signed-in user's unread notifications) proves the hub serves every tab.
 */
import { useLingui } from '@lingui/react/macro';
import { Link, createFileRoute, getRouteApi } from '@tanstack/react-router';
import { intlLocale } from '../../../shared/languages';
import { displayLanguageOf, localeParamOf, requestLanguageOf } from '../../i18n/routeLanguage';
import { languageName } from '../../i18n/languageName';
import { AccountPanel } from './-components/AccountPanel';
import styles from './-components/HomeStatus.module.css';
import { HubNotices } from './-components/HubNotices';
import { MarketTicker } from './-components/MarketTicker';
import { PopupNotice } from './-components/PopupNotice';

export const Route = createFileRoute('/{-$locale}/')({
  component: HomeStatus,
});

const localeRoute = getRouteApi('/{-$locale}');

/** Server time as an unambiguous UTC timestamp (the test suite reads it). */
function formatUtc(timeMs: number): string {
  return `${new Date(timeMs).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function HomeStatus() {
  const config = localeRoute.useLoaderData();
  const { locale } = localeRoute.useParams();
  const displayLanguage = displayLanguageOf(locale);
  const { t } = useLingui();
  return (
    <article className={styles.page}>
      <header className={styles.intro}>
        <p className={styles.eyebrow}>
          <span className={styles.dot} aria-hidden="true" />
          {t`Server online`}
        </p>
        <h1 className={styles.title} data-testid="site-name">
          {config.name}
        </h1>
        <p className={styles.lead}>
          {t`A trading platform for crypto assets. The exchange server answers; the trading screens open from the menu as they arrive.`}
        </p>
      </header>

      <PopupNotice />
      <HubNotices />
      <AccountPanel />
      <MarketTicker />

      <section className={styles.card} aria-labelledby="status-heading">
        <h2 id="status-heading" className={styles.cardTitle}>
          {t`Status`}
        </h2>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t`Server time`}</dt>
            <dd>
              <time className={styles.code} dateTime={new Date(config.time).toISOString()} data-testid="server-time">
                {formatUtc(config.time)}
              </time>
            </dd>
          </div>
          <div className={styles.fact}>
            <dt>{t`Display language`}</dt>
            <dd>{languageName(displayLanguage)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t`Request language`}</dt>
            <dd className={styles.code}>{requestLanguageOf(locale)}</dd>
          </div>
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="languages-heading">
        <h2 id="languages-heading" className={styles.cardTitle}>
          {t`Languages`}
        </h2>
        <ul className={styles.languages} data-testid="languages">
          {config.supportedLanguages.map((language) => (
            <li key={language}>
              <Link
                to="/{-$locale}"
                params={{ locale: localeParamOf(language) }}
                className={styles.languageLink}
                aria-current={language === displayLanguage ? 'page' : undefined}
                lang={intlLocale(language)}
              >
                <span>{languageName(language)}</span>
                <span className={styles.languagePath}>/{localeParamOf(language) ?? ''}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
