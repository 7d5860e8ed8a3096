/**
 * The layout rules of spec section 2 ("Layout", "Menus", "Header", "Footer") as pure functions of
 * a path and the site config, so that the app's frame and the tests read the same rules. Paths
 * may carry a language prefix, any case, a query and a hash: pageOfPath normalises them.
 */
import type { SiteConfig } from './api/site';
import { FOOTER_SPLIT_ITEMS, IDENTITY_STATUS, SUPER_VIP_ABOVE_LEVEL } from './constants';
import { pageOfPath } from './pages';
import { isPathAllowed } from './permissions';

/** The switches of the site config that hide screens (spec 2, "Hidden when features are off"). */
export type Feature = 'staking' | 'loan' | 'lotteryCheckIn' | 'luckyDraw' | 'c2c';

export type FeatureSet = ReadonlySet<Feature>;

/** The features a site config turns on: lottery check-in needs check-in or the lucky draw; the draw's own page needs the draw. */
export function featureSetOf(config: Pick<SiteConfig, 'stakingEnabled' | 'loanEnabled' | 'checkinEnabled' | 'luckydraw' | 'c2c'>): FeatureSet {
  const features = new Set<Feature>();
  if (config.stakingEnabled) features.add('staking');
  if (config.loanEnabled) features.add('loan');
  if (config.checkinEnabled || config.luckydraw.enabled) features.add('lotteryCheckIn');
  if (config.luckydraw.enabled) features.add('luckyDraw');
  if (config.c2c.enabled) features.add('c2c');
  return features;
}

/** Pages a feature switch hides, with their sub pages (lower-case, no prefix). */
const FEATURE_PAGES: Readonly<Record<Feature, readonly string[]>> = {
  staking: ['/staking'],
  loan: ['/loan', '/assets/assetloan', '/assets/loanhistory'],
  lotteryCheckIn: ['/lotterycheckin'],
  // spec 2 names only /lotterycheckin; the draw's own page goes with the draw, which has nothing to draw when off.
  luckyDraw: ['/profile/award/luckydraw'],
  // spec 2 removes only the header's C2C entry when c2c is off; the pages go with it, since
  // a marketplace that is switched off has nothing to trade.
  c2c: ['/c2c'],
};

/** Always hidden, whatever the config says (spec 2). */
const ALWAYS_HIDDEN_PAGES = ['/c2c/fiatorder'];

function isUnder(page: string, entry: string): boolean {
  return page === entry || page.startsWith(`${entry}/`);
}

/**
 * Whether a path is hidden: by a feature switch, by the area bitmask (spec 6: a set bit hides
 * the area), or always. A hidden page is left out of every menu and answers as not found.
 */
export function isPathHidden(path: string, config: Pick<SiteConfig, 'permission'>, features: FeatureSet): boolean {
  const page = pageOfPath(path);
  if (ALWAYS_HIDDEN_PAGES.some((entry) => isUnder(page, entry))) return true;
  for (const [feature, pages] of Object.entries(FEATURE_PAGES) as [Feature, readonly string[]][]) {
    if (!features.has(feature) && pages.some((entry) => isUnder(page, entry))) return true;
  }
  return !isPathAllowed(config.permission, page);
}

/** The first path segment, lower-case, without the language prefix ('' on the home page). */
function sectionOf(path: string): string {
  return pageOfPath(path).split('/')[1] ?? '';
}

const FOOTERLESS_SECTIONS = new Set(['login', 'register', 'reset', 'futures', 'exchange', 'boption']);
const BOTTOM_NAVLESS_SECTIONS = new Set(['login', 'register', 'reset', 'c2c']);

/** spec 2: no footer on login, register, reset and the futures, exchange and boption pages. */
export function isFooterHidden(path: string): boolean {
  return FOOTERLESS_SECTIONS.has(sectionOf(path));
}

/** spec 2: no bottom navigation on login, register, reset and C2C pages (C2C has its own). */
export function isBottomNavHidden(path: string): boolean {
  return BOTTOM_NAVLESS_SECTIONS.has(sectionOf(path));
}

/** Pages with an order form far down the tab order: a second skip link leads straight to it (ORDER_FORM_ANCHOR). */
const ORDER_FORM_PAGES = new Set(['/exchange', '/exchange/components/tradingpage', '/exchange/app/tradingpage', '/exchange/components/entrustorder']);
export const ORDER_FORM_ANCHOR = 'order-form';

export function hasOrderFormSkip(path: string): boolean {
  return ORDER_FORM_PAGES.has(pageOfPath(path));
}

/** The five bottom tabs of spec 2, in order, with the paths they open. */
export const BOTTOM_TABS = [
  { key: 'home', path: '/' },
  { key: 'quotes', path: '/quotes' },
  { key: 'trade', path: '/futures' },
  { key: 'assets', path: '/assets' },
  { key: 'profile', path: '/profile/phoneusernav' },
] as const;
export type BottomTabKey = (typeof BOTTOM_TABS)[number]['key'];

/**
 * Where the trade tab leads: futures, as spec 2 says, where a user can trade futures (the screen is
 * built and the site config's bitmask allows the area); spot otherwise, so that the tab always
 * opens trading that exists rather than a page that cannot trade.
 */
export function tradeTabPath(futuresAvailable: boolean): '/futures' | '/exchange' {
  return futuresAvailable ? '/futures' : '/exchange';
}

/** Tabs only a signed-in user opens; a visitor's tap goes to /Login (spec 2). */
export const SIGNED_IN_TABS: ReadonlySet<BottomTabKey> = new Set(['assets', 'profile']);

/** The tab a path belongs to; the trade tab is active on /futures, /exchange and /boption (ARCHITECTURE.md). */
export function activeBottomTab(path: string): BottomTabKey | undefined {
  const page = pageOfPath(path);
  if (page === '/') return 'home';
  const section = sectionOf(path);
  if (section === 'quotes') return 'quotes';
  if (section === 'futures' || section === 'exchange' || section === 'boption') return 'trade';
  if (section === 'assets') return 'assets';
  if (section === 'profile' || section === 'user') return 'profile';
  return undefined;
}

/**
 * The mobile top bar of a page (spec 2): 'back' is the transparent bar with only a back arrow;
 * 'titled' has the page title, a back arrow and a close button that goes home; 'none' leaves
 * the page to the regular header.
 */
export type MobileTopBar = 'none' | 'back' | 'titled';

const BACK_ONLY_SECTIONS = new Set(['convert', 'finance', 'staking', 'loan', 'startup', 'briefannouncement']);
const TITLED_SECTIONS = new Set(['announcements', 'college', 'post']);

export function mobileTopBarOf(path: string): MobileTopBar {
  const section = sectionOf(path);
  if (BACK_ONLY_SECTIONS.has(section)) return 'back';
  if (TITLED_SECTIONS.has(section)) return 'titled';
  return 'none';
}

/**
 * Footer link columns (spec 2): the first section as it is; the second split after
 * FOOTER_SPLIT_ITEMS items into two columns once it has that many or more.
 */
export function splitFooterSection<T>(links: readonly T[]): T[][] {
  if (links.length < FOOTER_SPLIT_ITEMS) return [[...links]];
  return [links.slice(0, FOOTER_SPLIT_ITEMS), links.slice(FOOTER_SPLIT_ITEMS)];
}

/** The footer link of a content post: the first item of the first section is the About page. */
export function footerLinkPath(sectionIndex: number, itemIndex: number, postId: number): string {
  return sectionIndex === 0 && itemIndex === 0 ? '/about' : `/post/detail?id=${postId}`;
}

/** Whether the site is served from its .org host (the footer then shows a US street address). */
export function isOrgHost(hostname: string): boolean {
  return hostname.toLowerCase().endsWith('.org');
}

/**
 * The support address: support@ the site's name (letters and digits, lower-case) with .org on
 * the org host and .com everywhere else.
 */
export function supportEmail(siteName: string, hostname: string): string {
  const domain = siteName.toLowerCase().replace(/[^a-z0-9-]/g, '') || 'exchange';
  return `support@${domain}.${isOrgHost(hostname) ? 'org' : 'com'}`;
}

/** A social link: the key for the language (twitter_zh-CHT), else the generic one (twitter). */
export function socialLink(kvConfigs: Readonly<Record<string, string>>, network: string, language: string): string | undefined {
  const link = kvConfigs[`${network}_${language}`] || kvConfigs[network];
  return link || undefined;
}

/** The UTC offset of a clock, as the footer shows it: UTC+8, UTC-3:30, UTC+0. */
export function utcOffsetLabel(offsetMinutesEastOfUtc: number): string {
  const sign = offsetMinutesEastOfUtc < 0 ? '-' : '+';
  const total = Math.abs(offsetMinutesEastOfUtc);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return `UTC${sign}${hours}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`}`;
}

/** spec 6 and 9: a VIP level above 10 shows the super-VIP badge. */
export function isSuperVip(vipLevel: number): boolean {
  return vipLevel > SUPER_VIP_ABOVE_LEVEL;
}

export type IdentityText = 'underReview' | 'verified' | 'incomplete';

/** spec 4: 'under review' for status 1 or 2; verified when the level meets the requirement; else incomplete. */
export function identityTextOf(status: number | null, verifiedLevel: number, requiredIDLevel: number): IdentityText {
  if (status === IDENTITY_STATUS.created || status === IDENTITY_STATUS.reviewing) return 'underReview';
  return verifiedLevel >= requiredIDLevel ? 'verified' : 'incomplete';
}

/** spec 3: verified when verifiedLevel is at least requiredIDLevel. */
export function isVerified(profile: { verifiedLevel: number; requiredIDLevel: number }): boolean {
  return profile.verifiedLevel >= profile.requiredIDLevel;
}
