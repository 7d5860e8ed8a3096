/**
 * Lingui: the web app's messages live in locales/<language>/messages.po, one catalog per
 * language of spec 1 (English is the source). `npm run i18n:extract` writes new messages into
 * every catalog; `npm run i18n:check` (part of `npm test`) fails on a message missing from a
 * catalog, an untranslated one, or placeholders that differ between languages.
 * LINGUI_CATALOG_ROOT lets the check extract into a scratch copy instead of the real catalogs.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LANGUAGES } from './src/shared/languages.js';

const catalogRoot = process.env.LINGUI_CATALOG_ROOT ?? '<rootDir>/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANGUAGES],
  catalogs: [{ path: `${catalogRoot}/{locale}/messages`, include: ['<rootDir>/src/app'], exclude: ['**/routeTree.gen.ts'] }],
  // No source line numbers: a catalog changes only when a message does.
  format: formatter({ lineNumbers: false, origins: false }),
  orderBy: 'message',
});
