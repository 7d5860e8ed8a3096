/** Proves the layout rules of spec 2, 4 and 6 that src/shared/layout.ts turns into functions, one spec sentence at a time. */
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../src/shared/api/site';
import { FOOTER_SPLIT_ITEMS } from '../../../src/shared/constants';
import {
  BOTTOM_TABS,
  SIGNED_IN_TABS,
  activeBottomTab,
  featureSetOf,
  footerLinkPath,
  identityTextOf,
  isBottomNavHidden,
  isFooterHidden,
  isOrgHost,
  isPathHidden,
  isSuperVip,
  isVerified,
  mobileTopBarOf,
  socialLink,
  splitFooterSection,
  supportEmail,
  tradeTabPath,
  utcOffsetLabel,
} from '../../../src/shared/layout';
import { siteConfigFixture } from '../../helpers/siteConfig';

const ALL_ON = siteConfigFixture();

function hidden(path: string, change: Partial<SiteConfig> = {}): boolean {
  const config = { ...ALL_ON, ...change };
  return isPathHidden(path, config, featureSetOf(config));
}

describe('which parts of the layout a page shows (spec 2, "Layout")', () => {
  it('R-LAY-02 hides the footer on login, register, reset, futures, exchange and boption pages', () => {
    for (const path of ['/login', '/register', '/reset', '/futures', '/exchange', '/boption']) expect(isFooterHidden(path), path).toBe(true);
    // Their sub pages, any case, any language prefix, with a query.
    for (const path of ['/en/Login', '/zh-CHT/exchange?id=btc_usdt', '/Futures/FuturesContractOrder', '/de/Boption/BoptionCoinOrder']) {
      expect(isFooterHidden(path), path).toBe(true);
    }
  });

  it('R-LAY-02 shows the footer everywhere else', () => {
    for (const path of ['/', '/en', '/quotes', '/en/Quotes', '/c2c', '/assets/assetDeposit', '/convert', '/announcements', '/profile/phoneusernav']) {
      expect(isFooterHidden(path), path).toBe(false);
    }
  });

  it('R-LAY-03 hides the bottom navigation on login, register and reset pages and on C2C pages', () => {
    for (const path of ['/login', '/register', '/reset', '/c2c', '/en/C2C/TradeOrder', '/ja/c2c/usercenter', '/Register?from=%2F']) {
      expect(isBottomNavHidden(path), path).toBe(true);
    }
  });

  it('R-LAY-03 shows the bottom navigation on the other pages, the trading pages included', () => {
    for (const path of ['/', '/en', '/quotes', '/futures', '/exchange', '/boption', '/assets', '/profile/phoneusernav', '/home/moremenu']) {
      expect(isBottomNavHidden(path), path).toBe(false);
    }
  });
});

describe('the mobile bottom tabs (spec 2, spec 9 "footer nav 5 tabs")', () => {
  it('R-LAY-04 are home (/), quotes (/quotes), trade (/futures), assets (/assets) and personal settings (/profile/phoneusernav), in that order', () => {
    expect(BOTTOM_TABS.map((tab) => [tab.key, tab.path])).toEqual([
      ['home', '/'],
      ['quotes', '/quotes'],
      ['trade', '/futures'],
      ['assets', '/assets'],
      ['profile', '/profile/phoneusernav'],
    ]);
  });

  it('R-LAY-04 the trade tab opens futures where futures can be traded, and spot trading until then', () => {
    expect(tradeTabPath(true)).toBe('/futures');
    expect(tradeTabPath(false)).toBe('/exchange');
  });

  it('R-LAY-05 the assets and profile tabs are the ones a visitor is sent to login from', () => {
    expect([...SIGNED_IN_TABS].sort()).toEqual(['assets', 'profile']);
  });

  it('R-LAY-06 the trade tab is active on futures, and on exchange and boption (ARCHITECTURE.md)', () => {
    for (const path of ['/futures', '/en/Futures?id=btc_usdt', '/exchange', '/de/Exchange/ExchangeCoinOrder', '/boption', '/Boption']) {
      expect(activeBottomTab(path), path).toBe('trade');
    }
  });

  it('R-LAY-04 each tab is active on its own pages, and none elsewhere', () => {
    expect(activeBottomTab('/')).toBe('home');
    expect(activeBottomTab('/en')).toBe('home');
    expect(activeBottomTab('/zh-CHT/')).toBe('home');
    expect(activeBottomTab('/quotes')).toBe('quotes');
    expect(activeBottomTab('/en/Quotes/quotePost')).toBe('quotes');
    expect(activeBottomTab('/assets')).toBe('assets');
    expect(activeBottomTab('/en/Assets/AssetDeposit')).toBe('assets');
    expect(activeBottomTab('/profile/phoneusernav')).toBe('profile');
    expect(activeBottomTab('/en/Profile/DashBoard')).toBe('profile');
    expect(activeBottomTab('/user')).toBe('profile');
    for (const path of ['/convert', '/announcements', '/home/moremenu', '/c2c']) expect(activeBottomTab(path), path).toBeUndefined();
  });
});

describe('the mobile top bar (spec 2, "Menus")', () => {
  it('R-LAY-14 R-LAY-15 convert, finance, staking, loan, startup and briefannouncement get the transparent bar with only a back arrow', () => {
    for (const path of ['/convert', '/finance', '/staking', '/loan', '/startup', '/briefannouncement', '/en/Convert/ConvertHistory', '/de/Startup/detail']) {
      expect(mobileTopBarOf(path), path).toBe('back');
    }
  });

  it('R-LAY-14 R-LAY-15 announcements, college and post get the title bar with a back arrow and a close button', () => {
    for (const path of ['/announcements', '/college', '/post', '/en/Announcements/Detail', '/ko/Post/detail?id=3', '/College']) {
      expect(mobileTopBarOf(path), path).toBe('titled');
    }
  });

  it('R-LAY-14 other pages have no mobile top bar', () => {
    for (const path of ['/', '/en', '/quotes', '/exchange', '/assets', '/profile/phoneusernav', '/about']) expect(mobileTopBarOf(path), path).toBe('none');
  });
});

describe('pages hidden by the site config (spec 2 "Hidden when features are off", spec 6)', () => {
  it('R-LAY-08 hides /staking when stakingEnabled is off', () => {
    expect(hidden('/staking')).toBe(false);
    expect(hidden('/staking', { stakingEnabled: false })).toBe(true);
    expect(hidden('/en/Staking', { stakingEnabled: false })).toBe(true);
    expect(hidden('/finance', { stakingEnabled: false })).toBe(false);
  });

  it('R-LAY-09 hides /loan and /assets/AssetLoan when loanEnabled is off', () => {
    expect(hidden('/loan')).toBe(false);
    expect(hidden('/assets/AssetLoan')).toBe(false);
    expect(hidden('/loan', { loanEnabled: false })).toBe(true);
    expect(hidden('/en/Assets/AssetLoan', { loanEnabled: false })).toBe(true);
    expect(hidden('/assets/AssetSpot', { loanEnabled: false })).toBe(false);
  });

  it('R-LAY-10 hides /lotterycheckin only when both check-in and the lucky draw are off', () => {
    expect(hidden('/lotterycheckin', { checkinEnabled: false })).toBe(false);
    expect(hidden('/lotterycheckin', { luckydraw: { enabled: false } })).toBe(false);
    expect(hidden('/LotteryCheckIn', { checkinEnabled: false, luckydraw: { enabled: false } })).toBe(true);
  });

  it('hides the lucky draw page /Profile/Award/Luckydraw when the lucky draw is off, whatever check-in says', () => {
    expect(hidden('/Profile/Award/Luckydraw')).toBe(false);
    expect(hidden('/en/profile/award/luckydraw', { checkinEnabled: false })).toBe(false);
    expect(hidden('/en/Profile/Award/Luckydraw', { luckydraw: { enabled: false } })).toBe(true);
    expect(hidden('/lotterycheckin', { luckydraw: { enabled: false } })).toBe(false);
  });

  it('R-LAY-11 always hides /c2c/Fiatorder, whatever the config says', () => {
    expect(hidden('/c2c/Fiatorder')).toBe(true);
    expect(hidden('/en/C2C/Fiatorder')).toBe(true);
    expect(hidden('/c2c/TradeOrder')).toBe(false);
  });

  it('R-LAY-12 removes the C2C entry (the /c2c pages) when c2c is disabled in the site config', () => {
    expect(featureSetOf(ALL_ON).has('c2c')).toBe(true);
    expect(featureSetOf({ ...ALL_ON, c2c: { enabled: false } }).has('c2c')).toBe(false);
    expect(hidden('/c2c', { c2c: { enabled: false } })).toBe(true);
    expect(hidden('/en/C2C/TradeAd', { c2c: { enabled: false } })).toBe(true);
  });

  it('R-ROLE-04 area hiding by bitmask: 0 allows all; otherwise the bit of the area in the path must not be set', () => {
    const areas: [string, number][] = [
      ['/announcements', 1],
      ['/college', 2],
      ['/boption', 4],
      ['/exchange', 8],
      ['/futures', 16],
      ['/startup', 32],
      ['/convert', 64],
      ['/finance', 128],
      ['/staking', 256],
      ['/loan', 512],
    ];
    for (const [path, bit] of areas) {
      expect(hidden(path, { permission: 0 }), path).toBe(false);
      expect(hidden(`/en${path}`, { permission: bit }), path).toBe(true);
      // Every other bit set leaves this area shown.
      expect(hidden(path, { permission: 1023 & ~bit }), path).toBe(false);
    }
    expect(hidden('/quotes', { permission: 1023 })).toBe(false);
  });
});

describe('the footer (spec 2 "Footer", spec 9)', () => {
  const links = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

  it(`R-FOOT-04 with 7 or more links the second section splits at ${FOOTER_SPLIT_ITEMS} items into two columns`, () => {
    expect(FOOTER_SPLIT_ITEMS).toBe(7);
    expect(splitFooterSection(links(7))).toEqual([links(7), []]);
    expect(splitFooterSection(links(8))).toEqual([links(7), [8]]);
    expect(splitFooterSection(links(12))).toEqual([links(7), [8, 9, 10, 11, 12]]);
  });

  it('R-FOOT-04 fewer than 7 links stay in one column', () => {
    expect(splitFooterSection(links(6))).toEqual([links(6)]);
    expect(splitFooterSection([])).toEqual([[]]);
  });

  it('R-FOOT-05 the first item of the first section goes to /about; others go to /post/detail?id={id}', () => {
    expect(footerLinkPath(0, 0, 3)).toBe('/about');
    expect(footerLinkPath(0, 1, 4)).toBe('/post/detail?id=4');
    expect(footerLinkPath(1, 0, 8)).toBe('/post/detail?id=8');
    expect(footerLinkPath(1, 7, 15)).toBe('/post/detail?id=15');
  });

  it('R-FOOT-06 the org host is a host ending in .org, any case', () => {
    expect(isOrgHost('exchange.org')).toBe(true);
    expect(isOrgHost('www.Exchange.ORG')).toBe(true);
    expect(isOrgHost('exchange.com')).toBe(false);
    expect(isOrgHost('localhost')).toBe(false);
    expect(isOrgHost('organic.com')).toBe(false);
  });

  it('R-FOOT-02 the support e-mail is built from the site name with com or org depending on host', () => {
    expect(supportEmail('Exchange', 'www.exchange.com')).toBe('support@exchange.com');
    expect(supportEmail('Exchange', 'exchange.org')).toBe('support@exchange.org');
    expect(supportEmail('Coin Hub', 'localhost')).toBe('support@coinhub.com');
    expect(supportEmail('Coin-Hub', 'coin-hub.org')).toBe('support@coin-hub.org');
    // A name without any letter or digit still gives a valid address.
    expect(supportEmail('交易所', '127.0.0.1')).toBe('support@exchange.com');
  });

  it('R-FOOT-01 a social link comes from the per-language key, with the generic key as the fallback', () => {
    const kvConfigs = { twitter: 'https://x.com/exchange', twitter_zh: 'https://x.com/exchange_cn', 'twitter_zh-CHT': 'https://x.com/exchange_tw', facebook_ja: '' };
    expect(socialLink(kvConfigs, 'twitter', 'zh')).toBe('https://x.com/exchange_cn');
    expect(socialLink(kvConfigs, 'twitter', 'zh-CHT')).toBe('https://x.com/exchange_tw');
    expect(socialLink(kvConfigs, 'twitter', 'de')).toBe('https://x.com/exchange');
    // No key at all, or only an empty one: the network has no link.
    expect(socialLink(kvConfigs, 'youtube', 'en')).toBeUndefined();
    expect(socialLink(kvConfigs, 'facebook', 'ja')).toBeUndefined();
  });

  it('R-FOOT-02 the clock shows its UTC offset in hours, with minutes when it has them', () => {
    expect(utcOffsetLabel(0)).toBe('UTC+0');
    expect(utcOffsetLabel(480)).toBe('UTC+8');
    expect(utcOffsetLabel(-300)).toBe('UTC-5');
    expect(utcOffsetLabel(330)).toBe('UTC+5:30');
    expect(utcOffsetLabel(-210)).toBe('UTC-3:30');
    expect(utcOffsetLabel(345)).toBe('UTC+5:45');
  });
});

describe('the user menu (spec 2, 3, 4 and 6)', () => {
  it('R-ROLE-05 a VIP level above 10 shows the super-VIP badge', () => {
    expect(isSuperVip(0)).toBe(false);
    expect(isSuperVip(10)).toBe(false);
    expect(isSuperVip(11)).toBe(true);
    expect(isSuperVip(15)).toBe(true);
  });

  it("R-STATE-07 identity text is 'under review' for status 1 or 2", () => {
    expect(identityTextOf(1, 0, 1)).toBe('underReview');
    expect(identityTextOf(2, 0, 1)).toBe('underReview');
    // Under review wins even over a level that already meets the requirement.
    expect(identityTextOf(2, 2, 1)).toBe('underReview');
  });

  it('R-STATE-07 otherwise verified when verifiedLevel meets the requirement, else incomplete', () => {
    expect(identityTextOf(4, 1, 1)).toBe('verified');
    expect(identityTextOf(null, 2, 1)).toBe('verified');
    expect(identityTextOf(0, 0, 1)).toBe('incomplete');
    expect(identityTextOf(3, 0, 1)).toBe('incomplete');
    expect(identityTextOf(null, 1, 2)).toBe('incomplete');
  });

  it('R-ENT-05 a profile is verified when verifiedLevel is at least requiredIDLevel', () => {
    expect(isVerified({ verifiedLevel: 1, requiredIDLevel: 1 })).toBe(true);
    expect(isVerified({ verifiedLevel: 2, requiredIDLevel: 1 })).toBe(true);
    expect(isVerified({ verifiedLevel: 0, requiredIDLevel: 1 })).toBe(false);
  });
});
