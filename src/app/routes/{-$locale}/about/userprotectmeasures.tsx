/**
 * /About/UserProtectMeasures (spec 2): the user-protection page, the post named 'user-protection';
 * kept on the device once opened.
 */
import { createFileRoute } from '@tanstack/react-router';
import { UserProtectionScreen } from '../../../features/content/PageScreens';

export const Route = createFileRoute('/{-$locale}/about/userprotectmeasures')({
  component: UserProtectMeasuresPage,
});

function UserProtectMeasuresPage() {
  return <UserProtectionScreen />;
}
