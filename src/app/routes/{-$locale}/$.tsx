/**
 * Every path no file route claims, with or without a language prefix (/en/Assets/AssetDeposit,
 * /zh-CHT/home/components/homebanners): a page of the registry shows in its frame, a component
 * page of a built area with its component (componentPages.ts); a page the site config hides, or
 * a path that is no page, is not found (spec 2, R-ROUTE-08).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Suspense } from 'react';
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { featureSetOf, isPathHidden } from '../../../shared/layout';
import { useLanguage } from '../../i18n/useLanguage';
import { NotFoundPage } from '../../layout/NotFoundPage';
import { ComingSoon, PageFrame } from '../../layout/PageFrame';
import { findPage } from '../../pages/registry';
import { StatusMessage } from '../../ui/StatusMessage';
import { componentPageOf } from './-components/componentPages';

export const Route = createFileRoute('/{-$locale}/$')({
  component: RegisteredPage,
});

const localeRoute = getRouteApi('/{-$locale}');
const loadingMessage = msg`Loading…`;

function RegisteredPage() {
  const { pathname } = useLocation();
  const config = localeRoute.useLoaderData();
  const language = useLanguage();
  const { _ } = useLingui();
  const entry = findPage(pathname);
  if (!entry || entry.path === '/404' || isPathHidden(pathname, config, featureSetOf(config))) {
    return <NotFoundPage language={language} />;
  }
  const built = entry.kind === 'component' ? componentPageOf(entry.path) : undefined;
  if (built) {
    return (
      <PageFrame title={_(entry.title)} siteName={config.name} wide={built.wide}>
        <div data-testid="component-page" data-page={entry.path}>
          <Suspense fallback={<StatusMessage tone="loading" title={_(loadingMessage)} headingLevel={2} />}>
            <built.Component />
          </Suspense>
        </div>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={_(entry.title)} siteName={config.name}>
      <ComingSoon />
    </PageFrame>
  );
}
