/**
 * /Assets/AssetContract (spec 2, the Assets menu): the futures account's balances in the Assets layout.
 */
import { createFileRoute } from '@tanstack/react-router';
import { WalletScreen } from '../../../features/wallets/WalletScreen';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/assetcontract')({
  component: AssetContractPage,
});

function AssetContractPage() {
  return (
    <AssetsLayout>
      <WalletScreen wallet="futures" />
    </AssetsLayout>
  );
}
