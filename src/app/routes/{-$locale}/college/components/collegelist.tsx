/**
 * College/Components/CollegeList (spec 2, a component-level page): the college's list, as /College.
 */
import { createFileRoute } from '@tanstack/react-router';
import { CollegeScreen } from '../../../../features/content/CollegeScreens';

export const Route = createFileRoute('/{-$locale}/college/components/collegelist')({
  component: CollegeListPage,
});

function CollegeListPage() {
  return <CollegeScreen />;
}
