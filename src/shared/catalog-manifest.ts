/**
 * The build's list of catalog chunks (scripts/lib/catalogManifest.ts writes it beside index.html;
 * server/http/page.ts reads it to preload a page's catalog).
 */
import type { Language } from './languages';

/** Where the build writes it, relative to the web root. */
export const CATALOG_MANIFEST_FILE = 'catalogs.json';

/** The catalog chunk of each language: its path from the site's root. */
export type CatalogManifest = Partial<Record<Language, string>>;
