// Proves that the installed app opens in the user's language: a launch from the manifest's start
// URL or a shortcut (?launch=app, no language prefix) shows the same page under the stored
// language's prefix, keeps the rest of the query and the hash, and drops the marker; a page load
// that is not a launch is left alone.
import { describe, expect, it } from 'vitest';
import { APP_LAUNCH_QUERY, launchTarget } from '../../../../src/app/pwa/launch';

const at = (url: string) => {
  const parsed = new URL(url, 'https://exchange.test');
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
};

describe('launchTarget', () => {
  it('opens the start URL in the stored language', () => {
    expect(launchTarget(at(`/${APP_LAUNCH_QUERY}`), 'en')).toBe('/en');
    expect(launchTarget(at(`/${APP_LAUNCH_QUERY}`), 'zh-CHT')).toBe('/zh-CHT');
  });

  it('opens a shortcut in the stored language, with the rest of its query and its hash', () => {
    expect(launchTarget(at(`/Quotes${APP_LAUNCH_QUERY}`), 'de')).toBe('/de/Quotes');
    expect(launchTarget(at('/Exchange?id=btc_usdt&launch=app#book'), 'ja')).toBe('/ja/Exchange?id=btc_usdt#book');
  });

  it('keeps the default language (no prefix) when that is the stored one, or when none is stored', () => {
    expect(launchTarget(at(`/${APP_LAUNCH_QUERY}`), 'id')).toBe('/');
    expect(launchTarget(at(`/Quotes${APP_LAUNCH_QUERY}`), null)).toBe('/Quotes');
  });

  it('leaves a page load that is not a launch alone', () => {
    expect(launchTarget(at('/en/Quotes'), 'de')).toBeNull();
    expect(launchTarget(at('/?launch=tab'), 'de')).toBeNull();
  });
});
