/**
 * /Futures (spec 2; /futures?id={symbol lower-case} of type 2 in any case and under every language
 * prefix): the futures trading page. Visitors see the market and are sent to log in when they
 * trade (the page never redirects on a 401: src/shared/pages.ts). A site config that hides
 * futures (permission bit 16) makes it not found.
 */
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { featureSetOf, isPathHidden } from '../../../../shared/layout';
import { FuturesScreen } from '../../../features/futures/FuturesScreen';
import { useLanguage } from '../../../i18n/useLanguage';
import { NotFoundPage } from '../../../layout/NotFoundPage';

export const Route = createFileRoute('/{-$locale}/futures/')({
  component: FuturesPage,
});

const localeRoute = getRouteApi('/{-$locale}');

function FuturesPage() {
  const config = localeRoute.useLoaderData();
  const { pathname, searchStr } = useLocation();
  const language = useLanguage();
  const id = new URLSearchParams(searchStr).get('id') ?? undefined;
  if (isPathHidden(pathname, config, featureSetOf(config))) return <NotFoundPage language={language} />;
  return <FuturesScreen id={id} />;
}
