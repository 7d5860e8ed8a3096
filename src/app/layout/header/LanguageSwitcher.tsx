/**
 * The language switcher (R-LANG-03/04/05): only the site config's supported languages, each in
 * its own name, the current one marked. Choosing one stores it (local storage and the cookie),
 * opens the same page under the new prefix (the locale route loads that catalog on demand) and
 * reads the page data again in the new language. It opens on hover on wide screens and on a
 * click under BREAKPOINT_LANGUAGE_CLICK_PX (R-HEAD-14).
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import { BREAKPOINT_LANGUAGE_CLICK_PX } from '../../../shared/constants';
import type { Language } from '../../../shared/languages';
import { languageName } from '../../i18n/languageName';
import { switchPathLanguage } from '../../i18n/routeLanguage';
import { storeLanguage } from '../../i18n/storedLanguage';
import { useLanguage } from '../../i18n/useLanguage';
import { Dropdown } from '../../ui/Dropdown';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { CheckIcon, GlobeIcon } from '../../ui/icons';
import styles from './Header.module.css';

/** Switches the page to a language: stored, navigated, page data read again. */
export function useSwitchLanguage(): (language: Language) => void {
  const router = useRouter();
  const location = useLocation();
  return (language) => {
    storeLanguage(language);
    const target = switchPathLanguage(`${location.pathname}${location.searchStr}`, language);
    void router
      .navigate({ href: target })
      .then(() => router.invalidate())
      .catch((error: unknown) => console.warn('The language switch did not finish', error));
  };
}

/** The languages as a list of buttons; testIdPrefix tells the header's list from the drawer's. */
export function LanguageOptions({ languages, testIdPrefix }: { languages: readonly Language[]; testIdPrefix: string }) {
  const current = useLanguage();
  const switchLanguage = useSwitchLanguage();
  return (
    <ul className={styles.itemList}>
      {languages.map((language) => (
        <li key={language}>
          <button
            type="button"
            className={styles.languageOption}
            lang={language === 'zh-CHT' ? 'zh-Hant' : language}
            aria-current={language === current ? 'true' : undefined}
            data-testid={`${testIdPrefix}-${language}`}
            data-close-menu
            onClick={() => {
              if (language !== current) switchLanguage(language);
            }}
          >
            <span>{languageName(language)}</span>
            {language === current ? <CheckIcon className={styles.check} /> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function LanguageSwitcher({ languages, showLabel }: { languages: readonly Language[]; showLabel: boolean }) {
  const { t } = useLingui();
  const current = useLanguage();
  const name = languageName(current);
  const clickOnly = useMediaQuery(`(max-width: ${BREAKPOINT_LANGUAGE_CLICK_PX - 0.02}px)`);
  return (
    <Dropdown
      testId="language-switcher"
      trigger={
        <>
          <GlobeIcon />
          {showLabel ? <span>{name}</span> : null}
        </>
      }
      triggerLabel={showLabel ? undefined : t`Language: ${name}`}
      triggerTestId="language-button"
      triggerClassName={showLabel ? undefined : styles.iconButton}
      openOnHover={!clickOnly}
      align="end"
      panelClassName={styles.languagePanel}
    >
      <LanguageOptions languages={languages} testIdPrefix="language-option" />
    </Dropdown>
  );
}
