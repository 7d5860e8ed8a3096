/** /operator/settings: the operator console's site settings (issue 13), for operators only (OperatorConsole). */
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OperatorConsole } from '../../../features/operator/OperatorConsole';
import { SettingsSection } from '../../../features/operator/SettingsSection';

export const Route = createFileRoute('/{-$locale}/operator/settings')({
  component: OperatorSettingsPage,
});

function OperatorSettingsPage() {
  const { t } = useLingui();
  return (
    <OperatorConsole section="settings" title={t`Site settings`}>
      <SettingsSection />
    </OperatorConsole>
  );
}
