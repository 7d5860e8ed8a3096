/**
 * The web app's page answer: index.html for every page navigation (the history fallback), with a
 * modulepreload link for the catalog of the page's language (issue 14), and preload links for the
 * chunks and styles of the page's route. The browser then fetches them beside the entry script
 * instead of after it: every first paint needs them, and the entry asks for them only once it has
 * run. The build lists the catalog chunks in catalogs.json (scripts/lib/catalogManifest.ts) and
 * the route chunks in routes.json (scripts/lib/routeManifest.ts); without the catalogs (an older
 * build, a test's web root) the page goes out as it is stored, and without the routes it has the
 * catalog's link alone. A path the routes do not list (the catch-all's pages) gets no route links.
 *
 * Both files are read again when they change on disk, so that a redeployed build is served
 * without a restart, as its other files are. Each language's page is compressed once (brotli or
 * gzip at their highest levels, as the build compresses the stored index.html) and kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { CATALOG_MANIFEST_FILE, type CatalogManifest } from '../../src/shared/catalog-manifest';
import { languageOfPath } from '../../src/shared/languages';
import { ROUTE_MANIFEST_FILE, routeKeyOf, type RouteManifest, type RoutePreloads } from '../../src/shared/route-manifest';

interface Loaded {
  /** Modification times of index.html and the manifests when read. */
  stamp: string;
  html: string;
  manifest: CatalogManifest;
  routes: RouteManifest;
  /** The pages made so far, by language, route and encoding. */
  made: Map<string, Buffer>;
}

export type PageEncoding = 'br' | 'gzip' | 'identity';

/** What goes out: the page's bytes in the encoding the browser accepts. */
export interface Page {
  body: Buffer;
  encoding: PageEncoding;
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses one). */
export function pageEncodingFor(acceptEncoding: string | undefined): PageEncoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    weights.set(name, quality ? Number(quality.slice(2)) : 1);
  }
  if ((weights.get('br') ?? 0) > 0) return 'br';
  return (weights.get('gzip') ?? 0) > 0 ? 'gzip' : 'identity';
}

function encode(text: string, encoding: PageEncoding): Buffer {
  const bytes = Buffer.from(text);
  if (encoding === 'br') return zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } });
  if (encoding === 'gzip') return zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
  return bytes;
}

/** Where the link goes: the end of the head, after the entry's own script and style. */
const HEAD_END = '</head>';

export class PageAnswer {
  private loaded: Loaded | null = null;

  constructor(private readonly webRoot: string) {}

  /** The page for a navigation to `pathname`, or null when there is no catalog list to add from. */
  pageFor(pathname: string, encoding: PageEncoding): Page | null {
    const loaded = this.load();
    if (!loaded) return null;
    const language = languageOfPath(pathname);
    const routeKey = routeKeyOf(pathname);
    // Own: a path only the catch-all knows shares the page without route links (a bounded cache).
    const route: RoutePreloads | undefined = Object.hasOwn(loaded.routes, routeKey) ? loaded.routes[routeKey] : undefined;
    const key = `${language}:${route ? routeKey : ''}:${encoding}`;
    let body = loaded.made.get(key);
    if (!body) {
      const catalog = loaded.manifest[language];
      const at = loaded.html.indexOf(HEAD_END);
      if (!catalog || at < 0) return null;
      body = encode(`${loaded.html.slice(0, at)}${preloadLinks(catalog, route)}${loaded.html.slice(at)}`, encoding);
      loaded.made.set(key, body);
    }
    return { body, encoding };
  }

  private load(): Loaded | null {
    const indexFile = path.join(this.webRoot, 'index.html');
    const manifestFile = path.join(this.webRoot, CATALOG_MANIFEST_FILE);
    const routesFile = path.join(this.webRoot, ROUTE_MANIFEST_FILE);
    let stamp: string;
    try {
      stamp = `${fs.statSync(indexFile).mtimeMs}:${fs.statSync(manifestFile).mtimeMs}:${fs.statSync(routesFile, { throwIfNoEntry: false })?.mtimeMs ?? '-'}`;
    } catch {
      return null; // no manifest: the page as it is stored
    }
    if (this.loaded?.stamp === stamp) return this.loaded;
    try {
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as CatalogManifest;
      this.loaded = { stamp, html: fs.readFileSync(indexFile, 'utf8'), manifest, routes: readRoutes(routesFile), made: new Map() };
    } catch {
      this.loaded = null;
    }
    return this.loaded;
  }
}

/** The build's route list; none when it is missing or not readable (the page keeps its catalog link). */
function readRoutes(file: string): RouteManifest {
  try {
    const routes = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return typeof routes === 'object' && routes !== null && !Array.isArray(routes) ? (routes as RouteManifest) : {};
  } catch {
    return {};
  }
}

/**
 * The catalog first, then the route's scripts (its own chunk first) and styles. A style is
 * preloaded, not linked: the route's module adds its stylesheet link itself when it loads, and
 * finds the file fetched. Both kinds are CORS requests (crossorigin), as the build's loader makes
 * them, so that the browser uses the preloaded answer instead of fetching again.
 */
function preloadLinks(catalog: string, route: RoutePreloads | undefined): string {
  const links = [`<link rel="modulepreload" crossorigin href="${escapeAttribute(catalog)}">`];
  for (const script of route?.scripts ?? []) links.push(`<link rel="modulepreload" crossorigin href="${escapeAttribute(script)}">`);
  for (const style of route?.styles ?? []) links.push(`<link rel="preload" as="style" crossorigin href="${escapeAttribute(style)}">`);
  return links.join('');
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);
}
