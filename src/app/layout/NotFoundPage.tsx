/**
 * Spec 2 and 8 (R-ROUTE-08): an unknown page, or one the site config hides, says 'This page could
 * not be found' with a link back to the home page of its language, inside the layout.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Language } from '../../shared/languages';
import { useLanguage } from '../i18n/useLanguage';
import { localeParamOf } from '../i18n/routeLanguage';
import { buttonClassName } from '../ui/Button';
import styles from './ErrorPage.module.css';

export function NotFoundPage({ language }: { language?: Language }) {
  const { t } = useLingui();
  const routeLanguage = useLanguage();
  const homeLanguage = language ?? routeLanguage;
  return (
    <section className={styles.page} data-testid="not-found">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t`This page could not be found`}</h1>
      <p className={styles.detail}>{t`The address may be mistyped, or the page has moved.`}</p>
      <Link className={buttonClassName({ size: 'large' }, styles.action)} to="/{-$locale}" params={{ locale: localeParamOf(homeLanguage) }} data-testid="home-link">
        {t`Back to home`}
      </Link>
    </section>
  );
}
