/** /Assets/WithdrawHistory (spec 2): the user's withdrawals with their status, in the Assets layout. */
import { createFileRoute } from '@tanstack/react-router';
import { WithdrawHistoryScreen } from '../../../features/withdraw/WithdrawHistoryScreen';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/withdrawhistory')({
  component: WithdrawHistoryPage,
});

function WithdrawHistoryPage() {
  return (
    <AssetsLayout>
      <WithdrawHistoryScreen />
    </AssetsLayout>
  );
}
