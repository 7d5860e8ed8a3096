/**
 * /Exchange/ExchangeCoinOrder (spec 2, the orders menu's exchange entry, R-MENU-02): the
 * signed-in user's spot orders with filters and paging, in the page frame.
 */
import { useLingui } from '@lingui/react';
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { featureSetOf, isPathHidden } from '../../../../shared/layout';
import { ExchangeOrders } from '../../../features/exchange/ExchangeOrders';
import { useLanguage } from '../../../i18n/useLanguage';
import { NotFoundPage } from '../../../layout/NotFoundPage';
import { PageFrame } from '../../../layout/PageFrame';
import { findPage } from '../../../pages/registry';

export const Route = createFileRoute('/{-$locale}/exchange/exchangecoinorder')({
  component: ExchangeOrdersPage,
});

const localeRoute = getRouteApi('/{-$locale}');

function ExchangeOrdersPage() {
  const config = localeRoute.useLoaderData();
  const { pathname } = useLocation();
  const { _ } = useLingui();
  const language = useLanguage();
  const page = findPage(pathname);
  if (isPathHidden(pathname, config, featureSetOf(config))) return <NotFoundPage language={language} />;
  return (
    <PageFrame title={page ? _(page.title) : ''} siteName={config.name} wide>
      <ExchangeOrders />
    </PageFrame>
  );
}
