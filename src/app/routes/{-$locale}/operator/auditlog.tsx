/** /operator/auditlog: the operator console's operator audit log (issue 21), for operators only (OperatorConsole). */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';
import { AuditLogSection } from '../../../features/operator/AuditLogSection';

export const Route = createFileRoute('/{-$locale}/operator/auditlog')({
  component: OperatorAuditLogPage,
});

function OperatorAuditLogPage() {
  const { t } = useLingui();
  return (
    <OperatorConsole section="auditlog" title={t`Audit log`}>
      <AuditLogSection />
    </OperatorConsole>
  );
}
