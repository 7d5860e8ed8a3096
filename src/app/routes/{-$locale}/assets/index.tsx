/**
 * /Assets (spec 2): the overview of the signed-in user's wallets in the Assets layout.
 */
import { createFileRoute } from '@tanstack/react-router';
import { AssetsLayout } from '../../../layout/AssetsLayout';
import { ComingSoon } from '../../../layout/PageFrame';

export const Route = createFileRoute('/{-$locale}/assets/')({
  component: AssetsPage,
});

function AssetsPage() {
  return (
    <AssetsLayout>
      <ComingSoon />
    </AssetsLayout>
  );
}
