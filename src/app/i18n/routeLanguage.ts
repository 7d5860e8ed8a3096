/**
 * The language of a page comes from its route (DESIGN.md, "Language"): an optional first path
 * segment that names one of the prefixed languages. No prefix means the default display
 * language, which has no prefix of its own.
 */
import {
  DEFAULT_DISPLAY_LANGUAGE,
  DEFAULT_REQUEST_LANGUAGE,
  PREFIXED_LANGUAGES,
  type Language,
} from '../../shared/languages';

/**
 * Matches a path segment to a prefixed language, ignoring case as the rest of the router does
 * (/EN/quotes is /en/quotes). Returns undefined for anything else, so that the router treats
 * the segment as part of the page path instead.
 */
export function prefixedLanguageOf(segment: string): Language | undefined {
  const lower = segment.toLowerCase();
  return PREFIXED_LANGUAGES.find((language) => language.toLowerCase() === lower);
}

/** The language the page is displayed in. */
export function displayLanguageOf(locale: Language | undefined): Language {
  return locale ?? DEFAULT_DISPLAY_LANGUAGE;
}

/**
 * The language sent as Accept-Language: the route's prefix, else en (spec 7: the stored
 * language, default en). The locale routing issue stores the route's language at boot; until
 * then the prefix is the only language the app knows.
 */
export function requestLanguageOf(locale: Language | undefined): Language {
  return locale ?? DEFAULT_REQUEST_LANGUAGE;
}

/** The value of the route's locale parameter for a language: the default language has none. */
export function localeParamOf(language: Language): Language | undefined {
  return language === DEFAULT_DISPLAY_LANGUAGE ? undefined : language;
}
