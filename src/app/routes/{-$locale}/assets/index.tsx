/**
 * /Assets (spec 2): the overview of the signed-in user's wallets (the total asset value of spec
 * 4 and each wallet's value) in the Assets layout.
 */
import { createFileRoute } from '@tanstack/react-router';
import { AssetsOverview } from '../../../features/wallets/AssetsOverview';
import { AssetsLayout } from '../../../layout/AssetsLayout';

export const Route = createFileRoute('/{-$locale}/assets/')({
  component: AssetsPage,
});

function AssetsPage() {
  return (
    <AssetsLayout>
      <AssetsOverview />
    </AssetsLayout>
  );
}
