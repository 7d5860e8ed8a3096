import { useParams } from '@tanstack/react-router';
import type { Language } from '../../shared/languages';
import { displayLanguageOf, localizedPath } from './routeLanguage';

/** The language of the page in view: its route prefix, or the default language (spec 1). */
export function useLanguage(): Language {
  const { locale } = useParams({ strict: false }) as { locale?: Language };
  return displayLanguageOf(locale);
}

/** Turns a path without prefix into the same page in the current language. */
export function useLocalize(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizedPath(path, language);
}
