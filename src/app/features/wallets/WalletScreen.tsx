/**
 * One wallet's page (/Assets/AssetSpot, AssetContract, Finance, AssetLoan): its value in USDT,
 * then every currency it holds with the total, the available and the held part (spec 3:
 * available = balance + frozen) in the currency's decimals (spec 9, truncated) and the value in
 * USDT; a search by code or name and, where a wallet lists every currency (spot), hiding the
 * balances worth less than SMALL_BALANCE_USDT. Transfers start from a row or the summary;
 * the spot wallet's rows also link to Deposit and Withdraw.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useId, useState } from 'react';
import { FUTURES_USDT, FUTURES_USDT_BASE, type Balance, type WalletName } from '../../../shared/api/balance';
import { availableUnits, scaleOfAmount } from '../../../shared/decimal';
import { formatBalance } from '../../../shared/format';
import { intlLocale } from '../../../shared/languages';
import { formatUnits, parseUnits, SCALE_MAX } from '../../../shared/money';
import { totalAssetValue } from '../../../shared/valuation';
import { useLanguage } from '../../i18n/useLanguage';
import { useAssetTotalHidden, useWaitedOut } from '../../layout/header/headerHooks';
import { groupDigits, maskAmount, VALUE_CURRENCY } from '../../layout/header/headerLogic';
import { Button, ButtonLink } from '../../ui/Button';
import { Checkbox } from '../../ui/Controls';
import { DataTable } from '../../ui/DataTable';
import { inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { Stat, StatGroup } from '../../ui/Stat';
import { useUsdtFormat } from './AssetTotal';
import { AssetTransferDialog, type TransferStart, type TransferWallet } from './AssetTransferDialog';
import { useWalletBalances, useWalletValues } from './walletData';
import styles from './wallets.module.css';
import { DEPOSIT_PATH, WALLET_TITLES, WITHDRAW_PATH } from './wallets';

/** Balances worth less than this (in USDT) hide when "Hide small balances" is on. */
const SMALL_BALANCE_UNITS = parseUnits('1', SCALE_MAX);

/** What an empty wallet says: what would appear in it, and how it gets there. */
const EMPTY_TEXT: Record<WalletName, MessageDescriptor> = {
  spot: msg`No coins yet. Deposit coins to see them here.`,
  futures: msg`The futures account is empty. Transfer USDT from the spot account to trade futures.`,
  finance: msg`The finance account is empty. Coins transferred here for savings and staking appear here.`,
  loan: msg`The loan account is empty. Borrowed coins and pledges appear here once loans are offered.`,
};

interface WalletRow {
  balance: Balance;
  available: string;
  held: string;
  /** In USDT, 8 decimals. */
  value: string;
}

function rowOf(balance: Balance, priceOf: (currency: string) => string | undefined): WalletRow {
  const scale = scaleOfAmount(balance.balance);
  return {
    balance,
    available: formatUnits(availableUnits(balance, scale), scale),
    held: formatUnits(-parseUnits(balance.frozen, scale), scale),
    value: totalAssetValue({ balances: [balance] }, priceOf),
  };
}

function matches(balance: Balance, search: string): boolean {
  const text = search.trim().toUpperCase();
  return text === '' || balance.currency.toUpperCase().includes(text) || balance.displayName.toUpperCase().includes(text);
}

export function WalletScreen({ wallet }: { wallet: WalletName }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const { wallets, reload } = useWalletBalances();
  const values = useWalletValues(wallets);
  const format = useUsdtFormat();
  const locale = intlLocale(useLanguage());
  const coin = (amount: string, currency: string) => groupDigits(formatBalance(amount, currency), locale);
  const [hidden] = useAssetTotalHidden();
  const waitedOut = useWaitedOut();
  const [search, setSearch] = useState('');
  const [hideSmall, setHideSmall] = useState(false);
  const [transfer, setTransfer] = useState<TransferStart | null>(null);
  const searchId = useId();
  const ready = values !== null && (values.complete || waitedOut);
  const transferable = wallet !== 'loan';
  const listsEvery = wallet === 'spot';
  const shown = (wallets?.[wallet] ?? []).filter((balance) => matches(balance, search));
  const rows = values ? shown.map((balance) => rowOf(balance, values.priceOf)).filter((row) => !hideSmall || parseUnits(row.value, SCALE_MAX) >= SMALL_BALANCE_UNITS) : [];
  const money = (text: string) => (ready ? maskAmount(text, hidden) : '…');
  const startTransfer = (currency?: string) => setTransfer({ from: wallet as TransferWallet, currency });
  return (
    <div className={styles.screen} data-testid="wallet-screen" data-wallet={wallet}>
      <Panel aria-label={_(WALLET_TITLES[wallet])}>
        <div className={styles.toolbar}>
          <StatGroup>
            <Stat label={t`Value (USDT)`} value={<span data-testid="wallet-value" data-value={values?.byWallet[wallet]}>{money(format(values?.byWallet[wallet] ?? '0'))}</span>} note={VALUE_CURRENCY} />
          </StatGroup>
          {transferable ? (
            <Button variant="secondary" onClick={() => startTransfer()} data-testid="wallet-transfer">
              {t`Transfer`}
            </Button>
          ) : null}
        </div>
      </Panel>
      <div className={styles.toolbar}>
        <label className="visually-hidden" htmlFor={searchId}>
          {t`Search coins`}
        </label>
        <input id={searchId} className={`${inputClassName} ${styles.search}`} type="search" placeholder={t`Search coins`} value={search} onChange={(event) => setSearch(event.target.value)} data-testid="wallet-search" />
        {listsEvery ? <Checkbox checked={hideSmall} onCheckedChange={setHideSmall} label={t`Hide small balances (under 1 USDT)`} testId="wallet-hide-small" /> : null}
      </div>
      <DataTable
        caption={_(WALLET_TITLES[wallet])}
        testId="wallet-balances"
        state={wallets === undefined ? 'loading' : wallets === null ? 'error' : 'ready'}
        error={{ title: t`The balances could not be loaded.`, retry: reload }}
        empty={search.trim() || hideSmall ? t`No coin matches.` : _(EMPTY_TEXT[wallet])}
        rows={rows}
        rowKey={(row) => row.balance.currency}
        rowProps={(row) => ({ 'data-testid': 'wallet-row', 'data-currency': row.balance.currency, 'data-balance': row.balance.balance })}
        columns={[
          { key: 'coin', label: t`Coin`, cell: (row) => <CoinCell balance={row.balance} wallet={wallet} /> },
          { key: 'total', label: t`Total`, align: 'end', cell: (row) => <span className={styles.figure}>{money(coin(row.balance.balance, row.balance.currency))}</span> },
          { key: 'available', label: t`Available`, align: 'end', cell: (row) => <span className={styles.figure}>{money(coin(row.available, row.balance.currency))}</span> },
          { key: 'held', label: t`On hold`, align: 'end', cell: (row) => <span className={styles.figure}>{money(coin(row.held, row.balance.currency))}</span> },
          { key: 'value', label: t`Value (USDT)`, align: 'end', cell: (row) => <span className={styles.figure}>{money(format(row.value))}</span> },
          ...(transferable
            ? [
                {
                  key: 'actions',
                  label: t`Actions`,
                  align: 'end' as const,
                  cell: (row: WalletRow) => <RowActions wallet={wallet} currency={row.balance.currency} onTransfer={() => startTransfer(row.balance.currency)} />,
                },
              ]
            : []),
        ]}
      />
      {transferable ? <AssetTransferDialog key={JSON.stringify(transfer)} open={transfer !== null} onOpenChange={(open) => (open ? undefined : setTransfer(null))} start={transfer ?? undefined} /> : null}
    </div>
  );
}

/** The futures wallet's USDT is FTUSDT wherever the spec names currencies (spec 3). */
function CoinCell({ balance, wallet }: { balance: Balance; wallet: WalletName }) {
  return (
    <span className={styles.coin}>
      <strong>{wallet === 'futures' && balance.currency === FUTURES_USDT_BASE ? FUTURES_USDT : balance.currency}</strong>
      {balance.displayName && balance.displayName !== balance.currency ? <span className={styles.muted}>{balance.displayName}</span> : null}
    </span>
  );
}

function RowActions({ wallet, currency, onTransfer }: { wallet: WalletName; currency: string; onTransfer: () => void }) {
  const { t } = useLingui();
  return (
    <span className={styles.rowActions}>
      {wallet === 'spot' ? (
        <>
          <ButtonLink to={`${DEPOSIT_PATH}?coin=${encodeURIComponent(currency)}`} variant="ghost" size="small">
            {t`Deposit`}
          </ButtonLink>
          <ButtonLink to={`${WITHDRAW_PATH}?coin=${encodeURIComponent(currency)}`} variant="ghost" size="small">
            {t`Withdraw`}
          </ButtonLink>
        </>
      ) : null}
      <Button variant="ghost" size="small" onClick={onTransfer} data-testid="wallet-row-transfer">
        {t`Transfer`}
      </Button>
    </span>
  );
}
