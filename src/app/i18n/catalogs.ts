/**
 * The UI's messages in the page's language, loaded on demand (spec 2, R-LANG-05): each
 * language's catalog is its own chunk, fetched the first time a page in that language shows.
 * zh-CHT keeps its id and formats dates, numbers and plurals as zh-Hant (Intl rejects zh-CHT).
 * A catalog that fails to load is logged only (R-LANG-07): the page stays in the language it
 * had, or in English on a first load.
 */
import { i18n, type Messages } from '@lingui/core';
import { intlLocale, type Language } from '../../shared/languages';

const catalogLoaders = import.meta.glob<{ messages: Messages }>('../../../locales/*/messages.po');

const loaded = new Map<Language, Promise<boolean>>();

function loaderOf(language: Language): (() => Promise<{ messages: Messages }>) | undefined {
  return catalogLoaders[`../../../locales/${language}/messages.po`];
}

/** Loads a language's catalog once; true when its messages are in i18n. */
function loadCatalog(language: Language): Promise<boolean> {
  let pending = loaded.get(language);
  if (!pending) {
    const loader = loaderOf(language);
    pending = (loader ? loader() : Promise.reject(new Error(`No catalog for ${language}`))).then(
      ({ messages }) => {
        i18n.load(language, messages);
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
export async function activateLanguage(language: Language): Promise<void> {
  if (i18n.locale === language) return;
  const ok = await loadCatalog(language);
  if (ok) {
    i18n.activate(language, [intlLocale(language)]);
  } else if (!i18n.locale && language !== 'en' && (await loadCatalog('en'))) {
    // A first load that failed: English rather than bare message ids.
    i18n.activate('en');
  }
}

export { i18n };
