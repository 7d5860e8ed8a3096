/** /operator/limits: the operator console's platform limits (issue 21), for operators only (OperatorConsole). */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';
import { LimitsSection } from '../../../features/operator/LimitsSection';

export const Route = createFileRoute('/{-$locale}/operator/limits')({
  component: OperatorLimitsPage,
});

function OperatorLimitsPage() {
  const { t } = useLingui();
  return (
    <OperatorConsole section="limits" title={t`Platform limits`}>
      <LimitsSection />
    </OperatorConsole>
  );
}
