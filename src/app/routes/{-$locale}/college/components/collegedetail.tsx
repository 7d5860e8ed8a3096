/**
 * College/Components/CollegeDetail?id= (spec 2, a component-level page): one college article beside
 * the left navigation of every college article; kept on the device once opened.
 */
import { createFileRoute } from '@tanstack/react-router';
import { CollegeDetailScreen } from '../../../../features/content/CollegeScreens';

export const Route = createFileRoute('/{-$locale}/college/components/collegedetail')({
  component: CollegeDetailPage,
});

function CollegeDetailPage() {
  return <CollegeDetailScreen />;
}
