/**
 * Reading and checking the Lingui catalogs (locales/<language>/messages.po). The checks are what
 * `npm run i18n:check` enforces for every language: each message of the source is present and
 * translated; in zh, zh-CHT, ja, ko and hi a translation equal to the English source counts as
 * untranslated (those scripts share no words with English); and every translation keeps the
 * source's placeholders ({name}) and component tags (<0>...</0>).
 */
export interface CatalogEntry {
  context?: string;
  id: string;
  translation: string;
}

/** Languages whose script never reuses the English words: an equal text is an untranslated one. */
export const NON_LATIN_LANGUAGES: ReadonlySet<string> = new Set(['zh', 'zh-CHT', 'ja', 'ko', 'hi']);

/** Words that stay as they are in every language (codes and names), ignored by the equality rule. */
const UNTRANSLATED_TOKENS = ['USDT', 'VIP', 'P2P', 'C2C', 'UTC', 'ID', 'KYC', 'BTC', 'ETH', 'E-mail', 'Email', 'Twitter', 'Facebook', 'Medium', 'YouTube'];

function unquote(text: string): string {
  const inner = text.trim().replace(/^"|"$/g, '');
  return inner.replace(/\\(["\\nt])/g, (_match, escaped: string) => {
    if (escaped === 'n') return '\n';
    if (escaped === 't') return '\t';
    return escaped;
  });
}

/** Parses the msgctxt/msgid/msgstr entries of a .po file (the header entry is left out). */
export function parsePo(content: string): CatalogEntry[] {
  const entries: CatalogEntry[] = [];
  let current: { context?: string; id?: string; translation?: string } = {};
  let field: 'context' | 'id' | 'translation' | null = null;
  const flush = () => {
    if (current.id !== undefined && current.id !== '') {
      entries.push({ context: current.context, id: current.id, translation: current.translation ?? '' });
    }
    current = {};
    field = null;
  };
  for (const rawLine of content.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) {
      if (line === '') flush();
      continue;
    }
    const keyword = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
    if (keyword) {
      const [, name, value = '""'] = keyword;
      if (name === 'msgctxt' || (name === 'msgid' && current.id !== undefined && current.translation !== undefined)) flush();
      field = name === 'msgctxt' ? 'context' : name === 'msgid' ? 'id' : 'translation';
      current[field] = unquote(value);
    } else if (line.startsWith('"') && field) {
      current[field] = (current[field] ?? '') + unquote(line);
    }
  }
  flush();
  return entries;
}

function entryKey(entry: CatalogEntry): string {
  return `${entry.context ?? ''}\u0004${entry.id}`;
}

/** The variable names of a message's placeholders: {name}, {count, plural, ...}. */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([A-Za-z_$][\w$]*)\s*[,}]/g)) names.add(match[1] ?? '');
  for (const match of message.matchAll(/<\/?(\d+)\s*\/?>/g)) names.add(`<${match[1] ?? ''}>`);
  return [...names].sort();
}

/** Whether a message, with its placeholders and code words removed, has English words left. */
function hasTranslatableWords(message: string): boolean {
  let text = message.replace(/\{[^{}]*\}/g, ' ').replace(/<\/?\d+\s*\/?>/g, ' ');
  for (const token of UNTRANSLATED_TOKENS) text = text.split(token).join(' ');
  return /[A-Za-z]{2,}/.test(text);
}

/**
 * The problems of a set of catalogs, one line each; empty when all is well. `source` is the
 * source language's catalog (its ids are the messages every other catalog must translate).
 */
export function checkCatalogs(catalogs: ReadonlyMap<string, readonly CatalogEntry[]>, source: string): string[] {
  const problems: string[] = [];
  const sourceEntries = catalogs.get(source);
  if (!sourceEntries) return [`the source catalog (${source}) is missing`];
  for (const [language, entries] of catalogs) {
    if (language === source) continue;
    const byKey = new Map(entries.map((entry) => [entryKey(entry), entry]));
    for (const sourceEntry of sourceEntries) {
      const entry = byKey.get(entryKey(sourceEntry));
      const label = `${language}: "${sourceEntry.id}"`;
      if (!entry || entry.translation.trim() === '') {
        problems.push(`${label} has no translation`);
        continue;
      }
      if (NON_LATIN_LANGUAGES.has(language) && entry.translation.trim() === sourceEntry.id.trim() && hasTranslatableWords(sourceEntry.id)) {
        problems.push(`${label} is the English text, not a translation`);
      }
      const expected = placeholdersOf(sourceEntry.id).join(' ');
      const actual = placeholdersOf(entry.translation).join(' ');
      if (expected !== actual) problems.push(`${label} has placeholders [${actual}] where the source has [${expected}]`);
    }
  }
  return problems;
}

/** Messages in one set of catalogs and not in the other (by language), for the out-of-date check. */
export function catalogDifferences(expected: ReadonlyMap<string, readonly CatalogEntry[]>, actual: ReadonlyMap<string, readonly CatalogEntry[]>): string[] {
  const differences: string[] = [];
  for (const [language, expectedEntries] of expected) {
    const actualKeys = new Set((actual.get(language) ?? []).map(entryKey));
    const expectedKeys = new Set(expectedEntries.map(entryKey));
    for (const entry of expectedEntries) if (!actualKeys.has(entryKey(entry))) differences.push(`${language}: "${entry.id}" is used in the source but missing from the catalog`);
    for (const entry of actual.get(language) ?? []) if (!expectedKeys.has(entryKey(entry))) differences.push(`${language}: "${entry.id}" is in the catalog but no longer used`);
  }
  return differences;
}
