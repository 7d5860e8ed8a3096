/**
 * The stored language (spec 1 and 7): what the request header sends, en when nothing is stored.
 * The app stores the language of every page it shows, and the language switcher stores the
 * user's choice the same way, in local storage and in a cookie the server can read on a first
 * request (R-LANG-04, R-LANG-05).
 */
import { isLanguage, type Language } from '../../shared/languages';

const STORAGE_KEY = 'language';
export const LANGUAGE_COOKIE = 'lang';
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // storage blocked: the header falls back to en
  }
}

export function storeLanguage(language: Language): void {
  try {
    if (localStorage.getItem(STORAGE_KEY) !== language) localStorage.setItem(STORAGE_KEY, language);
  } catch (error) {
    console.warn('The language could not be stored', error);
  }
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax`;
}
