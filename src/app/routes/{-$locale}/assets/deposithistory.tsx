/** /Assets/DepositHistory (spec 2): the user's deposits with their status, in the Assets layout. */
import { createFileRoute } from '@tanstack/react-router';
import { DepositHistoryScreen } from '../../../features/deposit/DepositHistoryScreen';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/deposithistory')({
  component: DepositHistoryPage,
});

function DepositHistoryPage() {
  return (
    <AssetsLayout>
      <DepositHistoryScreen />
    </AssetsLayout>
  );
}
