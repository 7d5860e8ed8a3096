/**
 * /Assets/LoanHistory (spec 2, the loan account's borrow records): there are no loans yet, so the
 * records are the movements of the loan wallet.
 */
import { createFileRoute } from '@tanstack/react-router';
import { LoanRecords } from '../../../features/wallets/WalletRecords';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/loanhistory')({
  component: LoanHistoryPage,
});

function LoanHistoryPage() {
  return (
    <AssetsLayout>
      <LoanRecords />
    </AssetsLayout>
  );
}
