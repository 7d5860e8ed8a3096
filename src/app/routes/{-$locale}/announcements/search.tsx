/**
 * /Announcements/Search?q= (spec 2): the announcements whose title, summary or body holds the text;
 * offline, the announcements kept on the device.
 */
import { createFileRoute } from '@tanstack/react-router';
import { AnnouncementSearchScreen } from '../../../features/content/AnnouncementScreens';

export const Route = createFileRoute('/{-$locale}/announcements/search')({
  component: AnnouncementSearchPage,
});

function AnnouncementSearchPage() {
  return <AnnouncementSearchScreen />;
}
