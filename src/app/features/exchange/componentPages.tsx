/**
 * The exchange's component pages (spec 2: /Exchange/Components/{Page} and /Exchange/App/TradingPage):
 * each part of the trading page on its own, in the page frame, for the market the ?id= names (the
 * default market without one), live through the hub like the whole page. The catch-all route
 * loads this file only when one of these pages opens.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { MarketSymbol } from '../../../shared/api/market';
import { useLocalize } from '../../i18n/useLanguage';
import { useSignedIn } from '../../state/hub';
import { loadBalances, markAssetsChanged, session } from '../../state/session';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { loginPath } from '../../ui/paths';
import { CandleChart } from './CandleChart';
import { LadderRobot } from './LadderRobot';
import { ExchangeScreen, RouteMarket } from './ExchangeScreen';
import { LiveLatestTrades, LiveOrderBook, LiveOrderForms } from './LiveMarket';
import { exchangeHref, MarketList, relatedMarkets } from './MarketList';
import { OrdersTable } from './OrdersTable';
import { selectTrades, useMarketFeed, useMarketPart } from './useMarket';
import { useOrders } from './useOrders';
import layout from '../../layout/TradingPage.module.css';

function useRouteId(): string | undefined {
  return new URLSearchParams(useLocation().searchStr).get('id') ?? undefined;
}

/** A part of the trading page for the route's market. */
function MarketPart({ children }: { children: (symbol: MarketSymbol, symbols: MarketSymbol[]) => React.ReactNode }) {
  return (
    <div className={layout.componentPage}>
      <RouteMarket id={useRouteId()}>{children}</RouteMarket>
    </div>
  );
}

export function TradingPage() {
  return <ExchangeScreen id={useRouteId()} framed />;
}

/** The app's trading page: the phone layout at any width. */
export function AppTradingPage() {
  return <ExchangeScreen id={useRouteId()} layout="phone" framed />;
}

/** The order book; a price opens the trading page of the market. */
export function HandicapPage() {
  return <MarketPart>{(symbol) => <Handicap symbol={symbol} />}</MarketPart>;
}

function Handicap({ symbol }: { symbol: MarketSymbol }) {
  const feed = useMarketFeed(symbol.id);
  const router = useRouter();
  const localize = useLocalize();
  return <LiveOrderBook feed={feed} symbol={symbol} rows={20} onPick={() => void router.navigate({ href: localize(exchangeHref(symbol)) })} />;
}

export function LineChartPage() {
  return <MarketPart>{(symbol) => <LineChart symbol={symbol} />}</MarketPart>;
}

function LineChart({ symbol }: { symbol: MarketSymbol }) {
  const trades = useMarketPart(useMarketFeed(symbol.id), selectTrades);
  return <CandleChart symbol={symbol} trades={trades} />;
}

export function LatestTradePage() {
  return <MarketPart>{(symbol) => <LatestTrade symbol={symbol} />}</MarketPart>;
}

function LatestTrade({ symbol }: { symbol: MarketSymbol }) {
  return <LiveLatestTrades feed={useMarketFeed(symbol.id)} symbol={symbol} rows={30} testId="exchange-trades" />;
}

export function MarketListPage() {
  return <MarketPart>{(symbol, symbols) => <MarketList symbols={symbols} current={symbol} />}</MarketPart>;
}

/** The markets that trade the current market's base currency, as their base or their quote. */
export function RelatedMarketsPage() {
  return <MarketPart>{(symbol, symbols) => <RelatedMarkets symbol={symbol} symbols={symbols} />}</MarketPart>;
}

function RelatedMarkets({ symbol, symbols }: { symbol: MarketSymbol; symbols: MarketSymbol[] }) {
  const { t } = useLingui();
  const related = relatedMarkets(symbols, symbol);
  if (related.length === 0) {
    return (
      <Panel title={t`Related markets`} data-testid="related-markets-none">
        <p>{t`No other market trades ${symbol.baseSymbol}.`}</p>
        <PageLink to={exchangeHref(symbol)}>{symbol.name}</PageLink>
      </Panel>
    );
  }
  // The list's own table of related markets, with the current market to start from.
  return <MarketList symbols={[symbol, ...related]} current={symbol} />;
}

/** The order form of the route's market, with the user's balances. */
export function EntrustOrderPage() {
  return <MarketPart>{(symbol) => <EntrustOrder symbol={symbol} />}</MarketPart>;
}

function EntrustOrder({ symbol }: { symbol: MarketSymbol }) {
  const signedIn = useSignedIn();
  const { balances } = useSnapshot(session);
  const feed = useMarketFeed(symbol.id);
  useEffect(() => {
    if (signedIn) void loadBalances(true);
  }, [signedIn]);
  const placed = useCallback(() => {
    markAssetsChanged();
    void loadBalances(true);
  }, []);
  return (
    <Panel>
      <LiveOrderForms feed={feed} symbol={symbol} signedIn={signedIn} balances={balances} pickedPrice={null} layout="both" onPlaced={placed} />
    </Panel>
  );
}

/** The user's open spot orders of every market. */
export function CurrentOrderPage() {
  return <UserOrders which="open" />;
}

/** The user's latest closed spot orders; the full history is /Exchange/ExchangeCoinOrder. */
export function HistoricalOrdersPage() {
  return <UserOrders which="history" />;
}

function UserOrders({ which }: { which: 'open' | 'history' }) {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const orders = useOrders(signedIn, markAssetsChanged);
  const here = which === 'open' ? '/Exchange/Components/CurrentOrder' : '/Exchange/Components/HistoricalOrders';
  return (
    <div className={layout.componentPage}>
      <Panel flush>
        {!signedIn ? (
          <OrdersTable
            orders={[]}
            testId="orders-visitor"
            emptyText={
              <Trans>
                <PageLink to={loginPath(here)}>Log in</PageLink> to see your orders.
              </Trans>
            }
          />
        ) : which === 'open' ? (
          <OrdersTable orders={orders.open ?? []} loading={orders.open === null} onCancelled={orders.refresh} testId="open-orders" emptyText={t`No open orders.`} cancelAll={{}} />
        ) : (
          <OrdersTable orders={orders.history ?? []} loading={orders.history === null} testId="history-orders" emptyText={t`No orders yet.`} />
        )}
      </Panel>
      {signedIn ? (
        <PageLink to="/Exchange/ExchangeCoinOrder" data-testid="orders-more">
          {t`All orders`}
        </PageLink>
      ) : null}
    </div>
  );
}

/** The trading robot: a ladder of limit orders for the route's market. */
export function RobotComponentPage() {
  return <MarketPart>{(symbol) => <LadderRobot symbol={symbol} onPlaced={markAssetsChanged} />}</MarketPart>;
}
