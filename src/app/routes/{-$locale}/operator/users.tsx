/** /operator/users: the operator console's users (issue 13), for operators only (OperatorConsole). */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';
import { UsersSection } from '../../../features/operator/UsersSection';

export const Route = createFileRoute('/{-$locale}/operator/users')({
  component: OperatorUsersPage,
});

function OperatorUsersPage() {
  const { t } = useLingui();
  return (
    <OperatorConsole section="users" title={t`Users`}>
      <UsersSection />
    </OperatorConsole>
  );
}
