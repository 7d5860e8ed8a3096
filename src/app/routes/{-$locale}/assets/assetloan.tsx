/**
 * /Assets/AssetLoan (spec 2, the Assets menu): the loan account's balances in the Assets layout.
 */
import { createFileRoute } from '@tanstack/react-router';
import { WalletScreen } from '../../../features/wallets/WalletScreen';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/assetloan')({
  component: AssetLoanPage,
});

function AssetLoanPage() {
  return (
    <AssetsLayout>
      <WalletScreen wallet="loan" />
    </AssetsLayout>
  );
}
