/**
 * The language switch of the personal settings page (spec 2, R-LANG-03/04): a row naming the
 * current language that opens the site config's supported languages. Choosing one works as the
 * header's switcher: the choice is stored, the same page opens under the new language's prefix
 * and the page data is read again.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { intlLocale, type Language } from '../../../../../shared/languages';
import { languageName } from '../../../../i18n/languageName';
import { switchPathLanguage } from '../../../../i18n/routeLanguage';
import { storeLanguage } from '../../../../i18n/storedLanguage';
import { useLanguage } from '../../../../i18n/useLanguage';
import { ChevronIcon } from '../../home/-components/MenuList';
import { MenuIcon } from '../../home/-components/MenuIcon';
import styles from '../../home/-components/MobileMenu.module.css';
import { CheckIcon } from '../../../../ui/icons';
import { Panel } from '../../../../ui/Panel';

export function LanguageMenu({ languages }: { languages: readonly Language[] }) {
  const { t } = useLingui();
  const router = useRouter();
  const { href: currentHref } = useLocation();
  const current = useLanguage();
  const choose = (event: MouseEvent<HTMLAnchorElement>, language: Language) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    storeLanguage(language);
    void router.navigate({ href: switchPathLanguage(currentHref, language) }).then(() => router.invalidate());
  };
  return (
    <Panel flush>
      <details className={styles.languages} data-testid="language-menu">
        <summary className={`${styles.row} ${styles.languagesToggle}`}>
          <span className={styles.rowIcon}>
            <MenuIcon name="language" />
          </span>
          <span className={styles.rowText}>
            <span className={styles.rowLabel}>{t`Language`}</span>
            <span className={styles.rowDescription}>{languageName(current)}</span>
          </span>
          <ChevronIcon />
        </summary>
        <ul className={styles.languageList}>
          {languages.map((language) => (
            <li key={language}>
              <a
                className={styles.languageLink}
                href={switchPathLanguage(currentHref, language)}
                hrefLang={intlLocale(language)}
                lang={intlLocale(language)}
                aria-current={language === current ? 'true' : undefined}
                onClick={(event) => choose(event, language)}
                data-testid={`language-${language}`}
              >
                <span className={styles.languageName}>{languageName(language)}</span>
                {language === current ? <CheckIcon size={18} className={styles.check} /> : null}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </Panel>
  );
}
