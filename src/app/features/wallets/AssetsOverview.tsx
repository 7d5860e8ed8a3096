/**
 * /Assets: the total asset value (AssetTotal) and each wallet's value in USDT, each wallet
 * linking to its page, with the transfer dialog one press away. The total counts what spec 4
 * counts (walletValues), so the finance and loan wallets' free balances are shown beside it but
 * not in it; the data attributes carry the untruncated sums for tests.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { WalletName } from '../../../shared/api/balance';
import { useAssetTotalHidden, useWaitedOut } from '../../layout/header/headerHooks';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { maskAmount } from '../../layout/header/headerLogic';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { PageLink } from '../../ui/PageLink';
import { below } from '../../ui/breakpoints';
import { AssetTotal, useUsdtFormat } from './AssetTotal';
import { AssetTransferDialog, type TransferStart } from './AssetTransferDialog';
import { useWalletBalances, useWalletValues } from './walletData';
import styles from './wallets.module.css';
import { useShownWallets, WALLET_PATHS, WALLET_TITLES } from './wallets';

export function AssetsOverview() {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const { wallets, reload } = useWalletBalances();
  const values = useWalletValues(wallets);
  const shown = useShownWallets();
  const format = useUsdtFormat();
  const [hidden] = useAssetTotalHidden();
  const phone = useMediaQuery(below('tablet'));
  const [transfer, setTransfer] = useState<TransferStart | null>(null);
  const waitedOut = useWaitedOut();
  const ready = values !== null && (values.complete || waitedOut);
  const rows = shown.map((wallet) => ({ wallet, value: values?.byWallet[wallet] ?? null }));
  return (
    <div className={styles.screen} data-testid="assets-overview">
      <AssetTotal total={values?.total ?? null} ready={ready} onTransfer={() => setTransfer({})} variant={phone ? 'app' : 'page'} />
      <DataTable
        caption={t`Accounts`}
        testId="assets-wallets"
        state={wallets === undefined ? 'loading' : wallets === null ? 'error' : 'ready'}
        error={{ title: t`The balances could not be loaded.`, retry: reload }}
        rows={rows}
        rowKey={(row) => row.wallet}
        rowProps={(row) => ({ 'data-testid': 'assets-wallet', 'data-wallet': row.wallet, 'data-value': row.value ?? undefined })}
        columns={[
          { key: 'account', label: t`Account`, cell: (row) => <PageLink to={WALLET_PATHS[row.wallet]}>{_(WALLET_TITLES[row.wallet])}</PageLink> },
          {
            key: 'value',
            label: t`Value (USDT)`,
            align: 'end',
            cell: (row) => <span className={styles.figure}>{ready && row.value !== null ? maskAmount(format(row.value), hidden) : '…'}</span>,
          },
          {
            key: 'actions',
            label: t`Actions`,
            align: 'end',
            cell: (row) => (row.wallet === 'loan' ? null : <TransferButton wallet={row.wallet} onPress={setTransfer} />),
          },
        ]}
      />
      <AssetTransferDialog key={JSON.stringify(transfer)} open={transfer !== null} onOpenChange={(open) => (open ? undefined : setTransfer(null))} start={transfer ?? undefined} />
    </div>
  );
}

function TransferButton({ wallet, onPress }: { wallet: Exclude<WalletName, 'loan'>; onPress: (start: TransferStart) => void }) {
  const { t } = useLingui();
  return (
    <Button variant="ghost" size="small" onClick={() => onPress({ from: wallet })} data-testid="assets-wallet-transfer">
      {t`Transfer`}
    </Button>
  );
}
