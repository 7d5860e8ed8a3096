/**
 * Announcements/Components/AnnouncementsFilterList (spec 2, a component-level page): the
 * announcements' category tabs and search form.
 */
import { createFileRoute } from '@tanstack/react-router';
import { AnnouncementsFilterListScreen } from '../../../../features/content/AnnouncementScreens';

export const Route = createFileRoute('/{-$locale}/announcements/components/announcementsfilterlist')({
  component: AnnouncementsFilterListPage,
});

function AnnouncementsFilterListPage() {
  return <AnnouncementsFilterListScreen />;
}
