// Proves catalogs load on demand, zh-CHT formats as Traditional Chinese, and a catalog that fails to load is only logged (R-LANG-05, R-LANG-07).
import { setupI18n } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage, createLanguageActivator, i18n } from '../../../../src/app/i18n/catalogs';

describe('language catalogs', () => {
  it('R-LANG-05 loads a language the first time it is asked for, and only then', async () => {
    const loader = vi.fn(async () => ({ messages: { greeting: 'Hallo' } }));
    const target = setupI18n();
    const activate = createLanguageActivator(target, (language) => (language === 'de' ? loader : undefined));
    await activate('de');
    await activate('de');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(target.locale).toBe('de');
    expect(target._('greeting')).toBe('Hallo');
  });

  it('keeps the id zh-CHT and formats numbers and dates as zh-Hant', async () => {
    await activateLanguage('zh-CHT');
    expect(i18n.locale).toBe('zh-CHT');
    expect(i18n.locales).toEqual(['zh-Hant']);
    expect(i18n.date(new Date(Date.UTC(2026, 0, 15)), { month: 'long', timeZone: 'UTC' })).toBe('1月');
    expect(i18n.number(1234.5)).toBe(new Intl.NumberFormat('zh-Hant').format(1234.5));
  });

  it('R-LANG-07 a catalog that fails to load is logged only: the page keeps its language', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const target = setupI18n();
    const activate = createLanguageActivator(target, (language) =>
      language === 'fr' ? () => Promise.reject(new Error('offline')) : async () => ({ messages: {} }),
    );
    await activate('de');
    await expect(activate('fr')).resolves.toBeUndefined();
    expect(target.locale).toBe('de');
    expect(error).toHaveBeenCalledWith('The fr messages could not be loaded', expect.any(Error));
    error.mockRestore();
  });

  it('R-LANG-07 falls back to English when the very first catalog fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const target = setupI18n();
    const activate = createLanguageActivator(target, (language) => (language === 'en' ? async () => ({ messages: {} }) : () => Promise.reject(new Error('gone'))));
    await activate('ja');
    expect(target.locale).toBe('en');
  });
});
