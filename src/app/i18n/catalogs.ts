/**
 * The UI's messages in the page's language, loaded on demand (spec 2, R-LANG-05): each
 * language's catalog is its own chunk, fetched the first time a page in that language shows.
 * zh-CHT keeps its id and formats dates, numbers and plurals as zh-Hant (Intl rejects zh-CHT).
 * A catalog that fails to load is logged only (R-LANG-07): the page stays in the language it
 * had, or in English on a first load.
 */
import { i18n, type I18n, type Messages } from '@lingui/core';
import { intlLocale, type Language } from '../../shared/languages';

type CatalogLoader = () => Promise<{ messages: Messages }>;

/** Builds the activation over a set of catalog loaders keyed by language (tests pass their own). */
export function createLanguageActivator(target: I18n, loaderOf: (language: Language) => CatalogLoader | undefined): (language: Language) => Promise<void> {
  const loaded = new Map<Language, Promise<boolean>>();

  /** Loads a language's catalog once; true when its messages are in. */
  function loadCatalog(language: Language): Promise<boolean> {
    let pending = loaded.get(language);
    if (!pending) {
      const loader = loaderOf(language);
      pending = (loader ? loader() : Promise.reject(new Error(`No catalog for ${language}`))).then(
        ({ messages }) => {
          target.load(language, messages);
          return true;
        },
        (error: unknown) => {
          console.error(`The ${language} messages could not be loaded`, error);
          loaded.delete(language); // a later switch tries again
          return false;
        },
      );
      loaded.set(language, pending);
    }
    return pending;
  }

  /** Makes `language` the UI's language once its catalog is in (never rejects). */
  return async function activate(language: Language): Promise<void> {
    if (target.locale === language) return;
    if (await loadCatalog(language)) {
      target.activate(language, [intlLocale(language)]);
    } else if (!target.locale && language !== 'en' && (await loadCatalog('en'))) {
      // A first load that failed: English rather than bare message ids.
      target.activate('en');
    }
  };
}

const catalogLoaders = import.meta.glob<{ messages: Messages }>('../../../locales/*/messages.po');

export const activateLanguage = createLanguageActivator(i18n, (language) => catalogLoaders[`../../../locales/${language}/messages.po`]);

export { i18n };
