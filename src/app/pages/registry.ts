/**
 * Every page of spec section 2 in one registry: the top-level pages, their sub pages, the
 * lower-case paths the spec also uses, the paths ARCHITECTURE.md defines (/reset, /user, /help) and
 * the component-level pages {Section}/{Group}/{Page}. A page that has its own file route under
 * routes/{-$locale} is rendered by it (file routes win over the catch-all); every other page
 * here is rendered by the catch-all route from this registry: its frame, its title and the one
 * placeholder the product allows, a short notice that the screen is coming.
 *
 * Paths are written as the spec writes them; lookups ignore case, the language prefix, the
 * query and a trailing slash.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { pageOfPath } from '../../shared/pages';

export interface PageEntry {
  /** The spec's spelling of the path, without a language prefix. */
  path: string;
  title: MessageDescriptor;
  /** 'component': a component-level page of spec 2 ({Section}/{Group}/{Page}). */
  kind: 'page' | 'component';
  /** Another path this one shows (ARCHITECTURE.md: /user is the profile dashboard). */
  aliasOf?: string;
}

function page(path: string, title: MessageDescriptor, aliasOf?: string): PageEntry {
  return { path, title, kind: 'page', aliasOf };
}

function component(path: string, title: MessageDescriptor): PageEntry {
  return { path, title, kind: 'component' };
}

export const PAGES: readonly PageEntry[] = [
  page('/', msg`Home`),
  // Top level (spec 2).
  page('/404', msg`Page not found`),
  page('/About', msg`About us`),
  page('/Announcements', msg`Announcements`),
  page('/Assets', msg`Assets`),
  page('/Boption', msg`Binary options`),
  page('/BriefAnnouncement', msg`Brief announcements`),
  page('/C2C', msg`P2P trading`),
  page('/College', msg`College`),
  page('/Convert', msg`Convert`),
  page('/Exchange', msg`Spot trading`),
  page('/Finance', msg`Finance`),
  page('/Futures', msg`Futures`),
  page('/Loan', msg`Loans`),
  page('/Login', msg`Log in`),
  page('/LotteryCheckIn', msg`Daily check-in`),
  page('/Post', msg`Articles`),
  page('/Profile', msg`Profile`, '/Profile/DashBoard'),
  page('/Quotes', msg`Markets`),
  page('/Register', msg`Sign up`),
  page('/Staking', msg`Staking`),
  page('/Startup', msg`Launchpad`),
  // About.
  page('/About/UserProtectMeasures', msg`User protection`),
  // Announcements.
  page('/Announcements/Detail', msg`Announcement`),
  page('/Announcements/Search', msg`Search announcements`),
  // Assets.
  page('/Assets/AssetContract', msg`Futures account`),
  page('/Assets/AssetDeposit', msg`Deposit`),
  page('/Assets/AssetLoan', msg`Loan account`),
  page('/Assets/AssetSpot', msg`Spot account`),
  page('/Assets/AssetWithdraw', msg`Withdraw`),
  page('/Assets/DepositHistory', msg`Deposit history`),
  page('/Assets/Finance', msg`Finance account`),
  page('/Assets/FinanceRecord', msg`Finance records`),
  page('/Assets/FundDetails', msg`Asset flow`),
  page('/Assets/LoanHistory', msg`Borrow records`),
  page('/Assets/WithdrawHistory', msg`Withdrawal history`),
  // Orders.
  page('/Boption/BoptionCoinOrder', msg`Binary options orders`),
  page('/Exchange/ExchangeCoinOrder', msg`Spot orders`),
  page('/Futures/FuturesContractOrder', msg`Futures orders`),
  page('/Convert/ConvertHistory', msg`Convert history`),
  // C2C.
  page('/C2C/AddBank', msg`Add a bank account`),
  page('/C2C/AppNav', msg`P2P menu`),
  page('/C2C/Chat', msg`P2P chat`),
  page('/C2C/Fiatorder', msg`Fiat orders`),
  page('/C2C/MerchantApplication', msg`Merchant application`),
  page('/C2C/MerchantOrder', msg`Merchant orders`),
  page('/C2C/MyAd', msg`My advertisements`),
  page('/C2C/Nav', msg`P2P navigation`),
  page('/C2C/PaymentVoucher', msg`Payment voucher`),
  page('/C2C/TradeAd', msg`Post an advertisement`),
  page('/C2C/TradeOrder', msg`P2P order`),
  page('/C2C/UserCenter', msg`P2P user center`),
  // Other.
  page('/Home/MoreMenu', msg`More`),
  page('/Post/detail', msg`Article`),
  page('/Quotes/quotePost', msg`Market news`),
  page('/Startup/detail', msg`Launchpad project`),
  // Profile.
  page('/Profile/Authentication', msg`Two-factor authentication`),
  page('/Profile/BindEmail', msg`Link an e-mail address`),
  page('/Profile/DashBoard', msg`Profile overview`),
  page('/Profile/Notification', msg`Notification centre`),
  page('/Profile/PhoneUserNav', msg`Personal settings`),
  page('/Profile/SecuritySettings', msg`Security settings`),
  page('/Profile/Award/Luckydraw', msg`Lucky draw`),
  page('/Profile/Individual/UpLoad', msg`ID verification`),
  // Paths the spec uses in lower case are the same pages (lookups ignore case); these are new.
  page('/help', msg`Help centre`),
  page('/logout', msg`Sign out`),
  // ARCHITECTURE.md: the paths the spec leaves undefined.
  page('/reset', msg`Reset password`),
  page('/user', msg`Profile overview`, '/Profile/DashBoard'),

  // Component-level pages (spec 2): {Section}/{Group}/{Page}.
  component('/Announcements/Components/AnnouncementsFilterList', msg`Announcement filters`),
  component('/Assets/Components/AssetDeposit', msg`Deposit form`),
  component('/Assets/Components/AssetFinanceAccount', msg`Finance account summary`),
  component('/Assets/Components/AssetFinanceRecord', msg`Finance record list`),
  component('/Assets/Components/AssetLeftMenu', msg`Assets menu`),
  component('/Assets/Components/AssetSpot', msg`Spot account summary`),
  component('/Assets/Components/AssetTotal', msg`Total assets`),
  component('/Assets/Components/AssetTotalApp', msg`Total assets (app)`),
  component('/Assets/Components/AssetTransferDialog', msg`Transfer between accounts`),
  component('/Assets/Components/AssetWithdraw', msg`Withdrawal form`),
  component('/Assets/Components/BlockChainWithdrawForm', msg`Blockchain withdrawal form`),
  component('/Assets/Components/CoinSelector', msg`Coin selector`),
  component('/Assets/Components/DWRecords', msg`Deposit and withdrawal records`),
  component('/Assets/Components/FundDetails', msg`Asset flow list`),
  component('/Assets/Components/LoanPage', msg`Loan account summary`),
  component('/Assets/Components/StakingOrder', msg`Staking orders`),
  component('/Assets/Components/WithdrawForm', msg`Withdrawal details`),
  component('/Boption/Components/TradingPage', msg`Binary options trading`),
  component('/Boption/Components/MarketList', msg`Binary options markets`),
  component('/Boption/Components/OrderList', msg`Binary options order list`),
  component('/Boption/Components/OrderConfirmModal', msg`Confirm binary option order`),
  component('/Boption/Components/OrderProgress', msg`Binary option in progress`),
  component('/Boption/Components/CurrentOrder', msg`Current binary options orders`),
  component('/Boption/Components/HistoricalOrders', msg`Binary options order history`),
  component('/Boption/Components/LatestTrade', msg`Latest binary options trades`),
  component('/College/Components/CollegeDetail', msg`College article`),
  component('/College/Components/CollegeList', msg`College articles`),
  component('/College/Components/DetailLeftNav', msg`College navigation`),
  component('/Convert/Components/ConvertForm', msg`Convert form`),
  component('/Convert/Components/ConvertTable', msg`Convert records`),
  component('/Exchange/App/TradingPage', msg`Spot trading (app)`),
  component('/Exchange/Components/TradingPage', msg`Spot trading page`),
  component('/Exchange/Components/Handicap', msg`Order book`),
  component('/Exchange/Components/LineChart', msg`Price chart`),
  component('/Exchange/Components/RelatedMarkets', msg`Related markets`),
  component('/Exchange/Components/RobotComponent', msg`Trading robot`),
  component('/Exchange/Components/EntrustOrder', msg`Place an order`),
  component('/Exchange/Components/CurrentOrder', msg`Open spot orders`),
  component('/Exchange/Components/HistoricalOrders', msg`Spot order history`),
  component('/Exchange/Components/LatestTrade', msg`Latest spot trades`),
  component('/Exchange/Components/MarketList', msg`Spot markets`),
  component('/Finance/Components/CoinList', msg`Savings products`),
  component('/Futures/App/TradingPage', msg`Futures trading (app)`),
  component('/Futures/Components/TradingPage', msg`Futures trading page`),
  component('/Futures/Components/CloseAllOrdersModal', msg`Close all positions`),
  component('/Futures/Components/CloseOrderModal', msg`Close a position`),
  component('/Futures/Components/OrderConfirmModal', msg`Confirm futures order`),
  component('/Futures/Components/OpenOrderStats', msg`Open position statistics`),
  component('/Futures/Components/HoldOrder', msg`Positions`),
  component('/Futures/Components/TradePopups', msg`Futures trade dialogs`),
  component('/Futures/Components/UpdateStopPointsModal', msg`Take profit and stop loss`),
  component('/Home/Components/HomeBanners', msg`Home banners`),
  component('/Home/Components/HomeMarketList', msg`Home market list`),
  component('/Home/Components/HomeNewsList', msg`Home news`),
  component('/Home/Components/HomeNotices', msg`Home notices`),
  component('/Home/Components/HomeRanks', msg`Market rankings`),
  component('/Home/Components/HomeTips', msg`Home tips`),
  component('/Home/Components/PopupNotice', msg`Popup notice`),
  component('/Home/Components/TopSearches', msg`Top searches`),
  component('/Loan/Components/Create', msg`Apply for a loan`),
  component('/Quotes/Components/CoinLists', msg`Coin lists`),
  component('/Quotes/Components/NewCoinArea', msg`New coins`),
  component('/Quotes/Components/PromptedSymbol', msg`Featured market`),
  component('/Quotes/Components/QuotesMarketTable', msg`Market table`),
  component('/Quotes/Components/TagsWrapper', msg`Market tags`),
  component('/Staking/Components/StakingDialogContent', msg`Stake`),
  component('/Staking/Components/StakingList', msg`Staking products`),
  component('/Startup/Components/Card', msg`Launchpad card`),
  component('/Startup/Components/Ongoing', msg`Ongoing launches`),
  component('/Startup/Components/Orders', msg`Launchpad orders`),
  component('/Startup/Components/Progress', msg`Launch progress`),
  component('/Startup/Components/StartupIcon', msg`Launchpad project logo`),
];

const PAGES_BY_KEY = new Map(PAGES.map((entry) => [pageOfPath(entry.path), entry]));

/** The registered page of a path (any case, any language prefix), if it is one. */
export function findPage(path: string): PageEntry | undefined {
  return PAGES_BY_KEY.get(pageOfPath(path));
}
