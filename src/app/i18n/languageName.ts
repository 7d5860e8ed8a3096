import { intlLocale, type Language } from '../../shared/languages';

/**
 * A language's name in that language ("Deutsch", "日本語"), as a language switcher shows it.
 * Intl knows the names; the id itself is the fallback where a browser lacks the data.
 */
export function languageName(language: Language): string {
  const locale = intlLocale(language);
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : language;
  } catch {
    return language;
  }
}
