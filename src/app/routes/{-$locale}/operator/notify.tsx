/** /operator/notify: the operator console's notifications (issue 13), for operators only (OperatorConsole). */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';
import { NotifySection } from '../../../features/operator/NotifySection';

export const Route = createFileRoute('/{-$locale}/operator/notify')({
  component: OperatorNotifyPage,
});

function OperatorNotifyPage() {
  const { t } = useLingui();
  return (
    <OperatorConsole section="notify" title={t`Notifications`}>
      <NotifySection />
    </OperatorConsole>
  );
}
