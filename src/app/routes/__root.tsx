/**
 * The root of the route tree. Every path is caught by {-$locale}/$ first, so its not-found page
 * only shows if a route throws notFound(); its error page only shows when the locale route's own
 * error page failed (the layout itself broke). Neither has the site config, so both sit in the
 * bare frame, in the language of the path.
 */
import { Outlet, createRootRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { languageOfPath } from '../i18n/routeLanguage';
import { ErrorPage } from '../layout/ErrorPage';
import { Frame } from '../layout/Frame';
import { NotFoundPage } from '../layout/NotFoundPage';

export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: RootNotFound,
  errorComponent: RootError,
});

function RootNotFound() {
  const language = languageOfPath(window.location.pathname);
  return (
    <Frame language={language}>
      <NotFoundPage language={language} />
    </Frame>
  );
}

function RootError({ error }: ErrorComponentProps) {
  return (
    <Frame language={languageOfPath(window.location.pathname)}>
      <ErrorPage error={error} />
    </Frame>
  );
}
