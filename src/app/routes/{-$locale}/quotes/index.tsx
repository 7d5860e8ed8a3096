/**
 * /Quotes (spec 2; /quotes in any case and under every language prefix): the markets by type and
 * tag with the user's favourites, featured markets, new listings, search and the sortable table,
 * in the page frame. Open to visitors, never redirected on a 401 (src/shared/pages.ts). The frame
 * and its heading are drawn first, the markets after that frame is painted (useStages): the page's
 * first render is then short, and its largest text (the heading) paints without waiting for the
 * table (issue 14).
 */
import { useLingui } from '@lingui/react';
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { QuotesScreen } from '../../../features/quotes/QuotesScreen';
import { useLanguage } from '../../../i18n/useLanguage';
import { PageFrame } from '../../../layout/PageFrame';
import { findPage } from '../../../pages/registry';
import { useStages } from '../../../ui/useStages';

export const Route = createFileRoute('/{-$locale}/quotes/')({
  component: QuotesPage,
});

const localeRoute = getRouteApi('/{-$locale}');

function QuotesPage() {
  const config = localeRoute.useLoaderData();
  const { pathname } = useLocation();
  const { _ } = useLingui();
  const language = useLanguage();
  const page = findPage(pathname);
  const stage = useStages(2);
  return (
    <PageFrame title={page ? _(page.title) : ''} siteName={config.name} wide>
      {stage >= 2 ? <QuotesScreen language={language} /> : null}
    </PageFrame>
  );
}
