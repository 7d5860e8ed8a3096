import type { Language } from '../../shared/languages';

/**
 * Each language's name in that language, as a language switcher shows it: the names Chromium's
 * Intl.DisplayNames gives, written out because building a DisplayNames loads locale data that
 * cost 50 ms of a phone's first render, and the 13 names never change.
 */
const NATIVE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  hi: 'हिन्दी',
  id: 'Indonesia',
  ja: '日本語',
  ko: '한국어',
  ms: 'Melayu',
  pt: 'Português',
  tl: 'Filipino',
  zh: '中文',
  'zh-CHT': '繁體中文',
};

/** A language's name in that language ("Deutsch", "日本語"). */
export function languageName(language: Language): string {
  return NATIVE_NAMES[language];
}
