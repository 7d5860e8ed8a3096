/**
 * The build's list of each page's route chunks (scripts/lib/routeManifest.ts writes it beside
 * index.html; server/http/page.ts reads it to preload a page's chunks beside the entry).
 */
import { prefixedLanguageOf } from './languages';

/** Where the build writes it, relative to the web root. */
export const ROUTE_MANIFEST_FILE = 'routes.json';

/** What a page's first render needs beyond the entry: its scripts (route chunk first) and styles. */
export interface RoutePreloads {
  scripts: string[];
  styles: string[];
}

/** By page key (routeKeyOf): "/", "/quotes", "/assets/assetdeposit". */
export type RouteManifest = Record<string, RoutePreloads>;

/**
 * The key of a page path in the manifest: without the query, the language prefix (in any case,
 * as the router reads it) and a trailing slash, in lower case as the router matches paths.
 */
export function routeKeyOf(pathname: string): string {
  const segments = (pathname.split(/[?#]/)[0] ?? '').split('/').filter(Boolean);
  if (segments[0] !== undefined && prefixedLanguageOf(segments[0])) segments.shift();
  return `/${segments.join('/').toLowerCase()}`;
}
