/**
 * /Profile/DashBoard (spec 2, the user menu's profile overview, R-MENU-03): the signed-in user's
 * overview; a visitor is asked to log in. The screen lives in features/identity.
 */
import { createFileRoute } from '@tanstack/react-router';
import { ProfileDashboardPage } from '../../../features/identity/ProfileDashboard';

export const Route = createFileRoute('/{-$locale}/profile/dashboard')({
  component: DashboardPage,
});

function DashboardPage() {
  return <ProfileDashboardPage path="/Profile/DashBoard" />;
}
