/**
 * Where the account pages send the user next. The login page's `from` parameter comes from the
 * URL, which anyone can write: only a path on this site is followed (it starts with one slash,
 * not two, and holds no backslash or control character a browser would read as another host),
 * so a crafted link cannot bounce a freshly signed-in user to a look-alike site (R-STATE-01).
 */
import type { Language } from '../../../shared/languages';
import { localizedPath } from '../../i18n/routeLanguage';

/** The `from` value when it is a same-origin path, else null. */
export function sameOriginPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/')) return null;
  if (from.startsWith('//')) return null;
  // Browsers read '\' as '/' in URLs ('/\evil.example' is '//evil.example'), and drop tabs and
  // newlines, which could hide a second slash.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(from)) return null;
  return from;
}

/** After sign-in: the page the user came from when it is ours, else home in the page's language. */
export function pathAfterSignIn(from: unknown, language: Language): string {
  return sameOriginPath(from) ?? localizedPath('/', language);
}

/**
 * The first of these query parameters that is set, read from the raw query string. The router's
 * parsed search reads values as JSON where it can, which would turn a referral code such as
 * 2E345678 into a number.
 */
export function queryParameter(search: string, names: readonly string[]): string | undefined {
  const parameters = new URLSearchParams(search);
  for (const name of names) {
    const value = parameters.get(name)?.trim();
    if (value) return value;
  }
  return undefined;
}
