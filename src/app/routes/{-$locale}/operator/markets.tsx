/** /operator/markets: the operator console's markets and fee tiers (issue 21), for operators only (OperatorConsole). */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';
import { MarketsSection } from '../../../features/operator/MarketsSection';

export const Route = createFileRoute('/{-$locale}/operator/markets')({
  component: OperatorMarketsPage,
});

function OperatorMarketsPage() {
  const { t } = useLingui();
  return (
    <OperatorConsole section="markets" title={t`Markets`}>
      <MarketsSection />
    </OperatorConsole>
  );
}
