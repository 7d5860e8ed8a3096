/**
 * /Quotes (spec 2; /quotes in any case and under every language prefix): the markets by type and
 * tag with the user's favourites, featured markets, new listings, search and the sortable table,
 * in the page frame. Open to visitors, never redirected on a 401 (src/shared/pages.ts).
 */
import { useLingui } from '@lingui/react';
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { QuotesScreen } from '../../../features/quotes/QuotesScreen';
import { useLanguage } from '../../../i18n/useLanguage';
import { PageFrame } from '../../../layout/PageFrame';
import { findPage } from '../../../pages/registry';

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
  return (
    <PageFrame title={page ? _(page.title) : ''} siteName={config.name} wide>
      <QuotesScreen language={language} />
    </PageFrame>
  );
}
