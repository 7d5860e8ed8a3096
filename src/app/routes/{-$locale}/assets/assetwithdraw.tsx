/**
 * /Assets/AssetWithdraw (spec 2; /assets/assetWithdraw too, lookups ignore case): the withdrawal
 * page in the Assets layout. `?coin=BTC` opens it on that coin (a wallet row's Withdraw link).
 */
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { WithdrawScreen } from '../../../features/withdraw/WithdrawScreen';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/assetwithdraw')({
  component: AssetWithdrawPage,
});

function AssetWithdrawPage() {
  const { searchStr } = useLocation();
  const coin = new URLSearchParams(searchStr).get('coin')?.toUpperCase();
  return (
    <AssetsLayout>
      <WithdrawScreen initialCoin={coin} />
    </AssetsLayout>
  );
}
