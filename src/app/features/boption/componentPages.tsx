/**
 * The Boption component pages (spec 2: /Boption/Components/{Page}): each part of the trading page
 * on its own, in the page frame, for the market the ?id= names (the default market without one),
 * live through the hub like the whole page. The confirmation modal opens from Up or Down on the
 * order panel, as it does on the trading page. The catch-all route loads this file only when one
 * of these pages opens.
 */
import { useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MarketSymbol } from '../../../shared/api/market';
import { ButtonLink } from '../../ui/Button';
import { Panel } from '../../ui/Panel';
import { loginPath } from '../../ui/paths';
import { StatusMessage } from '../../ui/StatusMessage';
import { BoptionScreen, LiveOrderForm, OrdersPanel, RouteOption, SpotTrades, useOptionMarket, type OptionMarket } from './BoptionScreen';
import { MarketList } from './MarketList';
import { OrderProgress } from './OrderProgress';
import { OrdersTable } from './OrdersTable';
import { useBoptionHistory } from './useBoption';
import layout from '../../layout/TradingPage.module.css';

function useRouteId(): string | undefined {
  return new URLSearchParams(useLocation().searchStr).get('id') ?? undefined;
}

/** A part of the trading page for the route's market. */
function OptionPart({ children }: { children: (symbol: MarketSymbol, symbols: MarketSymbol[]) => ReactNode }) {
  return (
    <div className={layout.componentPage}>
      <RouteOption id={useRouteId()}>{children}</RouteOption>
    </div>
  );
}

/** A part that reads the route market's terms, index and the user's options. */
function MarketPart({ children }: { children: (market: OptionMarket) => ReactNode }) {
  return <OptionPart>{(symbol) => <WithMarket symbol={symbol}>{children}</WithMarket>}</OptionPart>;
}

function WithMarket({ symbol, children }: { symbol: MarketSymbol; children: (market: OptionMarket) => ReactNode }) {
  return <>{children(useOptionMarket(symbol))}</>;
}

/** What a visitor sees in place of a part that needs a session. */
function SignInFirst({ here }: { here: string }) {
  const { t } = useLingui();
  return (
    <Panel data-testid="boption-part-visitor">
      <p>{t`Log in to see your binary options.`}</p>
      <ButtonLink to={loginPath(here)}>{t`Log in`}</ButtonLink>
    </Panel>
  );
}

export function TradingPage() {
  return <BoptionScreen id={useRouteId()} framed />;
}

export function MarketListPage() {
  return <OptionPart>{(symbol, symbols) => <MarketList symbols={symbols} current={symbol} />}</OptionPart>;
}

/** The user's current and historical options in one panel. */
export function OrderListPage() {
  return <MarketPart>{(market) => <OrdersPanel market={market} currency={market.config?.currency ?? ''} />}</MarketPart>;
}

/** The order panel; Up and Down open the confirmation modal. */
export function OrderConfirmModalPage() {
  return <MarketPart>{(market) => <Form market={market} />}</MarketPart>;
}

function Form({ market }: { market: OptionMarket }) {
  const { t } = useLingui();
  if (!market.config) return <StatusMessage tone={market.configFailed ? 'error' : 'loading'} title={market.configFailed ? t`This market takes no options now.` : t`Loading…`} headingLevel={2} />;
  return <LiveOrderForm market={market} config={market.config} />;
}

export function OrderProgressPage() {
  return (
    <MarketPart>
      {(market) =>
        market.signedIn ? (
          <OrderProgress running={market.orders.open ?? []} results={market.orders.results} currency={market.config?.currency ?? ''} />
        ) : (
          <SignInFirst here="/Boption/Components/OrderProgress" />
        )
      }
    </MarketPart>
  );
}

/** The user's running options of every market. */
export function CurrentOrderPage() {
  const { t } = useLingui();
  return (
    <MarketPart>
      {(market) =>
        market.signedIn ? (
          <Panel flush>
            <OrdersTable
              orders={market.orders.open ?? []}
              currency={market.config?.currency ?? ''}
              loading={market.orders.open === null}
              testId="boption-open-orders"
              emptyText={t`No options running.`}
            />
          </Panel>
        ) : (
          <SignInFirst here="/Boption/Components/CurrentOrder" />
        )
      }
    </MarketPart>
  );
}

/** The user's latest settled options; the full history is /Boption/BoptionCoinOrder. */
export function HistoricalOrdersPage() {
  return <MarketPart>{(market) => (market.signedIn ? <History market={market} /> : <SignInFirst here="/Boption/Components/HistoricalOrders" />)}</MarketPart>;
}

function History({ market }: { market: OptionMarket }) {
  const { t } = useLingui();
  const history = useBoptionHistory(market.signedIn, market.orders.results);
  return (
    <Panel flush>
      <OrdersTable orders={history ?? []} currency={market.config?.currency ?? ''} loading={history === null} testId="boption-history-orders" emptyText={t`No settled options yet.`} />
    </Panel>
  );
}

/** The latest trades of the spot market the route market's index comes from. */
export function LatestTradePage() {
  return <MarketPart>{(market) => <SpotTrades config={market.config} />}</MarketPart>;
}
