/**
 * /Post/detail?id= (spec 2, R-ROUTE-07): one article, where the footer's links go; kept on the device
 * once opened.
 */
import { createFileRoute } from '@tanstack/react-router';
import { PostDetailScreen } from '../../../features/content/PageScreens';

export const Route = createFileRoute('/{-$locale}/post/detail')({
  component: PostDetailPage,
});

function PostDetailPage() {
  return <PostDetailScreen />;
}
