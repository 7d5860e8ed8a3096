/**
 * College/Components/DetailLeftNav (spec 2, a component-level page): every college article by category.
 */
import { createFileRoute } from '@tanstack/react-router';
import { DetailLeftNavScreen } from '../../../../features/content/CollegeScreens';

export const Route = createFileRoute('/{-$locale}/college/components/detailleftnav')({
  component: DetailLeftNavPage,
});

function DetailLeftNavPage() {
  return <DetailLeftNavScreen />;
}
