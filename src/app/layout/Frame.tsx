/**
 * The bare frame shown while the site config loads and when it cannot be loaded (or when the
 * whole layout failed): the header's look reduced to the site's mark, linking to the home page of
 * the current language (the frame has no site config, so no site name: the link is named Home),
 * then the message.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Language } from '../../shared/languages';
import { localeParamOf } from '../i18n/routeLanguage';
import styles from './Frame.module.css';
import { SiteMark } from './SiteMark';

export function Frame({ language, children }: { language: Language; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/{-$locale}" params={{ locale: localeParamOf(language) }} className={styles.brand} data-testid="brand" aria-label={t`Home`}>
            <SiteMark className={styles.mark} />
          </Link>
        </div>
      </header>
      <main id="main" className={styles.main}>
        {children}
      </main>
    </div>
  );
}
