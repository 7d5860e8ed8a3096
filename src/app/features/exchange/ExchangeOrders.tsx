/**
 * /Exchange/ExchangeCoinOrder (spec 2, the orders menu's exchange entry, R-MENU-02): the
 * signed-in user's spot orders with filters (pair, side, status) and paging; open orders can
 * be cancelled here too. The orders call filters by pair and status on the server; it has no
 * side filter, so a side choice reads the matching pages (ORDERS_PAGE_MAX orders each, at most
 * SIDE_SCAN_PAGES of them) and pages through that side's orders here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ORDERS_PAGE_MAX, ordersCall, type OrderViewData } from '../../../shared/api/exchange';
import { SYMBOL_TYPE } from '../../../shared/constants';
import { callApi } from '../../api/client';
import { useSessionStatus, useSymbols } from '../../state/hub';
import { Button, ButtonLink } from '../../ui/Button';
import { FilterSelect, PairFilter } from '../../ui/FilterSelect';
import { useFilteredPages } from '../../ui/useFilteredPages';
import { PageLink } from '../../ui/PageLink';
import { Panel } from '../../ui/Panel';
import { loginPath } from '../../ui/paths';
import { OrdersTable } from './OrdersTable';
import layout from '../../layout/TradingPage.module.css';
import styles from './exchange.module.css';

export const ORDERS_PAGE_SIZE = 20;
/** Pages of ORDERS_PAGE_MAX orders a side filter reads at most. */
export const SIDE_SCAN_PAGES = 20;

export type StatusFilter = 'all' | 'open' | 'filled' | 'cancelled';
export type SideFilter = 'all' | 'buy' | 'sell';

export interface OrderFilters {
  symbol: string;
  side: SideFilter;
  status: StatusFilter;
}

interface PageResult {
  total: number;
  list: OrderViewData[];
  /** True when a side filter stopped at SIDE_SCAN_PAGES before the end. */
  truncated: boolean;
}

async function readPage(filters: OrderFilters, page: number): Promise<PageResult | null> {
  const base = { symbol: filters.symbol === '' ? undefined : filters.symbol, status: filters.status === 'all' ? undefined : filters.status };
  if (filters.side === 'all') {
    const answer = await callApi(ordersCall, { body: { ...base, offset: page * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE } });
    return answer ? { total: answer.total, list: answer.list, truncated: false } : null;
  }
  const matching: OrderViewData[] = [];
  let total = Number.POSITIVE_INFINITY;
  let scanned = 0;
  for (let index = 0; index < SIDE_SCAN_PAGES && scanned < total; index += 1) {
    const answer = await callApi(ordersCall, { body: { ...base, offset: index * ORDERS_PAGE_MAX, limit: ORDERS_PAGE_MAX } });
    if (!answer) return null;
    total = answer.total;
    scanned += answer.list.length;
    matching.push(...answer.list.filter((order) => order.side === filters.side));
    if (answer.list.length === 0) break;
  }
  return { total: matching.length, list: matching.slice(page * ORDERS_PAGE_SIZE, (page + 1) * ORDERS_PAGE_SIZE), truncated: scanned < total };
}

export function ExchangeOrders() {
  const { t } = useLingui();
  const status = useSessionStatus();
  const symbols = useSymbols().filter((symbol) => symbol.type === SYMBOL_TYPE.exchange);
  const [reload, setReload] = useState(0);
  const { filters, change, page, setPage, result, loading } = useFilteredPages<OrderFilters, PageResult>({ symbol: '', side: 'all', status: 'all' }, readPage, {
    enabled: status === 'signedIn',
    again: String(reload),
    empty: { total: 0, list: [], truncated: false },
  });

  if (status === 'signedOut') {
    return (
      <div data-testid="orders-signed-out">
        <OrdersTable
          orders={[]}
          testId="orders-visitor"
          emptyText={
            <Trans>
              <PageLink to={loginPath('/Exchange/ExchangeCoinOrder')}>Log in</PageLink> to see your orders.
            </Trans>
          }
        />
      </div>
    );
  }
  const pageNumber = page + 1;
  const pages = result ? Math.max(1, Math.ceil(result.total / ORDERS_PAGE_SIZE)) : 1;
  return (
    <div className={layout.ordersPage} data-testid="exchange-orders-page">
      <div className={layout.filters}>
        <PairFilter symbols={symbols} value={filters.symbol} onChange={(symbol) => change({ symbol })} testId="filter-symbol" />
        <FilterSelect<SideFilter>
          label={t`Side`}
          value={filters.side}
          options={[
            { value: 'all', label: t`Buy and sell` },
            { value: 'buy', label: t`Buy` },
            { value: 'sell', label: t`Sell` },
          ]}
          onChange={(side) => change({ side })}
          testId="filter-side"
        />
        <FilterSelect<StatusFilter>
          label={t`Status`}
          value={filters.status}
          options={[
            { value: 'all', label: t`All statuses` },
            { value: 'open', label: t`Open` },
            { value: 'filled', label: t`Filled` },
            { value: 'cancelled', label: t`Cancelled` },
          ]}
          onChange={(status) => change({ status })}
          testId="filter-status"
        />
        <ButtonLink to="/exchange" variant="secondary">
          {t`Back to trading`}
        </ButtonLink>
      </div>
      <Panel flush aria-busy={loading || undefined} data-testid="orders-results" data-loading={loading ? 'true' : 'false'}>
        <OrdersTable orders={result?.list ?? []} loading={result === null} onCancelled={() => setReload((value) => value + 1)} testId="all-orders" emptyText={t`No orders match these filters.`} />
      </Panel>
      {result?.truncated ? <p className={styles.note}>{t`Only your latest orders are searched by side.`}</p> : null}
      {/* The pages stay in view at one page too, and wait while a page loads: the kit's table paging does neither. */}
      <nav className={styles.pager} aria-label={t`Pages`}>
        <Button variant="secondary" size="small" data-testid="orders-prev" disabled={page === 0 || loading} onClick={() => setPage(page - 1)}>
          {t`Previous`}
        </Button>
        <span data-testid="orders-page">{t`Page ${pageNumber} of ${pages}`}</span>
        <Button variant="secondary" size="small" data-testid="orders-next" disabled={page + 1 >= pages || loading} onClick={() => setPage(page + 1)}>
          {t`Next`}
        </Button>
      </nav>
    </div>
  );
}
