/**
 * /Assets/FundDetails (spec 2, the Assets menu's asset flow): every movement of the user's money,
 * filtered and paged, in the Assets layout.
 */
import { createFileRoute } from '@tanstack/react-router';
import { FundDetails } from '../../../features/wallets/FundDetails';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/funddetails')({
  component: FundDetailsPage,
});

function FundDetailsPage() {
  return (
    <AssetsLayout>
      <FundDetails />
    </AssetsLayout>
  );
}
