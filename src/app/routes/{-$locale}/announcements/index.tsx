/**
 * /Announcements (spec 2): the announcements by category, newest first with pinned ones on top, with
 * search, paging and "Save for offline"; readable offline from what the device kept.
 */
import { createFileRoute } from '@tanstack/react-router';
import { AnnouncementsScreen } from '../../../features/content/AnnouncementScreens';

export const Route = createFileRoute('/{-$locale}/announcements/')({
  component: AnnouncementsPage,
});

function AnnouncementsPage() {
  return <AnnouncementsScreen />;
}
