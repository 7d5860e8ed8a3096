/**
 * /Assets/FinanceRecord (spec 2, the finance account's records): there are no savings or staking
 * products yet, so the records are the movements of the finance wallet.
 */
import { createFileRoute } from '@tanstack/react-router';
import { FinanceRecords } from '../../../features/wallets/WalletRecords';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/financerecord')({
  component: FinanceRecordPage,
});

function FinanceRecordPage() {
  return (
    <AssetsLayout>
      <FinanceRecords />
    </AssetsLayout>
  );
}
