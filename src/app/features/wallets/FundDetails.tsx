/**
 * The movements of the user's money (GET /wallets/funddetails): /Assets/FundDetails with every
 * wallet, and the records of one wallet (/Assets/FinanceRecord, /Assets/LoanHistory: with no
 * finance or loan products yet, their records are the movements of those wallets). Filters by
 * coin, type and wallet; "Load more" reads the next page. The list starts again when a filter
 * changes and when the balances change (a transfer here or in another tab adds a movement).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { FUTURES_USDT, WALLETS, type WalletName } from '../../../shared/api/balance';
import { FUND_TYPES, fundDetailsCall, type FundMovement, type FundType } from '../../../shared/api/wallets';
import { formatBalance, formatDate } from '../../../shared/format';
import { intlLocale } from '../../../shared/languages';
import { callApi } from '../../api/client';
import { useLanguage } from '../../i18n/useLanguage';
import { groupDigits } from '../../layout/header/headerLogic';
import { session } from '../../state/session';
import { DataTable } from '../../ui/DataTable';
import { FormField } from '../../ui/FormField';
import { Select } from '../../ui/Select';
import styles from './wallets.module.css';
import { useShownWallets, WALLET_TITLES } from './wallets';

export const FUND_TYPE_TITLES: Record<FundType, MessageDescriptor> = {
  trade: msg`Trade`,
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  transfer: msg`Transfer`,
  convert: msg`Convert`,
  reward: msg`Reward`,
  other: msg`Other`,
};

const ALL = 'all';

interface Filters {
  currency: string;
  type: string;
  wallet: string;
}

interface Listing {
  key: string;
  movements: FundMovement[];
  page: number;
  hasMore: boolean;
  state: 'loading' | 'ready' | 'error';
  moreState: 'idle' | 'loading' | 'failed';
}

async function readPage(filters: Filters, page: number) {
  const query = {
    page,
    ...(filters.currency !== ALL ? { currency: filters.currency } : {}),
    ...(filters.type !== ALL ? { type: filters.type as FundType } : {}),
    ...(filters.wallet !== ALL ? { wallet: filters.wallet as WalletName } : {}),
  };
  const data = await callApi(fundDetailsCall, { query }, { silentAll: true });
  if (data === false) throw new Error('the movements could not be read');
  return data;
}

/** The movements for these filters, the first page read again whenever the balances change. */
function useMovements(filters: Filters): { listing: Listing | null; loadMore: () => void; retry: () => void } {
  const { balances } = useSnapshot(session);
  const key = JSON.stringify(filters);
  const [listing, setListing] = useState<Listing | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    readPage(JSON.parse(key) as Filters, 1)
      .then((data) => current && setListing({ key, movements: data.list, page: 1, hasMore: data.hasMore, state: 'ready', moreState: 'idle' }))
      .catch((error: unknown) => {
        console.warn(error);
        if (current) setListing((previous) => (previous?.key === key ? previous : { key, movements: [], page: 0, hasMore: false, state: 'error', moreState: 'idle' }));
      });
    return () => {
      current = false;
    };
  }, [key, balances, generation]);
  const loadMore = () => {
    if (!listing || listing.moreState === 'loading') return;
    const next = listing.page + 1;
    setListing({ ...listing, moreState: 'loading' });
    readPage(filters, next)
      .then((data) =>
        setListing((previous) =>
          previous?.key === key ? { ...previous, movements: [...previous.movements, ...data.list], page: next, hasMore: data.hasMore, moreState: 'idle' } : previous,
        ),
      )
      .catch(() => setListing((previous) => (previous?.key === key ? { ...previous, moreState: 'failed' } : previous)));
  };
  return { listing: listing?.key === key ? listing : null, loadMore, retry: () => setGeneration((value) => value + 1) };
}

export function FundDetails({ wallet, empty }: { wallet?: WalletName; empty?: string }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const language = useLanguage();
  const locale = intlLocale(language);
  const { balances } = useSnapshot(session);
  const shownWallets = useShownWallets();
  const [filters, setFilters] = useState<Filters>({ currency: ALL, type: ALL, wallet: wallet ?? ALL });
  const { listing, loadMore, retry } = useMovements(filters);
  const coins = (balances ?? []).filter((balance) => balance.currency !== FUTURES_USDT).map((balance) => balance.currency);
  const set = (name: keyof Filters) => (value: string) => setFilters((previous) => ({ ...previous, [name]: value }));
  const filtered = filters.currency !== ALL || filters.type !== ALL || (!wallet && filters.wallet !== ALL);
  return (
    <div className={styles.screen} data-testid="fund-details" data-wallet={wallet}>
      <div className={styles.filters}>
        <FormField label={t`Coin`}>
          {(control) => <Select {...control} value={filters.currency} onValueChange={set('currency')} options={[{ value: ALL, label: t`All coins` }, ...coins.map((code) => ({ value: code, label: code }))]} testId="fund-filter-coin" />}
        </FormField>
        <FormField label={t`Type`}>
          {(control) => <Select {...control} value={filters.type} onValueChange={set('type')} options={[{ value: ALL, label: t`All types` }, ...FUND_TYPES.map((type) => ({ value: type, label: _(FUND_TYPE_TITLES[type]) }))]} testId="fund-filter-type" />}
        </FormField>
        {wallet ? null : (
          <FormField label={t`Account`}>
            {(control) => (
              <Select
                {...control}
                value={filters.wallet}
                onValueChange={set('wallet')}
                options={[{ value: ALL, label: t`All accounts` }, ...WALLETS.filter((name) => shownWallets.includes(name)).map((name) => ({ value: name, label: _(WALLET_TITLES[name]) }))]}
                testId="fund-filter-wallet"
              />
            )}
          </FormField>
        )}
      </div>
      <DataTable
        caption={t`Asset flow`}
        testId="fund-list"
        state={listing === null ? 'loading' : listing.state}
        error={{ title: t`The records could not be loaded.`, retry }}
        empty={filtered ? t`No records match these filters.` : (empty ?? t`No records yet. Deposits, trades, transfers and rewards appear here.`)}
        rows={listing?.movements ?? []}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'fund-row', 'data-type': row.type, 'data-wallet': row.wallet, 'data-currency': row.currency, 'data-amount': row.amount, 'data-transaction': row.transactionId })}
        loadMore={listing?.hasMore ? { onLoadMore: loadMore, loading: listing.moreState === 'loading', failed: listing.moreState === 'failed' } : undefined}
        columns={[
          { key: 'time', label: t`Time`, cell: (row) => formatDate(row.time, language, { withTime: true }) },
          { key: 'type', label: t`Type`, cell: (row) => _(FUND_TYPE_TITLES[row.type]) },
          { key: 'wallet', label: t`Account`, cell: (row) => _(WALLET_TITLES[row.wallet]), hideOnPhone: wallet !== undefined },
          { key: 'coin', label: t`Coin`, cell: (row) => row.currency },
          {
            key: 'amount',
            label: t`Amount`,
            align: 'end',
            cell: (row) => (
              <span className={styles.figure} data-tone={row.amount.startsWith('-') ? 'down' : 'up'}>
                {row.amount.startsWith('-') ? '' : '+'}
                {groupDigits(formatBalance(row.amount, row.currency), locale)}
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
