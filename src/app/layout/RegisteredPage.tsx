/**
 * The frame of a built screen that the registry names: the registered page's title (every page of
 * spec 2 is in src/app/pages/registry.ts) in the page frame, or the not-found page where the site
 * config hides the area (feature flags and the permission bitmask of spec 6).
 */
import { useLingui } from '@lingui/react';
import { getRouteApi, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { featureSetOf, isPathHidden } from '../../shared/layout';
import { useLanguage } from '../i18n/useLanguage';
import { findPage } from '../pages/registry';
import { NotFoundPage } from './NotFoundPage';
import { PageFrame } from './PageFrame';

const localeRoute = getRouteApi('/{-$locale}');

export function RegisteredPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const config = localeRoute.useLoaderData();
  const { pathname } = useLocation();
  const { _ } = useLingui();
  const language = useLanguage();
  const page = findPage(pathname);
  if (!page || isPathHidden(pathname, config, featureSetOf(config))) return <NotFoundPage language={language} />;
  return (
    <PageFrame title={_(page.title)} siteName={config.name} wide={wide}>
      {children}
    </PageFrame>
  );
}
