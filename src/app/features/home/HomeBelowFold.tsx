/**
 * The part of the home page under the first screen, loaded after it (the first paint of / stays
 * within its JavaScript budget): rankings, top searches, news, tips and the site's facts (server
 * time, languages) in a footnote.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Home } from '../../../shared/api/home';
import type { SiteConfig } from '../../../shared/api/site';
import { intlLocale, type Language } from '../../../shared/languages';
import { languageName } from '../../i18n/languageName';
import { localeParamOf } from '../../i18n/routeLanguage';
import { useStages } from '../../ui/useStages';
import { HomeNewsList, HomeTips } from './HomeNewsList';
import { HomeRanks } from './HomeRanks';
import { TopSearches } from './TopSearches';
import styles from './home.module.css';

/** Server time as an unambiguous UTC timestamp (the test suite reads it). */
function formatUtc(timeMs: number): string {
  return `${new Date(timeMs).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Drawn in three tasks (useStages): the rankings, then the top searches, then the rest. */
export default function HomeBelowFold({ home, config, language }: { home: Home | null; config: SiteConfig; language: Language }) {
  const stage = useStages(3);
  return (
    <>
      {home ? (
        <>
          <div className={styles.columns}>
            <HomeRanks ranks={home.ranks} language={language} />
            {stage >= 2 ? <TopSearches symbols={home.topSearches} /> : null}
          </div>
          {stage >= 3 ? (
            <div className={styles.columns}>
              <HomeNewsList news={home.news} language={language} />
              <HomeTips tips={home.tips} language={language} />
            </div>
          ) : null}
        </>
      ) : null}
      {stage >= 3 ? <SiteFacts config={config} language={language} /> : null}
    </>
  );
}

function SiteFacts({ config, language }: { config: SiteConfig; language: Language }) {
  const { t } = useLingui();
  return (
    <section className={styles.facts} aria-labelledby="home-facts-heading">
      <h2 id="home-facts-heading" className={styles.factsTitle}>
        {t`Languages`}
      </h2>
      <ul className={styles.languages} data-testid="languages">
        {config.supportedLanguages.map((item) => (
          <li key={item}>
            <Link
              to="/{-$locale}"
              params={{ locale: localeParamOf(item) }}
              className={styles.languageLink}
              aria-current={item === language ? 'page' : undefined}
              lang={intlLocale(item)}
            >
              {languageName(item)}
            </Link>
          </li>
        ))}
      </ul>
      <dl className={styles.factList}>
        <div>
          <dt>{t`Server time`}</dt>
          <dd>
            <time dateTime={new Date(config.time).toISOString()} data-testid="server-time">
              {formatUtc(config.time)}
            </time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
