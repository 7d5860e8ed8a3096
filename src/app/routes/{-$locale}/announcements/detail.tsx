/**
 * /Announcements/Detail?id= (spec 2): one announcement; kept on the device once opened.
 */
import { createFileRoute } from '@tanstack/react-router';
import { AnnouncementDetailScreen } from '../../../features/content/AnnouncementScreens';

export const Route = createFileRoute('/{-$locale}/announcements/detail')({
  component: AnnouncementDetailPage,
});

function AnnouncementDetailPage() {
  return <AnnouncementDetailScreen />;
}
