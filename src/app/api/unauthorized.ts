/**
 * What a 401 does in a tab (spec 4, R-STATE-01/02): the stored session and profile are cleared,
 * and the user goes to the login page of the current language with `from` holding the page
 * being viewed, unless the page is one the shared table exempts (pages.ts).
 */
import { isNoRedirectPath } from '../../shared/pages';
import { languageOfPath, localizedPath } from '../i18n/routeLanguage';
import { loginPath } from '../ui/paths';

/** What must forget the tab's session data at a 401 registers here (state/session.ts does). */
const sessionEndedListeners = new Set<() => void>();

export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** The login page of a path's language, with `from` set to that path. */
export function loginPathFor(page: string): string {
  return localizedPath(loginPath(page), languageOfPath(page));
}

export function onUnauthorized(): void {
  for (const listener of sessionEndedListeners) listener();
  const page = `${window.location.pathname}${window.location.search}`;
  if (isNoRedirectPath(page)) return;
  window.location.assign(loginPathFor(page));
}
