/**
 * /Convert (spec 2; /convert in any case and under every language prefix): the convert form with
 * its live quote and the table of pairs, in the page frame. Visitors see both and are sent to log
 * in when they convert (the page is open to them and never redirects on a 401: src/shared/pages.ts).
 * A site config that hides convert (permission bit 64) makes it not found.
 */
import { useLingui } from '@lingui/react';
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { featureSetOf, isPathHidden } from '../../../../shared/layout';
import { ConvertScreen } from '../../../features/convert/ConvertScreen';
import { useLanguage } from '../../../i18n/useLanguage';
import { NotFoundPage } from '../../../layout/NotFoundPage';
import { PageFrame } from '../../../layout/PageFrame';
import { findPage } from '../../../pages/registry';

export const Route = createFileRoute('/{-$locale}/convert/')({
  component: ConvertPage,
});

const localeRoute = getRouteApi('/{-$locale}');

function ConvertPage() {
  const config = localeRoute.useLoaderData();
  const { pathname } = useLocation();
  const { _ } = useLingui();
  const language = useLanguage();
  const page = findPage(pathname);
  if (isPathHidden(pathname, config, featureSetOf(config))) return <NotFoundPage language={language} />;
  return (
    <PageFrame title={page ? _(page.title) : ''} siteName={config.name} wide>
      <ConvertScreen />
    </PageFrame>
  );
}
