/**
 * The binary-options trading page (spec 2, /boption?id={symbol lower-case} of type 1, R-ROUTE-09):
 * the symbol's index and its chart with the open price of the user's running option and a
 * countdown, the binary-option markets, the order panel (period, stake, payout, Up and Down, the
 * confirmation), the order progress with the results, the user's current and historical options,
 * and the latest trades of the spot market its index comes from (the market activity behind the
 * price the options settle at; the user's own settled options are the history beside it).
 * Desktop shows them together; under 1024 px (and on a component page in the phone layout) they
 * stack, the chart first. Visitors see the page and a sign-in button where Up and Down are.
 */
import { useLingui } from '@lingui/react/macro';
import { Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { BoptionConfig } from '../../../shared/api/boption';
import type { MarketSymbol } from '../../../shared/api/market';
import { SYMBOL_TYPE } from '../../../shared/constants';
import { routeSymbol, symbolRoute } from '../../../shared/symbols';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { usePaintedOnce } from '../../ui/usePaintedOnce';
import { AfterFrames } from '../../ui/AfterFrames';
import { TradingHeader } from '../../layout/TradingHeader';
import { useIndexPrice, useSignedIn, useSymbols } from '../../state/hub';
import { useLatestTrades } from '../../state/market';
import { loadBalances } from '../../state/session';
import { ButtonLink } from '../../ui/Button';
import { LatestTrades } from '../../ui/LatestTrades';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { Stat, StatGroup } from '../../ui/Stat';
import { StatusMessage } from '../../ui/StatusMessage';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { payoutPercent } from './boptionRules';
import { MarketList } from './MarketList';
import { OrderForm } from './OrderForm';
import { OrderProgress } from './OrderProgress';
import { OrdersTable, VisitorOrders } from './OrdersTable';
import { useBoptionConfig, useBoptionHistory, useBoptionOrders, type BoptionOrdersState } from './useBoption';
import layout from '../../layout/TradingPage.module.css';
import styles from './boption.module.css';

/** The chart and uPlot come in a chunk of their own: the rest of the page paints without waiting for them. */
const IndexChart = lazy(() => import('./IndexChart').then((module) => ({ default: module.IndexChart })));

/** The market a bare /boption opens. */
export const DEFAULT_BOPTION_SYMBOL = 'BTC_USDT';
const PHONE_QUERY = '(max-width: 1023px)';

/**
 * The binary-option symbol a route's id names (the default without one), with the loading and
 * unknown-market states every Boption screen shows.
 */
export function RouteOption({ id, children }: { id: string | undefined; children: (symbol: MarketSymbol, symbols: MarketSymbol[]) => ReactNode }) {
  const { t } = useLingui();
  const all = useSymbols();
  const symbols = useMemo(() => all.filter((symbol) => symbol.type === SYMBOL_TYPE.boption), [all]);
  const symbol = routeSymbol(symbols, SYMBOL_TYPE.boption, id, DEFAULT_BOPTION_SYMBOL);
  if (symbol === undefined) {
    return (
      <div className={layout.screen}>
        <StatusMessage tone="loading" title={t`Loading…`} testId="boption-loading" />
      </div>
    );
  }
  if (symbol === null) {
    return (
      <div className={layout.screen} data-testid="boption-unknown">
        <StatusMessage tone="neutral" title={t`This market does not exist.`}>
          <ButtonLink to="/boption">{t`Go to the binary options markets`}</ButtonLink>
        </StatusMessage>
      </div>
    );
  }
  return children(symbol, symbols);
}

/** What every Boption screen of a symbol reads: its terms, the index, the user's options and the trades behind the index. */
export interface OptionMarket {
  symbol: MarketSymbol;
  config: BoptionConfig | null;
  configFailed: boolean;
  signedIn: boolean;
  orders: BoptionOrdersState;
}

export function useOptionMarket(symbol: MarketSymbol): OptionMarket {
  const signedIn = useSignedIn();
  const { config, failed } = useBoptionConfig(symbol.id);
  const orders = useBoptionOrders(signedIn);
  useEffect(() => {
    if (signedIn) void loadBalances(true);
  }, [signedIn]);
  return { symbol, config, configFailed: failed, signedIn, orders };
}

/**
 * The index now: the hub's latest point, else the config's. Read by the parts that show it (the
 * ticker, the order form), so that the index feed's round, every second, renders those parts and
 * not the page (issue 14).
 */
export function useOptionIndex(market: Pick<OptionMarket, 'symbol' | 'config'>): string | null {
  const latest = useIndexPrice(market.symbol.id);
  return latest ? latest.price : (market.config?.indexPrice ?? null);
}

/** The order form of a market whose terms are read, at the index now. */
export function LiveOrderForm({ market, config }: { market: OptionMarket; config: BoptionConfig }) {
  const indexPrice = useOptionIndex(market);
  return <OrderForm symbol={market.symbol} config={config} signedIn={market.signedIn} indexPrice={indexPrice} openCount={market.orders.open?.length ?? 0} onPlaced={market.orders.placed} />;
}

/**
 * `framed`: the screen sits in a page frame that has the page's heading and names the document
 * (the component page /Boption/Components/TradingPage); `layout` 'phone' stacks at any width.
 */
export function BoptionScreen({ id, framed = false, layout = 'auto' }: { id: string | undefined; framed?: boolean; layout?: 'auto' | 'phone' }) {
  return <RouteOption id={id}>{(symbol, symbols) => <Trading key={symbol.id} symbol={symbol} symbols={symbols} framed={framed} layout={layout} />}</RouteOption>;
}

function Trading({ symbol, symbols, framed, layout }: { symbol: MarketSymbol; symbols: MarketSymbol[]; framed: boolean; layout: 'auto' | 'phone' }) {
  const { t } = useLingui();
  const phone = useMediaQuery(PHONE_QUERY) || layout === 'phone';
  const market = useOptionMarket(symbol);
  const { config, orders } = market;
  // The chart's library is asked for after the page's first paint, so that its request is not
  // among those the first paint waits for (issue 14: largest contentful paint).
  const painted = usePaintedOnce();
  const running = orders.open ?? [];
  const currency = config?.currency ?? 'USDT';

  const ticker = <Ticker market={market} framed={framed} compact={phone} />;
  const chart = (
    <Suspense fallback={<ChartPlaceholder height={phone ? 220 : 380} />}>
      {painted ? <IndexChart symbol={symbol} running={running} height={phone ? 220 : 380} /> : <ChartPlaceholder height={phone ? 220 : 380} />}
    </Suspense>
  );
  const form = config ? (
    <LiveOrderForm market={market} config={config} />
  ) : (
    <Panel data-testid="boption-form" className={market.configFailed ? undefined : styles.formLoading}>
      <StatusMessage tone={market.configFailed ? 'error' : 'loading'} title={market.configFailed ? t`This market takes no options now.` : t`Loading…`} headingLevel={3} />
    </Panel>
  );
  const progress = market.signedIn ? <OrderProgress running={running} results={orders.results} currency={currency} /> : null;
  const ordersPanel = <OrdersPanel market={market} currency={currency} />;
  const trades = <SpotTrades config={config} rows={phone ? 10 : 14} />;
  const markets = <MarketList symbols={symbols} current={symbol} />;

  if (phone) {
    return (
      <div className={styles.phone} data-testid="boption-screen" data-layout="phone" data-symbol={symbol.symbol}>
        {ticker}
        {chart}
        {form}
        {progress}
        {ordersPanel}
        <AfterFrames frames={1}>
          {trades}
          {markets}
        </AfterFrames>
      </div>
    );
  }
  return (
    <div className={styles.desktop} data-testid="boption-screen" data-layout="desktop" data-symbol={symbol.symbol}>
      <div className={styles.areaTicker}>{ticker}</div>
      <div className={styles.areaMarkets}>{markets}</div>
      <div className={styles.areaChart}>
        {chart}
        {progress}
      </div>
      <div className={styles.areaForm}>{form}</div>
      <div className={styles.areaOrders}>{ordersPanel}</div>
      <div className={styles.areaTrades}>{trades}</div>
    </div>
  );
}

/** The latest trades of the spot market the index comes from. */
export function SpotTrades({ config, rows = 20 }: { config: BoptionConfig | null; rows?: number }) {
  const { t } = useLingui();
  const spot = useSymbols().find((symbol) => symbol.id === config?.indexSymbolId);
  const trades = useLatestTrades(spot?.id ?? null);
  if (!spot) return null;
  const pair = spot.name;
  return <LatestTrades symbol={spot} trades={trades} rows={rows} title={t`Latest trades of ${pair} spot`} testId="boption-trades" />;
}

/** The user's current (running) and historical (settled) options, with a link to all of them. */
export function OrdersPanel({ market, currency }: { market: OptionMarket; currency: string }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<'open' | 'history'>('open');
  const { signedIn, orders, symbol } = market;
  const history = useBoptionHistory(signedIn, orders.results);
  const openCount = orders.open?.length;
  return (
    <Panel className={styles.ordersPanel} aria-label={t`My options`} data-testid="boption-orders">
      <Tabs
        items={[
          { value: 'open', label: `${t`Current orders`} ${openCount === undefined ? '' : `(${openCount})`}`.trim(), testId: 'boption-tab-open' },
          { value: 'history', label: t`Order history`, testId: 'boption-tab-history' },
        ]}
        value={tab}
        onValueChange={(value) => setTab(value === 'history' ? 'history' : 'open')}
        label={t`My options`}
        trailing={
          signedIn ? (
            <PageLink to="/Boption/BoptionCoinOrder" data-testid="boption-orders-more">
              {t`All orders`}
            </PageLink>
          ) : null
        }
      >
        <TabPanel value={tab}>
          {!signedIn ? (
            <VisitorOrders from={symbolRoute(symbol)} testId="boption-orders-visitor" />
          ) : tab === 'open' ? (
            <OrdersTable orders={orders.open ?? []} currency={currency} loading={orders.open === null} testId="boption-open-orders" emptyText={t`No options running.`} />
          ) : (
            <OrdersTable orders={history ?? []} currency={currency} loading={history === null} testId="boption-history-orders" emptyText={t`No settled options yet.`} />
          )}
        </TabPanel>
      </Tabs>
    </Panel>
  );
}

/** The chart's place while its chunk loads, as high as the chart, so that nothing moves when it comes. */
function ChartPlaceholder({ height }: { height: number }) {
  const { t } = useLingui();
  return (
    <Panel aria-label={t`Index price chart`} aria-busy="true" data-testid="boption-chart-loading">
      <div style={{ height: height + 44 }} />
    </Panel>
  );
}

/** The symbol's name, its index and its terms (TradingHeader: the page's heading on its own page). */
function Ticker({ market, framed, compact }: { market: OptionMarket; framed: boolean; compact: boolean }) {
  const { t } = useLingui();
  const { symbol, config } = market;
  const indexPrice = useOptionIndex(market);
  const rates = (config?.periods ?? []).map((period) => Number(payoutPercent(period.payoutRate) ?? 0));
  const best = rates.length > 0 ? `${Math.max(...rates)}%` : '—';
  const open = market.orders.open?.length ?? 0;
  const max = config?.openOrdersMax ?? 0;
  return (
    <TradingHeader name={symbol.name} pageTitle={t`Binary options`} framed={framed} compact={compact} testId="boption-ticker" nameTestId="boption-pair">
      <p className={styles.indexPrice} data-testid="boption-index">
        {indexPrice ?? '—'}
      </p>
      <StatGroup>
        <Stat label={t`Payout up to`} value={best} tone="up" />
        {market.signedIn ? <Stat label={t`Running`} value={`${open} / ${max}`} testId="boption-running-count" /> : null}
      </StatGroup>
    </TradingHeader>
  );
}
