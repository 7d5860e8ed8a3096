/**
 * The languages of spec section 1 and 9. `id` is the default display language and has no route
 * prefix; `en` is what the request header carries when nothing is stored.
 */
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'hi', 'id', 'ja', 'ko', 'ms', 'pt', 'tl', 'zh', 'zh-CHT'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_DISPLAY_LANGUAGE: Language = 'id';
export const DEFAULT_REQUEST_LANGUAGE: Language = 'en';

/** Languages that appear as a route prefix: every language except the default one. */
export const PREFIXED_LANGUAGES = LANGUAGES.filter((language) => language !== DEFAULT_DISPLAY_LANGUAGE);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Matches a path segment to a prefixed language, ignoring case as the router does (/EN/quotes is
 * /en/quotes). Returns undefined for anything else, so that the router treats the segment as part
 * of the page path instead.
 */
export function prefixedLanguageOf(segment: string): Language | undefined {
  const lower = segment.toLowerCase();
  return PREFIXED_LANGUAGES.find((language) => language.toLowerCase() === lower);
}

/**
 * The language a page path is displayed in (ARCHITECTURE.md, "Language"): its first segment's
 * prefix, or the default display language without one. The app's routes and the server's page
 * answers (which preload the page's catalog) read it alike.
 */
export function languageOfPath(path: string): Language {
  const firstSegment = path.split(/[?#]/)[0]?.split('/').find(Boolean) ?? '';
  return prefixedLanguageOf(firstSegment) ?? DEFAULT_DISPLAY_LANGUAGE;
}

/** zh-CHT is not a valid BCP 47 tag: Intl formats it as Traditional Chinese. */
export function intlLocale(language: Language): string {
  return language === 'zh-CHT' ? 'zh-Hant' : language;
}

/**
 * Picks the language of a request from an Accept-Language header. Only our own 13 ids count;
 * the Traditional Chinese tags browsers send map to zh-CHT.
 */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_REQUEST_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    if (isLanguage(tag)) return tag;
    const lower = tag.toLowerCase();
    if (lower === 'zh-cht' || lower.startsWith('zh-hant') || lower === 'zh-tw' || lower === 'zh-hk') return 'zh-CHT';
    const primary = lower.split('-')[0];
    if (primary === 'in') return 'id';
    if (primary === 'fil') return 'tl';
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_REQUEST_LANGUAGE;
}
