/**
 * /About (spec 2): the about-us page, the post named 'about'; kept on the device once opened.
 */
import { createFileRoute } from '@tanstack/react-router';
import { AboutScreen } from '../../../features/content/PageScreens';

export const Route = createFileRoute('/{-$locale}/about/')({
  component: AboutPage,
});

function AboutPage() {
  return <AboutScreen />;
}
