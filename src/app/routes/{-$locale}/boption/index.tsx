/**
 * /Boption (spec 2; /boption?id={symbol lower-case} of type 1 in any case and under every language
 * prefix, R-ROUTE-09): the binary-options trading page. Visitors see the market and a sign-in
 * button where Up and Down are (the page never redirects on a 401: src/shared/pages.ts). A site
 * config that hides binary options (permission bit 4) makes it not found.
 */
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { featureSetOf, isPathHidden } from '../../../../shared/layout';
import { BoptionScreen } from '../../../features/boption/BoptionScreen';
import { useLanguage } from '../../../i18n/useLanguage';
import { NotFoundPage } from '../../../layout/NotFoundPage';

export const Route = createFileRoute('/{-$locale}/boption/')({
  component: BoptionPage,
});

const localeRoute = getRouteApi('/{-$locale}');

function BoptionPage() {
  const config = localeRoute.useLoaderData();
  const { pathname, searchStr } = useLocation();
  const language = useLanguage();
  const id = new URLSearchParams(searchStr).get('id') ?? undefined;
  if (isPathHidden(pathname, config, featureSetOf(config))) return <NotFoundPage language={language} />;
  return <BoptionScreen id={id} />;
}
