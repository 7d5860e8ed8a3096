/**
 * The wallets' component pages (spec 2: /Assets/Components/{Page}): each part of the Assets pages
 * on its own, the signed-in user's parts behind a log-in prompt. The catch-all route loads this
 * file only when one opens.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { FUTURES_USDT } from '../../../shared/api/balance';
import { AssetsMenu } from '../../layout/AssetsLayout';
import { useWaitedOut } from '../../layout/header/headerHooks';
import { SignedInOnly } from '../../layout/SignedInOnly';
import { session } from '../../state/session';
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { CoinSelector } from '../../ui/SearchSelect';
import { AssetTotal } from './AssetTotal';
import { AssetTransferDialog } from './AssetTransferDialog';
import { FundDetails } from './FundDetails';
import { useWalletBalances, useWalletValues } from './walletData';
import { FinanceRecords } from './WalletRecords';
import { WalletScreen } from './WalletScreen';
import styles from './wallets.module.css';

function Own({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return <SignedInOnly prompt={t`Log in to see your assets.`}>{() => children}</SignedInOnly>;
}

/** The total with its own transfer dialog. */
function TotalWithTransfer({ variant }: { variant: 'page' | 'app' }) {
  const { wallets } = useWalletBalances();
  const values = useWalletValues(wallets);
  const waitedOut = useWaitedOut();
  const [open, setOpen] = useState(false);
  return (
    <>
      <AssetTotal total={values?.total ?? null} ready={values !== null && (values.complete || waitedOut)} onTransfer={() => setOpen(true)} variant={variant} />
      <AssetTransferDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

export function AssetLeftMenuPage() {
  return <AssetsMenu />;
}

export function AssetSpotPage() {
  return <Own><WalletScreen wallet="spot" /></Own>;
}

export function AssetTotalPage() {
  return <Own><TotalWithTransfer variant="page" /></Own>;
}

export function AssetTotalAppPage() {
  return <Own><TotalWithTransfer variant="app" /></Own>;
}

export function AssetTransferDialogPage() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Own>
      <Button onClick={() => setOpen(true)} data-testid="open-transfer">
        {t`Transfer`}
      </Button>
      <AssetTransferDialog open={open} onOpenChange={setOpen} />
    </Own>
  );
}

export function CoinSelectorPage() {
  const { t } = useLingui();
  const { balances } = useSnapshot(session);
  const [chosenCoin, setCoin] = useState('USDT');
  const coins = (balances ?? []).filter((balance) => balance.currency !== FUTURES_USDT).map((balance) => ({ code: balance.currency, name: balance.displayName }));
  return (
    <Own>
      <div className={styles.screen}>
        <FormField label={t`Coin`}>{(control) => <CoinSelector id={control.id} coins={coins} value={chosenCoin} onValueChange={setCoin} label={t`Coin`} testId="coin-selector" />}</FormField>
      </div>
    </Own>
  );
}

export function FundDetailsPage() {
  return <Own><FundDetails /></Own>;
}

export function AssetFinanceAccountPage() {
  return <Own><WalletScreen wallet="finance" /></Own>;
}

export function AssetFinanceRecordPage() {
  return <Own><FinanceRecords /></Own>;
}

export function LoanPagePage() {
  return <Own><WalletScreen wallet="loan" /></Own>;
}
