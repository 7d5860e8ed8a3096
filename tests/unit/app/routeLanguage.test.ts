// Proves how a path names its language and how paths move between languages (R-LANG-01, R-ROUTE-01).
import { describe, expect, it } from 'vitest';
import { languageOfPath, localizedPath, prefixedLanguageOf, requestLanguageOf, switchPathLanguage } from '../../../src/app/i18n/routeLanguage';

describe('route languages', () => {
  it('R-LANG-01 reads the prefix in any case; no prefix is id, which has no prefix of its own', () => {
    expect(languageOfPath('/de/quotes')).toBe('de');
    expect(languageOfPath('/ZH-cht/Assets')).toBe('zh-CHT');
    expect(languageOfPath('/quotes')).toBe('id');
    expect(languageOfPath('/')).toBe('id');
    expect(languageOfPath('/id/quotes')).toBe('id');
    expect(prefixedLanguageOf('id')).toBeUndefined();
    expect(prefixedLanguageOf('xx')).toBeUndefined();
  });

  it('R-LANG-02 sends the language the page shows (the stored one)', () => {
    expect(requestLanguageOf(undefined)).toBe('id');
    expect(requestLanguageOf('ja')).toBe('ja');
  });

  it('localizes paths with their query, the default language without a prefix', () => {
    expect(localizedPath('/quotes', 'de')).toBe('/de/quotes');
    expect(localizedPath('/', 'de')).toBe('/de');
    expect(localizedPath('/', 'id')).toBe('/');
    expect(localizedPath('/post/detail?id=3', 'zh-CHT')).toBe('/zh-CHT/post/detail?id=3');
  });

  it('R-LANG-04 switches the prefix and keeps the rest of the page address', () => {
    expect(switchPathLanguage('/en/exchange?id=btc_usdt', 'de')).toBe('/de/exchange?id=btc_usdt');
    expect(switchPathLanguage('/en', 'id')).toBe('/');
    expect(switchPathLanguage('/', 'ko')).toBe('/ko');
    expect(switchPathLanguage('/Quotes', 'fr')).toBe('/fr/Quotes');
  });
});
