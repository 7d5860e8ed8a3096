/**
 * A page's route chunks, asked for beside the entry (issue 14). The entry script finds the chunks
 * of the page it opens on only once it has been downloaded and run (src/app/main.tsx asks for them
 * first thing); on a phone network that is a round trip and the entry's evaluation after the
 * entry's download, before the route's code even starts to arrive. The catalog had the same wait
 * and got the same answer (catalogManifest.ts).
 *
 * The build writes `routes.json` beside index.html: for each page of a file route, the chunk of
 * its component (the router's plugin splits each route file's component into a chunk of its own),
 * the chunks that chunk imports statically, and their styles, without what the entry already
 * brings. The server adds modulepreload and style preload links for the page's entry to the
 * index.html it sends (server/http/page.ts). Only what the page's first render imports is listed:
 * a lazy part (the home page's lower half, a dialog) stays a request made when it is needed.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { ROUTE_MANIFEST_FILE, type RouteManifest } from '../../src/shared/route-manifest.js';

/** A route file's split component, as the router's plugin names the module. */
const ROUTE_COMPONENT = /[\\/]src[\\/]app[\\/]routes[\\/](.+)\.tsx\?tsr-split=component$/;

/**
 * The page key (src/shared/route-manifest.ts) of a route file, from its path under src/app/routes
 * without the extension: `{-$locale}/quotes/index` is /quotes. Null for what is not one page: the
 * root and layout routes (in the entry), a file with a path parameter or the catch-all (`$`).
 */
export function routeKeyOfFile(file: string): string | null {
  const segments = file.split(/[\\/]/).filter((segment) => segment !== '{-$locale}');
  const last = segments.at(-1);
  if (last === undefined || last === '__root' || last === 'route') return null;
  if (segments.some((segment) => segment.includes('$') || segment.startsWith('-') || segment.startsWith('('))) return null;
  if (last === 'index') segments.pop();
  return `/${segments.join('/').toLowerCase()}`;
}

function chunksOf(bundle: OutputBundle): Map<string, OutputChunk> {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  return chunks;
}

/** A chunk and everything it imports statically, the chunk first, then breadth first. */
function staticGraph(start: string, chunks: Map<string, OutputChunk>): string[] {
  const seen = [start];
  for (let index = 0; index < seen.length; index += 1) {
    for (const imported of chunks.get(seen[index]!)?.imports ?? []) if (!seen.includes(imported)) seen.push(imported);
  }
  return seen;
}

function stylesOf(fileName: string, chunks: Map<string, OutputChunk>): string[] {
  const metadata = (chunks.get(fileName) as (OutputChunk & { viteMetadata?: { importedCss: Set<string> } }) | undefined)?.viteMetadata;
  return [...(metadata?.importedCss ?? [])];
}

export function routeManifest(bundle: OutputBundle, base = '/'): RouteManifest {
  const chunks = chunksOf(bundle);
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  const inEntry = new Set(entry ? staticGraph(entry.fileName, chunks) : []);
  const entryStyles = new Set([...inEntry].flatMap((fileName) => stylesOf(fileName, chunks)));
  const manifest: RouteManifest = {};
  for (const chunk of [...chunks.values()].sort((a, b) => a.fileName.localeCompare(b.fileName))) {
    const file = ROUTE_COMPONENT.exec(chunk.facadeModuleId ?? '')?.[1];
    const key = file === undefined ? null : routeKeyOfFile(file);
    if (key === null) continue;
    const scripts = staticGraph(chunk.fileName, chunks).filter((fileName) => !inEntry.has(fileName));
    const styles = [...new Set(scripts.flatMap((fileName) => stylesOf(fileName, chunks)))].filter((fileName) => !entryStyles.has(fileName));
    manifest[key] = { scripts: scripts.map((fileName) => `${base}${fileName}`), styles: styles.map((fileName) => `${base}${fileName}`) };
  }
  return manifest;
}

export function routeManifestPlugin(): Plugin {
  return {
    name: 'exchange:route-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const manifest = routeManifest(bundle as OutputBundle);
      // The home page and the trading screens at least: a router plugin that named its chunks
      // differently would otherwise go unseen, with every page losing its preloads.
      for (const key of ['/', '/quotes', '/exchange']) if (!manifest[key]) this.error(`route manifest: no chunk found for the page ${key}`);
      this.emitFile({ type: 'asset', fileName: ROUTE_MANIFEST_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
