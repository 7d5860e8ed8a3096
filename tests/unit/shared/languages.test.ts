/** Proves the language rules of spec 1 and 9: which languages take a route prefix and how a request's Accept-Language is read. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISPLAY_LANGUAGE,
  DEFAULT_REQUEST_LANGUAGE,
  LANGUAGES,
  PREFIXED_LANGUAGES,
  intlLocale,
  isLanguage,
  languageFromHeader,
} from '../../../src/shared/languages';

describe('languages', () => {
  it('R-LANG-01 has the 13 languages of spec 9, id the default without a route prefix', () => {
    expect([...LANGUAGES].sort()).toEqual(['de', 'en', 'es', 'fr', 'hi', 'id', 'ja', 'ko', 'ms', 'pt', 'tl', 'zh', 'zh-CHT'].sort());
    expect(DEFAULT_DISPLAY_LANGUAGE).toBe('id');
    expect([...PREFIXED_LANGUAGES].sort()).toEqual(['de', 'en', 'es', 'fr', 'hi', 'ja', 'ko', 'ms', 'pt', 'tl', 'zh', 'zh-CHT'].sort());
    expect(PREFIXED_LANGUAGES).not.toContain('id');
  });

  it('accepts only its own language ids', () => {
    expect(isLanguage('zh-CHT')).toBe(true);
    expect(isLanguage('zh-cht')).toBe(false);
    expect(isLanguage('it')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it('R-LANG-02 reads en when the request carries no language', () => {
    expect(DEFAULT_REQUEST_LANGUAGE).toBe('en');
    expect(languageFromHeader(undefined)).toBe('en');
    expect(languageFromHeader('')).toBe('en');
    expect(languageFromHeader('it-IT, ru;q=0.5')).toBe('en');
  });

  it('R-LANG-02 reads the stored language the client sends', () => {
    for (const language of LANGUAGES) expect(languageFromHeader(language)).toBe(language);
    expect(languageFromHeader('fr-FR,en;q=0.8')).toBe('fr');
    expect(languageFromHeader('it, ja;q=0.9')).toBe('ja');
    expect(languageFromHeader('pt-BR')).toBe('pt');
  });

  it('maps the Chinese tags browsers send: Traditional to zh-CHT, Simplified to zh', () => {
    expect(languageFromHeader('zh-Hant')).toBe('zh-CHT');
    expect(languageFromHeader('zh-Hant-TW')).toBe('zh-CHT');
    expect(languageFromHeader('zh-TW')).toBe('zh-CHT');
    expect(languageFromHeader('zh-HK')).toBe('zh-CHT');
    expect(languageFromHeader('zh-cht')).toBe('zh-CHT');
    expect(languageFromHeader('zh-CN')).toBe('zh');
    expect(languageFromHeader('zh-Hans')).toBe('zh');
  });

  it('maps the older tags of Indonesian and Filipino', () => {
    expect(languageFromHeader('in-ID')).toBe('id');
    expect(languageFromHeader('fil-PH')).toBe('tl');
  });

  it('formats zh-CHT as zh-Hant because zh-CHT is not a BCP 47 tag', () => {
    expect(intlLocale('zh-CHT')).toBe('zh-Hant');
    expect(intlLocale('id')).toBe('id');
    expect(() => new Intl.DateTimeFormat(intlLocale('zh-CHT'))).not.toThrow();
  });
});
