import { Outlet, createRootRoute } from '@tanstack/react-router';
import { DEFAULT_DISPLAY_LANGUAGE } from '../../shared/languages';
import { Frame } from '../layout/Frame';
import { NotFoundPage } from '../layout/NotFoundPage';

export const Route = createRootRoute({
  component: Outlet,
  // Every path is caught by {-$locale}/$ first; this only shows if a route throws notFound().
  notFoundComponent: RootNotFound,
});

function RootNotFound() {
  return (
    <Frame language={DEFAULT_DISPLAY_LANGUAGE}>
      <NotFoundPage language={DEFAULT_DISPLAY_LANGUAGE} />
    </Frame>
  );
}
