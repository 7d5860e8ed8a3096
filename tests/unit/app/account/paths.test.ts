/** Proves where the login page sends a signed-in user: the `from` page only when it is a path on this site, else home in the page's language (R-STATE-01), and how the account pages read their query. */
import { describe, expect, it } from 'vitest';
import { pathAfterSignIn, queryParameter, sameOriginPath } from '../../../../src/app/features/account/paths';
import { loginPathFor } from '../../../../src/app/api/unauthorized';

describe('sameOriginPath', () => {
  it('R-STATE-01 keeps a path of this site, with its query and hash', () => {
    expect(sameOriginPath('/en/Assets')).toBe('/en/Assets');
    expect(sameOriginPath('/post/detail?id=3#top')).toBe('/post/detail?id=3#top');
    expect(sameOriginPath('/')).toBe('/');
  });

  it('refuses another origin, however it is written', () => {
    for (const from of ['//evil.example', '//evil.example/en', '/\\evil.example', '/\\/evil.example', 'https://evil.example/', 'javascript:alert(1)', 'en/Assets', '']) {
      expect(sameOriginPath(from), from).toBeNull();
    }
  });

  it('refuses control characters that a browser drops from a URL (a hidden second slash)', () => {
    expect(sameOriginPath('/\t/evil.example')).toBeNull();
    expect(sameOriginPath('/\n/evil.example')).toBeNull();
    expect(sameOriginPath('/en/Assets\u0000')).toBeNull();
  });

  it('refuses what is not text', () => {
    expect(sameOriginPath(undefined)).toBeNull();
    expect(sameOriginPath(42)).toBeNull();
    expect(sameOriginPath(['/en'])).toBeNull();
  });
});

describe('pathAfterSignIn', () => {
  it('R-STATE-01 goes back to the page the 401 came from', () => {
    const login = new URL(loginPathFor('/en/Assets'), 'http://localhost');
    expect(login.pathname).toBe('/en/login');
    expect(pathAfterSignIn(login.searchParams.get('from'), 'en')).toBe('/en/Assets');
  });

  it('else goes home in the page language (the default language has no prefix)', () => {
    expect(pathAfterSignIn(undefined, 'en')).toBe('/en');
    expect(pathAfterSignIn('//evil.example', 'de')).toBe('/de');
    expect(pathAfterSignIn(null, 'id')).toBe('/');
    expect(pathAfterSignIn('https://evil.example', 'zh-CHT')).toBe('/zh-CHT');
  });
});

describe('queryParameter', () => {
  it('reads the first parameter that is set, as text', () => {
    expect(queryParameter('?ref=2E345678', ['ref', 'referralCode'])).toBe('2E345678');
    expect(queryParameter('?referralCode=ABCD2345', ['ref', 'referralCode'])).toBe('ABCD2345');
    expect(queryParameter('?ref=&referralCode=ABCD2345', ['ref', 'referralCode'])).toBe('ABCD2345');
    expect(queryParameter('?from=%2Fen%2FAssets', ['from'])).toBe('/en/Assets');
  });

  it('answers undefined when none is set', () => {
    expect(queryParameter('', ['ref'])).toBeUndefined();
    expect(queryParameter('?ref=%20%20', ['ref'])).toBeUndefined();
  });
});
