/**
 * The menus of spec 1 and 2 as data: the header's navigation groups, the orders menu, the user
 * menu and the assets menu. Paths are written without a language prefix; the layout adds the
 * page's prefix and leaves out what the site config hides (visibleItems).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SiteConfig } from '../../shared/api/site';
import { featureSetOf, isPathHidden } from '../../shared/layout';

export interface NavItem {
  key: string;
  path: string;
  title: MessageDescriptor;
  description?: MessageDescriptor;
}

export interface NavGroup {
  key: string;
  title: MessageDescriptor;
  items: readonly NavItem[];
}

/** spec 1: the header's navigation groups, in order. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    key: 'buyCoins',
    title: msg`Buy coins`,
    items: [{ key: 'c2c', path: '/c2c', title: msg`P2P trading`, description: msg`Buy and sell crypto with local currency` }],
  },
  { key: 'quotes', title: msg`Markets`, items: [{ key: 'quotes', path: '/quotes', title: msg`Markets`, description: msg`Prices and 24 h changes of every market` }] },
  {
    key: 'exchange',
    title: msg`Trade`,
    items: [
      { key: 'convert', path: '/convert', title: msg`Convert`, description: msg`Swap one coin for another in one step` },
      { key: 'exchange', path: '/exchange', title: msg`Spot trading`, description: msg`Limit and market orders on the order book` },
    ],
  },
  { key: 'futures', title: msg`Futures`, items: [{ key: 'futures', path: '/futures', title: msg`Futures`, description: msg`Trade with leverage, long or short` }] },
  {
    key: 'boption',
    title: msg`Binary options`,
    items: [{ key: 'boption', path: '/boption', title: msg`Binary options`, description: msg`Predict the price move over a fixed time` }],
  },
  {
    key: 'finance',
    title: msg`Finance`,
    items: [
      { key: 'finance', path: '/finance', title: msg`Savings`, description: msg`Earn interest on idle coins` },
      { key: 'startup', path: '/startup', title: msg`Launchpad`, description: msg`Subscribe to new coins before they list` },
      { key: 'staking', path: '/staking', title: msg`Staking`, description: msg`Lock coins and earn rewards` },
      { key: 'loan', path: '/loan', title: msg`Loans`, description: msg`Borrow against your coins` },
    ],
  },
  {
    key: 'more',
    title: msg`More`,
    items: [
      { key: 'college', path: '/college', title: msg`College`, description: msg`Learn how crypto trading works` },
      { key: 'announcements', path: '/announcements', title: msg`Announcements`, description: msg`News from the platform` },
      { key: 'lotteryCheckIn', path: '/lotterycheckin', title: msg`Daily check-in`, description: msg`Check in every day for rewards` },
    ],
  },
];

/** spec 2 "Menus": the orders menu. */
export const ORDER_ITEMS: readonly NavItem[] = [
  { key: 'exchangeOrders', path: '/exchange/exchangecoinorder', title: msg`Spot orders` },
  { key: 'futuresOrders', path: '/futures/futurescontractorder', title: msg`Futures orders` },
  { key: 'boptionOrders', path: '/boption/boptioncoinorder', title: msg`Binary options orders` },
  { key: 'convertHistory', path: '/convert/converthistory', title: msg`Convert history` },
  // spec 2 always hides /c2c/Fiatorder: the fiat orders are the P2P order list.
  { key: 'fiatOrders', path: '/c2c/tradeorder', title: msg`Fiat orders` },
];

/** spec 2 "Menus": the user menu (sign out is the /logout page). */
export const USER_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', path: '/profile/dashboard', title: msg`Profile overview` },
  { key: 'security', path: '/profile/securitysettings', title: msg`Security settings` },
  { key: 'identity', path: '/profile/individual/upload', title: msg`ID verification` },
  { key: 'notifications', path: '/profile/notification', title: msg`Notification centre` },
];

export const LOGOUT_PATH = '/logout';

/** spec 2 "Menus": the assets menu, grouped by account. */
export const ASSET_GROUPS: readonly NavGroup[] = [
  {
    key: 'spot',
    title: msg`Spot account`,
    items: [
      { key: 'spotAssets', path: '/assets/assetspot', title: msg`Assets` },
      { key: 'deposit', path: '/assets/assetdeposit', title: msg`Deposit` },
      { key: 'withdraw', path: '/assets/assetwithdraw', title: msg`Withdraw` },
      { key: 'depositHistory', path: '/assets/deposithistory', title: msg`Deposit history` },
      { key: 'withdrawHistory', path: '/assets/withdrawhistory', title: msg`Withdrawal history` },
    ],
  },
  { key: 'futures', title: msg`Futures account`, items: [{ key: 'futuresAssets', path: '/assets/assetcontract', title: msg`Assets` }] },
  {
    key: 'loan',
    title: msg`Loan account`,
    items: [
      { key: 'loanAssets', path: '/assets/assetloan', title: msg`Assets` },
      { key: 'loanHistory', path: '/assets/loanhistory', title: msg`Borrow records` },
    ],
  },
  {
    key: 'finance',
    title: msg`Finance account`,
    items: [
      { key: 'financeAssets', path: '/assets/finance', title: msg`Assets` },
      { key: 'financeRecords', path: '/assets/financerecord', title: msg`Records` },
    ],
  },
  { key: 'flow', title: msg`Asset flow`, items: [{ key: 'fundDetails', path: '/assets/funddetails', title: msg`Asset flow` }] },
];

/** The items of a menu that the site config shows (features, area bitmask, always-hidden pages). */
export function visibleItems(items: readonly NavItem[], config: SiteConfig): NavItem[] {
  const features = featureSetOf(config);
  return items.filter((item) => !isPathHidden(item.path, config, features));
}

/** The groups with at least one visible item, each with only its visible items. */
export function visibleGroups(groups: readonly NavGroup[], config: SiteConfig): NavGroup[] {
  return groups.map((group) => ({ ...group, items: visibleItems(group.items, config) })).filter((group) => group.items.length > 0);
}
