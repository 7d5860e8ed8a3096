/**
 * Which pages visitors may use and which pages a 401 does not redirect from (spec 4 and 6), in
 * one table that the server (the site config's `anonymous` default) and the app (the 401
 * handler, the route guard) both read. Paths are lower-case and carry no language prefix; an
 * entry covers its sub pages unless a longer entry says otherwise, so the order histories under
 * the trading sections stay private while their trading pages stay public.
 */
import { PREFIXED_LANGUAGES } from './languages';

interface PageAccess {
  /** Open to visitors: the default of the site config's `anonymous` list. */
  visitors: boolean;
  /** A 401 answered while this page is shown does not send the user to login (spec 4). */
  noLoginRedirect: boolean;
}

export const PAGE_ACCESS = {
  // '/' is the home page of the default language; each language prefix alone is its home page.
  '/': { visitors: true, noLoginRedirect: true },
  '/login': { visitors: true, noLoginRedirect: true },
  '/register': { visitors: true, noLoginRedirect: true },
  '/quotes': { visitors: true, noLoginRedirect: true },
  '/exchange': { visitors: true, noLoginRedirect: true },
  '/boption': { visitors: true, noLoginRedirect: true },
  '/futures': { visitors: true, noLoginRedirect: true },
  '/finance': { visitors: true, noLoginRedirect: true },
  '/startup': { visitors: true, noLoginRedirect: true },
  '/staking': { visitors: true, noLoginRedirect: true },
  '/loan': { visitors: true, noLoginRedirect: true },
  '/college': { visitors: true, noLoginRedirect: true },
  '/announcements': { visitors: true, noLoginRedirect: true },
  '/convert': { visitors: true, noLoginRedirect: true },
  // Readable by visitors, but spec 4 does not list them: a 401 there goes to login.
  '/reset': { visitors: true, noLoginRedirect: false },
  '/post': { visitors: true, noLoginRedirect: false },
  '/about': { visitors: true, noLoginRedirect: false },
  '/help': { visitors: true, noLoginRedirect: false },
  '/briefannouncement': { visitors: true, noLoginRedirect: false },
  '/404': { visitors: true, noLoginRedirect: false },
  // A user's own orders under the public trading sections.
  '/exchange/exchangecoinorder': { visitors: false, noLoginRedirect: false },
  '/futures/futurescontractorder': { visitors: false, noLoginRedirect: false },
  '/boption/boptioncoinorder': { visitors: false, noLoginRedirect: false },
  '/convert/converthistory': { visitors: false, noLoginRedirect: false },
} as const satisfies Record<string, PageAccess>;
export type PagePath = keyof typeof PAGE_ACCESS;

const PAGE_PATHS = Object.keys(PAGE_ACCESS) as PagePath[];

/** Pages where a 401 does not redirect to login (spec 4). */
export const NO_LOGIN_REDIRECT_PAGES: readonly PagePath[] = PAGE_PATHS.filter((page) => PAGE_ACCESS[page].noLoginRedirect);

/** Pages open to visitors: the default `anonymous` list of the site config. */
export const VISITOR_PAGES: readonly PagePath[] = PAGE_PATHS.filter((page) => PAGE_ACCESS[page].visitors);

/** Pages visitors never use, whatever the site config lists. */
const PRIVATE_PAGES: readonly PagePath[] = PAGE_PATHS.filter((page) => !PAGE_ACCESS[page].visitors);

const LANGUAGE_PREFIXES = new Set(PREFIXED_LANGUAGES.map((language) => language.toLowerCase()));

/**
 * The page of a path: lower-case, without query, hash, trailing slash or language prefix. A
 * language prefix alone is that language's home page, '/'.
 */
export function pageOfPath(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  if (segments[0] !== undefined && LANGUAGE_PREFIXES.has(segments[0])) segments.shift();
  return `/${segments.join('/')}`;
}

/** True when `page` is `entry` or one of its sub pages; '/' covers only the home page itself. */
function isPageUnder(page: string, entry: string): boolean {
  if (entry === '/') return page === '/';
  return page === entry || page.startsWith(`${entry}/`);
}

/** The most specific entry of the table that covers the path, if any. */
export function pageAccessOf(path: string): PageAccess | undefined {
  const page = pageOfPath(path);
  let best: PagePath | undefined;
  for (const entry of PAGE_PATHS) {
    if (isPageUnder(page, entry) && (best === undefined || entry.length > best.length)) best = entry;
  }
  return best === undefined ? undefined : PAGE_ACCESS[best];
}

/** Whether a 401 answered on this page leaves the user where they are (spec 4, R-STATE-02). */
export function isNoRedirectPath(path: string): boolean {
  return pageAccessOf(path)?.noLoginRedirect ?? false;
}

/**
 * Whether a visitor may use the page, given the site config's `anonymous` list (entries cover
 * their sub pages); a user's own order pages stay private even when their section is listed.
 */
export function isPageOpenToVisitors(path: string, anonymous: readonly string[] = VISITOR_PAGES): boolean {
  const page = pageOfPath(path);
  if (PRIVATE_PAGES.some((entry) => isPageUnder(page, entry))) return false;
  return anonymous.some((entry) => isPageUnder(page, pageOfPath(entry)));
}
