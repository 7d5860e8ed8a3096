/**
 * /Quotes/quotePost (spec 2): market news. The content has no category of kind 'news', so the
 * announcements (new listings, platform updates, market notices) are the market's news.
 */
import { useLingui } from '@lingui/react';
import { useLingui as useMacroLingui } from '@lingui/react/macro';
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { ListingSection } from '../../../features/content/Listing';
import { announcementPath } from '../../../../shared/content-sections';
import { useListing } from '../../../features/content/useListing';
import { useLanguage } from '../../../i18n/useLanguage';
import { PageFrame } from '../../../layout/PageFrame';
import { findPage } from '../../../pages/registry';

export const Route = createFileRoute('/{-$locale}/quotes/quotepost')({
  component: QuotePostPage,
});

const localeRoute = getRouteApi('/{-$locale}');

/** The announcements' root category (the seeded content structure). */
const MARKET_NEWS_CATEGORY_ID = 10;

function QuotePostPage() {
  const config = localeRoute.useLoaderData();
  const { pathname } = useLocation();
  const { _ } = useLingui();
  const { t } = useMacroLingui();
  const language = useLanguage();
  const page = findPage(pathname);
  const listing = useListing({ language, categoryId: MARKET_NEWS_CATEGORY_ID });
  return (
    <PageFrame title={page ? _(page.title) : ''} siteName={config.name}>
      <ListingSection listing={listing} language={language} categoryId={MARKET_NEWS_CATEGORY_ID} detailPath={announcementPath} emptyText={t`No market news yet.`} />
    </PageFrame>
  );
}
