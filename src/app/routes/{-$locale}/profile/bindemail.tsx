/** /Profile/BindEmail (spec 2): linking or changing the account's e-mail address, in the page frame. */
import { createFileRoute } from '@tanstack/react-router';
import { BindEmailScreen } from '../../../features/security/BindEmail';
import { RegisteredPage } from '../../../layout/RegisteredPage';

export const Route = createFileRoute('/{-$locale}/profile/bindemail')({
  component: BindEmailPage,
});

function BindEmailPage() {
  return (
    <RegisteredPage>
      <BindEmailScreen />
    </RegisteredPage>
  );
}
