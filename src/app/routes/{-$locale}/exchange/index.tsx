/**
 * /Exchange (spec 2; /exchange?id={symbol lower-case} in any case and under every language
 * prefix, R-ROUTE-09): the spot trading page. Visitors see the market and are sent to log in
 * when they trade (the page never redirects on a 401: src/shared/pages.ts). A site config that
 * hides the exchange (permission bit 8) makes it not found.
 */
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { featureSetOf, isPathHidden } from '../../../../shared/layout';
import { ExchangeScreen } from '../../../features/exchange/ExchangeScreen';
import { useLanguage } from '../../../i18n/useLanguage';
import { NotFoundPage } from '../../../layout/NotFoundPage';

export const Route = createFileRoute('/{-$locale}/exchange/')({
  component: ExchangePage,
});

const localeRoute = getRouteApi('/{-$locale}');

function ExchangePage() {
  const config = localeRoute.useLoaderData();
  const { pathname, searchStr } = useLocation();
  const language = useLanguage();
  const id = new URLSearchParams(searchStr).get('id') ?? undefined;
  if (isPathHidden(pathname, config, featureSetOf(config))) return <NotFoundPage language={language} />;
  return <ExchangeScreen id={id} />;
}
