/**
 * /BriefAnnouncement (spec 2): the latest announcements, titles and dates, each linking to its page.
 */
import { createFileRoute } from '@tanstack/react-router';
import { BriefAnnouncementScreen } from '../../features/content/AnnouncementScreens';

export const Route = createFileRoute('/{-$locale}/briefannouncement')({
  component: BriefAnnouncementPage,
});

function BriefAnnouncementPage() {
  return <BriefAnnouncementScreen />;
}
