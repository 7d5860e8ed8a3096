/**
 * The bare frame shown while the site config loads and when it cannot be loaded (or when the
 * whole layout failed): the header's look reduced to the site's logo and name, linking to the
 * home page of the current language, then the message.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Language } from '../../shared/languages';
import { localeParamOf } from '../i18n/routeLanguage';
import styles from './Frame.module.css';
import { SiteMark } from './SiteMark';

export function Frame({ siteName, language, children }: { siteName?: string; language: Language; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/{-$locale}" params={{ locale: localeParamOf(language) }} className={styles.brand} data-testid="brand" aria-label={siteName ? undefined : t`Home`}>
            <SiteMark className={styles.mark} />
            {siteName ? <span className={styles.siteName}>{siteName}</span> : null}
          </Link>
        </div>
      </header>
      <main id="main" className={styles.main}>
        {children}
      </main>
    </div>
  );
}
