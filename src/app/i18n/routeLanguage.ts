/**
 * The language of a page comes from its route (ARCHITECTURE.md, "Language"): an optional first path
 * segment that names one of the prefixed languages. No prefix means the default display
 * language, which has no prefix of its own.
 */
import { DEFAULT_DISPLAY_LANGUAGE, prefixedLanguageOf, type Language } from '../../shared/languages';

// The language of a path: shared with the server, which preloads a page's catalog by it.
export { languageOfPath, prefixedLanguageOf } from '../../shared/languages';

/** The language the page is displayed in. */
export function displayLanguageOf(locale: Language | undefined): Language {
  return locale ?? DEFAULT_DISPLAY_LANGUAGE;
}

/**
 * The language sent as Accept-Language for a page: spec 7 sends the stored language (en when
 * none is stored), and the app stores the route's language whenever a page shows
 * (storedLanguage.ts, ARCHITECTURE.md "Language"), so the header always agrees with what the user
 * reads: the page's own language.
 */
export function requestLanguageOf(locale: Language | undefined): Language {
  return displayLanguageOf(locale);
}

/** A page path (query allowed) under a language's prefix: localizedPath('/quotes', 'de') is /de/quotes. */
export function localizedPath(path: string, language: Language): string {
  const prefix = localeParamOf(language);
  const [pathname = '/', rest = ''] = path.split(/(?=[?#])/, 2);
  const normalized = pathname.startsWith('/') ? pathname : `/${pathname}`;
  if (!prefix) return `${normalized}${rest}`;
  return `${normalized === '/' ? `/${prefix}` : `/${prefix}${normalized}`}${rest}`;
}

/** The same page in another language: the prefix swapped, the rest (query too) kept. */
export function switchPathLanguage(path: string, language: Language): string {
  const [pathname = '/', rest = ''] = path.split(/(?=[?#])/, 2);
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== undefined && prefixedLanguageOf(segments[0])) segments.shift();
  return `${localizedPath(`/${segments.join('/')}`, language)}${rest}`;
}

/** The value of the route's locale parameter for a language: the default language has none. */
export function localeParamOf(language: Language): Language | undefined {
  return language === DEFAULT_DISPLAY_LANGUAGE ? undefined : language;
}
