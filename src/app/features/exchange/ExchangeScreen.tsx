/**
 * The spot exchange page (spec 2, /exchange?id={symbol lower-case}, R-ROUTE-09): the symbol's
 * ticker, candles, order book, latest trades, order form, market list and the user's current
 * and historical orders. Desktop shows them together; under 1024 px it is the mobile trading
 * page, with tabs for the chart, the book and form, the trades and the markets. Its parts are
 * the kit's panels, tabs, tables and figures; exchange.module.css keeps the page's grid.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { SYMBOL_TYPE } from '../../../shared/constants';
import type { MarketSymbol } from '../../../shared/api/market';
import { routeSymbol } from '../../../shared/symbols';
import { ButtonLink } from '../../ui/Button';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { Stat, StatGroup } from '../../ui/Stat';
import { StatusMessage } from '../../ui/StatusMessage';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { TradingHeader } from '../../layout/TradingHeader';
import { useSignedIn, useSymbols } from '../../state/hub';
import { loadBalances, markAssetsChanged, session } from '../../state/session';
import { usePaintedOnce } from '../../ui/usePaintedOnce';
import { useStages } from '../../ui/useStages';
import { AfterFrames } from '../../ui/AfterFrames';
import { MarketList } from './MarketList';
import { LiveLatestTrades, LiveOrderBook, LiveOrderForms } from './LiveMarket';
import { OrdersTable } from './OrdersTable';
import { selectTrades, useMarketFeed, useMarketPart, useMarketQuote, type MarketFeed } from './useMarket';
import { useOrders } from './useOrders';
import layout from '../../layout/TradingPage.module.css';
import styles from './exchange.module.css';
import { loginPath } from '../../ui/paths';

/** The chart and uPlot come in a chunk of their own: the pair, its price and the book paint without waiting for them. */
const CandleChart = lazy(() => import('./CandleChart').then((module) => ({ default: module.CandleChart })));

/** The market a bare /exchange opens. */
export const DEFAULT_EXCHANGE_SYMBOL = 'BTC_USDT';
const PHONE_QUERY = '(max-width: 1023px)';

/** The exchange symbol a route id names (lower-case symbol, any case accepted), or the default. */
export function symbolForRoute(symbols: readonly MarketSymbol[], id: string | undefined): MarketSymbol | null | undefined {
  return routeSymbol(symbols, SYMBOL_TYPE.exchange, id, DEFAULT_EXCHANGE_SYMBOL);
}

/**
 * `framed`: the screen sits in a page frame that has the page's heading and names the document
 * (the component pages /Exchange/Components/TradingPage and /Exchange/App/TradingPage).
 */
export function ExchangeScreen({ id, layout = 'auto', framed = false }: { id: string | undefined; layout?: 'auto' | 'phone'; framed?: boolean }) {
  return <RouteMarket id={id}>{(symbol, symbols) => <Trading key={symbol.id} symbol={symbol} symbols={symbols} layout={layout} framed={framed} />}</RouteMarket>;
}

/**
 * The exchange market a route's id names (the default market without one), with the loading and
 * unknown-market states every exchange screen shows.
 */
export function RouteMarket({ id, children }: { id: string | undefined; children: (symbol: MarketSymbol, symbols: MarketSymbol[]) => ReactNode }) {
  const { t } = useLingui();
  const symbols = useSymbols();
  const symbol = symbolForRoute(symbols, id);
  const exchangeSymbols = useMemo(() => symbols.filter((entry) => entry.type === SYMBOL_TYPE.exchange), [symbols]);

  if (symbol === undefined) {
    return (
      <div className={layout.screen}>
        <StatusMessage tone="loading" title={t`Loading…`} testId="exchange-loading" />
      </div>
    );
  }
  if (symbol === null) {
    return (
      <div className={layout.screen} data-testid="exchange-unknown">
        <StatusMessage tone="neutral" title={t`This market does not exist.`}>
          <ButtonLink to="/exchange">{t`Go to the spot markets`}</ButtonLink>
        </StatusMessage>
      </div>
    );
  }
  return children(symbol, exchangeSymbols);
}

function Trading({ symbol, symbols, layout, framed }: { symbol: MarketSymbol; symbols: MarketSymbol[]; layout: 'auto' | 'phone'; framed: boolean }) {
  const { t } = useLingui();
  // The app's trading page (/Exchange/App/TradingPage) is the phone layout at any width.
  const phone = useMediaQuery(PHONE_QUERY) || layout === 'phone';
  const signedIn = useSignedIn();
  const { balances } = useSnapshot(session);
  // The page holds the market and does not render when it changes: each panel reads its part.
  const feed = useMarketFeed(symbol.id);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const [ordersTab, setOrdersTab] = useState<'open' | 'history'>('open');
  const [mobileTab, setMobileTab] = useState<'chart' | 'trade' | 'trades' | 'markets'>('trade');

  const balancesChanged = useCallback(() => {
    markAssetsChanged();
    void loadBalances(true);
  }, []);
  const orders = useOrders(signedIn, balancesChanged);
  // The ticker (the page's heading, its largest text) is drawn first; the rest after that frame is
  // painted, and the user's orders a frame later (AfterFrames). On a phone the views' tab strip
  // comes first, then the form, the book and the orders, each a frame after the one before, so that
  // none of them waits in one long render (issue 14). The page itself renders for its own state
  // only: the live figures are read by the panels (LiveMarket.tsx).
  const whole = useStages(2) >= 2;
  useEffect(() => {
    if (signedIn) void loadBalances(true);
  }, [signedIn]);

  const refreshOrders = orders.refresh;
  const placed = useCallback(() => {
    refreshOrders();
    balancesChanged();
  }, [refreshOrders, balancesChanged]);
  const openOrders = orders.open?.filter((order) => order.symbolId === symbol.id) ?? [];

  const pick = useCallback((price: string) => setPicked({ price, at: Date.now() }), []);

  const ticker = <LiveTicker feed={feed} symbol={symbol} framed={framed} compact={phone} />;
  const chart = <LiveChart feed={feed} symbol={symbol} />;
  const book = <LiveOrderBook feed={feed} symbol={symbol} rows={phone ? 8 : 14} onPick={pick} />;
  const form = <LiveOrderForms feed={feed} symbol={symbol} signedIn={signedIn} balances={balances} pickedPrice={picked} layout={phone ? 'one' : 'both'} onPlaced={placed} />;
  const trades = <LiveLatestTrades feed={feed} symbol={symbol} rows={phone ? 30 : 20} testId="exchange-trades" />;
  const markets = <MarketList symbols={symbols} current={symbol} />;
  const ordersPanel = (
    <Panel className={styles.ordersPanel} aria-label={t`My orders`} data-testid="exchange-orders">
      <Tabs
        items={[
          { value: 'open', label: `${t`Current orders`} ${orders.open ? `(${openOrders.length})` : ''}`.trim(), testId: 'orders-tab-open' },
          { value: 'history', label: t`Order history`, testId: 'orders-tab-history' },
        ]}
        value={ordersTab}
        onValueChange={(value) => setOrdersTab(value === 'history' ? 'history' : 'open')}
        label={t`My orders`}
        trailing={
          signedIn ? (
            <PageLink to="/Exchange/ExchangeCoinOrder" data-testid="orders-more">
              {t`All orders`}
            </PageLink>
          ) : null
        }
      >
        <TabPanel value={ordersTab}>
          {!signedIn ? (
            <OrdersTable
              orders={[]}
              testId="orders-visitor"
              emptyText={
                <Trans>
                  <PageLink to={loginPath(`/exchange?id=${symbol.symbol.toLowerCase()}`)}>Log in</PageLink> to see your orders.
                </Trans>
              }
            />
          ) : ordersTab === 'open' ? (
            <OrdersTable orders={openOrders} loading={orders.open === null} onCancelled={placed} testId="open-orders" emptyText={t`No open orders.`} cancelAll={{ symbol: symbol.symbol }} />
          ) : (
            <OrdersTable orders={orders.history ?? []} loading={orders.history === null} testId="history-orders" emptyText={t`No orders yet.`} />
          )}
        </TabPanel>
      </Tabs>
    </Panel>
  );

  if (phone) {
    const tabs = [
      { value: 'chart', label: t`Chart`, testId: 'mobile-tab-chart' },
      { value: 'trade', label: t`Trade`, testId: 'mobile-tab-trade' },
      { value: 'trades', label: t`Trades`, testId: 'mobile-tab-trades' },
      { value: 'markets', label: t`Markets`, testId: 'mobile-tab-markets' },
    ] as const;
    return (
      <div className={styles.mobile} data-testid="exchange-screen" data-layout="phone" data-symbol={symbol.symbol}>
        {ticker}
        {whole ? (
          <>
            <Tabs items={tabs} value={mobileTab} onValueChange={(value) => setMobileTab(tabs.find((tab) => tab.value === value)?.value ?? 'trade')} label={t`Trading views`} className={styles.mobileViews}>
              <TabPanel value="chart">{chart}</TabPanel>
              <TabPanel value="trade" className={styles.mobileTrade}>
                <AfterFrames frames={1}>{form}</AfterFrames>
                <AfterFrames frames={2}>{book}</AfterFrames>
              </TabPanel>
              <TabPanel value="trades">{trades}</TabPanel>
              <TabPanel value="markets">{markets}</TabPanel>
            </Tabs>
            <AfterFrames frames={3}>{ordersPanel}</AfterFrames>
          </>
        ) : null}
      </div>
    );
  }
  return (
    <div className={styles.desktop} data-testid="exchange-screen" data-layout="desktop" data-symbol={symbol.symbol}>
      <div className={styles.areaTicker}>{ticker}</div>
      {whole ? (
        <>
          <div className={styles.areaBook}>{book}</div>
          <div className={styles.areaChart}>{chart}</div>
          <div className={styles.areaForm}>{form}</div>
          <div className={styles.areaMarkets}>{markets}</div>
          <div className={styles.areaTrades}>{trades}</div>
          <div className={styles.areaOrders}>
            <AfterFrames frames={1}>{ordersPanel}</AfterFrames>
          </div>
        </>
      ) : null}
    </div>
  );
}

/**
 * The chart's place while its chunk loads: the panel with its intervals row (one row of small
 * buttons) and canvas, as high as the chart before its candles, so that nothing moves when it comes.
 */
function ChartPlaceholder() {
  const { t } = useLingui();
  return (
    <Panel aria-label={t`Price chart`} aria-busy="true" data-testid="exchange-chart-loading">
      <div className={styles.intervals} style={{ minHeight: 32 }} />
      <div className={styles.chartCanvas} />
    </Panel>
  );
}

/** The candle chart of the market's trades; its library is asked for after the page's next paint (usePaintedOnce). */
function LiveChart({ feed, symbol }: { feed: MarketFeed; symbol: MarketSymbol }) {
  const painted = usePaintedOnce();
  return <Suspense fallback={<ChartPlaceholder />}>{painted ? <TradesChart feed={feed} symbol={symbol} /> : <ChartPlaceholder />}</Suspense>;
}

function TradesChart({ feed, symbol }: { feed: MarketFeed; symbol: MarketSymbol }) {
  return <CandleChart symbol={symbol} trades={useMarketPart(feed, selectTrades)} />;
}

/** The market's name and figures (TradingHeader: the page's heading on its own page). */
function LiveTicker({ feed, symbol, framed, compact }: { feed: MarketFeed; symbol: MarketSymbol; framed: boolean; compact: boolean }) {
  const { t } = useLingui();
  const quote = useMarketQuote(feed);
  const change = quote ? Number(quote.changePercent) : 0;
  const tone = quote ? (change >= 0 ? 'up' : 'down') : 'neutral';
  return (
    <TradingHeader name={symbol.name} pageTitle={t`Spot trading`} framed={framed} compact={compact} testId="exchange-ticker" nameTestId="exchange-pair">
      <p className={styles.lastPrice} data-direction={change >= 0 ? 'up' : 'down'} data-testid="exchange-last">
        {quote?.c ?? '—'}
      </p>
      <StatGroup>
        <Stat label={t`24h change`} value={quote ? `${change > 0 ? '+' : ''}${quote.changePercent}%` : '—'} tone={tone} />
        <Stat label={t`24h high`} value={quote?.dh ?? '—'} />
        <Stat label={t`24h low`} value={quote?.dl ?? '—'} />
        <Stat label={t`24h volume (${symbol.baseSymbol})`} value={quote?.dv ?? '—'} />
      </StatGroup>
    </TradingHeader>
  );
}
