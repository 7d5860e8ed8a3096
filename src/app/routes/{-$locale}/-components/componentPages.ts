/**
 * The component pages of spec 2 ({Section}/{Group}/{Page}) whose area is built: each renders its
 * component in the page frame, loaded on demand, so that the catch-all route's chunk carries none
 * of them. A component page of an area still to come is not listed and shows the coming-soon
 * notice. Keys are the registry's paths (src/app/pages/registry.ts).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

interface ComponentPage {
  load: () => Promise<{ default: ComponentType }>;
  /** The trading pages use the whole width, as their own routes do. */
  wide?: boolean;
}

function part<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType, wide = false): ComponentPage {
  return { load: () => load().then((module) => ({ default: pick(module) })), wide };
}

const home = () => import('../../../features/home/componentPages');
const quotes = () => import('../../../features/quotes/componentPages');
const exchange = () => import('../../../features/exchange/componentPages');
const convert = () => import('../../../features/convert/componentPages');
const boption = () => import('../../../features/boption/componentPages');
const deposit = () => import('../../../features/deposit/componentPages');
const wallets = () => import('../../../features/wallets/componentPages');
const withdraw = () => import('../../../features/withdraw/componentPages');
const futures = () => import('../../../features/futures/componentPages');
const dwRecords = () => import('./DWRecords');

const PAGES: Record<string, ComponentPage> = {
  '/Home/Components/HomeBanners': part(home, (module) => module.HomeBannersPage),
  '/Home/Components/HomeMarketList': part(home, (module) => module.HomeMarketListPage, true),
  '/Home/Components/HomeNewsList': part(home, (module) => module.HomeNewsListPage),
  '/Home/Components/HomeNotices': part(home, (module) => module.HomeNoticesPage),
  '/Home/Components/HomeRanks': part(home, (module) => module.HomeRanksPage),
  '/Home/Components/HomeTips': part(home, (module) => module.HomeTipsPage),
  '/Home/Components/PopupNotice': part(home, (module) => module.PopupNoticePage),
  '/Home/Components/TopSearches': part(home, (module) => module.TopSearchesPage),
  '/Quotes/Components/CoinLists': part(quotes, (module) => module.CoinListsPage, true),
  '/Quotes/Components/NewCoinArea': part(quotes, (module) => module.NewCoinAreaPage),
  '/Quotes/Components/PromptedSymbol': part(quotes, (module) => module.PromptedSymbolPage, true),
  '/Quotes/Components/QuotesMarketTable': part(quotes, (module) => module.QuotesMarketTablePage, true),
  '/Quotes/Components/TagsWrapper': part(quotes, (module) => module.TagsWrapperPage, true),
  '/Exchange/App/TradingPage': part(exchange, (module) => module.AppTradingPage, true),
  '/Exchange/Components/TradingPage': part(exchange, (module) => module.TradingPage, true),
  '/Exchange/Components/Handicap': part(exchange, (module) => module.HandicapPage),
  '/Exchange/Components/LineChart': part(exchange, (module) => module.LineChartPage, true),
  '/Exchange/Components/RelatedMarkets': part(exchange, (module) => module.RelatedMarketsPage),
  '/Exchange/Components/RobotComponent': part(exchange, (module) => module.RobotComponentPage),
  '/Exchange/Components/EntrustOrder': part(exchange, (module) => module.EntrustOrderPage, true),
  '/Exchange/Components/CurrentOrder': part(exchange, (module) => module.CurrentOrderPage, true),
  '/Exchange/Components/HistoricalOrders': part(exchange, (module) => module.HistoricalOrdersPage, true),
  '/Exchange/Components/LatestTrade': part(exchange, (module) => module.LatestTradePage),
  '/Exchange/Components/MarketList': part(exchange, (module) => module.MarketListPage),
  '/Boption/Components/TradingPage': part(boption, (module) => module.TradingPage, true),
  '/Boption/Components/MarketList': part(boption, (module) => module.MarketListPage),
  '/Boption/Components/OrderList': part(boption, (module) => module.OrderListPage, true),
  '/Boption/Components/OrderConfirmModal': part(boption, (module) => module.OrderConfirmModalPage),
  '/Boption/Components/OrderProgress': part(boption, (module) => module.OrderProgressPage),
  '/Boption/Components/CurrentOrder': part(boption, (module) => module.CurrentOrderPage, true),
  '/Boption/Components/HistoricalOrders': part(boption, (module) => module.HistoricalOrdersPage, true),
  '/Boption/Components/LatestTrade': part(boption, (module) => module.LatestTradePage),
  '/Convert/Components/ConvertForm': part(convert, (module) => module.ConvertFormPage, true),
  '/Convert/Components/ConvertTable': part(convert, (module) => module.ConvertTablePage, true),
  '/Assets/Components/AssetDeposit': part(deposit, (module) => module.AssetDepositPage),
  '/Assets/Components/DWRecords': part(dwRecords, (module) => module.DWRecordsPage, true),
  '/Assets/Components/AssetWithdraw': part(withdraw, (module) => module.AssetWithdrawPage),
  '/Assets/Components/BlockChainWithdrawForm': part(withdraw, (module) => module.BlockChainWithdrawFormPage),
  '/Assets/Components/WithdrawForm': part(withdraw, (module) => module.WithdrawFormPage),
  '/Assets/Components/AssetLeftMenu': part(wallets, (module) => module.AssetLeftMenuPage),
  '/Assets/Components/AssetSpot': part(wallets, (module) => module.AssetSpotPage, true),
  '/Assets/Components/AssetTotal': part(wallets, (module) => module.AssetTotalPage),
  '/Assets/Components/AssetTotalApp': part(wallets, (module) => module.AssetTotalAppPage),
  '/Assets/Components/AssetTransferDialog': part(wallets, (module) => module.AssetTransferDialogPage),
  '/Assets/Components/CoinSelector': part(wallets, (module) => module.CoinSelectorPage),
  '/Assets/Components/FundDetails': part(wallets, (module) => module.FundDetailsPage, true),
  '/Assets/Components/AssetFinanceAccount': part(wallets, (module) => module.AssetFinanceAccountPage, true),
  '/Assets/Components/AssetFinanceRecord': part(wallets, (module) => module.AssetFinanceRecordPage, true),
  '/Assets/Components/LoanPage': part(wallets, (module) => module.LoanPagePage, true),
  '/Futures/App/TradingPage': part(futures, (module) => module.AppTradingPage, true),
  '/Futures/Components/TradingPage': part(futures, (module) => module.TradingPage, true),
  '/Futures/Components/CloseAllOrdersModal': part(futures, (module) => module.CloseAllOrdersModalPage),
  '/Futures/Components/CloseOrderModal': part(futures, (module) => module.CloseOrderModalPage),
  '/Futures/Components/OrderConfirmModal': part(futures, (module) => module.OrderConfirmModalPage),
  '/Futures/Components/OpenOrderStats': part(futures, (module) => module.OpenOrderStatsPage, true),
  '/Futures/Components/HoldOrder': part(futures, (module) => module.HoldOrderPage, true),
  '/Futures/Components/TradePopups': part(futures, (module) => module.TradePopupsPage),
  '/Futures/Components/UpdateStopPointsModal': part(futures, (module) => module.UpdateStopPointsModalPage),
};

const components = new Map<string, LazyExoticComponent<ComponentType>>();

/** The component a registered component page renders, or undefined while its area is not built. */
export function componentPageOf(path: string): { Component: LazyExoticComponent<ComponentType>; wide: boolean } | undefined {
  const page = PAGES[path];
  if (!page) return undefined;
  let Component = components.get(path);
  if (!Component) {
    Component = lazy(page.load);
    components.set(path, Component);
  }
  return { Component, wide: page.wide ?? false };
}

/** The registry paths whose component is built (the e2e suite opens each). */
export const BUILT_COMPONENT_PAGES = Object.keys(PAGES);
