/**
 * The futures trading page (spec 2, /futures?id={symbol lower-case} of type 2): the contract's
 * mark price and its chart (the index of its spot market, through the hub's index feed), the
 * futures markets with their marks, the order panel, the account's stats and the user's positions
 * with their live PnL, and the trade popups. Desktop shows them together; under 1024 px (and on
 * the app's trading page at any width) it is a stacked page with tabs for the chart, the order
 * panel and the markets. Visitors see the market and a sign-in button where the panel's submit is.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import type { FuturesPosition } from '../../../shared/api/futures';
import type { MarketSymbol } from '../../../shared/api/market';
import { fractionAsPercent } from '../../../shared/decimal';
import type { FuturesTerms } from '../../../shared/futures-math';
import { SYMBOL_TYPE } from '../../../shared/constants';
import { routeSymbol, symbolRoute } from '../../../shared/symbols';
import type { FuturesAccount } from '../../../workers/protocol';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { usePaintedOnce } from '../../ui/usePaintedOnce';
import { TradingHeader } from '../../layout/TradingHeader';
import { useSignedIn } from '../../state/hub';
import { ButtonLink } from '../../ui/Button';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { loginPath } from '../../ui/paths';
import { Stat, StatGroup } from '../../ui/Stat';
import { StatusMessage } from '../../ui/StatusMessage';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { AfterFrames } from '../../ui/AfterFrames';
import { HoldOrders } from './HoldOrders';
import { MarketList } from './MarketList';
import { OpenOrderStats } from './OpenOrderStats';
import { OrderPanel } from './OrderPanel';
import { useTradePopups } from './TradePopups';
import { useFuturesAccount, useFuturesConfigs, useFuturesSymbols, useMark, useMarks, type FuturesMarket } from './useFutures';
import layout from '../../layout/TradingPage.module.css';
import styles from './futures.module.css';

/** The chart and uPlot come in a chunk of their own: the rest of the page paints without waiting for them. */
const MarkChart = lazy(() => import('./MarkChart').then((module) => ({ default: module.MarkChart })));

/** The contract a bare /futures opens. */
export const DEFAULT_FUTURES_SYMBOL = 'BTC_USDT';
const PHONE_QUERY = '(max-width: 1023px)';

/** Everything a futures screen shows, for the route's contract. */
export interface FuturesView {
  market: FuturesMarket;
  symbols: MarketSymbol[];
  signedIn: boolean;
  account: FuturesAccount;
  termsById: ReadonlyMap<number, FuturesTerms>;
  /** The futures symbols' ids, for the parts that read their marks (useMarks). */
  symbolIds: readonly number[];
}

/**
 * The futures contract a route's id names with its terms, the account and the marks, with the
 * loading and unknown-contract states every futures screen shows, and the trade popups.
 */
export function RouteFutures({ id, children }: { id: string | undefined; children: (view: FuturesView) => ReactNode }) {
  const { t } = useLingui();
  const symbols = useFuturesSymbols();
  const symbol = routeSymbol(symbols, SYMBOL_TYPE.futures, id, DEFAULT_FUTURES_SYMBOL);
  const markets = useFuturesConfigs();
  const signedIn = useSignedIn();
  const showPopup = useTradePopups();
  const account = useFuturesAccount(signedIn, showPopup);
  const symbolIds = useMemo(() => symbols.map((entry) => entry.id), [symbols]);
  const termsById = useMemo(() => new Map([...(markets ?? new Map<number, FuturesMarket>())].map(([symbolId, market]) => [symbolId, market.terms])), [markets]);

  if (symbol === null) {
    return (
      <div className={layout.screen} data-testid="futures-unknown">
        <StatusMessage tone="neutral" title={t`This contract does not exist.`}>
          <ButtonLink to="/futures">{t`Go to the futures markets`}</ButtonLink>
        </StatusMessage>
      </div>
    );
  }
  const market = symbol ? markets?.get(symbol.id) : undefined;
  if (markets === null) {
    return (
      <div className={layout.screen}>
        <StatusMessage tone="error" title={t`The futures markets could not be read.`} testId="futures-failed" />
      </div>
    );
  }
  if (!market) {
    return (
      <div className={layout.screen}>
        <StatusMessage tone="loading" title={t`Loading…`} testId="futures-loading" />
      </div>
    );
  }
  return children({ market, symbols, signedIn, account, termsById, symbolIds });
}

/**
 * `framed`: the screen sits in a page frame that has the page's heading and names the document
 * (the component pages /Futures/Components/TradingPage and /Futures/App/TradingPage).
 */
export function FuturesScreen({ id, layout = 'auto', framed = false }: { id: string | undefined; layout?: 'auto' | 'phone'; framed?: boolean }) {
  return <RouteFutures id={id}>{(view) => <Trading key={view.market.symbol.id} view={view} layout={layout} framed={framed} />}</RouteFutures>;
}

/** The positions of the user, or for a visitor the sign-in link in the table's place. */
export function PositionsPanel({ view }: { view: FuturesView }) {
  const { account, termsById, signedIn, market } = view;
  const marks = useMarks(view.symbolIds);
  return (
    <HoldOrders
      positions={signedIn ? account.positions : []}
      termsById={termsById}
      marks={marks}
      empty={
        signedIn ? undefined : (
          <Trans>
            <PageLink to={loginPath(symbolRoute(market.symbol))}>Log in</PageLink> to see your positions.
          </Trans>
        )
      }
    />
  );
}

function Trading({ view, layout, framed }: { view: FuturesView; layout: 'auto' | 'phone'; framed: boolean }) {
  const { t } = useLingui();
  const phone = useMediaQuery(PHONE_QUERY) || layout === 'phone';
  const [mobileTab, setMobileTab] = useState<'trade' | 'chart' | 'markets'>('trade');
  const { market, symbols, signedIn, account } = view;
  const { symbol } = market;
  const positions: readonly FuturesPosition[] = account.positions ?? [];

  // The page renders for its own state and the account: the marks (every second) are read by the
  // parts that show them. On a phone the order panel comes a frame after the ticker and the views'
  // strip, and the positions a frame later (AfterFrames), so that none waits in one long render.
  const ticker = <Ticker market={market} framed={framed} compact={phone} />;
  // The chart's library is asked for after the page's first paint (usePaintedOnce), as on the exchange.
  const painted = usePaintedOnce();
  const chartPlaceholder = <Panel aria-label={t`Mark price chart`} aria-busy="true" className={styles.chartPlaceholder} />;
  const chart = (
    <Suspense fallback={chartPlaceholder}>{painted ? <MarkChart symbol={symbol} positions={positions} /> : chartPlaceholder}</Suspense>
  );
  const panel = <LiveOrderPanel view={view} />;
  const markets = <MarketList symbols={symbols} current={symbol} />;
  const stats = signedIn ? <LiveOpenOrderStats view={view} /> : null;
  const holdings = (
    <div className={styles.holdings}>
      {stats}
      <PositionsPanel view={view} />
      {signedIn ? (
        <PageLink to="/Futures/FuturesContractOrder" data-testid="futures-history-link">
          {t`Position history`}
        </PageLink>
      ) : null}
    </div>
  );

  if (phone) {
    const tabs = [
      { value: 'trade', label: t`Trade`, testId: 'futures-tab-trade' },
      { value: 'chart', label: t`Chart`, testId: 'futures-tab-chart' },
      { value: 'markets', label: t`Markets`, testId: 'futures-tab-markets' },
    ] as const;
    return (
      <div className={styles.mobile} data-testid="futures-screen" data-layout="phone" data-symbol={symbol.symbol}>
        {ticker}
        <Tabs items={tabs} value={mobileTab} onValueChange={(value) => setMobileTab(tabs.find((tab) => tab.value === value)?.value ?? 'trade')} label={t`Trading views`}>
          <TabPanel value="trade">
            <AfterFrames frames={1}>{panel}</AfterFrames>
          </TabPanel>
          <TabPanel value="chart">{chart}</TabPanel>
          <TabPanel value="markets">{markets}</TabPanel>
        </Tabs>
        <AfterFrames frames={2}>{holdings}</AfterFrames>
      </div>
    );
  }
  return (
    <div className={styles.desktop} data-testid="futures-screen" data-layout="desktop" data-symbol={symbol.symbol}>
      <div className={styles.areaTicker}>{ticker}</div>
      <div className={styles.areaChart}>{chart}</div>
      <div className={styles.areaMarkets}>{markets}</div>
      <div className={styles.areaPanel}>{panel}</div>
      <div className={styles.areaHoldings}>{holdings}</div>
    </div>
  );
}

/** The order panel of the view's contract, at its mark. */
export function LiveOrderPanel({ view }: { view: FuturesView }) {
  const mark = useMark(view.market.symbol.id);
  return <OrderPanel market={view.market} mark={mark} signedIn={view.signedIn} available={view.account.stats?.available ?? null} />;
}

/** The account's stats, the figures that follow the mark worked out at the marks now. */
export function LiveOpenOrderStats({ view }: { view: FuturesView }) {
  const marks = useMarks(view.symbolIds);
  return <OpenOrderStats stats={view.account.stats} positions={view.account.positions ?? []} termsById={view.termsById} marks={marks} />;
}

/** The contract's name, mark and terms (TradingHeader: the page's heading on its own page). */
function Ticker({ market, framed, compact }: { market: FuturesMarket; framed: boolean; compact: boolean }) {
  const { t } = useLingui();
  const { symbol, config } = market;
  const mark = useMark(symbol.id);
  const leverageMax = config.leverages.at(-1) ?? 1;
  const ratePercent = (rate: string) => fractionAsPercent(rate) ?? '—';
  const contract = symbol.name;
  return (
    <TradingHeader name={t`${contract} perpetual`} pageTitle={t`Futures`} framed={framed} compact={compact} testId="futures-ticker" nameTestId="futures-pair">
      <StatGroup label={t`Contract`}>
        <Stat label={t`Mark price`} value={<span data-testid="futures-mark">{mark ?? '—'}</span>} />
        <Stat label={t`Leverage up to`} value={`${leverageMax}x`} />
        <Stat label={t`Maintenance margin`} value={`${ratePercent(config.maintenanceMarginRate)}%`} />
        <Stat label={t`Open / close fee`} value={`${ratePercent(config.openFeeRate)}% / ${ratePercent(config.closeFeeRate)}%`} />
      </StatGroup>
    </TradingHeader>
  );
}
