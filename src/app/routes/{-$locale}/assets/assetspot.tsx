/**
 * /Assets/AssetSpot (spec 2, the Assets menu): the spot account's balances in the Assets layout.
 */
import { createFileRoute } from '@tanstack/react-router';
import { WalletScreen } from '../../../features/wallets/WalletScreen';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/assetspot')({
  component: AssetSpotPage,
});

function AssetSpotPage() {
  return (
    <AssetsLayout>
      <WalletScreen wallet="spot" />
    </AssetsLayout>
  );
}
