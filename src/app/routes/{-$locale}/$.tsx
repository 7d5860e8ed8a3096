/**
 * Every path no file route claims, with or without a language prefix (/en/Assets/AssetDeposit,
 * /zh-CHT/home/components/homebanners): a page of the registry shows in its frame; a page the
 * site config hides, or a path that is no page, is not found (spec 2, R-ROUTE-08).
 */
import { useLingui } from '@lingui/react';
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { featureSetOf, isPathHidden } from '../../../shared/layout';
import { useLanguage } from '../../i18n/useLanguage';
import { NotFoundPage } from '../../layout/NotFoundPage';
import { ComingSoon, PageFrame } from '../../layout/PageFrame';
import { findPage } from '../../pages/registry';

export const Route = createFileRoute('/{-$locale}/$')({
  component: RegisteredPage,
});

const localeRoute = getRouteApi('/{-$locale}');

function RegisteredPage() {
  const { pathname } = useLocation();
  const config = localeRoute.useLoaderData();
  const language = useLanguage();
  const { _ } = useLingui();
  const entry = findPage(pathname);
  if (!entry || entry.path === '/404' || isPathHidden(pathname, config, featureSetOf(config))) {
    return <NotFoundPage language={language} />;
  }
  return (
    <PageFrame title={_(entry.title)} siteName={config.name}>
      <ComingSoon />
    </PageFrame>
  );
}
