// Proves the translation check of `npm test` catches each kind of bad catalog: missing, untranslated, English in a non-Latin language, placeholder drift, out of date.
import { describe, expect, it } from 'vitest';
import { catalogDifferences, checkCatalogs, parsePo, placeholdersOf, type CatalogEntry } from '../../../scripts/lib/catalogs';

const PO = `msgid ""
msgstr ""
"Language: de\\n"

msgid "Log in"
msgstr "Anmelden"

#. a comment
msgid "Hello {name}"
msgstr ""
"Hallo "
"{name}"

msgctxt "menu"
msgid "More"
msgstr "Mehr"

msgid "Say \\"hi\\""
msgstr ""
`;

function catalogs(entries: Record<string, CatalogEntry[]>): Map<string, CatalogEntry[]> {
  return new Map(Object.entries(entries));
}

const source: CatalogEntry[] = [
  { id: 'Log in', translation: '' },
  { id: 'Hello {name}', translation: '' },
  { id: 'USDT', translation: '' },
];

describe('parsePo', () => {
  it('reads ids, translations, contexts, continuation lines and escapes, skipping the header', () => {
    expect(parsePo(PO)).toEqual([
      { context: undefined, id: 'Log in', translation: 'Anmelden' },
      { context: undefined, id: 'Hello {name}', translation: 'Hallo {name}' },
      { context: 'menu', id: 'More', translation: 'Mehr' },
      { context: undefined, id: 'Say "hi"', translation: '' },
    ]);
  });
});

describe('placeholdersOf', () => {
  it('lists variables, plural arguments and component tags once each', () => {
    expect(placeholdersOf('{count, plural, one {# item} other {# items}} for {name} <0>here</0>')).toEqual(['<0>', 'count', 'name']);
  });
});

describe('checkCatalogs', () => {
  it('passes complete catalogs', () => {
    const de = [
      { id: 'Log in', translation: 'Anmelden' },
      { id: 'Hello {name}', translation: 'Hallo {name}' },
      { id: 'USDT', translation: 'USDT' },
    ];
    const zh = [
      { id: 'Log in', translation: '登录' },
      { id: 'Hello {name}', translation: '你好 {name}' },
      { id: 'USDT', translation: 'USDT' },
    ];
    expect(checkCatalogs(catalogs({ en: source, de, zh }), 'en')).toEqual([]);
  });

  it('fails on a missing or empty translation (R-LANG-05)', () => {
    const problems = checkCatalogs(catalogs({ en: source, de: [{ id: 'Log in', translation: ' ' }] }), 'en');
    expect(problems).toContain('de: "Log in" has no translation');
    expect(problems).toContain('de: "Hello {name}" has no translation');
  });

  it('fails on a zh, zh-CHT, ja, ko or hi message equal to the English source, but not on codes like USDT', () => {
    for (const language of ['zh', 'zh-CHT', 'ja', 'ko', 'hi']) {
      const entries = [
        { id: 'Log in', translation: 'Log in' },
        { id: 'Hello {name}', translation: '{name}' },
        { id: 'USDT', translation: 'USDT' },
      ];
      expect(checkCatalogs(catalogs({ en: source, [language]: entries }), 'en')).toEqual([`${language}: "Log in" is the English text, not a translation`]);
    }
    // A Latin-script language may keep a word that is the same in English.
    expect(checkCatalogs(catalogs({ en: source, de: [{ id: 'Log in', translation: 'Log in' }, { id: 'Hello {name}', translation: 'Hallo {name}' }, { id: 'USDT', translation: 'USDT' }] }), 'en')).toEqual([]);
  });

  it('fails when placeholders differ between languages', () => {
    const de = [
      { id: 'Log in', translation: 'Anmelden' },
      { id: 'Hello {name}', translation: 'Hallo {nom}' },
      { id: 'USDT', translation: 'USDT' },
    ];
    expect(checkCatalogs(catalogs({ en: source, de }), 'en')).toEqual(['de: "Hello {name}" has placeholders [nom] where the source has [name]']);
  });
});

describe('catalogDifferences', () => {
  it('names messages the source uses but the catalog lacks, and the reverse', () => {
    const extracted = catalogs({ de: [{ id: 'New', translation: '' }, { id: 'Kept', translation: '' }] });
    const committed = catalogs({ de: [{ id: 'Kept', translation: 'Behalten' }, { id: 'Old', translation: 'Alt' }] });
    expect(catalogDifferences(extracted, committed)).toEqual([
      'de: "New" is used in the source but missing from the catalog',
      'de: "Old" is in the catalog but no longer used',
    ]);
  });
});
