/**
 * /Assets/Finance (spec 2, the Assets menu): the finance account's balances in the Assets layout.
 */
import { createFileRoute } from '@tanstack/react-router';
import { WalletScreen } from '../../../features/wallets/WalletScreen';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/finance')({
  component: FinancePage,
});

function FinancePage() {
  return (
    <AssetsLayout>
      <WalletScreen wallet="finance" />
    </AssetsLayout>
  );
}
