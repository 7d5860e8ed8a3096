/**
 * /Boption/BoptionCoinOrder (spec 2, the orders menu's binary-options entry, R-MENU-02): the
 * signed-in user's settled binary options (boptionorder/orders), newest first, filtered on the
 * server by pair, result and the day they were opened, a page at a time; the running ones are
 * listed above them, live from the hub, each with its countdown. A result the hub pushes reads the
 * page again, so a settlement shows here without a reload.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { BOPTION_STATUSES, boptionOrdersCall, type BoptionOrder, type BoptionStatus } from '../../../shared/api/boption';
import { SYMBOL_TYPE } from '../../../shared/constants';
import { callApi } from '../../api/client';
import { useSessionStatus, useSymbols } from '../../state/hub';
import { ButtonLink } from '../../ui/Button';
import { FilterSelect, PairFilter } from '../../ui/FilterSelect';
import { useFilteredPages } from '../../ui/useFilteredPages';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { STATUS_LABELS } from './labels';
import { OrdersTable, VisitorOrders } from './OrdersTable';
import { useBoptionConfig, useBoptionOrders } from './useBoption';
import layout from '../../layout/TradingPage.module.css';

export const ORDERS_PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

/** Settled results the filter offers ('open' options are the running list above). */
const RESULTS = BOPTION_STATUSES.filter((status) => status !== 'open');

export interface OptionFilters {
  symbol: string;
  status: BoptionStatus | 'all';
  /** Opened on or after this day, on or before that one (yyyy-mm-dd in the user's time zone; '' for none). */
  from: string;
  to: string;
}

/** The orders call's query for the filters and page: a day's bounds in the user's time zone. */
export function ordersQuery(filters: OptionFilters, page: number) {
  const day = (text: string) => (text === '' ? undefined : new Date(`${text}T00:00:00`).getTime());
  const from = day(filters.from);
  const toDay = day(filters.to);
  return {
    offset: page * ORDERS_PAGE_SIZE,
    limit: ORDERS_PAGE_SIZE,
    ...(filters.symbol === '' ? {} : { symbol: filters.symbol }),
    ...(filters.status === 'all' ? {} : { status: filters.status }),
    ...(from === undefined || Number.isNaN(from) ? {} : { from }),
    ...(toDay === undefined || Number.isNaN(toDay) ? {} : { to: toDay + DAY_MS }),
  };
}

export function BoptionOrders() {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const status = useSessionStatus();
  const signedIn = status === 'signedIn';
  const symbols = useSymbols().filter((symbol) => symbol.type === SYMBOL_TYPE.boption);
  const live = useBoptionOrders(signedIn);
  // The currency options are staked in, as the first market's terms name it (the same for all).
  const currency = useBoptionConfig(symbols[0]?.id ?? null).config?.currency ?? '';
  const { filters, change, page, setPage, result: answer, loading } = useFilteredPages<OptionFilters, { total: number; list: BoptionOrder[] }>(
    { symbol: '', status: 'all', from: '', to: '' },
    (current, index) => callApi(boptionOrdersCall, { query: ordersQuery(current, index) }),
    { enabled: signedIn, again: live.results.map((order) => order.id).join(','), empty: { total: 0, list: [] } },
  );

  if (status === 'signedOut') {
    return (
      <div data-testid="orders-signed-out">
        <VisitorOrders from="/Boption/BoptionCoinOrder" testId="boption-orders-visitor" />
      </div>
    );
  }
  const pageCount = answer ? Math.max(1, Math.ceil(answer.total / ORDERS_PAGE_SIZE)) : 1;
  const running = (live.open ?? []).filter((order) => filters.symbol === '' || order.symbol === filters.symbol);
  return (
    <div className={layout.ordersPage} data-testid="boption-orders-page">
      <div className={layout.filters}>
        <PairFilter symbols={symbols} value={filters.symbol} onChange={(symbol) => change({ symbol })} testId="boption-filter-symbol" />
        <FilterSelect
          label={t`Result`}
          value={filters.status}
          options={[{ value: 'all' as const, label: t`All results` }, ...RESULTS.map((result) => ({ value: result, label: _(STATUS_LABELS[result]) }))]}
          onChange={(status) => change({ status })}
          testId="boption-filter-status"
        />
        <FormField label={t`Opened from`}>
          {(control) => <input {...control} type="date" className={inputClassName} value={filters.from} max={filters.to || undefined} data-testid="boption-filter-from" onChange={(event) => change({ from: event.target.value })} />}
        </FormField>
        <FormField label={t`Opened until`}>
          {(control) => <input {...control} type="date" className={inputClassName} value={filters.to} min={filters.from || undefined} data-testid="boption-filter-to" onChange={(event) => change({ to: event.target.value })} />}
        </FormField>
        <ButtonLink to="/boption" variant="secondary">
          {t`Back to trading`}
        </ButtonLink>
      </div>
      <Panel title={t`Running`} flush data-testid="boption-orders-running">
        <OrdersTable orders={running} currency={currency} loading={live.open === null} testId="boption-running-orders" emptyText={t`No options running.`} />
      </Panel>
      <Panel title={t`Settled`} flush aria-busy={loading || undefined} data-testid="boption-orders-results" data-loading={loading ? 'true' : 'false'}>
        <OrdersTable
          orders={answer?.list ?? []}
          currency={currency}
          loading={answer === null}
          testId="boption-settled-orders"
          emptyText={t`No options match these filters.`}
          paging={{ page: page + 1, pageCount, onPage: (next) => setPage(next - 1) }}
        />
      </Panel>
    </div>
  );
}
