/**
 * The spot exchange page (spec 2, /exchange?id={symbol lower-case}, R-ROUTE-09): the symbol's
 * ticker, candles, order book, latest trades, order form, market list and the user's current
 * and historical orders. Desktop shows them together; under 1024 px it is the mobile trading
 * page, with tabs for the chart, the book and form, the trades and the markets.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { SYMBOL_TYPE } from '../../../shared/constants';
import type { MarketSymbol } from '../../../shared/api/market';
import { PageLink } from '../../ui/PageLink';
import { useMediaQuery } from '../../layout/header/headerHooks';
import { useHubStatus, useSymbols } from '../../state/hub';
import { loadBalances, markAssetsChanged, session } from '../../state/session';
import { CandleChart } from './CandleChart';
import { LatestTrades } from './LatestTrades';
import { MarketList } from './MarketList';
import { OrderBook } from './OrderBook';
import { OrderForms } from './OrderForm';
import { OrdersTable } from './OrdersTable';
import { useMarket } from './useMarket';
import { useOrders } from './useOrders';
import styles from './exchange.module.css';
import { loginPath } from '../../ui/paths';

const localeRoute = getRouteApi('/{-$locale}');

/** The market a bare /exchange opens. */
export const DEFAULT_EXCHANGE_SYMBOL = 'BTC_USDT';
const PHONE_QUERY = '(max-width: 1023px)';

/** The exchange symbol a route id names (lower-case symbol, any case accepted), or the default. */
export function symbolForRoute(symbols: readonly MarketSymbol[], id: string | undefined): MarketSymbol | null | undefined {
  const exchange = symbols.filter((symbol) => symbol.type === SYMBOL_TYPE.exchange);
  if (exchange.length === 0) return undefined;
  const wanted = (id ?? '').trim().toUpperCase().replace('/', '_');
  if (wanted === '') return exchange.find((symbol) => symbol.symbol === DEFAULT_EXCHANGE_SYMBOL) ?? exchange[0]!;
  return exchange.find((symbol) => symbol.symbol === wanted) ?? null;
}

export function ExchangeScreen({ id }: { id: string | undefined }) {
  const { t } = useLingui();
  const symbols = useSymbols();
  const symbol = symbolForRoute(symbols, id);
  const exchangeSymbols = useMemo(() => symbols.filter((entry) => entry.type === SYMBOL_TYPE.exchange), [symbols]);

  useEffect(() => {
    if (symbol) document.title = `${symbol.name} | ${t`Spot trading`}`;
  }, [symbol, t]);

  if (symbol === undefined) {
    return (
      <div className={styles.screen}>
        <p className={styles.muted} data-testid="exchange-loading">{t`Loading…`}</p>
      </div>
    );
  }
  if (symbol === null) {
    return (
      <div className={styles.screen} data-testid="exchange-unknown">
        <h1 className={styles.pairTitle}>{t`This market does not exist.`}</h1>
        <p>
          <PageLink to="/exchange">{t`Go to the spot markets`}</PageLink>
        </p>
      </div>
    );
  }
  return <Trading key={symbol.id} symbol={symbol} symbols={exchangeSymbols} />;
}

function Trading({ symbol, symbols }: { symbol: MarketSymbol; symbols: MarketSymbol[] }) {
  const { t } = useLingui();
  const phone = useMediaQuery(PHONE_QUERY);
  const signedIn = useHubStatus()?.session.status === 'signedIn';
  const { balances } = useSnapshot(session);
  const market = useMarket(symbol.id);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const [ordersTab, setOrdersTab] = useState<'open' | 'history'>('open');
  const [mobileTab, setMobileTab] = useState<'chart' | 'trade' | 'trades' | 'markets'>('trade');

  const balancesChanged = useCallback(() => {
    markAssetsChanged();
    void loadBalances(true);
  }, []);
  const orders = useOrders(signedIn, balancesChanged);
  useEffect(() => {
    if (signedIn) void loadBalances(true);
  }, [signedIn]);

  const best = { bid: market.book?.bids[0]?.[0] ?? null, ask: market.book?.asks[0]?.[0] ?? null };
  const lastPrice = market.quote?.c ?? market.trades[0]?.price ?? null;
  const placed = () => {
    orders.refresh();
    balancesChanged();
  };
  const openOrders = orders.open?.filter((order) => order.symbolId === symbol.id) ?? [];

  const ticker = <Ticker symbol={symbol} quote={market.quote} />;
  const chart = <CandleChart symbol={symbol} trades={market.trades} />;
  const book = <OrderBook symbol={symbol} book={market.book} quote={market.quote} rows={phone ? 8 : 14} onPick={(price) => setPicked({ price, at: Date.now() })} />;
  const form = <OrderForms symbol={symbol} signedIn={signedIn} balances={balances} best={best} lastPrice={lastPrice} pickedPrice={picked} layout={phone ? 'one' : 'both'} onPlaced={placed} />;
  const trades = <LatestTrades symbol={symbol} trades={market.trades} rows={phone ? 30 : 20} />;
  const markets = <MarketList symbols={symbols} current={symbol} />;
  const ordersPanel = (
    <section className={`${styles.panel} ${styles.ordersPanel}`} aria-label={t`My orders`} data-testid="exchange-orders">
      <div className={styles.panelHead}>
        <div className={styles.tabs} role="tablist" aria-label={t`My orders`}>
          <button type="button" role="tab" className={styles.tab} aria-selected={ordersTab === 'open'} data-testid="orders-tab-open" onClick={() => setOrdersTab('open')}>
            {t`Current orders`} {orders.open ? `(${openOrders.length})` : ''}
          </button>
          <button type="button" role="tab" className={styles.tab} aria-selected={ordersTab === 'history'} data-testid="orders-tab-history" onClick={() => setOrdersTab('history')}>
            {t`Order history`}
          </button>
        </div>
        {signedIn ? (
          <PageLink to="/Exchange/ExchangeCoinOrder" className={styles.moreLink} data-testid="orders-more">
            {t`All orders`}
          </PageLink>
        ) : null}
      </div>
      {!signedIn ? (
        <p className={styles.muted}>
          <Trans>
            <PageLink to={loginPath(`/exchange?id=${symbol.symbol.toLowerCase()}`)}>Log in</PageLink> to see your orders.
          </Trans>
        </p>
      ) : ordersTab === 'open' ? (
        orders.open === null ? (
          <p className={styles.muted}>{t`Loading…`}</p>
        ) : (
          <OrdersTable orders={openOrders} onCancelled={placed} testId="open-orders" emptyText={t`No open orders.`} />
        )
      ) : orders.history === null ? (
        <p className={styles.muted}>{t`Loading…`}</p>
      ) : (
        <OrdersTable orders={orders.history} testId="history-orders" emptyText={t`No orders yet.`} />
      )}
    </section>
  );

  if (phone) {
    const tabs = [
      ['chart', t`Chart`],
      ['trade', t`Trade`],
      ['trades', t`Trades`],
      ['markets', t`Markets`],
    ] as const;
    return (
      <div className={styles.mobile} data-testid="exchange-screen" data-layout="phone" data-symbol={symbol.symbol}>
        {ticker}
        <div className={styles.mobileTabs} role="tablist" aria-label={t`Trading views`}>
          {tabs.map(([key, label]) => (
            <button key={key} type="button" role="tab" aria-selected={mobileTab === key} data-testid={`mobile-tab-${key}`} onClick={() => setMobileTab(key)}>
              {label}
            </button>
          ))}
        </div>
        {mobileTab === 'chart' ? chart : null}
        {mobileTab === 'trade' ? (
          <div className={styles.mobileTrade}>
            {form}
            {book}
          </div>
        ) : null}
        {mobileTab === 'trades' ? trades : null}
        {mobileTab === 'markets' ? markets : null}
        {ordersPanel}
      </div>
    );
  }
  return (
    <div className={styles.desktop} data-testid="exchange-screen" data-layout="desktop" data-symbol={symbol.symbol}>
      <div className={styles.areaTicker}>{ticker}</div>
      <div className={styles.areaBook}>{book}</div>
      <div className={styles.areaChart}>{chart}</div>
      <div className={styles.areaForm}>{form}</div>
      <div className={styles.areaMarkets}>{markets}</div>
      <div className={styles.areaTrades}>{trades}</div>
      <div className={styles.areaOrders}>{ordersPanel}</div>
    </div>
  );
}

function Ticker({ symbol, quote }: { symbol: MarketSymbol; quote: ReturnType<typeof useMarket>['quote'] }) {
  const { t } = useLingui();
  const siteName = localeRoute.useLoaderData().name;
  const change = quote ? Number(quote.changePercent) : 0;
  const pageTitle = t`Spot trading`;
  useEffect(() => {
    document.title = `${symbol.name} | ${pageTitle} | ${siteName}`;
  }, [symbol.name, pageTitle, siteName]);
  return (
    <header className={styles.ticker} data-testid="exchange-ticker">
      <h1 className={styles.pairTitle}>
        <span className={styles.visuallyHidden} data-testid="page-title">
          {pageTitle}
        </span>
        <span data-testid="exchange-pair">{symbol.name}</span>
      </h1>
      <p className={styles.lastPrice} data-direction={change >= 0 ? 'up' : 'down'} data-testid="exchange-last">
        {quote?.c ?? '—'}
      </p>
      <dl className={styles.stats}>
        <div>
          <dt>{t`24h change`}</dt>
          <dd className={styles.change} data-direction={change >= 0 ? 'up' : 'down'}>
            {quote ? `${change > 0 ? '+' : ''}${quote.changePercent}%` : '—'}
          </dd>
        </div>
        <div>
          <dt>{t`24h high`}</dt>
          <dd>{quote?.dh ?? '—'}</dd>
        </div>
        <div>
          <dt>{t`24h low`}</dt>
          <dd>{quote?.dl ?? '—'}</dd>
        </div>
        <div>
          <dt>{t`24h volume (${symbol.baseSymbol})`}</dt>
          <dd>{quote?.dv ?? '—'}</dd>
        </div>
      </dl>
    </header>
  );
}
