/** /user (ARCHITECTURE.md: the profile dashboard under the path the spec leaves undefined): the same screen as /Profile/DashBoard. */
import { createFileRoute } from '@tanstack/react-router';
import { ProfileDashboardPage } from '../../features/identity/ProfileDashboard';

export const Route = createFileRoute('/{-$locale}/user')({
  component: UserPage,
});

function UserPage() {
  return <ProfileDashboardPage path="/user" />;
}
