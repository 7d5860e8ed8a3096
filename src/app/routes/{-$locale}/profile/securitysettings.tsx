/**
 * /Profile/SecuritySettings (spec 2, the user menu's security settings, R-MENU-03): each
 * protection of the signed-in account with its state and action, in the page frame.
 */
import { createFileRoute } from '@tanstack/react-router';
import { SecuritySettingsScreen } from '../../../features/security/SecuritySettings';
import { useLanguage } from '../../../i18n/useLanguage';
import { RegisteredPage } from '../../../layout/RegisteredPage';

export const Route = createFileRoute('/{-$locale}/profile/securitysettings')({
  component: SecuritySettingsPage,
});

function SecuritySettingsPage() {
  const language = useLanguage();
  return (
    <RegisteredPage>
      <SecuritySettingsScreen language={language} />
    </RegisteredPage>
  );
}
