/**
 * The frame of every content screen: the registered page's title (the registry names every page
 * of spec 2), the not-found page where the site config hides the area (the announcements and
 * college bits of spec 6), and the page's query parameters as the address bar has them.
 */
import { getRouteApi, useLocation } from '@tanstack/react-router';
import { RegisteredPage } from '../../layout/RegisteredPage';

const localeRoute = getRouteApi('/{-$locale}');

export function useSiteName(): string {
  return localeRoute.useLoaderData().name;
}

/** Content screens use the registry's frame like every built screen. */
export const ContentFrame = RegisteredPage;

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
