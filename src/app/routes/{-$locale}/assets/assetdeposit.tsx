/**
 * /Assets/AssetDeposit (spec 2; /assets/assetDeposit too, lookups ignore case): the deposit page in
 * the Assets layout. `?coin=BTC` opens it on that coin (a wallet row's Deposit link).
 */
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { DepositScreen } from '../../../features/deposit/DepositScreen';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/assetdeposit')({
  component: AssetDepositPage,
});

function AssetDepositPage() {
  const { searchStr } = useLocation();
  const coin = new URLSearchParams(searchStr).get('coin')?.toUpperCase();
  return (
    <AssetsLayout>
      <DepositScreen initialCoin={coin} />
    </AssetsLayout>
  );
}
