/**
 * /dev/ui: every component of the UI kit in both themes, for whoever builds a screen. It exists in
 * development builds only (`npm run dev`): in a production build import.meta.env.DEV is false, the
 * showcase's import is left out of the bundle, and the path answers as not found.
 */
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { NotFoundPage } from '../../../layout/NotFoundPage';

const UiShowcase = import.meta.env.DEV ? lazy(() => import('../../../dev/UiShowcase')) : null;

export const Route = createFileRoute('/{-$locale}/dev/ui')({
  component: DevUiPage,
});

function DevUiPage() {
  if (!UiShowcase) return <NotFoundPage />;
  return (
    <Suspense fallback={null}>
      <UiShowcase />
    </Suspense>
  );
}
