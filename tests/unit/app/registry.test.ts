// Proves the page registry holds every path of spec section 2 and finds each one under every language prefix, in any case (R-ROUTE-01, 03..06).
import { describe, expect, it } from 'vitest';
import { LANGUAGES, PREFIXED_LANGUAGES } from '../../../src/shared/languages';
import { PAGES, findPage } from '../../../src/app/pages/registry';

/** Spec 2, word for word: the top-level pages. */
const TOP_LEVEL = ['/404', '/About', '/Announcements', '/Assets', '/Boption', '/BriefAnnouncement', '/C2C', '/College', '/Convert', '/Exchange', '/Finance', '/Futures', '/Loan', '/Login', '/LotteryCheckIn', '/Post', '/Profile', '/Quotes', '/Register', '/Staking', '/Startup'];

/** Spec 2: the sub pages, group by group. */
const SUB_PAGES = [
  '/About/UserProtectMeasures',
  '/Announcements/Detail',
  '/Announcements/Search',
  ...['AssetContract', 'AssetDeposit', 'AssetLoan', 'AssetSpot', 'AssetWithdraw', 'DepositHistory', 'Finance', 'FinanceRecord', 'FundDetails', 'LoanHistory', 'WithdrawHistory'].map((name) => `/Assets/${name}`),
  '/Boption/BoptionCoinOrder',
  '/Exchange/ExchangeCoinOrder',
  '/Futures/FuturesContractOrder',
  '/Convert/ConvertHistory',
  ...['AddBank', 'AppNav', 'Chat', 'Fiatorder', 'MerchantApplication', 'MerchantOrder', 'MyAd', 'Nav', 'PaymentVoucher', 'TradeAd', 'TradeOrder', 'UserCenter'].map((name) => `/C2C/${name}`),
  '/Home/MoreMenu',
  '/Post/detail',
  '/Quotes/quotePost',
  '/Startup/detail',
  ...['Authentication', 'BindEmail', 'DashBoard', 'Notification', 'PhoneUserNav', 'SecuritySettings'].map((name) => `/Profile/${name}`),
  '/Profile/Award/Luckydraw',
  '/Profile/Individual/UpLoad',
];

/** Spec 2 "Also used", and ARCHITECTURE.md's /reset, /user, /help. */
const LOWER_CASE_PATHS = ['/help', '/about', '/login', '/register', '/logout', '/profile/dashboard', '/profile/notification', '/profile/individual/upload', '/assets/assetDeposit', '/assets/assetWithdraw', '/reset', '/user'];

/** Spec 2: the sections of component-level pages, each with at least one page. */
const COMPONENT_SECTIONS = ['Announcements', 'Assets', 'Boption', 'College', 'Convert', 'Exchange', 'Finance', 'Futures', 'Home', 'Loan', 'Profile', 'Quotes', 'Staking', 'Startup'];

/** Named component pages of spec 2 (the sections that name theirs). */
const NAMED_COMPONENTS: Record<string, string[]> = {
  Announcements: ['AnnouncementsFilterList'],
  Assets: ['AssetDeposit', 'AssetFinanceAccount', 'AssetFinanceRecord', 'AssetLeftMenu', 'AssetSpot', 'AssetTotal', 'AssetTotalApp', 'AssetTransferDialog', 'AssetWithdraw', 'BlockChainWithdrawForm', 'CoinSelector', 'DWRecords', 'FundDetails', 'LoanPage', 'StakingOrder', 'WithdrawForm'],
  College: ['CollegeDetail', 'CollegeList', 'DetailLeftNav'],
  Convert: ['ConvertForm', 'ConvertTable'],
  Finance: ['CoinList'],
  Home: ['HomeBanners', 'HomeMarketList', 'HomeNewsList', 'HomeNotices', 'HomeRanks', 'HomeTips', 'PopupNotice', 'TopSearches'],
  Loan: ['Create'],
  Quotes: ['CoinLists', 'NewCoinArea', 'PromptedSymbol', 'QuotesMarketTable', 'TagsWrapper'],
  Staking: ['StakingDialogContent', 'StakingList'],
  Startup: ['Card', 'Ongoing', 'Orders', 'Progress', 'StartupIcon'],
};

describe('page registry', () => {
  it('R-ROUTE-03 holds every top-level page of spec 2', () => {
    for (const path of TOP_LEVEL) expect(findPage(path)?.path, path).toBe(path);
  });

  it('R-ROUTE-04 holds every sub page of spec 2', () => {
    for (const path of SUB_PAGES) expect(findPage(path)?.path, path).toBe(path);
  });

  it('R-ROUTE-05 finds the lower-case paths of spec 2 and ARCHITECTURE.md', () => {
    for (const path of LOWER_CASE_PATHS) expect(findPage(path), path).toBeDefined();
  });

  it('R-ROUTE-06 registers component-level pages as {Section}/{Group}/{Page} without parameters, for every section', () => {
    const components = PAGES.filter((entry) => entry.kind === 'component');
    for (const entry of components) {
      expect(entry.path, entry.path).toMatch(/^\/[A-Za-z]+\/[A-Za-z]+\/[A-Za-z]+$/);
      expect(entry.path).not.toMatch(/[$:?]/);
    }
    const sections = new Set([...components.map((entry) => entry.path.split('/')[1]), ...['Profile']]);
    for (const section of COMPONENT_SECTIONS) expect(sections.has(section), section).toBe(true);
    for (const [section, names] of Object.entries(NAMED_COMPONENTS)) {
      for (const name of names) expect(findPage(`/${section}/Components/${name}`), `${section}/${name}`).toBeDefined();
    }
    // Profile's component pages are its Award and Individual pages.
    expect(findPage('/Profile/Award/Luckydraw')).toBeDefined();
    expect(findPage('/Profile/Individual/UpLoad')).toBeDefined();
  });

  it('R-ROUTE-01 finds every page under every language prefix and without one, in any case', () => {
    for (const entry of PAGES) {
      for (const language of PREFIXED_LANGUAGES) {
        expect(findPage(`/${language}${entry.path === '/' ? '' : entry.path}`), `${language} ${entry.path}`).toBe(entry);
        expect(findPage(`/${language.toUpperCase()}${entry.path.toLowerCase()}`), `${language} ${entry.path}`).toBe(entry);
      }
      expect(findPage(entry.path.toUpperCase())).toBe(entry);
    }
    expect(LANGUAGES).toContain('id'); // id is the unprefixed default: /id/... is not a prefix
    expect(findPage('/id/quotes')).toBeUndefined();
  });

  it('R-ROUTE-07 ignores the query, the hash and a trailing slash (/Post/detail?id=3)', () => {
    expect(findPage('/en/Post/detail?id=3')?.path).toBe('/Post/detail');
    expect(findPage('/post/detail/#top')?.path).toBe('/Post/detail');
  });

  it('R-ROUTE-08 knows no page outside the spec', () => {
    expect(findPage('/no-such-page')).toBeUndefined();
    expect(findPage('/en/Assets/Nope')).toBeUndefined();
  });

  it('lists each path once', () => {
    const keys = PAGES.map((entry) => entry.path.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
  });
});
