/** /operator: the operator console's overview (issue 13): the ledger audit, the scheduler and the robots switch, for operators only (OperatorConsole). */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';
import { OverviewSection } from '../../../features/operator/OverviewSection';

export const Route = createFileRoute('/{-$locale}/operator/')({
  component: OperatorOverviewPage,
});

function OperatorOverviewPage() {
  const { t } = useLingui();
  return (
    <OperatorConsole section="overview" title={t`Operator console`}>
      <OverviewSection />
    </OperatorConsole>
  );
}
