/** /Profile/Authentication (spec 2): binding and unbinding Google Authenticator, in the page frame. */
import { createFileRoute } from '@tanstack/react-router';
import { AuthenticationScreen } from '../../../features/security/Authentication';
import { RegisteredPage } from '../../../layout/RegisteredPage';

export const Route = createFileRoute('/{-$locale}/profile/authentication')({
  component: AuthenticationPage,
});

function AuthenticationPage() {
  return (
    <RegisteredPage>
      <AuthenticationScreen />
    </RegisteredPage>
  );
}
