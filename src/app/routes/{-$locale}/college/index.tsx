/**
 * /College (spec 2): the college's articles with its categories as a left navigation (tabs on
 * phones), paging and "Save for offline"; readable offline from what the device kept.
 */
import { createFileRoute } from '@tanstack/react-router';
import { CollegeScreen } from '../../../features/content/CollegeScreens';

export const Route = createFileRoute('/{-$locale}/college/')({
  component: CollegePage,
});

function CollegePage() {
  return <CollegeScreen />;
}
