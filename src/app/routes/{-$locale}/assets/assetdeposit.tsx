/**
 * /Assets/AssetDeposit (spec 2; /assets/assetDeposit too, lookups ignore case): the deposit page in
 * the Assets layout.
 */
import { createFileRoute } from '@tanstack/react-router';
import { DepositScreen } from '../../../features/deposit/DepositScreen';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/assetdeposit')({
  component: AssetDepositPage,
});

function AssetDepositPage() {
  return (
    <AssetsLayout>
      <DepositScreen />
    </AssetsLayout>
  );
}
