/**
 * /Convert/ConvertHistory (spec 2, the orders menu's convert entry, R-MENU-02): the signed-in
 * user's conversions with paging, in the page frame; a visitor is asked to sign in.
 */
import { useLingui } from '@lingui/react';
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { featureSetOf, isPathHidden } from '../../../../shared/layout';
import { ConvertHistory } from '../../../features/convert/ConvertHistory';
import { useLanguage } from '../../../i18n/useLanguage';
import { NotFoundPage } from '../../../layout/NotFoundPage';
import { PageFrame } from '../../../layout/PageFrame';
import { findPage } from '../../../pages/registry';

export const Route = createFileRoute('/{-$locale}/convert/converthistory')({
  component: ConvertHistoryPage,
});

const localeRoute = getRouteApi('/{-$locale}');

function ConvertHistoryPage() {
  const config = localeRoute.useLoaderData();
  const { pathname } = useLocation();
  const { _ } = useLingui();
  const language = useLanguage();
  const page = findPage(pathname);
  if (isPathHidden(pathname, config, featureSetOf(config))) return <NotFoundPage language={language} />;
  return (
    <PageFrame title={page ? _(page.title) : ''} siteName={config.name} wide>
      <ConvertHistory language={language} />
    </PageFrame>
  );
}
