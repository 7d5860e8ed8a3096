// The switcher's language names are written out (src/app/i18n/languageName.ts): each must be the
// name Intl gives the language in itself, capitalised as a menu shows it.
import { describe, expect, it } from 'vitest';
import { languageName } from '../../../../src/app/i18n/languageName';
import { LANGUAGES, intlLocale } from '../../../../src/shared/languages';

describe('languageName', () => {
  it.each(LANGUAGES)('R-LANG-03 names %s in its own language, as Intl does', (language) => {
    const locale = intlLocale(language);
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? '';
    expect(languageName(language)).toBe(name.charAt(0).toLocaleUpperCase(locale) + name.slice(1));
  });
});
