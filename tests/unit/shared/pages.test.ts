/** Proves the page table of spec 4 and 6: where a 401 leaves the user in place, and which pages visitors may use. */
import { describe, expect, it } from 'vitest';
import { PREFIXED_LANGUAGES } from '../../../src/shared/languages';
import {
  NO_LOGIN_REDIRECT_PAGES,
  VISITOR_PAGES,
  isNoRedirectPath,
  isPageOpenToVisitors,
  pageOfPath,
} from '../../../src/shared/pages';

const SPEC_NO_REDIRECT_PAGES = [
  '/login',
  '/register',
  '/quotes',
  '/exchange',
  '/boption',
  '/futures',
  '/finance',
  '/startup',
  '/staking',
  '/loan',
  '/college',
  '/announcements',
  '/convert',
];

describe('pageOfPath', () => {
  it('drops the language prefix, query, hash and trailing slash, and lower-cases', () => {
    expect(pageOfPath('/zh-CHT/Exchange/?id=btc_usdt#top')).toBe('/exchange');
    expect(pageOfPath('/EN')).toBe('/');
    expect(pageOfPath('')).toBe('/');
    expect(pageOfPath('/id/quotes')).toBe('/id/quotes');
  });
});

describe('isNoRedirectPath', () => {
  it('R-STATE-02 lists exactly the pages of spec 4 plus the home page', () => {
    expect([...NO_LOGIN_REDIRECT_PAGES].sort()).toEqual(['/', ...SPEC_NO_REDIRECT_PAGES].sort());
  });

  it.each(SPEC_NO_REDIRECT_PAGES)('R-STATE-02 does not redirect from %s, with or without a language prefix', (page) => {
    expect(isNoRedirectPath(page)).toBe(true);
    for (const language of PREFIXED_LANGUAGES) expect(isNoRedirectPath(`/${language}${page}`), language).toBe(true);
  });

  it('R-STATE-02 is case-insensitive, as the routes are', () => {
    expect(isNoRedirectPath('/Login')).toBe(true);
    expect(isNoRedirectPath('/ZH-cht/QUOTES')).toBe(true);
    expect(isNoRedirectPath('/en/Announcements/Detail?id=3')).toBe(true);
    expect(isNoRedirectPath('/Quotes/quotePost')).toBe(true);
    expect(isNoRedirectPath('/Startup/detail')).toBe(true);
  });

  it('R-STATE-02 does not redirect from a language home page', () => {
    expect(isNoRedirectPath('/')).toBe(true);
    for (const language of PREFIXED_LANGUAGES) {
      expect(isNoRedirectPath(`/${language}`), language).toBe(true);
      expect(isNoRedirectPath(`/${language}/`), language).toBe(true);
    }
  });

  it('R-STATE-01 redirects from every other page, including the order histories under public sections', () => {
    for (const path of [
      '/assets',
      '/en/assets/assetDeposit',
      '/profile/dashboard',
      '/c2c',
      '/lotterycheckin',
      '/exchange/ExchangeCoinOrder',
      '/en/Futures/FuturesContractOrder',
      '/boption/boptioncoinorder',
      '/Convert/ConvertHistory',
      '/id/quotes',
      '/loginx',
      '/post/detail',
    ]) {
      expect(isNoRedirectPath(path), path).toBe(false);
    }
  });
});

describe('isPageOpenToVisitors', () => {
  it('R-ROLE-01 opens login, register and the public pages to visitors by default', () => {
    expect(VISITOR_PAGES).toEqual(expect.arrayContaining(['/', '/login', '/register', '/quotes', '/exchange', '/post', '/about']));
    expect(isPageOpenToVisitors('/en/login')).toBe(true);
    expect(isPageOpenToVisitors('/Register')).toBe(true);
    expect(isPageOpenToVisitors('/post/detail?id=4')).toBe(true);
    expect(isPageOpenToVisitors('/ja')).toBe(true);
  });

  it('R-ROLE-01 keeps account pages and order histories private', () => {
    expect(isPageOpenToVisitors('/assets')).toBe(false);
    expect(isPageOpenToVisitors('/profile/notification')).toBe(false);
    expect(isPageOpenToVisitors('/exchange/exchangeCoinOrder')).toBe(false);
  });

  it('R-ROLE-01 follows the anonymous list of the site config', () => {
    const anonymous = ['/', '/login', '/register', '/quotes'];
    expect(isPageOpenToVisitors('/de/quotes', anonymous)).toBe(true);
    expect(isPageOpenToVisitors('/exchange', anonymous)).toBe(false);
    expect(isPageOpenToVisitors('/exchange/exchangecoinorder', ['/exchange'])).toBe(false);
    expect(isPageOpenToVisitors('/c2c', ['/C2C'])).toBe(true);
    expect(isPageOpenToVisitors('/anything', [])).toBe(false);
  });
});
