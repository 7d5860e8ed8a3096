/**
 * The page's catalog, asked for beside the entry (issue 14). Every page's first paint needs its
 * language's messages, but the entry script asks for them only once it has run, after a phone has
 * downloaded and evaluated its 120 KB: the catalog (about 20 KB) then came last, queued behind the
 * page's own chunks on HTTP/1.1's six connections, and ended Lighthouse's largest contentful
 * paint on quotes and the exchange.
 *
 * The build writes `catalogs.json` beside index.html: the chunk of each language's catalog. The
 * server reads it when it answers a page navigation and adds a modulepreload link for the page's
 * language to the index.html it sends (server/http/page.ts), so that the browser fetches the
 * catalog while it fetches the entry. (An inline script in index.html could not do it: the
 * server's content security policy allows scripts from the site's files only.)
 */
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { CATALOG_MANIFEST_FILE, type CatalogManifest } from '../../src/shared/catalog-manifest.js';
import { LANGUAGES } from '../../src/shared/languages.js';

/** The built chunk of each language's catalog. */
export function catalogManifest(bundle: OutputBundle, base = '/'): CatalogManifest {
  const manifest: CatalogManifest = {};
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    for (const id of output.moduleIds) {
      const match = /[\\/]locales[\\/]([^\\/]+)[\\/]messages\.po$/.exec(id);
      const language = LANGUAGES.find((candidate) => candidate === match?.[1]);
      if (language) manifest[language] = `${base}${output.fileName}`;
    }
  }
  return manifest;
}

export function catalogManifestPlugin(): Plugin {
  return {
    name: 'exchange:catalog-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const manifest = catalogManifest(bundle as OutputBundle);
      const found = Object.keys(manifest).length;
      if (found !== LANGUAGES.length) this.error(`catalog manifest: found ${found} of ${LANGUAGES.length} catalog chunks`);
      this.emitFile({ type: 'asset', fileName: CATALOG_MANIFEST_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
