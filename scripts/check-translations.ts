/**
 * `npm run i18n:check`: fails when the committed catalogs (locales/<language>/messages.po) are
 * out of date with the source (a message added or removed without `npm run i18n:extract`), when
 * a message has no translation in some language, when a zh, zh-CHT, ja, ko or hi translation is
 * the English text, or when a translation's placeholders differ from the source's.
 *
 * The out-of-date check extracts the source into a scratch copy of the catalogs
 * (LINGUI_CATALOG_ROOT, read by lingui.config.ts) and compares message ids.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '../src/shared/languages';
import { catalogDifferences, checkCatalogs, parsePo, type CatalogEntry } from './lib/catalogs';

const LOCALES_DIR = path.resolve('locales');
const SOURCE_LANGUAGE = 'en';

function readCatalogs(root: string): Map<string, CatalogEntry[]> {
  const catalogs = new Map<string, CatalogEntry[]>();
  for (const language of LANGUAGES) {
    const file = path.join(root, language, 'messages.po');
    catalogs.set(language, fs.existsSync(file) ? parsePo(fs.readFileSync(file, 'utf8')) : []);
  }
  return catalogs;
}

function extractedCatalogs(): Map<string, CatalogEntry[]> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lingui-check-'));
  try {
    fs.cpSync(LOCALES_DIR, scratch, { recursive: true });
    execFileSync(process.execPath, [path.resolve('node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean'], {
      env: { ...process.env, LINGUI_CATALOG_ROOT: scratch },
      stdio: 'pipe',
    });
    return readCatalogs(scratch);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const committed = readCatalogs(LOCALES_DIR);
const problems = [...catalogDifferences(extractedCatalogs(), committed), ...checkCatalogs(committed, SOURCE_LANGUAGE)];
const messageCount = committed.get(SOURCE_LANGUAGE)?.length ?? 0;
if (problems.length > 0) {
  console.error(`Translation check failed (${problems.length} problems):`);
  for (const problem of problems.slice(0, 200)) console.error(`  ${problem}`);
  if (problems.length > 200) console.error(`  ... and ${problems.length - 200} more`);
  console.error('Run `npm run i18n:extract` after changing messages, then translate every new message in every catalog.');
  process.exit(1);
}
console.log(`Translations: ${messageCount} messages in ${LANGUAGES.length} languages, all present and translated.`);
