/** /operator/identity: the operator console's identity reviews (issue 15), for operators only (OperatorConsole). */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { IdentitySection } from '../../../features/operator/IdentitySection';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';

export const Route = createFileRoute('/{-$locale}/operator/identity')({
  component: OperatorIdentityPage,
});

function OperatorIdentityPage() {
  const { t } = useLingui();
  return (
    <OperatorConsole section="identity" title={t`Identity verification`}>
      <IdentitySection />
    </OperatorConsole>
  );
}
