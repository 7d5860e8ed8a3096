/** /Profile (spec 2, the Profile section's own page): the profile overview, the same screen as /Profile/DashBoard. */
import { createFileRoute } from '@tanstack/react-router';
import { ProfileDashboardPage } from '../../../features/identity/ProfileDashboard';

export const Route = createFileRoute('/{-$locale}/profile/')({
  component: ProfilePage,
});

function ProfilePage() {
  return <ProfileDashboardPage path="/Profile" />;
}
