/**
 * The frame every page sits in: a header with the site's mark and name linking to the home
 * page of the current language, then the page. The full header, footer and bottom navigation
 * of spec 2 replace it in the layout issue.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Language } from '../../shared/languages';
import { localeParamOf } from '../i18n/routeLanguage';
import styles from './Frame.module.css';

export function Frame({ siteName, language, children }: { siteName?: string; language: Language; children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/{-$locale}" params={{ locale: localeParamOf(language) }} className={styles.brand} data-testid="brand">
            <img className={styles.mark} src="/favicon.svg" alt="" width={28} height={28} />
            <span className={styles.siteName}>{siteName ?? '\u00a0'}</span>
          </Link>
          <span className={styles.language} title="Display language">
            {language}
          </span>
        </div>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
