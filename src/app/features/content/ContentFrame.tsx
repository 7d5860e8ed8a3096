/**
 * The frame of every content screen: the registered page's title (the registry names every page
 * of spec 2), the not-found page where the site config hides the area (the announcements and
 * college bits of spec 6), and the page's query parameters as the address bar has them.
 */
import { useLingui } from '@lingui/react';
import { getRouteApi, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { featureSetOf, isPathHidden } from '../../../shared/layout';
import { useLanguage } from '../../i18n/useLanguage';
import { NotFoundPage } from '../../layout/NotFoundPage';
import { PageFrame } from '../../layout/PageFrame';
import { findPage } from '../../pages/registry';

const localeRoute = getRouteApi('/{-$locale}');

export function useSiteName(): string {
  return localeRoute.useLoaderData().name;
}

export function ContentFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
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

/**
 * A query parameter of the page. It comes from the router's location, which moves before the
 * address bar does when a link changes only the query (another article on the same screen).
 */
export function useQueryText(name: string): string | undefined {
  const search = useLocation({ select: (location) => location.searchStr });
  return new URLSearchParams(search).get(name) ?? undefined;
}

/** A query parameter that is an id (a positive whole number), else undefined. */
export function useQueryId(name: string): number | undefined {
  const text = useQueryText(name);
  if (text === undefined || !/^\d{1,15}$/.test(text.trim())) return undefined;
  const id = Number(text.trim());
  return id > 0 ? id : undefined;
}
