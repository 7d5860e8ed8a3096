/**
 * The login page that brings the user back (spec 4: `from` holds the page being viewed), as every
 * screen links to it: a visitor's star, an order form, a help desk that needs a session, a 401.
 * The path has no language prefix: PageLink and localize() add the page's own.
 */
export function loginPath(from: string): string {
  return `/login?from=${encodeURIComponent(from)}`;
}
